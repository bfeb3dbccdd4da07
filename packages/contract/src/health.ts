import { z } from 'zod';
import { defineRoutes } from './api-route';

export const HealthResponse = z.object({ ok: z.literal(true) }).meta({ id: 'HealthResponse' });
export type HealthResponse = z.infer<typeof HealthResponse>;

export const systemRoutes = defineRoutes({
  health: {
    method: 'get',
    path: '/api/health',
    summary: 'Is the API up? Answers {"ok":true} when the server and its database respond.',
    tag: 'system',
    auth: 'none',
    response: HealthResponse,
    errors: [503],
  },
  openApi: {
    method: 'get',
    path: '/api/openapi.json',
    summary: 'This document: the OpenAPI description of the whole API, generated from the contract.',
    tag: 'system',
    auth: 'none',
  },
});
