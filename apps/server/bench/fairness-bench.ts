/**
 * Fairness under load: a real server process (embedded database, its own job worker) while one
 * user holds a hostile backlog of long preview encodes, 20 users list their assets and 5 upload
 * short clips, all at once. Prints the p95 of the others' requests and how long another user's
 * small upload takes to be ready. Every user comes from 127.0.0.1, so the per-address limits are
 * raised (RATE_LIMIT_MULTIPLIER); the per-user limits and the job lanes are the real ones.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { mediaFixtures } from '../../../scripts/media-fixtures.mjs';
import { resolveMediaBinaries } from '../src/media/binaries';

const LISTERS = 20;
const UPLOADERS = 5;
const BACKLOG = Number(process.env.BENCH_BACKLOG ?? 4);
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 30);
const ROOT = path.resolve(import.meta.dirname, '../../..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cinegrade-fairness-bench-'));
const fixtures = mediaFixtures(path.join(os.tmpdir(), 'cinegrade-media-fixtures'));

/** Ten minutes of a 640×360 pattern in Matroska: within Free's limits, yet minutes of preview encoding. */
function longClip(): string {
  const base = path.join(work, 'base.mp4');
  const file = path.join(work, 'long-600s.mkv');
  const run = (args: string[]) => execFileSync(resolveMediaBinaries().ffmpeg, ['-hide_banner', '-v', 'error', ...args]);
  run(['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25:duration=2', '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '35', '-pix_fmt', 'yuv420p', '-y', base]);
  run(['-stream_loop', '299', '-i', base, '-c', 'copy', '-y', file]);
  return file;
}

/**
 * 150 s of 1080p H.264 in Matroska whose Segment Duration says one second (the EBML Duration
 * element, ID 0x4489, an 8-byte float in the timecode scale's milliseconds, overwritten): the
 * header lies, the packets do not.
 */
function lyingClip(): string {
  const base = path.join(work, 'base-1080p.mkv');
  const file = path.join(work, 'lying-150s.mkv');
  const run = (args: string[]) => execFileSync(resolveMediaBinaries().ffmpeg, ['-hide_banner', '-v', 'error', ...args]);
  run(['-f', 'lavfi', '-i', 'testsrc2=size=1920x1080:rate=25:duration=2', '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '35', '-pix_fmt', 'yuv420p', '-y', base]);
  run(['-stream_loop', '74', '-i', base, '-c', 'copy', '-y', file]);
  const bytes = fs.readFileSync(file);
  const at = bytes.indexOf(Buffer.from([0x44, 0x89, 0x88]));
  if (at < 0) throw new Error('no Matroska Duration element to patch');
  bytes.writeDoubleBE(1000, at + 3);
  fs.writeFileSync(file, bytes);
  return file;
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

const ms = (value: number) => `${value.toFixed(0)} ms`;

async function main(): Promise<void> {
  const clip = longClip();
  const port = 40000 + Math.floor(Math.random() * 1000);
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url, DATA_DIR: path.join(work, 'data'), RATE_LIMIT_MULTIPLIER: '1000', INIT_CWD: ROOT },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout.on('data', (c: Buffer) => (log += c.toString()));
  server.stderr.on('data', (c: Buffer) => (log += c.toString()));
  const json = { 'content-type': 'application/json' };

  async function user(email: string): Promise<string> {
    const password = 'benchmark password';
    await fetch(`${url}/api/auth/sign-up`, { method: 'POST', headers: json, body: JSON.stringify({ fullName: 'Bench', email, password }) });
    const link = new RegExp(`Email to ${email.replace(/[.]/g, '\\.')}:[\\s\\S]*?Verification link: (\\S+)`).exec(log)?.[1];
    if (!link) throw new Error(`no verification link for ${email}`);
    await fetch(link, { redirect: 'manual' });
    const signIn = await fetch(`${url}/api/auth/sign-in`, { method: 'POST', headers: json, body: JSON.stringify({ email, password }) });
    return (signIn.headers.getSetCookie().find((c) => c.startsWith('cinegrade.session_token=')) ?? '').split(';')[0] ?? '';
  }

  /** A tus upload in one PATCH; answers the asset id, and records each request's time. */
  async function upload(cookie: string, file: string, name: string, times?: { create: number[]; patch: number[] }): Promise<string> {
    const bytes = fs.readFileSync(file);
    const tus = { 'Tus-Resumable': '1.0.0', cookie };
    let started = performance.now();
    const created = await fetch(`${url}/api/uploads`, { method: 'POST', headers: { ...tus, 'Upload-Length': String(bytes.length), 'Upload-Metadata': `filename ${Buffer.from(name).toString('base64')}` } });
    times?.create.push(performance.now() - started);
    if (created.status !== 201) throw new Error(`upload refused: ${created.status} ${await created.text()}`);
    started = performance.now();
    const done = await fetch(new URL(created.headers.get('location') ?? '', url), { method: 'PATCH', headers: { ...tus, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' }, body: bytes });
    times?.patch.push(performance.now() - started);
    if (done.status !== 200) throw new Error(`upload failed: ${done.status} ${await done.text()}`);
    return ((await done.json()) as { asset: { id: string } }).asset.id;
  }

  const status = async (cookie: string, id: string) => ((await (await fetch(`${url}/api/assets/${id}`, { headers: { cookie } })).json()) as { processing_status: string }).processing_status;

  const backlog: string[] = [];
  let hostile = '';
  try {
    for (let i = 0; ; i++) {
      if (i > 600) throw new Error(`server did not start:\n${log}`);
      try {
        if ((await fetch(`${url}/api/health`)).ok) break;
      } catch {
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    hostile = await user('hostile@example.com');
    const listers: string[] = [];
    for (let i = 0; i < LISTERS; i++) listers.push(await user(`lister-${i}@example.com`));
    const uploaders: string[] = [];
    for (let i = 0; i < UPLOADERS; i++) uploaders.push(await user(`uploader-${i}@example.com`));
    const newcomer = await user('newcomer@example.com');
    for (const lister of listers) await upload(lister, fixtures.png, 'still.png');

    for (let i = 0; i < BACKLOG; i++) backlog.push(await upload(hostile, clip, `long take ${i + 1}.mkv`));
    console.log(`fairness under load: ${BACKLOG} ten-minute preview encodes queued by one user; ${LISTERS} users listing and ${UPLOADERS} uploading for ${LOAD_SECONDS} s`);

    const stopAt = performance.now() + LOAD_SECONDS * 1000;
    const listTimes: number[] = [];
    const uploadTimes = { create: [] as number[], patch: [] as number[] };
    const failures: string[] = [];
    const listing = listers.map(async (cookie) => {
      while (performance.now() < stopAt) {
        const started = performance.now();
        const response = await fetch(`${url}/api/assets`, { headers: { cookie } });
        await response.arrayBuffer();
        listTimes.push(performance.now() - started);
        if (response.status !== 200) failures.push(`list ${response.status}`);
      }
    });
    const uploading = uploaders.map(async (cookie, i) => {
      for (let n = 0; performance.now() < stopAt; n++) {
        await upload(cookie, fixtures.h264Mp4, `clip ${i}-${n}.mp4`, uploadTimes).catch((error: unknown) => failures.push(String(error)));
      }
    });
    // Halfway through, someone new uploads a short clip and waits for it to be ready.
    const newcomerReady = (async () => {
      await new Promise((r) => setTimeout(r, (LOAD_SECONDS * 1000) / 2));
      const started = performance.now();
      const id = await upload(newcomer, fixtures.h264Mp4, 'first clip.mp4');
      for (;;) {
        const state = await status(newcomer, id);
        if (state !== 'processing') return { seconds: (performance.now() - started) / 1000, state };
        if (performance.now() - started > 600_000) return { seconds: Infinity, state };
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    await Promise.all([...listing, ...uploading]);
    const ready = await newcomerReady;
    const backlogStates = await Promise.all(backlog.map((id) => status(hostile, id)));

    console.log(`  listing (${listTimes.length} requests): p50 ${ms(percentile(listTimes, 50))}, p95 ${ms(percentile(listTimes, 95))}, max ${ms(Math.max(...listTimes))}`);
    console.log(`  upload creations (${uploadTimes.create.length}): p50 ${ms(percentile(uploadTimes.create, 50))}, p95 ${ms(percentile(uploadTimes.create, 95))}`);
    console.log(`  upload PATCHes of a whole 2 s clip (${uploadTimes.patch.length}, the answer waits for the file's checks): p50 ${ms(percentile(uploadTimes.patch, 50))}, p95 ${ms(percentile(uploadTimes.patch, 95))}`);
    console.log(`  another user's small upload: ${ready.state} ${ready.seconds.toFixed(1)} s after its upload started`);
    console.log(`  hostile backlog meanwhile: ${backlogStates.filter((s) => s === 'processing').length} of ${BACKLOG} still processing`);
    console.log(`  failed requests: ${failures.length}${failures.length > 0 ? ` (${[...new Set(failures)].slice(0, 5).join('; ')})` : ''}`);

    // A file that lies about its length: measured by its packets, so its preview encode runs in the
    // long lane and another user's short clip is not queued behind it.
    for (const id of backlog.splice(0)) await fetch(`${url}/api/assets/${id}`, { method: 'DELETE', headers: { cookie: hostile } });
    const liar = await user('liar@example.com');
    const lying = await upload(liar, lyingClip(), 'says one second.mkv');
    try {
      const measured = (await (await fetch(`${url}/api/assets/${lying}`, { headers: { cookie: liar } })).json()) as { metadata: { durationSeconds: number; declaredDurationSeconds?: number | null } };
      const second = await user('second@example.com');
      const secondStarted = performance.now();
      const secondId = await upload(second, fixtures.h264Mp4, 'short clip.mp4');
      let secondState = 'processing';
      while (secondState === 'processing' && performance.now() - secondStarted < 600_000) {
        await new Promise((r) => setTimeout(r, 100));
        secondState = await status(second, secondId);
      }
      const secondSeconds = (performance.now() - secondStarted) / 1000;
      console.log(`  lying duration: a 150 s 1080p MKV whose header says ${measured.metadata.declaredDurationSeconds ?? '?'} s was measured at ${measured.metadata.durationSeconds.toFixed(1)} s`);
      console.log(`  another user's 2 s clip while its preview encodes: ${secondState} ${secondSeconds.toFixed(1)} s after its upload started (target < 10 s)${secondSeconds < 10 ? '' : ' OVER'}`);
      console.log(`  the lying clip meanwhile: ${await status(liar, lying)}`);
    } finally {
      // Deleting it stops its preview encode before the server goes.
      await fetch(`${url}/api/assets/${lying}`, { method: 'DELETE', headers: { cookie: liar } }).catch(() => undefined);
    }
  } finally {
    // Deleting the backlog stops its ffmpeg before the server goes.
    for (const id of backlog) await fetch(`${url}/api/assets/${id}`, { method: 'DELETE', headers: { cookie: hostile } }).catch(() => undefined);
    server.kill('SIGKILL');
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  fs.rmSync(work, { recursive: true, force: true });
  process.exit(1);
});
