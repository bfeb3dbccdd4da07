/**
 * Batch grading on a real server, database, storage and ffmpeg: the Premium/Enterprise gate on
 * every call (nothing created for anyone else), owner scoping, the session written with its files
 * or not at all, two clips rendered once each through the ordinary export and downloaded as one
 * ZIP, a failed file retried from its stored original, a file refused for storage kept failed with
 * its reason, a completed file whose new render is refused keeping its render (on both databases),
 * Export Batch refused whole over the limit on batch files rendering at once, a completed file
 * whose new render starts and fails keeping its render until a retried one succeeds (both on both
 * databases),
 * and a deleted collection taking every file.
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cubeFromLut, identityLut, writeCube } from '@cinegrade/color';
import { API, BATCH_PREMIUM_MESSAGE, exportStorageQuotaMessage, type Asset, type BatchSession, type CreateBatchResponse, type UserLut } from '@cinegrade/contract';
import { sql } from 'kysely';
import type { ExportStatus } from '../src/db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { download, finishedExport, probeFile, startExport } from './support/exports';
import { decodeFrame, meanDifference } from './support/parity';
import { fixtures } from './support/fixtures';
import { fillStorage } from './support/storage';
import { DATABASE_KINDS, startTestServer, type DatabaseKind, type TestServer } from './support/test-server';
import { TusTestClient } from './support/tus-client';
import { waitFor, WAIT } from './support/wait';

type User = { cookie: string; email: string; id: string };

/** Calls a batch test makes on its server (a function, as the server starts in beforeAll). */
function batchHelpers(server: () => TestServer) {
  async function user(tier: 'Free' | 'Premium' | 'Enterprise'): Promise<User> {
    const signedIn = await server().signedInUser();
    if (tier !== 'Free') await server().services.profiles.setTierByEmail(signedIn.email, tier);
    const row = await server().services.database.db.selectFrom('users').select('id').where('email', '=', signedIn.email).executeTakeFirstOrThrow();
    return { ...signedIn, id: row.id };
  }

  async function upload(who: User, file: string, name: string): Promise<Asset> {
    const response = await new TusTestClient(server(), who.cookie).upload(file, name);
    expect(response.status, await response.clone().text()).toBe(200);
    return ((await response.json()) as { asset: Asset }).asset;
  }

  async function createBatch(who: User, assetIds: string[], extra: Record<string, unknown> = {}): Promise<CreateBatchResponse> {
    const response = await server().request(API.createBatch.path, { method: 'POST', cookie: who.cookie, json: { assetIds, outputFormat: 'mp4', quality: '720p', ...extra } });
    expect(response.status, await response.clone().text()).toBe(201);
    return (await response.json()) as CreateBatchResponse;
  }

  async function getBatch(who: User, id: string): Promise<BatchSession> {
    const response = await server().request(`/api/batches/${id}`, { cookie: who.cookie });
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as BatchSession;
  }

  /** Polls the session until no file is processing. */
  function settled(who: User, id: string): Promise<BatchSession> {
    return waitFor(`batch ${id} to finish`, async () => {
      const session = await getBatch(who, id);
      return session.files.every((f) => f.status !== 'processing') ? session : undefined;
    }, WAIT.renderMs, 500);
  }

  /** Waits until the upload's thumbnail and preview copy are made (or could not be). */
  async function prepared(asset: Asset): Promise<void> {
    await waitFor('the upload to be prepared', async () => {
      const row = await server().services.database.db.selectFrom('projects').select('processing_status').where('id', '=', asset.id).executeTakeFirstOrThrow();
      return row.processing_status === 'processing' ? undefined : row;
    }, WAIT.mediaMs);
  }

  async function count(table: 'batch_sessions' | 'batch_files', userId: string): Promise<number> {
    const row = await server().services.database.db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async function exportRows(userId: string) {
    return server().services.database.db.selectFrom('exports').selectAll().where('user_id', '=', userId).execute();
  }

  async function renderJobs(userId: string): Promise<number> {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from pgboss.job where name = 'export.render' and data->>'userId' = ${userId}`.execute(server().services.database.db);
    return rows[0]?.n ?? 0;
  }

  /** The batch's ZIP as the user downloads it, written to `file`; answers its entries' names, sorted. */
  async function zipEntries(who: User, id: string, file: string): Promise<string[]> {
    const response = await server().request(`/api/batches/${id}/download`, { cookie: who.cookie });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    fs.writeFileSync(file, Buffer.from(await response.arrayBuffer()));
    return execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n').sort();
  }

  /**
   * Another session of the user whose files' exports are in these statuses, written straight to the
   * database (uploading and queueing a hundred clips would take minutes; no job is queued for them,
   * so they stay as written). Answers the export ids, in order.
   */
  async function seededSession(userId: string, statuses: ExportStatus[]): Promise<string[]> {
    const db = server().services.database.db;
    const files = statuses.map((status, i) => ({ assetId: crypto.randomUUID(), exportId: crypto.randomUUID(), status, i }));
    await db.transaction().execute(async (tx) => {
      const session = await tx.insertInto('batch_sessions').values({ id: crypto.randomUUID(), user_id: userId, name: 'Seeded', file_count: files.length, settings: '{}' }).returning('id').executeTakeFirstOrThrow();
      await tx
        .insertInto('projects')
        .values(files.map((f) => ({ id: f.assetId, user_id: userId, name: `seeded-${f.i}`, media_file_name: `seeded-${f.i}.mp4`, media_file_type: 'video' as const, mime_type: 'video/mp4', size_bytes: 1000, processing_status: 'ready' as const, batch_processed: true, batch_session_id: session.id })))
        .execute();
      await tx
        .insertInto('exports')
        .values(files.map((f) => ({ id: f.exportId, user_id: userId, asset_id: f.assetId, status: f.status, output_format: 'mp4', quality: '720p', width: 1280, height: 720, output_key: `seeded/${f.exportId}.mp4`, download_name: `seeded-${f.i}.mp4` })))
        .execute();
      await tx
        .insertInto('batch_files')
        .values(files.map((f) => ({ asset_id: f.assetId, batch_session_id: session.id, user_id: userId, position: f.i, export_id: f.exportId, error: null })))
        .execute();
    });
    return files.map((f) => f.exportId);
  }

  return { user, upload, createBatch, getBatch, settled, prepared, count, exportRows, renderJobs, zipEntries, seededSession };
}

describe('batch grading', () => {
  let server: TestServer;
  let premium: User;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cinegrade-batch-test-'));

  const { user, upload, createBatch, getBatch, settled, prepared, count, exportRows, renderJobs, zipEntries } = batchHelpers(() => server);

  beforeAll(async () => {
    server = await startTestServer('embedded');
    premium = await user('Premium');
  }, 180_000);

  afterAll(async () => {
    await server.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('refuses a Free user every batch call with the premium message, creating no session, file row, export or job', async () => {
    const free = await user('Free');
    const clip = await upload(free, fixtures.h264Mp4, 'free-clip.mp4');
    const someId = crypto.randomUUID();
    const calls: { method: string; path: string; json?: unknown }[] = [
      { method: 'POST', path: API.createBatch.path, json: { assetIds: [clip.id], outputFormat: 'mp4', quality: '720p' } },
      { method: 'GET', path: API.listBatches.path },
      { method: 'GET', path: `/api/batches/${someId}` },
      { method: 'DELETE', path: `/api/batches/${someId}` },
      { method: 'POST', path: `/api/batches/${someId}/files/${clip.id}/retry` },
      { method: 'PUT', path: `/api/batches/${someId}/grade`, json: { selectedLUT: null, colorSettings: {} } },
      { method: 'POST', path: `/api/batches/${someId}/export`, json: {} },
      { method: 'GET', path: `/api/batches/${someId}/download` },
    ];
    for (const call of calls) {
      const response = await server.request(call.path, { method: call.method, cookie: free.cookie, ...(call.json !== undefined ? { json: call.json } : {}) });
      expect(response.status, `${call.method} ${call.path}`).toBe(403);
      expect(((await response.json()) as { message: string }).message).toBe(BATCH_PREMIUM_MESSAGE);
    }
    // A malformed body is refused for the tier too, before it is read.
    const malformed = await server.request(API.createBatch.path, { method: 'POST', cookie: free.cookie, body: 'not json', headers: { 'content-type': 'application/json' } });
    expect(malformed.status).toBe(403);
    expect(await count('batch_sessions', free.id)).toBe(0);
    expect(await count('batch_files', free.id)).toBe(0);
    expect(await exportRows(free.id)).toEqual([]);
    expect(await renderJobs(free.id)).toBe(0);
    const asset = await server.services.database.db.selectFrom('projects').select(['batch_processed', 'batch_session_id']).where('id', '=', clip.id).executeTakeFirstOrThrow();
    expect(asset).toEqual({ batch_processed: false, batch_session_id: null });
  }, WAIT.mediaMs);

  it('renders two clips once each with the look, and downloads them as one ZIP of playable files with unique names', async () => {
    // Two files with the same name: their graded names collide and must be made unique in the ZIP.
    const a = await upload(premium, fixtures.h264Mp4, 'clip.mp4');
    const b = await upload(premium, fixtures.proresMov, 'clip.mp4');
    const still = await upload(premium, fixtures.png, 'still.png');
    const created = await createBatch(premium, [a.id, b.id, still.id], { selectedLUT: 'blockbuster-teal-orange' });
    expect(created.message).toBe('Processing 2 video files (1 non-video file skipped)');
    expect(created.skipped).toEqual([{ assetId: still.id, fileName: 'still.png' }]);
    expect(created.session.name).toMatch(/^Batch \d{1,2}\/\d{1,2}\/\d{4} \d{1,2}:\d{2}:\d{2} [AP]M$/);
    expect(created.session.files.map((f) => f.assetId)).toEqual([a.id, b.id]);

    const done = await settled(premium, created.session.id);
    expect(done.files.map((f) => [f.status, f.progress, f.appliedLUT])).toEqual([
      ['completed', 100, 'blockbuster-teal-orange'],
      ['completed', 100, 'blockbuster-teal-orange'],
    ]);
    expect(done.status).toBe('completed');
    expect(done.completed_count).toBe(2);
    // Rendered exactly once each: one export per file, one run each.
    const exports = await exportRows(premium.id);
    const ofBatch = exports.filter((e) => e.asset_id === a.id || e.asset_id === b.id);
    expect(ofBatch.map((e) => [e.asset_id, e.status, e.attempts, e.selected_lut]).sort()).toEqual(
      [
        [a.id, 'succeeded', 1, 'blockbuster-teal-orange'],
        [b.id, 'succeeded', 1, 'blockbuster-teal-orange'],
      ].sort(),
    );
    // The assets are batch-processed and carry the session; the still is left an ordinary upload.
    const batchAssets = (await (await server.request(`${API.listAssets.path}?batch_processed=true`, { cookie: premium.cookie })).json()) as { assets: Asset[] };
    expect(batchAssets.assets.map((x) => x.id).sort()).toEqual([a.id, b.id].sort());
    expect(batchAssets.assets.every((x) => x.batch_session_id === created.session.id)).toBe(true);

    const library = (await (await server.request(API.listBatches.path, { cookie: premium.cookie })).json()) as { sessions: BatchSession[] };
    expect(library.sessions.map((s) => s.id)).toContain(created.session.id);

    const zipFile = path.join(work, 'batch.zip');
    const listing = await zipEntries(premium, created.session.id, zipFile);
    expect(listing).toEqual(['clip-blockbuster-teal-orange (2).mp4', 'clip-blockbuster-teal-orange.mp4']);
    const out = path.join(work, 'unzipped');
    execFileSync('unzip', ['-q', '-o', zipFile, '-d', out]);
    for (const name of listing) {
      const probed = probeFile(path.join(out, name));
      expect(probed.streams.find((s) => s.codec_type === 'video')?.codec_name, name).toBe('h264');
      // 720p was asked for: the short side is 720 lines, whatever the source's size.
      expect(Math.min(...[probed.streams.find((s) => s.codec_type === 'video')!].flatMap((v) => [v.width!, v.height!])), name).toBe(720);
      expect(probed.duration ?? 0, name).toBeGreaterThan(1);
    }
  }, WAIT.renderMs * 2);

  it('renders a file edited since its render on Export Batch even when it is not selected, so every ZIP entry has its card\'s colour', async () => {
    const [one, two, three] = [await upload(premium, fixtures.h264Mp4, 'one.mp4'), await upload(premium, fixtures.h264Mp4, 'two.mp4'), await upload(premium, fixtures.h264Mp4, 'three.mp4')];
    const badSize = await server.request(API.createBatch.path, { method: 'POST', cookie: premium.cookie, json: { assetIds: [one.id], quality: '5k' } });
    expect(badSize.status).toBe(400);
    expect(await badSize.text()).toContain('quality must be one of source, 720p');
    // No size asked: each file keeps the source's own size (640×360), nothing is scaled up.
    const created = await createBatch(premium, [one.id, two.id, three.id], { selectedLUT: 'film-noir', quality: undefined });
    expect(created.session.settings.quality).toBe('source');
    const first = await settled(premium, created.session.id);
    expect((await exportRows(premium.id)).filter((e) => [one.id, two.id, three.id].includes(e.asset_id)).map((e) => [e.width, e.height, e.quality])).toEqual([
      [640, 360, 'source'],
      [640, 360, 'source'],
      [640, 360, 'source'],
    ]);
    expect(first.files.map((f) => [f.status, f.renderOutdated])).toEqual([
      ['completed', false],
      ['completed', false],
      ['completed', false],
    ]);

    // Apply to Selected on file 2 only: its card shows the new grade, and says its render is of the earlier one.
    const newLook = { selectedLUT: 'blockbuster-teal-orange', colorSettings: { saturation: 30 } };
    const applied = await server.request(`/api/batches/${created.session.id}/grade`, { method: 'PUT', cookie: premium.cookie, json: { assetIds: [two.id], ...newLook } });
    expect(applied.status, await applied.clone().text()).toBe(200);
    const edited = (await applied.json()) as BatchSession;
    expect(edited.files.map((f) => [f.appliedLUT, f.renderOutdated])).toEqual([
      ['film-noir', false],
      ['blockbuster-teal-orange', true],
      ['film-noir', false],
    ]);

    // Export Batch with only file 3 selected: file 2 is rendered again too, file 1 is not.
    const before = new Map(first.files.map((f) => [f.assetId, f.predictionId]));
    const exported = await server.request(`/api/batches/${created.session.id}/export`, { method: 'POST', cookie: premium.cookie, json: { assetIds: [three.id] } });
    expect(exported.status, await exported.clone().text()).toBe(200);
    const answer = (await exported.json()) as BatchSession;
    expect(answer.files.map((f) => f.predictionId !== before.get(f.assetId))).toEqual([false, true, true]);
    const done = await settled(premium, created.session.id);
    expect(done.files.map((f) => [f.status, f.renderOutdated, f.outputName])).toEqual([
      ['completed', false, 'one-film-noir.mp4'],
      ['completed', false, 'two-blockbuster-teal-orange.mp4'],
      ['completed', false, 'three-film-noir.mp4'],
    ]);

    // The reference: one single export of each grade from the same source, at the batch's size and format.
    const reference = async (selectedLUT: string, colorSettings: Record<string, number>, name: string) => {
      const started = await startExport(server, premium.cookie, { assetId: one.id, outputFormat: 'mp4', quality: 'source', selectedLUT, colorSettings });
      const finished = await finishedExport(server, premium.cookie, started.predictionId);
      expect(finished.status, finished.error ?? '').toBe('succeeded');
      return (await download(server, premium.cookie, finished.downloadUrl!, path.join(work, name))).file;
    };
    const references = new Map([
      ['film-noir', await reference('film-noir', {}, 'reference-noir.mp4')],
      ['blockbuster-teal-orange', await reference(newLook.selectedLUT, newLook.colorSettings, 'reference-teal.mp4')],
    ]);
    const frame = (file: string) => {
      const video = probeFile(file).streams.find((s) => s.codec_type === 'video')!;
      return decodeFrame(file, 10, false, video.width!, video.height!);
    };

    // Each ZIP entry against its card: close to the single export of the card's grade, far from the other one.
    const zipFile = path.join(work, 'edited.zip');
    const listing = await zipEntries(premium, created.session.id, zipFile);
    expect(listing).toEqual(['one-film-noir.mp4', 'three-film-noir.mp4', 'two-blockbuster-teal-orange.mp4']);
    const out = path.join(work, 'edited');
    execFileSync('unzip', ['-q', '-o', zipFile, '-d', out]);
    for (const card of done.files) {
      const entry = frame(path.join(out, card.outputName!));
      for (const [look, file] of references) {
        const difference = meanDifference(entry, frame(file));
        if (look === card.appliedLUT) expect(difference, `${card.outputName} against its card's grade`).toBeLessThan(1.5);
        else expect(difference, `${card.outputName} against ${look}`).toBeGreaterThan(5);
      }
    }

    // Export Batch in another format and size: checked for every file first (refused whole, naming the file, changing nothing)...
    const exportAgain = (json: Record<string, unknown>) => server.request(`/api/batches/${created.session.id}/export`, { method: 'POST', cookie: premium.cookie, json });
    const tooLarge = await exportAgain({ assetIds: [one.id], outputFormat: 'mp4', quality: '16k' });
    expect(tooLarge.status).toBe(400);
    expect(((await tooLarge.json()) as { message: string }).message).toMatch(/^one\.mp4: MP4 \(H\.264\) cannot hold 15360×8640 frames/);
    expect((await getBatch(premium, created.session.id)).settings).toMatchObject({ outputFormat: 'mp4', quality: 'source' });
    // ...then the batch's own from now on.
    const webm = await exportAgain({ assetIds: [one.id], outputFormat: 'webm', quality: '720p' });
    expect(webm.status, await webm.clone().text()).toBe(200);
    const inWebm = await settled(premium, created.session.id);
    expect(inWebm.settings).toMatchObject({ outputFormat: 'webm', quality: '720p' });
    expect(inWebm.files[0]).toMatchObject({ status: 'completed', outputName: 'one-film-noir.webm' });
    const row = (await exportRows(premium.id)).find((e) => e.id === inWebm.files[0]!.predictionId)!;
    expect([row.output_format, row.width, row.height]).toEqual(['webm', 1280, 720]);
  }, WAIT.renderMs * 3);

  it('answers 404 for another Premium user\'s session id on every call, and leaves it as it was', async () => {
    const clip = await upload(premium, fixtures.h264Mp4, 'mine.mp4');
    const created = await createBatch(premium, [clip.id]);
    const other = await user('Enterprise');
    const id = created.session.id;
    for (const call of [
      { method: 'GET', path: `/api/batches/${id}` },
      { method: 'DELETE', path: `/api/batches/${id}` },
      { method: 'POST', path: `/api/batches/${id}/files/${clip.id}/retry` },
      { method: 'PUT', path: `/api/batches/${id}/grade`, json: { selectedLUT: 'film-noir', colorSettings: {} } },
      { method: 'POST', path: `/api/batches/${id}/export`, json: {} },
      { method: 'GET', path: `/api/batches/${id}/download` },
    ]) {
      const response = await server.request(call.path, { method: call.method, cookie: other.cookie, ...(call.json !== undefined ? { json: call.json } : {}) });
      const text = await response.text();
      expect(response.status, `${call.method} ${call.path}: ${text}`).toBe(404);
      expect(text).not.toContain(clip.id);
    }
    // Nor may they put the owner's asset in a batch of their own.
    const stolen = await server.request(API.createBatch.path, { method: 'POST', cookie: other.cookie, json: { assetIds: [clip.id] } });
    expect(stolen.status).toBe(404);
    const listed = (await (await server.request(API.listBatches.path, { cookie: other.cookie })).json()) as { sessions: BatchSession[] };
    expect(listed.sessions).toEqual([]);
    const still = await getBatch(premium, id);
    expect(still.files.map((f) => [f.assetId, f.appliedLUT])).toEqual([[clip.id, null]]);
    await settled(premium, id);
  }, WAIT.renderMs);

  it('keeps no session when writing its files fails, and says why in the spec\'s words', async () => {
    const clip = await upload(premium, fixtures.h264Mp4, 'refused.mp4');
    const db = server.services.database.db;
    const sessionsBefore = await count('batch_sessions', premium.id);
    const exportsBefore = (await exportRows(premium.id)).length;
    // A check constraint on the assets refuses the link to the session, after the session row was written.
    await sql`alter table projects add constraint test_refuse_batch check (batch_session_id is null or name <> 'refused')`.execute(db);
    try {
      const response = await server.request(API.createBatch.path, { method: 'POST', cookie: premium.cookie, json: { assetIds: [clip.id], outputFormat: 'mp4', quality: '720p' } });
      expect(response.status).toBe(409);
      expect(((await response.json()) as { message: string }).message).toBe('Database constraint error - invalid file type format');
    } finally {
      await sql`alter table projects drop constraint test_refuse_batch`.execute(db);
    }
    expect(await count('batch_sessions', premium.id)).toBe(sessionsBefore);
    expect(await db.selectFrom('batch_files').select('asset_id').where('asset_id', '=', clip.id).execute()).toEqual([]);
    expect((await exportRows(premium.id)).length).toBe(exportsBefore);
    const asset = await db.selectFrom('projects').select(['batch_processed', 'batch_session_id']).where('id', '=', clip.id).executeTakeFirstOrThrow();
    expect(asset).toEqual({ batch_processed: false, batch_session_id: null });
  }, WAIT.mediaMs);

  it('retries a failed file from its stored original, without a new upload', async () => {
    const clip = await upload(premium, fixtures.h264Mp4, 'retried.mp4');
    const key = clip.media_file_path ?? '';
    // Wait for the thumbnail so nothing else reads the original, then take the original away.
    await prepared(clip);
    await server.services.storage.move(key, `${key}.away`);
    const created = await createBatch(premium, [clip.id]);
    const failed = await settled(premium, created.session.id);
    expect(failed.files[0]).toMatchObject({ status: 'error', canRetry: true });
    expect(failed.status).toBe('failed');
    // A failed session is not in the library, but can be listed by its status.
    const listed = async (status?: string) =>
      ((await (await server.request(`${API.listBatches.path}${status ? `?status=${status}` : ''}`, { cookie: premium.cookie })).json()) as { sessions: BatchSession[] }).sessions.map((s) => s.id);
    expect(await listed('failed')).toContain(created.session.id);
    expect(await listed()).not.toContain(created.session.id);
    const firstPrediction = failed.files[0]?.predictionId;

    // The original is back (a transient storage failure); Retry renders from it.
    await server.services.storage.move(`${key}.away`, key);
    const retried = await server.request(`/api/batches/${created.session.id}/files/${clip.id}/retry`, { method: 'POST', cookie: premium.cookie });
    expect(retried.status, await retried.clone().text()).toBe(200);
    const done = await settled(premium, created.session.id);
    expect(done.files[0]).toMatchObject({ status: 'completed', canRetry: false });
    expect(done.files[0]?.predictionId).not.toBe(firstPrediction);
    expect(done.status).toBe('completed');
    expect(await listed()).toContain(created.session.id);
    // A completed file is not retried.
    const again = await server.request(`/api/batches/${created.session.id}/files/${clip.id}/retry`, { method: 'POST', cookie: premium.cookie });
    expect(again.status).toBe(409);
    // The same asset, the same stored original: no second upload.
    const assets = await server.services.database.db.selectFrom('projects').select('id').where('batch_session_id', '=', created.session.id).execute();
    expect(assets.map((x) => x.id)).toEqual([clip.id]);
  }, WAIT.renderMs * 2);

  it('keeps a batch made at the storage quota with its file failed for storage, refuses Export Batch whole, and renders the file with Retry once there is room', async () => {
    const full = await user('Premium');
    const clip = await upload(full, fixtures.h264Mp4, 'no room.mp4');
    // Its thumbnail and preview copy count too: made before the storage is filled to the byte.
    await prepared(clip);
    const [reserved = ''] = await fillStorage(server, full.cookie);
    const reason = exportStorageQuotaMessage('Premium');

    const created = await createBatch(full, [clip.id]);
    expect(created.session.files).toMatchObject([{ assetId: clip.id, status: 'error', error: reason, canRetry: true, predictionId: null }]);
    expect((await getBatch(full, created.session.id)).status).toBe('failed');
    expect(await exportRows(full.id)).toEqual([]);
    expect(await renderJobs(full.id)).toBe(0);

    // Retry follows the same rule while nothing has changed; Export Batch is refused whole.
    const retriedFull = await server.request(`/api/batches/${created.session.id}/files/${clip.id}/retry`, { method: 'POST', cookie: full.cookie });
    expect(retriedFull.status, await retriedFull.clone().text()).toBe(200);
    expect(((await retriedFull.json()) as BatchSession).files).toMatchObject([{ status: 'error', error: reason, canRetry: true }]);
    const exportedFull = await server.request(`/api/batches/${created.session.id}/export`, { method: 'POST', cookie: full.cookie, json: {} });
    expect(exportedFull.status).toBe(413);
    expect(((await exportedFull.json()) as { message: string }).message).toBe(reason);
    expect(await renderJobs(full.id)).toBe(0);

    // Room is made (an unfinished upload cancelled): Retry renders the file from its stored original.
    expect((await new TusTestClient(server, full.cookie).cancel(reserved)).status).toBe(204);
    const retried = await server.request(`/api/batches/${created.session.id}/files/${clip.id}/retry`, { method: 'POST', cookie: full.cookie });
    expect(retried.status, await retried.clone().text()).toBe(200);
    const done = await settled(full, created.session.id);
    expect(done.files).toMatchObject([{ status: 'completed', error: null, canRetry: false }]);
    expect(done.status).toBe('completed');
  }, WAIT.renderMs * 2);

  it('deletes a collection with every file of it: originals, derived files and renders', async () => {
    const clip = await upload(premium, fixtures.h264Mp4, 'deleted.mp4');
    const created = await createBatch(premium, [clip.id]);
    await settled(premium, created.session.id);
    const db = server.services.database.db;
    const row = await db.selectFrom('projects').selectAll().where('id', '=', clip.id).executeTakeFirstOrThrow();
    const outputs = (await db.selectFrom('exports').select('output_key').where('asset_id', '=', clip.id).execute()).map((e) => e.output_key);
    const keys = [row.media_file_path, row.thumbnail_path, row.proxy_path, ...outputs].filter((k): k is string => !!k);
    expect(keys.length).toBeGreaterThanOrEqual(3);
    for (const key of keys) expect(await server.services.storage.size(key), key).not.toBeNull();

    const response = await server.request(`/api/batches/${created.session.id}`, { method: 'DELETE', cookie: premium.cookie });
    expect(response.status).toBe(204);
    expect(await db.selectFrom('batch_sessions').select('id').where('id', '=', created.session.id).execute()).toEqual([]);
    expect(await db.selectFrom('projects').select('id').where('id', '=', clip.id).execute()).toEqual([]);
    await waitFor('every file of the collection to be removed', async () => {
      for (const key of keys) if ((await server.services.storage.size(key)) !== null) return undefined;
      return true;
    }, WAIT.serverMs);
    const gone = await server.request(`/api/batches/${created.session.id}`, { cookie: premium.cookie });
    expect(gone.status).toBe(404);
  }, WAIT.renderMs);

  it('keeps a batch while it has files, and removes it with its last file deleted from My Assets', async () => {
    const first = await upload(premium, fixtures.h264Mp4, 'kept-first.mp4');
    const second = await upload(premium, fixtures.h264Mp4, 'kept-second.mp4');
    const created = await createBatch(premium, [first.id, second.id]);
    await settled(premium, created.session.id);

    expect((await server.request(`/api/assets/${first.id}`, { method: 'DELETE', cookie: premium.cookie })).status).toBe(204);
    const remaining = await getBatch(premium, created.session.id);
    expect(remaining.files.map((f) => f.assetId)).toEqual([second.id]);
    expect(remaining.status).toBe('completed');

    expect((await server.request(`/api/assets/${second.id}`, { method: 'DELETE', cookie: premium.cookie })).status).toBe(204);
    expect((await server.request(`/api/batches/${created.session.id}`, { cookie: premium.cookie })).status).toBe(404);
    for (const status of ['processing', 'completed', 'failed']) {
      const listed = (await (await server.request(`${API.listBatches.path}?status=${status}`, { cookie: premium.cookie })).json()) as { sessions: BatchSession[] };
      expect(listed.sessions.map((b) => b.id)).not.toContain(created.session.id);
    }
  }, WAIT.renderMs);

  it('saves a grade on the selected files of a batch, and pastes a grade onto several assets', async () => {
    const a = await upload(premium, fixtures.h264Mp4, 'graded-a.mp4');
    const b = await upload(premium, fixtures.h264Mp4, 'graded-b.mp4');
    const created = await createBatch(premium, [a.id, b.id]);
    const applied = await server.request(`/api/batches/${created.session.id}/grade`, { method: 'PUT', cookie: premium.cookie, json: { assetIds: [b.id], selectedLUT: 'film-noir', colorSettings: { contrast: 20 } } });
    expect(applied.status, await applied.clone().text()).toBe(200);
    const session = (await applied.json()) as BatchSession;
    expect(session.files.map((f) => [f.assetId, f.appliedLUT, f.colorSettings.contrast ?? null])).toEqual([
      [a.id, null, null],
      [b.id, 'film-noir', 20],
    ]);
    const invalid = await server.request(`/api/batches/${created.session.id}/grade`, { method: 'PUT', cookie: premium.cookie, json: { selectedLUT: null, colorSettings: { contrast: 500 } } });
    expect(invalid.status).toBe(400);

    // Copy/paste: one grade onto several assets; an id that is not the caller's changes nothing.
    const other = await user('Free');
    const theirs = await upload(other, fixtures.png, 'theirs.png');
    const refused = await server.request(API.applyGrade.path, { method: 'POST', cookie: premium.cookie, json: { assetIds: [a.id, theirs.id], selected_lut: 'vintage-film', color_settings: {} } });
    expect(refused.status).toBe(404);
    const untouched = await server.services.database.db.selectFrom('projects').select(['id', 'selected_lut']).where('id', 'in', [a.id, theirs.id]).execute();
    expect(untouched.every((x) => x.selected_lut === null)).toBe(true);
    const pasted = await server.request(API.applyGrade.path, { method: 'POST', cookie: premium.cookie, json: { assetIds: [a.id, b.id], selected_lut: 'vintage-film', color_settings: { saturation: -10 } } });
    expect(pasted.status, await pasted.clone().text()).toBe(200);
    const body = (await pasted.json()) as { assets: Asset[] };
    expect(body.assets.map((x) => [x.id, x.selected_lut, x.color_settings.saturation])).toEqual([
      [a.id, 'vintage-film', -10],
      [b.id, 'vintage-film', -10],
    ]);
    await settled(premium, created.session.id);
  }, WAIT.renderMs);
});

