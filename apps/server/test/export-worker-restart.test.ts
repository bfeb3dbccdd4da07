/**
 * An export survives the death of its worker: real processes on a real PostgreSQL — a
 * web server that runs no jobs (RUN_WORKER=false) and `npm run worker` processes. The worker
 * rendering the export is killed outright in the middle, with its ffmpeg; another worker retries
 * it from the start, and the export completes once: one file, under its fixed key, valid.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Asset } from '@cinegrade/contract';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { download, exportStatus, finishedExport, probeFile, startExport } from './support/exports';
import { fixtures } from './support/fixtures';
import { signUpOverHttp } from './support/server-process';
import { TusTestClient } from './support/tus-client';
import { waitFor, WAIT } from './support/wait';
import { useWorkerCluster } from './support/worker-cluster';

describe('an export whose worker is killed mid-render', () => {
  const running = useWorkerCluster();

  it('is retried from the start by another worker and completes once', async () => {
    const cluster = running();
    const { web, database } = cluster;
    const first = await cluster.startWorker();
    const cookie = await signUpOverHttp(web, `restart-${Date.now()}@example.com`);
    const response = await new TusTestClient(web, cookie).upload(fixtures.proresLongMov, 'interrupted.mov');
    expect(response.status).toBe(200);
    const { asset } = (await response.json()) as { asset: Asset };

    // Ten seconds of 640×360 up to 720p with clarity: long enough to be caught in the middle.
    const started = await startExport(web, cookie, { assetId: asset.id, colorSettings: { clarity: 30, vignette: 20 }, outputFormat: 'mp4', quality: '720p' });
    const progressBeforeKill = await waitFor(
      'the first worker to be part-way through',
      async () => {
        const status = await exportStatus(web, cookie, started.predictionId);
        if (status.status === 'succeeded') throw new Error('The export finished before the worker could be killed; make the clip longer.');
        return status.status === 'processing' && status.progress >= 5 ? status.progress : undefined;
      },
      WAIT.renderMs,
    );
    first.kill();
    expect(progressBeforeKill).toBeLessThan(100);

    await cluster.startWorker();
    // The lease goes stale after 45 s without a heartbeat; the reaper then fails the job into a retry.
    const done = await finishedExport(web, cookie, started.predictionId, WAIT.renderMs);
    expect(done.status, done.error ?? '').toBe('succeeded');

    const client = new pg.Client({ connectionString: database.databaseUrl ?? '' });
    await client.connect();
    const row = (await client.query<{ attempts: number; output_key: string; user_id: string }>('select attempts, output_key, user_id from exports where id = $1', [started.predictionId])).rows[0];
    await client.end();
    expect(row?.attempts).toBe(2);
    // One output, under the export's key: nothing else of it in the user's folder.
    const userFolder = path.join(database.dataDir, 'files', row?.user_id ?? '');
    const exportFiles = fs.readdirSync(userFolder).filter((name) => name.includes('.export-'));
    expect(exportFiles).toEqual([path.basename(row?.output_key ?? '')]);
    expect(fs.existsSync(path.join(os.tmpdir(), `cinegrade-export-${started.predictionId}`))).toBe(false);
    const file = (await download(web, cookie, done.downloadUrl ?? '', path.join(database.dataDir, 'after-restart.mp4'))).file;
    const probed = probeFile(file);
    expect(probed.streams.find((s) => s.codec_type === 'video')).toMatchObject({ codec_name: 'h264', width: 1280, height: 720 });
    expect(probed.duration).toBeCloseTo(10, 0);
  }, 900_000);
});
