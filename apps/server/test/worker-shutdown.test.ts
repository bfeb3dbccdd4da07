/**
 * Graceful shutdown of a worker, on a real PostgreSQL and the S3 emulator: a worker told to stop
 * (SIGTERM to its Node process, as a container runtime sends it) in the middle of a render
 * takes no new job, gives the render its grace period (none here: a render ending inside it is
 * what job-drain.test.ts covers, and a quiet machine finished this one within 2 s), then kills
 * its ffmpeg and hands the job back to the queue. A second worker, already running, starts it at once (long before the lease
 * of a dead worker would run out) and the export completes exactly once.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Asset } from '@cinegrade/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { download, exportStatus, finishedExport, probeFile, startExport } from './support/exports';
import { fixtures } from './support/fixtures';
import { startS3Server, type S3TestServer } from './support/s3-server';
import { signUpOverHttp, startServerProcess, type ServerProcess } from './support/server-process';
import { freshDatabase } from './support/test-server';
import { TusTestClient } from './support/tus-client';
import { waitFor, within, WAIT } from './support/wait';

/** A worker whose lease went stale is noticed after 45 s without a heartbeat: a hand-back must beat that. */
const LEASE_STALE_MS = 45_000;

describe('a worker stopped with SIGTERM during a render', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let s3: S3TestServer;
  let web: ServerProcess;
  const workers: ServerProcess[] = [];
  let env: Record<string, string>;
  let client: pg.Client;
  beforeAll(async () => {
    database = await freshDatabase('postgres');
    s3 = await startS3Server();
    env = { ...s3.env, DATABASE_URL: database.databaseUrl ?? '', DATA_DIR: database.dataDir, WEB_DIST_DIR: path.join(database.dataDir, 'no-web'), JOB_GRACE_SECONDS: '0' };
    web = await startServerProcess('main', { ...env, RUN_WORKER: 'false' });
    client = new pg.Client({ connectionString: database.databaseUrl ?? '' });
    await client.connect();
  });
  afterAll(async () => {
    await client.end();
    for (const child of [...workers, web]) await child.stop();
    await s3.stop();
    await database.drop();
  });

  /** Each worker its own temporary folder, so nothing one leaves is cleaned up by the other. */
  function workerEnv(name: string): Record<string, string> {
    const tmp = path.join(database.dataDir, `tmp-${name}`);
    fs.mkdirSync(tmp, { recursive: true });
    return { ...env, TMPDIR: tmp };
  }

  it('hands the job back at once; another worker completes the export exactly once', async () => {
    const firstEnv = workerEnv('first');
    const first = await startServerProcess('worker', firstEnv);
    workers.push(first);
    const cookie = await signUpOverHttp(web, `sigterm-${Date.now()}@example.com`);
    const response = await new TusTestClient(web, cookie).upload(fixtures.proresLongMov, 'stopped.mov');
    expect(response.status).toBe(200);
    const { asset } = (await response.json()) as { asset: Asset };

    const started = await startExport(web, cookie, { assetId: asset.id, colorSettings: { clarity: 30, vignette: 20 }, outputFormat: 'mp4', quality: '720p' });
    await waitFor(
      'the first worker to be part-way through the render',
      async () => {
        const status = await exportStatus(web, cookie, started.predictionId);
        if (status.status === 'succeeded') throw new Error('The export finished before the worker could be stopped; make the clip longer.');
        return status.status === 'processing' && status.progress >= 5 ? true : undefined;
      },
      WAIT.renderMs,
    );
    const second = await startServerProcess('worker', workerEnv('second'));
    workers.push(second);

    const stoppedAt = Date.now();
    const exitCode = first.terminate();
    const secondAttemptAfterMs = await waitFor(
      'the second worker to start the export',
      async () => {
        const row = (await client.query<{ attempts: number }>('select attempts from exports where id = $1', [started.predictionId])).rows[0];
        return (row?.attempts ?? 0) >= 2 ? Date.now() - stoppedAt : undefined;
      },
      WAIT.serverMs,
    );
    console.log(`The second worker started the export ${(secondAttemptAfterMs / 1000).toFixed(1)} s after SIGTERM (grace period 0 s)`);
    expect(secondAttemptAfterMs).toBeLessThan(LEASE_STALE_MS);
    // The stopped worker exits cleanly, having killed its ffmpeg and cleared its folder.
    expect(await within('the first worker to exit', exitCode, WAIT.serverMs)).toBe(0);
    expect(first.log()).toMatch(/did not finish within the 0 s grace period/);
    expect(first.log()).toMatch(/Job export\.render handed back to the queue/);
    expect(fs.readdirSync(firstEnv.TMPDIR ?? '').filter((name) => name.startsWith('cinegrade-export-'))).toEqual([]);

    const done = await finishedExport(web, cookie, started.predictionId, WAIT.renderMs);
    expect(done.status, done.error ?? '').toBe('succeeded');
    const row = (await client.query<{ attempts: number; output_key: string }>('select attempts, output_key from exports where id = $1', [started.predictionId])).rows[0];
    expect(row?.attempts).toBe(2);
    // The hand-back used up no retry: the job completed once, on its first pg-boss attempt.
    const job = (await client.query<{ state: string; retry_count: number }>(`select state, retry_count from pgboss.job where name = 'export.render' and data->>'exportId' = $1`, [started.predictionId])).rows;
    expect(job).toEqual([{ state: 'completed', retry_count: 0 }]);
    // One output in the bucket, under the export's key.
    const exportKeys = (await s3.keys()).filter((key) => key.includes('.export-'));
    expect(exportKeys).toEqual([row?.output_key]);
    const file = (await download(web, cookie, done.downloadUrl ?? '', path.join(database.dataDir, 'after-sigterm.mp4'))).file;
    const probed = probeFile(file);
    expect(probed.streams.find((s) => s.codec_type === 'video')).toMatchObject({ codec_name: 'h264', width: 1280, height: 720 });
    expect(probed.duration).toBeCloseTo(10, 0);
  }, 900_000);
});
