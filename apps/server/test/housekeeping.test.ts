import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/test-server';
import { TusTestClient } from './support/tus-client';
import { waitFor } from './support/wait';

/** The embedded default: files and unfinished uploads on this machine's disk. */
describe('housekeeping', () => {
  let server: TestServer;
  let alice: { cookie: string; email: string };
  beforeAll(async () => {
    server = await startTestServer('embedded');
    alice = await server.signedInUser();
  });
  afterAll(async () => {
    await server.close();
  });

  const housekeeping = () => {
    const found = server.services.housekeeping;
    if (!found) throw new Error('The test server runs jobs, so it must have housekeeping');
    return found;
  };

  it('queues again the files whose deletion job gave up, and they are removed', async () => {
    const key = 'orphans/left-behind.bin';
    const file = path.join(server.config.dataDir, 'files', key);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, 'bytes nobody owns any more');
    // As a deletion looks after the storage.delete job used up its retries: queued, never retried.
    await server.services.database.db.insertInto('pending_file_deletions').values({ key, user_id: '00000000-0000-4000-8000-000000000000', attempts: 9 }).execute();

    expect((await housekeeping().sweep()).queuedDeletions).toBe(1);
    await waitFor('the orphan to be removed', () => Promise.resolve(fs.existsSync(file) ? undefined : true));
    const left = await server.services.database.db.selectFrom('pending_file_deletions').selectAll().where('key', '=', key).execute();
    expect(left).toEqual([]);
  });

  it('removes an abandoned upload once it is past its expiry, and keeps a fresh one', async () => {
    const tus = new TusTestClient(server, alice.cookie);
    const stale = await tus.create(1000, 'stale.mp4');
    const fresh = await tus.create(1000, 'fresh.mp4');
    expect([stale.status, fresh.status]).toEqual([201, 201]);
    const uploads = path.join(server.config.dataDir, 'uploads');
    const idOf = (response: Response) => (response.headers.get('location') ?? '').split('/').pop() ?? '';
    await tus.patch(stale.headers.get('location') ?? '', 0, new Uint8Array(100));
    // Age the stale upload's record by two days, as if it had been left since then.
    const record = path.join(uploads, `${idOf(stale)}.json`);
    const info = JSON.parse(fs.readFileSync(record, 'utf8')) as { creation_date: string };
    info.creation_date = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000).toISOString();
    fs.writeFileSync(record, JSON.stringify(info));

    expect((await housekeeping().sweep()).removedUploads).toBe(1);
    expect(fs.existsSync(path.join(uploads, idOf(stale)))).toBe(false);
    expect(fs.existsSync(record)).toBe(false);
    expect(fs.existsSync(path.join(uploads, `${idOf(fresh)}.json`))).toBe(true);
  });

  it("removes finished exports and their files once older than their owner's data retention, and keeps the rest", async () => {
    const db = server.services.database.db;
    const DAY = 24 * 60 * 60 * 1000;
    const owner = async (retention: '7' | 'forever' | null) => {
      const user = await server.signedInUser();
      if (retention) expect((await server.request('/api/settings', { method: 'PUT', cookie: user.cookie, json: { dataRetention: retention } })).status).toBe(200);
      const { id } = await db.selectFrom('users').select('id').where('email', '=', user.email).executeTakeFirstOrThrow();
      const asset = await db
        .insertInto('projects')
        .values({ user_id: id, name: 'clip', media_file_name: 'clip.mp4', media_file_type: 'video', mime_type: 'video/mp4', size_bytes: 1000 })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id, assetId: asset.id };
    };
    const exportOf = async (user: { id: string; assetId: string }, ageDays: number, status: 'succeeded' | 'processing' = 'succeeded') => {
      const key = `${user.id}/exports/${ageDays}-${status}.mp4`;
      const file = path.join(server.config.dataDir, 'files', key);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, 'an exported film');
      const when = new Date(Date.now() - ageDays * DAY);
      await db
        .insertInto('exports')
        .values({ user_id: user.id, asset_id: user.assetId, status, output_format: 'mp4', quality: '720p', width: 1280, height: 720, output_key: key, download_name: 'clip.mp4', size_bytes: 16, created_at: when, updated_at: when, finished_at: status === 'succeeded' ? when : null })
        .execute();
      return file;
    };
    const weekly = await owner('7');
    const keeper = await owner('forever');
    const byDefault = await owner(null); // 30 days
    const gone = [await exportOf(weekly, 10), await exportOf(byDefault, 40)];
    const kept = [await exportOf(weekly, 2), await exportOf(weekly, 100, 'processing'), await exportOf(keeper, 400), await exportOf(byDefault, 10)];

    expect((await housekeeping().sweep()).removedExports).toBe(2);
    await waitFor('the expired exports\' files to be removed', () => Promise.resolve(gone.some((file) => fs.existsSync(file)) ? undefined : true));
    for (const file of kept) expect(fs.existsSync(file), file).toBe(true);
    const left = await db.selectFrom('exports').select('output_key').where('user_id', 'in', [weekly.id, keeper.id, byDefault.id]).execute();
    expect(left).toHaveLength(kept.length);
    expect((await housekeeping().sweep()).removedExports).toBe(0);
  });
});
