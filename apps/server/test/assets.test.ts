import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Asset } from '@cinegrade/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_MEDIA_MESSAGE } from '../src/assets/asset.service';
import { resolveMediaBinaries } from '../src/media/binaries';
import { fixtures } from './support/fixtures';
import { storageUnderTest, type StorageKind, type StorageUnderTest } from './support/stored-files';
import { startTestServer, type DatabaseKind, type TestServer } from './support/test-server';
import { TusTestClient } from './support/tus-client';
import { waitFor, WAIT, within } from './support/wait';

const FFPROBE = resolveMediaBinaries().ffprobe;

function probe(file: string): { codec: string; width: number; height: number } {
  const out = execFileSync(FFPROBE, ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=codec_name,width,height', '-of', 'json', file], { encoding: 'utf8' });
  const stream = (JSON.parse(out) as { streams: { codec_name: string; width: number; height: number }[] }).streams[0];
  if (!stream) throw new Error(`No video stream in ${file}`);
  return { codec: stream.codec_name, width: stream.width, height: stream.height };
}

/** The storage key a signed file link grants. */
function keyOf(url: string | null): string {
  const payload = (url ?? '').replace('/api/files/', '').split('.')[0] ?? '';
  return (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { k: string }).k;
}

/** Both databases on local files, and the at-scale pair: PostgreSQL with files in S3 (docs/operations.md). */
const SETUPS: { database: DatabaseKind; storage: StorageKind }[] = [
  { database: 'embedded', storage: 'local' },
  { database: 'postgres', storage: 'local' },
  { database: 'postgres', storage: 's3' },
];

describe.each(SETUPS)('assets on the $database database with $storage files', ({ database, storage }) => {
  let server: TestServer;
  let files: StorageUnderTest;
  let alice: { cookie: string; email: string };
  let bob: { cookie: string; email: string };
  beforeAll(async () => {
    files = await storageUnderTest(storage);
    server = await startTestServer(database, files.env);
    expect(server.services.storage.kind).toBe(storage);
    alice = await server.signedInUser();
    bob = await server.signedInUser();
  });
  afterAll(async () => {
    await server?.close();
    await files?.stop();
  });

  const tus = (cookie: string) => new TusTestClient(server, cookie);
  const getAsset = async (cookie: string, id: string) => (await (await server.request(`/api/assets/${id}`, { cookie })).json()) as Asset;
  const ready = (cookie: string, id: string) =>
    waitFor(
      `asset ${id} to be processed`,
      async () => {
        const asset = await getAsset(cookie, id);
        return asset.processing_status === 'processing' ? undefined : asset;
      },
      WAIT.mediaMs,
    );
  const download = async (cookie: string, url: string, target: string) => {
    const response = await server.request(url, { cookie });
    expect(response.status).toBe(200);
    fs.writeFileSync(target, Buffer.from(await response.arrayBuffer()));
    return target;
  };
  const uploadOk = async (file: string, name: string, cookie = alice.cookie) => {
    const response = await tus(cookie).upload(file, name);
    expect(response.status, await response.clone().text()).toBe(200);
    return ((await response.json()) as { asset: Asset }).asset;
  };

  it.each([
    ['h264.mp4', () => fixtures.h264Mp4, 'video', false],
    ['vp9.webm', () => fixtures.vp9Webm, 'video', false],
    ['prores.mov', () => fixtures.proresMov, 'video', true],
    ['still.png', () => fixtures.png, 'image', false],
    ['still.jpg', () => fixtures.jpeg, 'image', false],
  ] as const)('accepts %s, stores it under the owner, and makes a 320 px thumbnail', async (name, file, type, proxy) => {
    const asset = await uploadOk(file(), name);
    expect(asset).toMatchObject({ media_file_name: name, media_file_type: type, processing_status: 'processing', needs_proxy: proxy });
    expect(asset.media_file_path).toMatch(new RegExp(`^[0-9a-f-]{36}/\\d{13}-[0-9a-f]{12}\\.[a-z0-9]+$`));
    const done = await ready(alice.cookie, asset.id);
    expect(done.processing_status).toBe('ready');
    expect(done.thumbnail_url).toMatch(/^\/api\/files\//);
    const thumb = probe(await download(alice.cookie, done.thumbnail_url ?? '', path.join(server.config.dataDir, `t-${name}.jpg`)));
    expect(thumb.codec).toBe('mjpeg');
    expect(Math.max(thumb.width, thumb.height)).toBe(320);
    if (proxy) {
      expect(keyOf(done.media_url)).toMatch(/\.proxy\.mp4$/);
      const proxyInfo = probe(await download(alice.cookie, done.media_url ?? '', path.join(server.config.dataDir, `p-${name}.mp4`)));
      expect(proxyInfo).toEqual({ codec: 'h264', width: 640, height: 360 });
    } else {
      expect(keyOf(done.media_url)).toBe(done.media_file_path);
    }
    expect(done.metadata).toMatchObject({ width: type === 'video' ? 640 : 800, height: type === 'video' ? 360 : 600 });
    // The picture's detail measure, which the export menu's size estimates read: bits per pixel of a lossless 8-bit RGB PNG, so above 0 and below 24 for a real picture.
    expect(done.metadata?.detailBitsPerPixel).toBeGreaterThan(0.05);
    expect(done.metadata?.detailBitsPerPixel).toBeLessThan(24);
  });

  it('records the metadata of a video', async () => {
    const asset = await uploadOk(fixtures.proresMov, 'grade me.mov');
    expect(asset.metadata).toMatchObject({ videoCodec: 'prores', pixelFormat: 'yuv422p10le', bitDepth: 10, frameRate: 25, hdr: false, rotation: 0, audioCodec: 'pcm_s16le' });
    expect(asset.metadata?.durationSeconds).toBeCloseTo(2, 1);
    expect(asset.name).toBe('grade me');
  });

  it.each([
    ['an HTML file renamed .mp4', () => fixtures.htmlAsMp4, 'invoice.mp4', 415, NOT_MEDIA_MESSAGE],
    ['a zero-byte file', () => fixtures.empty, 'nothing.mp4', 415, 'The file is empty.'],
    ['a truncated MP4', () => fixtures.truncatedMp4, 'cut.mp4', 415, 'damaged or incomplete'],
    ['a path-traversal file name', () => fixtures.h264Mp4, '../../etc/passwd.mp4', 400, 'The file name is not valid'],
  ])('refuses %s and keeps nothing', async (_label, file, name, status, message) => {
    const user = await server.signedInUser();
    const response = await tus(user.cookie).upload(file(), name);
    expect(response.status).toBe(status);
    expect(((await response.json()) as { message: string }).message).toContain(message);
    const list = (await (await server.request('/api/assets', { cookie: user.cookie })).json()) as { assets: Asset[] };
    expect(list.assets).toEqual([]);
    const userId = (await server.services.database.db.selectFrom('users').select('id').where('email', '=', user.email).executeTakeFirstOrThrow()).id;
    expect(await files.find(server, userId)).toEqual([]);
  });

  it('fails the processing of a damaged file once, with a reason, and keeps working', async () => {
    const asset = await uploadOk(fixtures.damagedFramesMp4, 'damaged.mp4');
    const done = await ready(alice.cookie, asset.id);
    expect(done.processing_status).toBe('failed');
    expect(done.processing_error).toContain('No picture could be decoded');
    // The worker is still alive: the next upload is processed.
    const next = await uploadOk(fixtures.jpeg, 'after.jpg');
    expect((await ready(alice.cookie, next.id)).processing_status).toBe('ready');
  });

  it('resumes an interrupted upload from the offset the server kept', async () => {
    const bytes = fs.readFileSync(fixtures.h264Mp4);
    const client = tus(alice.cookie);
    const created = await client.create(bytes.length, 'resumed.mp4');
    const location = created.headers.get('location') ?? '';
    const half = Math.floor(bytes.length / 2);
    expect((await client.patch(location, 0, bytes.subarray(0, half))).status).toBe(204);
    // The connection drops; the client asks where to continue.
    expect(await client.offset(location)).toBe(half);
    const finished = await client.patch(location, half, bytes.subarray(half));
    expect(finished.status).toBe(200);
    const { asset } = (await finished.json()) as { asset: Asset };
    expect(asset.size_bytes).toBe(bytes.length);
    // Nothing of the upload is left where tus kept it: upload ids are `{user id}_{random}`.
    const userId = asset.media_file_path?.split('/')[0] ?? '';
    expect(await files.find(server, `${userId}_`)).toEqual([]);
    // In S3 mode the chunks went to the bucket, not to this machine's disk.
    if (storage === 's3') expect(fs.readdirSync(server.config.dataDir).filter((name) => name === 'uploads' || name === 'files')).toEqual([]);
  });

  it('answers 401 signed out on every asset and file route', async () => {
    const asset = await uploadOk(fixtures.jpeg, 'private.jpg');
    const checks: [string, string][] = [
      ['GET', '/api/assets'],
      ['GET', `/api/assets/${asset.id}`],
      ['PATCH', `/api/assets/${asset.id}`],
      ['DELETE', `/api/assets/${asset.id}`],
      ['GET', '/api/events'],
      ['POST', '/api/uploads'],
    ];
    // An upload in progress: its PATCH and HEAD need the session too.
    const started = await tus(alice.cookie).create(100, 'half.mp4');
    const uploadUrl = started.headers.get('location') ?? '';
    checks.push(['PATCH', uploadUrl], ['HEAD', uploadUrl], ['DELETE', uploadUrl]);
    for (const [method, url] of checks) {
      const tusHeaders = { 'Tus-Resumable': '1.0.0', 'Upload-Length': '10', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' };
      const response = await server.request(url, { method, json: method === 'PATCH' && url.startsWith('/api/assets') ? { name: 'x' } : undefined, headers: tusHeaders });
      expect(response.status, `${method} ${url}`).toBe(401);
    }
    // A signed link is not enough on its own: the file is its owner's.
    const file = await server.request(asset.original_url ?? '');
    expect(file.status).toBe(401);
    expect(await tus(alice.cookie).offset(uploadUrl)).toBe(0);
  });

  it("answers 404 for another user's asset, upload and file, and never lists them", async () => {
    const asset = await uploadOk(fixtures.jpeg, 'mine.jpg');
    for (const [method, body] of [['GET', undefined], ['PATCH', { name: 'stolen' }], ['DELETE', undefined]] as const) {
      const response = await server.request(`/api/assets/${asset.id}`, { method, cookie: bob.cookie, json: body });
      expect(response.status, method).toBe(404);
    }
    expect((await server.request(asset.original_url ?? '', { cookie: bob.cookie })).status).toBe(404);
    expect((await server.request(asset.thumbnail_url ?? asset.original_url ?? '', { cookie: bob.cookie })).status).toBe(404);
    const bobsList = (await (await server.request('/api/assets', { cookie: bob.cookie })).json()) as { assets: Asset[] };
    expect(bobsList.assets.some((a) => a.id === asset.id)).toBe(false);

    const created = await tus(alice.cookie).create(100, 'half.mp4');
    const location = created.headers.get('location') ?? '';
    const intruder = tus(bob.cookie);
    expect((await server.request(location, { method: 'HEAD', cookie: bob.cookie, headers: { 'Tus-Resumable': '1.0.0' } })).status).toBe(404);
    expect((await intruder.patch(location, 0, new Uint8Array(10))).status).toBe(404);
    expect((await getAsset(alice.cookie, asset.id)).name).toBe('mine');
  });

  it('lists newest first and filters batch and manual uploads', async () => {
    const user = await server.signedInUser();
    const first = await uploadOk(fixtures.jpeg, 'first.jpg', user.cookie);
    const second = await uploadOk(fixtures.png, 'second.png', user.cookie);
    await ready(user.cookie, first.id);
    await ready(user.cookie, second.id);
    const list = async (query = '') => ((await (await server.request(`/api/assets${query}`, { cookie: user.cookie })).json()) as { assets: Asset[] }).assets.map((a) => a.name);
    expect(await list()).toEqual(['second', 'first']);
    await server.request(`/api/assets/${first.id}`, { method: 'PATCH', cookie: user.cookie, json: { selected_lut: 'vintage-film' } });
    expect(await list()).toEqual(['first', 'second']);
    expect(await list('?batch_processed=false')).toEqual(['first', 'second']);
    expect(await list('?batch_processed=true')).toEqual([]);
    const bad = await server.request('/api/assets?batch_processed=maybe', { cookie: user.cookie });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ field: 'batch_processed' });
  });

  it('saves the grade and the name, refusing unknown fields', async () => {
    const asset = await uploadOk(fixtures.jpeg, 'graded.jpg');
    const saved = await server.request(`/api/assets/${asset.id}`, { method: 'PATCH', cookie: alice.cookie, json: { name: 'Beach', selected_lut: 'vintage-film', color_settings: { contrast: 20, lookStrength: 80 } } });
    expect(await saved.json()).toMatchObject({ name: 'Beach', selected_lut: 'vintage-film', color_settings: { contrast: 20, lookStrength: 80 } });
    const unknown = await server.request(`/api/assets/${asset.id}`, { method: 'PATCH', cookie: alice.cookie, json: { owner: 'me' } });
    expect(unknown.status).toBe(400);
    expect((await getAsset(alice.cookie, asset.id)).name).toBe('Beach');
  });

  it('serves byte ranges so video can seek', async () => {
    const asset = await uploadOk(fixtures.h264Mp4, 'seek.mp4');
    const size = fs.statSync(fixtures.h264Mp4).size;
    const partial = await server.request(asset.original_url ?? '', { cookie: alice.cookie, headers: { range: 'bytes=100-199' } });
    expect(partial.status).toBe(206);
    expect(partial.headers.get('content-range')).toBe(`bytes 100-199/${size}`);
    expect(Buffer.from(await partial.arrayBuffer())).toEqual(fs.readFileSync(fixtures.h264Mp4).subarray(100, 200));
    const tail = await server.request(asset.original_url ?? '', { cookie: alice.cookie, headers: { range: 'bytes=-10' } });
    expect((await tail.arrayBuffer()).byteLength).toBe(10);
    const beyond = await server.request(asset.original_url ?? '', { cookie: alice.cookie, headers: { range: `bytes=${size + 5}-` } });
    expect(beyond.status).toBe(416);
    const whole = await server.request(asset.original_url ?? '', { cookie: alice.cookie });
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(whole.headers.get('content-disposition')).toContain('seek.mp4');
  });

  it('deletes the row and every file; a storage failure is retried until nothing is left', async () => {
    const asset = await uploadOk(fixtures.proresMov, 'delete me.mov');
    const done = await ready(alice.cookie, asset.id);
    const rows = await server.services.database.db.selectFrom('projects').select(['media_file_path', 'thumbnail_path', 'proxy_path']).where('id', '=', asset.id).executeTakeFirstOrThrow();
    const keys = [rows.media_file_path, rows.thumbnail_path, rows.proxy_path] as string[];
    const [original = '', thumbnail = '', proxy = ''] = keys;
    for (const key of keys) expect(await files.exists(server, key), key).toBe(true);
    const restore = files.failDeletesOf(server, thumbnail);

    expect((await server.request(`/api/assets/${asset.id}`, { method: 'DELETE', cookie: alice.cookie })).status).toBe(204);
    expect((await server.request(`/api/assets/${done.id}`, { cookie: alice.cookie })).status).toBe(404);
    await waitFor('the other files to be deleted', async () => ((await files.exists(server, original)) || (await files.exists(server, proxy)) ? undefined : true));
    const pending = await waitFor('the failure to be recorded', async () => {
      const row = await server.services.database.db.selectFrom('pending_file_deletions').selectAll().where('key', '=', thumbnail).executeTakeFirst();
      return row && row.attempts > 0 ? row : undefined;
    });
    expect(pending.last_error).toBeTruthy();

    restore();
    // The retry (here sent at once rather than after its backoff) clears it.
    await server.services.jobs.send('storage.delete', { reason: 'test retry' });
    await waitFor('the retried deletion', async () => ((await server.services.fileDeletions.count()) === 0 && !(await files.exists(server, thumbnail)) ? true : undefined));
    expect(await files.find(server, original.slice(0, original.lastIndexOf('.')))).toEqual([]);
    for (const key of keys) expect(await files.exists(server, key), key).toBe(false);
  });

  // No limit on how soon: a busy machine's wall clock says nothing about the code.
  it('tells every open tab of the owner, and nobody else', async () => {
    const asset = await uploadOk(fixtures.jpeg, 'live.jpg');
    await ready(alice.cookie, asset.id);
    const open = async (cookie: string) => {
      const response = await server.request('/api/events', { cookie });
      expect(response.headers.get('content-type')).toContain('text/event-stream');
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      let text = '';
      const next = async (pattern: RegExp, timeoutMs: number) => {
        const deadline = Date.now() + timeoutMs;
        while (!pattern.test(text)) {
          const left = deadline - Date.now();
          if (left <= 0) return false;
          const chunk = await Promise.race([reader.read(), new Promise<null>((resolve) => setTimeout(() => resolve(null), left))]);
          if (!chunk || chunk.done) return pattern.test(text);
          text += new TextDecoder().decode(chunk.value);
        }
        return true;
      };
      expect(await next(/event: ready/, WAIT.serverMs), 'waiting for the event stream to be ready').toBe(true);
      return { next, close: () => reader.cancel() };
    };
    const tabOne = await open(alice.cookie);
    const tabTwo = await open(alice.cookie);
    const stranger = await open(bob.cookie);
    await server.request(`/api/assets/${asset.id}`, { method: 'PATCH', cookie: alice.cookie, json: { name: 'renamed live' } });
    expect(await tabOne.next(new RegExp(`event: assets-changed\\ndata: .*${asset.id}`), WAIT.serverMs), 'waiting for the first tab to be told').toBe(true);
    expect(await tabTwo.next(new RegExp(`event: assets-changed\\ndata: .*${asset.id}`), WAIT.serverMs), 'waiting for the second tab to be told').toBe(true);
    // Both tabs have it; a window in which the stranger's stream must stay silent.
    expect(await stranger.next(/assets-changed/, 1000)).toBe(false);
    await Promise.all([tabOne.close(), tabTwo.close(), stranger.close()]);
  });
});

describe('an upload whose chunks reach two web processes (PostgreSQL, files in S3)', () => {
  let files: StorageUnderTest;
  let first: TestServer;
  let second: TestServer;
  const secondDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cinegrade-second-'));
  beforeAll(async () => {
    files = await storageUnderTest('s3');
    first = await startTestServer('postgres', files.env);
    // Behind a load balancer the processes share the database and the bucket, not a disk.
    second = await first.sibling({ DATA_DIR: secondDataDir });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await files?.stop();
    fs.rmSync(secondDataDir, { recursive: true, force: true });
  });

  it('resumes on the other process from the offset the bucket holds', async () => {
    const user = await first.signedInUser();
    const bytes = fs.readFileSync(fixtures.h264Mp4);
    const half = Math.floor(bytes.length / 2);
    const onFirst = new TusTestClient(first, user.cookie);
    const onSecond = new TusTestClient(second, user.cookie);
    const location = (await onFirst.create(bytes.length, 'balanced.mp4')).headers.get('location') ?? '';
    expect((await onFirst.patch(location, 0, bytes.subarray(0, half))).status).toBe(204);
    expect(await onSecond.offset(location)).toBe(half);
    const finished = await onSecond.patch(location, half, bytes.subarray(half));
    expect(finished.status, await finished.clone().text()).toBe(200);
    const { asset } = (await finished.json()) as { asset: Asset };
    const original = await first.request(asset.original_url ?? '', { cookie: user.cookie });
    expect(Buffer.from(await original.arrayBuffer())).toEqual(bytes);
  });

  it('ends a stalled PATCH on one process when the client resumes on the other, and loses no byte', async () => {
    const user = await first.signedInUser();
    const bytes = fs.readFileSync(fixtures.h264Mp4);
    const onFirst = new TusTestClient(first, user.cookie);
    const onSecond = new TusTestClient(second, user.cookie);
    const location = (await onFirst.create(bytes.length, 'stalled.mp4')).headers.get('location') ?? '';
    // A connection that died without closing: part of the file arrives, then nothing more.
    const sent = bytes.subarray(0, Math.floor(bytes.length / 3));
    const stalledBody = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(sent);
        return new Promise<void>(() => undefined);
      },
    });
    const stalled = first.request(location, {
      method: 'PATCH',
      cookie: user.cookie,
      headers: { 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
      body: stalledBody,
      duplex: 'half',
    } as RequestInit & { cookie: string });
    await waitFor('the stalled PATCH to hold the upload', async () => ((await first.services.database.db.selectFrom('upload_locks').select('holder').executeTakeFirst()) ? true : undefined));

    // The client gives up on it and asks the other process where to resume: that process asks the
    // first to let go (without it, both would write the upload at once), then answers.
    const offset = await onSecond.offset(location);
    // The first request has ended, saying how much it stored: what the second one reports.
    const ended = await within('the stalled PATCH on the first process to stop writing the upload', stalled);
    expect(ended.status).toBe(204);
    expect(ended.headers.get('upload-offset')).toBe(String(offset));
    expect(offset).toBeGreaterThanOrEqual(0);
    expect(offset).toBeLessThanOrEqual(sent.length);
    const finished = await onSecond.patch(location, offset, bytes.subarray(offset));
    expect(finished.status, await finished.clone().text()).toBe(200);
    const { asset } = (await finished.json()) as { asset: Asset };
    const original = await second.request(asset.original_url ?? '', { cookie: user.cookie });
    expect(Buffer.from(await original.arrayBuffer())).toEqual(bytes);
  });
});