describe.each<DatabaseKind>(DATABASE_KINDS)('a batch file whose new render is refused, on the %s database', (kind) => {
  let server: TestServer;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cinegrade-batch-kept-test-'));
  const { user, upload, createBatch, getBatch, settled, prepared, zipEntries, exportRows, renderJobs, seededSession } = batchHelpers(() => server);

  beforeAll(async () => {
    server = await startTestServer(kind);
  }, 180_000);

  afterAll(async () => {
    await server?.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('keeps a completed render (its link, its download, its place in the ZIP) when Export Batch is refused for the file, with the reason; a file without one fails with it', async () => {
    const owner = await user('Premium');
    const imported = await server.request('/api/luts', { method: 'POST', cookie: owner.cookie, json: { name: 'Kept Look', cube: writeCube(cubeFromLut(identityLut(2), 'Kept Look')) } });
    expect(imported.status, await imported.clone().text()).toBe(201);
    const lut = (await imported.json()) as UserLut;
    const done = await upload(owner, fixtures.h264Mp4, 'done.mp4');
    const unrendered = await upload(owner, fixtures.h264Mp4, 'unrendered.mp4');
    // The second file's render fails (its original is away while it renders): it has no completed render.
    const key = unrendered.media_file_path ?? '';
    await prepared(unrendered);
    await server.services.storage.move(key, `${key}.away`);
    const created = await createBatch(owner, [done.id, unrendered.id], { selectedLUT: `custom:${lut.id}` });
    const first = await settled(owner, created.session.id);
    await server.services.storage.move(`${key}.away`, key);
    expect(first.files.map((f) => f.status)).toEqual(['completed', 'error']);
    const render = first.files[0]?.predictionId ?? '';
    const outputName = first.files[0]?.outputName ?? '';
    expect(outputName).not.toBe('');

    // The imported LUT is deleted: a new render with that grade is refused before it begins, for each file.
    expect((await server.request(`/api/luts/${lut.id}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(204);
    const reason = 'That imported LUT is not in your library. Choose another look, or import the .cube file again.';
    const exported = await server.request(`/api/batches/${created.session.id}/export`, { method: 'POST', cookie: owner.cookie, json: {} });
    expect(exported.status, await exported.clone().text()).toBe(200);
    for (const session of [(await exported.json()) as BatchSession, await getBatch(owner, created.session.id)]) {
      expect(session.files).toMatchObject([
        { assetId: done.id, status: 'completed', progress: 100, predictionId: render, outputName, error: null, rerenderRefused: reason, canRetry: false },
        { assetId: unrendered.id, status: 'error', predictionId: null, outputName: null, downloadUrl: null, error: reason, rerenderRefused: null, canRetry: true },
      ]);
      expect(session.files[0]?.downloadUrl).toBeTruthy();
      expect(session).toMatchObject({ status: 'completed', completed_count: 1, failed_count: 1 });
    }
    const links = await server.services.database.db.selectFrom('batch_files').select(['asset_id', 'export_id']).where('batch_session_id', '=', created.session.id).orderBy('position').execute();
    expect(links).toEqual([
      { asset_id: done.id, export_id: render },
      { asset_id: unrendered.id, export_id: null },
    ]);
    // The kept render is what the ZIP holds.
    expect(await zipEntries(owner, created.session.id, path.join(work, `${kind}.zip`))).toEqual([outputName]);
  }, WAIT.renderMs * 2);

  it('refuses Export Batch with 429 while the user has 100 batch files queued or rendering in another session, counting only those really rendering', async () => {
    const owner = await user('Premium');
    const clip = await upload(owner, fixtures.h264Mp4, 'limit.mp4');
    const created = await createBatch(owner, [clip.id]);
    const first = await settled(owner, created.session.id);
    expect(first.files).toMatchObject([{ status: 'completed' }]);
    const render = first.files[0]?.predictionId;
    // 99 queued and one rendering count; the finished ones (succeeded, failed, canceled) do not.
    const seeded = await seededSession(owner.id, [...Array<ExportStatus>(99).fill('queued'), 'processing', 'succeeded', 'succeeded', 'failed', 'canceled']);
    const exportsBefore = (await exportRows(owner.id)).length;
    const jobsBefore = await renderJobs(owner.id);

    const refused = await server.request(`/api/batches/${created.session.id}/export`, { method: 'POST', cookie: owner.cookie, json: {} });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(((await refused.json()) as { message: string }).message).toBe('You have 100 batch files still rendering. Wait for some to finish, then export again (at most 100 at once).');
    // Nothing was written: no export, no job, the file still completed with its render.
    expect((await exportRows(owner.id)).length).toBe(exportsBefore);
    expect(await renderJobs(owner.id)).toBe(jobsBefore);
    expect((await getBatch(owner, created.session.id)).files).toMatchObject([{ status: 'completed', predictionId: render, rerenderRefused: null }]);

    // One of them finishes: there is room for this file, which renders again.
    await server.services.database.db.updateTable('exports').set({ status: 'failed' }).where('id', '=', seeded[0] ?? '').execute();
    const exported = await server.request(`/api/batches/${created.session.id}/export`, { method: 'POST', cookie: owner.cookie, json: {} });
    expect(exported.status, await exported.clone().text()).toBe(200);
    const again = await settled(owner, created.session.id);
    expect(again.files).toMatchObject([{ status: 'completed' }]);
    expect(again.files[0]?.predictionId).not.toBe(render);
  }, WAIT.renderMs * 2);

  it('keeps a completed render (its link, its place in the ZIP) when the new render starts and fails, shows the failure with Retry, and lets a retried render replace it', async () => {
    const owner = await user('Premium');
    const clip = await upload(owner, fixtures.h264Mp4, 'failed again.mp4');
    const created = await createBatch(owner, [clip.id]);
    const first = await settled(owner, created.session.id);
    expect(first.files).toMatchObject([{ status: 'completed', keptDownloadUrl: null, keptOutputName: null }]);
    const render = first.files[0]?.predictionId ?? '';
    const outputName = first.files[0]?.outputName ?? '';
    const rendered = Buffer.from(await (await server.request(first.files[0]?.downloadUrl ?? '', { cookie: owner.cookie })).arrayBuffer());
    expect(rendered.length).toBeGreaterThan(0);

    // The stored original is away while the file renders again: ffmpeg has nothing to read.
    const key = clip.media_file_path ?? '';
    await server.services.storage.move(key, `${key}.away`);
    const exported = await server.request(`/api/batches/${created.session.id}/export`, { method: 'POST', cookie: owner.cookie, json: {} });
    expect(exported.status, await exported.clone().text()).toBe(200);
    const failing = (await exported.json()) as BatchSession;
    expect(failing.files[0]?.predictionId).not.toBe(render);
    // While the new render is queued or rendering the completed one is still offered.
    if (failing.files[0]?.status === 'processing') expect(failing.files[0]).toMatchObject({ downloadUrl: null, keptOutputName: outputName });
    const failed = await settled(owner, created.session.id);
    expect(failed.files).toMatchObject([{ status: 'error', canRetry: true, downloadUrl: null, outputName: null, keptOutputName: outputName, rerenderRefused: null }]);
    expect(failed.files[0]?.error).toBeTruthy();
    expect(failed.files[0]?.predictionId).toBe(failing.files[0]?.predictionId);
    expect(failed).toMatchObject({ status: 'completed', completed_count: 0, failed_count: 1 });
    // The kept link serves the first render, and the ZIP still holds it.
    const kept = await server.request(failed.files[0]?.keptDownloadUrl ?? '', { cookie: owner.cookie });
    expect(kept.status).toBe(200);
    expect(Buffer.from(await kept.arrayBuffer()).equals(rendered)).toBe(true);
    const zipFile = path.join(work, `${kind}-failed.zip`);
    expect(await zipEntries(owner, created.session.id, zipFile)).toEqual([outputName]);
    expect(execFileSync('unzip', ['-p', zipFile, outputName]).equals(rendered)).toBe(true);
    const link = await server.services.database.db.selectFrom('batch_files').select(['export_id', 'kept_export_id']).where('asset_id', '=', clip.id).executeTakeFirstOrThrow();
    expect(link).toEqual({ export_id: failed.files[0]?.predictionId, kept_export_id: render });

    // The original is back. Retry is refused while 100 batch files render elsewhere (nothing written)…
    await server.services.storage.move(`${key}.away`, key);
    const busy = await seededSession(owner.id, Array<ExportStatus>(100).fill('queued'));
    const exportsBefore = (await exportRows(owner.id)).length;
    const refused = await server.request(`/api/batches/${created.session.id}/files/${clip.id}/retry`, { method: 'POST', cookie: owner.cookie });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(((await refused.json()) as { message: string }).message).toBe('You have 100 batch files still rendering. Wait for some to finish, then retry this file (at most 100 at once).');
    expect((await exportRows(owner.id)).length).toBe(exportsBefore);
    expect((await getBatch(owner, created.session.id)).files).toMatchObject([{ status: 'error', canRetry: true, keptOutputName: outputName }]);
    await server.services.database.db.updateTable('exports').set({ status: 'canceled' }).where('id', 'in', busy).execute();
    // …then renders the file, and that render replaces the kept one.
    const retried = await server.request(`/api/batches/${created.session.id}/files/${clip.id}/retry`, { method: 'POST', cookie: owner.cookie });
    expect(retried.status, await retried.clone().text()).toBe(200);
    const done = await settled(owner, created.session.id);
    expect(done.files).toMatchObject([{ status: 'completed', canRetry: false, error: null, outputName, keptDownloadUrl: null, keptOutputName: null }]);
    const latest = done.files[0]?.predictionId ?? '';
    expect([render, failed.files[0]?.predictionId]).not.toContain(latest);
    expect(await zipEntries(owner, created.session.id, zipFile)).toEqual([outputName]);
    const zipped = execFileSync('unzip', ['-p', zipFile, outputName]);
    const stored = Buffer.from(await (await server.request(done.files[0]?.downloadUrl ?? '', { cookie: owner.cookie })).arrayBuffer());
    expect(zipped.equals(stored)).toBe(true);
    expect((await server.services.database.db.selectFrom('batch_files').select('export_id').where('asset_id', '=', clip.id).executeTakeFirstOrThrow()).export_id).toBe(latest);
  }, WAIT.renderMs * 3);
});
