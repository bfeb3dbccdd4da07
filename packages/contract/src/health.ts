import { z } from 'zod';
import { defineRoutes } from './api-route';
import { MediaStatus } from './media-features';

/** The server is up and its database answers; `media` is what its ffmpeg can do, probed once at start. */
export const DiskStatus = z
  .object({
    freeBytes: z.number().describe('Bytes free on the fullest disk the server writes to'),
    floorBytes: z.number().describe('DISK_FREE_FLOOR_MB in bytes'),
    acceptingWork: z.boolean().describe('False while free space is below the floor: new uploads and exports are refused'),
  })
  .meta({ id: 'DiskStatus' });
export const HealthResponse = z.object({ ok: z.literal(true), media: MediaStatus, disk: DiskStatus }).meta({ id: 'HealthResponse' });
export type HealthResponse = z.infer<typeof HealthResponse>;

export const systemRoutes = defineRoutes({
  health: {
    method: 'get',
    path: '/api/health',
    summary:
      'Is the API up? Answers {"ok":true} when the server and its database respond, with `media`: the ffmpeg version and each media feature on or off (with the reason when off), as found when the server started, and `disk`: the free space and whether new uploads and exports are taken.',
    tag: 'system',
    auth: 'none',
    response: HealthResponse,
    errors: [503],
  },
  metrics: {
    method: 'get',
    path: '/api/metrics',
    summary:
      'Operational metrics in the Prometheus text format: jobs queued, running and failed in the last hour per job type, the age of the oldest queued job, and this process\'s memory, CPU and uptime. Needs `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise); answers 404 when the server has no METRICS_TOKEN.',
    tag: 'system',
    auth: 'none',
    produces: 'text/plain',
    errors: [401, 404],
  },
  openApi: {
    method: 'get',
    path: '/api/openapi.json',
    summary: 'This document: the OpenAPI description of the whole API, generated from the contract.',
    tag: 'system',
    auth: 'none',
  },
});
