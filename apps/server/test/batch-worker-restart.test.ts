/**
 * A batch survives the death of its worker: real processes on a real PostgreSQL — a web server
 * that runs no jobs and `npm run worker` processes. The worker rendering the batch is killed
 * outright while a file is part-way; another worker picks the work up, and every file of the
 * batch completes exactly once: one succeeded export per file, one stored file per export.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Asset, BatchSession, CreateBatchResponse } from '@cinegrade/contract';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { fixtures } from './support/fixtures';
import { signUpOverHttp } from './support/server-process';
import { TusTestClient } from './support/tus-client';
import { waitFor, WAIT } from './support/wait';
import { useWorkerCluster } from './support/worker-cluster';

describe('a batch whose worker is killed mid-batch', () => {
  const running = useWorkerCluster();

  it('completes every file exactly once', async () => {
    const cluster = running();
    const { web, database } = cluster;
    const first = await cluster.startWorker();
    const email = `batch-restart-${Date.now()}@example.com`;
    const cookie = await signUpOverHttp(web, email);
    const client = new pg.Client({ connectionString: database.databaseUrl ?? '' });
    await client.connect();
    try {
      const promoted = await client.query(`update profiles set subscription_tier = 'Premium' where id = (select id from users where email = $1)`, [email]);
      expect(promoted.rowCount).toBe(1);
      const assets: Asset[] = [];
      for (const name of ['first.mov', 'second.mov']) {
        const response = await new TusTestClient(web, cookie).upload(fixtures.proresLongMov, name);
        expect(response.status).toBe(200);
        assets.push(((await response.json()) as { asset: Asset }).asset);
      }
      const created = await web.request('/api/batches', { method: 'POST', cookie, json: { assetIds: assets.map((a) => a.id), outputFormat: 'mp4', quality: '720p' } });
      expect(created.status, await created.clone().text()).toBe(201);
      const { session } = (await created.json()) as CreateBatchResponse;
      const read = async () => (await (await web.request(`/api/batches/${session.id}`, { cookie })).json()) as BatchSession;

      await waitFor(
        'a file to be part-way through',
        async () => {
          const now = await read();
          if (now.files.every((f) => f.status === 'completed')) throw new Error('The batch finished before the worker could be killed; make the clips longer.');
          return now.files.some((f) => f.status === 'processing' && f.progress >= 5) ? true : undefined;
        },
        WAIT.renderMs,
      );
      first.kill();
      await cluster.startWorker();

      // The lease goes stale after 45 s without a heartbeat; the reaper then fails the job into a retry.
      const done = await waitFor(
        'every file of the batch to finish',
        async () => {
          const now = await read();
          return now.files.every((f) => f.status !== 'processing') ? now : undefined;
        },
        WAIT.renderMs * 2,
        1000,
      );
      expect(done.files.map((f) => [f.status, f.error])).toEqual([
        ['completed', null],
        ['completed', null],
      ]);
      expect(done.status).toBe('completed');
      const exports = (await client.query<{ asset_id: string; status: string; output_key: string; user_id: string }>('select asset_id, status, output_key, user_id from exports where asset_id = any($1)', [assets.map((a) => a.id)]))
        .rows;
      // One export per file, each succeeded: nothing rendered twice into a second row.
      expect(exports.map((e) => [e.asset_id, e.status]).sort()).toEqual(assets.map((a) => [a.id, 'succeeded']).sort());
      // One stored output per export, under its fixed key.
      const userFolder = path.join(database.dataDir, 'files', exports[0]?.user_id ?? '');
      const stored = fs.readdirSync(userFolder).filter((name) => name.includes('.export-'));
      expect(stored.sort()).toEqual(exports.map((e) => path.basename(e.output_key)).sort());
    } finally {
      await client.end();
    }
  }, 1_200_000);
});
