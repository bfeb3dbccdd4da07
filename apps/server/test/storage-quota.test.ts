import fs from 'node:fs';
import { API, exportStorageQuotaMessage, MAX_PENDING_UPLOADS_PER_USER, STORAGE_QUOTAS, type Asset } from '@cinegrade/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finishedExport, postJson, startExport } from './support/exports';
import { fixtures } from './support/fixtures';
import { fillStorage, storageUsage } from './support/storage';
import { sessionCookie, startTestServer, DATABASE_KINDS, type DatabaseKind, type TestServer } from './support/test-server';
import { TusTestClient } from './support/tus-client';
import { WAIT, waitFor } from './support/wait';

const MB = 1024 * 1024;
const GIB = 1024 * MB;

async function refusal(response: Response): Promise<{ status: number; message: string }> {
  const body = (await response.json()) as { message: string };
  return { status: response.status, message: body.message };
}

describe.each<DatabaseKind>(DATABASE_KINDS)('storage quotas and unfinished uploads on the %s database', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, {}, undefined, { runWorker: false });
  });
  afterAll(async () => {
    await server?.close();
  });

  it(`refuses a user's unfinished upload past ${MAX_PENDING_UPLOADS_PER_USER}, and takes one again once one finishes, is cancelled or expires`, async () => {
    const alice = await server.signedInUser();
    const tus = new TusTestClient(server, alice.cookie);
    const bytes = fs.readFileSync(fixtures.h264Mp4);
    const real = await tus.create(bytes.length, 'clip.mp4', 'video/mp4');
    expect(real.status).toBe(201);
    const others: string[] = [];
    for (let i = 1; i < MAX_PENDING_UPLOADS_PER_USER; i++) {
      const created = await tus.create(1000, `part-${i}.mp4`);
      expect(created.status).toBe(201);
      others.push(created.headers.get('location') ?? '');
    }
    const tooMany = await refusal(await tus.create(1000, 'one-more.mp4'));
    expect(tooMany.status).toBe(429);
    expect(tooMany.message).toContain(`${MAX_PENDING_UPLOADS_PER_USER} uploads in progress`);
    expect((await storageUsage(server, alice.cookie)).pending_uploads).toBe(MAX_PENDING_UPLOADS_PER_USER);

    // Another user is not held back by Alice's uploads.
    const bob = await server.signedInUser();
    expect((await new TusTestClient(server, bob.cookie).create(1000, 'bob.mp4')).status).toBe(201);

    // One finishes: it becomes an asset and a new upload is accepted.
    const finished = await tus.patch(real.headers.get('location') ?? '', 0, bytes);
    expect(finished.status).toBe(200);
    const afterFinish = await tus.create(1000, 'after-finish.mp4');
    expect(afterFinish.status).toBe(201);
    expect((await tus.create(1000, 'again-too-many.mp4')).status).toBe(429);

    // One is cancelled (tus DELETE): its place is free again.
    const [cancelLocation = '', expireLocation = ''] = others;
    const cancelled = await tus.cancel(cancelLocation);
    expect(cancelled.status).toBe(204);
    expect((await tus.create(1000, 'after-cancel.mp4')).status).toBe(201);
    expect((await tus.create(1000, 'again-too-many.mp4')).status).toBe(429);

    // One expires (partial uploads live a day): it no longer counts.
    const expiring = expireLocation.split('/').pop() ?? '';
    await sql`update pending_uploads set created_at = now() - interval '25 hours' where upload_id = ${expiring}`.execute(server.services.database.db);
    expect((await tus.create(1000, 'after-expiry.mp4')).status).toBe(201);
  });

  it('answers 413 naming the quota to an upload that would pass it, counting stored files and unfinished uploads, and leaves other users alone', async () => {
    const carol = await server.signedInUser();
    const dave = await server.signedInUser();
    const tus = new TusTestClient(server, carol.cookie);
    const stored = await tus.upload(fixtures.h264Mp4, 'stored.mp4');
    expect(stored.status).toBe(200);
    const storedBytes = fs.statSync(fixtures.h264Mp4).size;
    expect(await storageUsage(server, carol.cookie)).toMatchObject({ tier: 'Free', used_bytes: storedBytes, quota_bytes: STORAGE_QUOTAS.Free });

    // Declaring is reserving: Carol takes all but 1 MB of her 2 GB with one upload still arriving.
    const nearly = STORAGE_QUOTAS.Free - storedBytes - MB;
    expect((await tus.create(nearly, 'big.mov')).status).toBe(201);
    expect((await storageUsage(server, carol.cookie)).used_bytes).toBe(STORAGE_QUOTAS.Free - MB);
    const over = await refusal(await tus.create(2 * MB, 'small.mov'));
    expect(over.status).toBe(413);
    expect(over.message).toContain('2 GB of storage on the Free plan');
    expect((await tus.create(MB, 'fits.mov')).status).toBe(201);

    // Dave's use is his own: Carol's uploads do not count against him.
    expect((await storageUsage(server, dave.cookie)).used_bytes).toBe(0);
    expect((await new TusTestClient(server, dave.cookie).create(GIB, 'dave.mov')).status).toBe(201);
    expect((await storageUsage(server, dave.cookie)).used_bytes).toBe(GIB);
  });

  it('stops an upload growing once its owner is over quota', async () => {
    const erin = await server.signedInUser();
    await server.services.profiles.setTierByEmail(erin.email, 'Premium');
    const tus = new TusTestClient(server, erin.cookie);
    const created = await tus.create(10 * GIB, 'long-take.mov');
    expect(created.status).toBe(201);
    const location = created.headers.get('location') ?? '';
    expect((await tus.patch(location, 0, new Uint8Array(64 * 1024))).status).toBe(204);

    // The plan ends: 10 GiB declared is now over the Free plan's 2 GB.
    await server.services.profiles.setTierByEmail(erin.email, 'Free');
    const refused = await refusal(await tus.patch(location, 64 * 1024, new Uint8Array(64 * 1024)));
    expect(refused.status).toBe(413);
    expect(refused.message).toContain('2 GB of storage on the Free plan');
    expect(await tus.offset(location)).toBe(64 * 1024);
  });

  it('stops holding the quota a minute after an upload is given up (signed out mid-upload), and reserves it again when it resumes after signing back in', async () => {
    const grace = await server.signedInUser();
    const db = server.services.database.db;
    const bytes = fs.readFileSync(fixtures.h264Mp4);
    const half = Math.floor(bytes.length / 2);
    const created = await new TusTestClient(server, grace.cookie).create(bytes.length, 'dropped.mp4', 'video/mp4');
    expect(created.status).toBe(201);
    const location = created.headers.get('location') ?? '';
    const uploadId = location.split('/').pop() ?? '';
    expect((await new TusTestClient(server, grace.cookie).patch(location, 0, bytes.subarray(0, half))).status).toBe(204);
    expect(await storageUsage(server, grace.cookie)).toMatchObject({ used_bytes: bytes.length, pending_uploads: 1 });

    // Signed out mid-upload: the next chunk is refused, and nothing more arrives.
    expect((await server.request('/api/auth/sign-out', { method: 'POST', cookie: grace.cookie })).status).toBeLessThan(300);
    const refused = await new TusTestClient(server, grace.cookie).patch(location, half, bytes.subarray(half));
    expect(refused.status).toBe(401);
    const signIn = await server.request('/api/auth/sign-in', { method: 'POST', json: { email: grace.email, password: 'correct horse battery' } });
    expect(signIn.status).toBe(200);
    const cookie = sessionCookie(signIn);
    const again = new TusTestClient(server, cookie);
    const idle = (seconds: number) => sql`update pending_uploads set touched_at = now() - make_interval(secs => ${seconds}) where upload_id = ${uploadId}`.execute(db);

    // Half a minute idle it still holds its length; a minute idle it holds nothing, and is not counted as in progress.
    await idle(30);
    expect(await storageUsage(server, cookie)).toMatchObject({ used_bytes: bytes.length, pending_uploads: 1 });
    await idle(61);
    expect(await storageUsage(server, cookie)).toMatchObject({ used_bytes: 0, pending_uploads: 0 });

    // Resuming reserves again, so it is refused while another upload took the room meanwhile...
    const quota = (await storageUsage(server, cookie)).quota_bytes;
    const filler = await again.create(quota - bytes.length + 1, 'filler.mov');
    expect(filler.status).toBe(201);
    const offset = await again.offset(location);
    expect(offset).toBe(half);
    const noRoom = await refusal(await again.patch(location, offset, bytes.subarray(offset)));
    expect(noRoom.status).toBe(413);
    expect(noRoom.message).toContain('2 GB of storage on the Free plan');
    // ...and goes on where it stopped once there is room: one asset, the quota holding exactly its bytes.
    expect((await again.cancel(filler.headers.get('location') ?? '')).status).toBe(204);
    const finished = await again.patch(location, offset, bytes.subarray(offset));
    expect(finished.status, await finished.clone().text()).toBe(200);
    const { asset } = (await finished.json()) as { asset: Asset };
    expect(asset.size_bytes).toBe(bytes.length);
    const usage = await storageUsage(server, cookie);
    expect(usage.pending_uploads).toBe(0);
    expect(usage.used_bytes).toBeGreaterThanOrEqual(bytes.length);
  });

  it("refuses an export with 413 naming the plan's quota once storage use is at the quota, queueing nothing, and takes one just under it", async () => {
    const frank = await server.signedInUser();
    const userId = (await server.services.database.db.selectFrom('users').select('id').where('email', '=', frank.email).executeTakeFirstOrThrow()).id;
    const tus = new TusTestClient(server, frank.cookie);
    const uploaded = await tus.upload(fixtures.h264Mp4, 'to export.mp4');
    expect(uploaded.status).toBe(200);
    const { asset } = (await uploaded.json()) as { asset: Asset };
    const exportOf = { assetId: asset.id, outputFormat: 'mp4', quality: '720p' } as const;
    const exportRows = () => server.services.database.db.selectFrom('exports').select('id').where('user_id', '=', userId).execute();
    const renderJobs = async () =>
      (await sql<{ n: number }>`select count(*)::int as n from pgboss.job where name = 'export.render' and data->>'userId' = ${userId}`.execute(server.services.database.db)).rows[0]?.n;

    // Exactly at the quota: refused before a row or a job exists.
    const [reserved = ''] = await fillStorage(server, frank.cookie);
    const atQuota = await postJson(server, API.processVideo.path, frank.cookie, exportOf);
    expect(await refusal(atQuota)).toEqual({ status: 413, message: exportStorageQuotaMessage('Free') });
    expect(await exportRows()).toEqual([]);
    expect(await renderJobs()).toBe(0);

    // One byte under it: refused too, as its estimated file does not fit in what is left.
    expect((await tus.cancel(reserved)).status).toBe(204);
    const [oneByte = ''] = await fillStorage(server, frank.cookie, 1);
    const underByOne = await postJson(server, API.processVideo.path, frank.cookie, exportOf);
    expect(underByOne.status).toBe(413);
    expect(((await underByOne.json()) as { message: string }).message).toMatch(/^This export would be about [\d.]+ [KM]B \(estimate\), more than the 1 bytes left of your storage\./);
    expect(await exportRows()).toEqual([]);

    // With room for its estimate, the export is made (its real size may still take the use a little past the quota).
    expect((await tus.cancel(oneByte)).status).toBe(204);
    await fillStorage(server, frank.cookie, 20_000_000);
    const started = await startExport(server, frank.cookie, exportOf);
    expect(started).toMatchObject({ status: 'starting', assetId: asset.id });
    expect((await exportRows()).map((row) => row.id)).toEqual([started.predictionId]);
    expect(await renderJobs()).toBe(1);
  });
});

