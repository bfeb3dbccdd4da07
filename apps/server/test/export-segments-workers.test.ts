/**
 * A split export survives the death of a worker in the middle of a segment: real processes on a
 * real PostgreSQL — a web server that runs no jobs and two `npm run worker` processes. The worker
 * rendering a segment is killed outright, with its ffmpeg; only that segment is rendered again
 * (by the other worker, once its lease runs out), and the export completes once, with every frame.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Asset } from '@cinegrade/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { download, finishedExport, startExport } from './support/exports';
import { SEGMENT_CLIP, segmentSourceClip, videoFrames } from './support/segments';
import { signUpOverHttp } from './support/server-process';
import { TusTestClient } from './support/tus-client';
import { useWorkerCluster } from './support/worker-cluster';
import { waitFor, WAIT } from './support/wait';

describe('a split export whose worker is killed mid-segment', () => {
  const running = useWorkerCluster({ EXPORT_SEGMENT_SECONDS: '2' });
  let client: pg.Client;
  beforeAll(async () => {
    client = new pg.Client({ connectionString: running().database.databaseUrl ?? '' });
    await client.connect();
  });
  afterAll(async () => {
    await client?.end();
  });

  it('renders only the lost segment again, and the export completes once', async () => {
    const cluster = running();
    const { web, database } = cluster;
    const first = await cluster.startWorker();
    await cluster.startWorker();
    const cookie = await signUpOverHttp(web, `segments-${Date.now()}@example.com`);
    const response = await new TusTestClient(web, cookie).upload(segmentSourceClip(database.dataDir), 'long take.mp4');
    expect(response.status).toBe(200);
    const { asset } = (await response.json()) as { asset: Asset };

    const started = await startExport(web, cookie, { assetId: asset.id, colorSettings: { contrast: 20, clarity: 30 }, outputFormat: 'mp4', quality: '720p' });
    // A segment the first worker is rendering (its lease names the worker's process), once the
    // export's first job (the plan) has ended: only the segment is lost.
    const lost = await waitFor(
      'the first worker to be rendering a segment',
      async () => {
        const planned = await client.query(`select 1 from pgboss.job where name = 'export.render' and data->>'exportId' = $1 and state = 'completed'`, [started.predictionId]);
        if (planned.rowCount === 0) return undefined;
        const { rows } = await client.query<{ part: string }>(
          `select j.data->>'part' as part from job_leases l join pgboss.job j on j.id = l.job_id
           where l.queue = 'export.render-segment' and l.worker_id like $1 and j.data->>'exportId' = $2`,
          [`${first.pid}-%`, started.predictionId],
        );
        return rows[0]?.part;
      },
      WAIT.renderMs,
      100,
    );
    first.kill();

    // The lease goes stale after 45 s without a heartbeat; the other worker's reaper then fails the segment into a retry.
    const done = await finishedExport(web, cookie, started.predictionId, WAIT.renderMs);
    expect(done.status, done.error ?? '').toBe('succeeded');
    const jobs = (await client.query<{ part: string; retry_count: number }>(`select data->>'part' as part, retry_count from pgboss.job where name = 'export.render-segment' and data->>'exportId' = $1`, [started.predictionId])).rows;
    expect(jobs).toHaveLength(4);
    expect(jobs.filter((j) => j.retry_count > 0).map((j) => j.part)).toEqual([lost]);
    const row = (await client.query<{ attempts: number; output_key: string; user_id: string }>('select attempts, output_key, user_id from exports where id = $1', [started.predictionId])).rows[0];
    expect(row?.attempts).toBe(1);
    const joins = (await client.query<{ n: number }>(`select count(*)::int as n from pgboss.job where name = 'export.join' and data->>'exportId' = $1 and state = 'completed'`, [started.predictionId])).rows[0];
    expect(joins?.n).toBeGreaterThanOrEqual(1);
    // One output, under the export's key; no segment left in storage or in a work folder.
    const userFolder = path.join(database.dataDir, 'files', row?.user_id ?? '');
    expect(fs.readdirSync(userFolder).filter((name) => name.includes('.export-'))).toEqual([path.basename(row?.output_key ?? '')]);
    expect(fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith(`cinegrade-export-${started.predictionId}`))).toEqual([]);
    const file = (await download(web, cookie, done.downloadUrl ?? '', path.join(database.dataDir, 'after-kill.mp4'))).file;
    expect(videoFrames(file)).toBe(SEGMENT_CLIP.frames);
  }, 900_000);
});