describe('what counts towards the quota', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('embedded');
  });
  afterAll(async () => {
    await server?.close();
  });

  it("counts an asset's original, its thumbnail and preview copy, and its exports' files, as stored", async () => {
    const user = await server.signedInUser();
    const response = await new TusTestClient(server, user.cookie).upload(fixtures.h264Mp4, 'clip.mp4');
    expect(response.status).toBe(200);
    const { asset } = (await response.json()) as { asset: { id: string; size_bytes: number } };
    const db = server.services.database.db;
    const ready = await waitFor(
      'the preview files',
      async () => {
        const row = await db.selectFrom('projects').select(['processing_status', 'thumbnail_path', 'proxy_path']).where('id', '=', asset.id).executeTakeFirstOrThrow();
        return row.processing_status === 'ready' ? row : undefined;
      },
      WAIT.mediaMs,
    );
    let derived = 0;
    for (const key of [ready.thumbnail_path, ready.proxy_path]) if (key) derived += (await server.services.storage.size(key)) ?? 0;
    expect(derived).toBeGreaterThan(0);
    expect((await storageUsage(server, user.cookie)).used_bytes).toBe(asset.size_bytes + derived);

    const started = await startExport(server, user.cookie, { assetId: asset.id, outputFormat: 'mp4', quality: '720p' });
    const done = await finishedExport(server, user.cookie, started.predictionId);
    expect(done.status, done.error ?? '').toBe('succeeded');
    const row = await db.selectFrom('exports').select('output_key').where('user_id', '=', (await db.selectFrom('users').select('id').where('email', '=', user.email).executeTakeFirstOrThrow()).id).executeTakeFirstOrThrow();
    const exportBytes = (await server.services.storage.size(row.output_key)) ?? 0;
    expect(exportBytes).toBeGreaterThan(0);
    expect((await storageUsage(server, user.cookie)).used_bytes).toBe(asset.size_bytes + derived + exportBytes);
  });
});
