/**
 * Upload benchmark: a 2 GB file sent over loopback through the resumable upload
 * endpoint of a real server process. Prints the server's memory growth (target: at most 256 MB)
 * and the throughput next to a plain file copy on the same disk.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { mediaFixtures } from '../../../scripts/media-fixtures.mjs';
import { resolveMediaBinaries } from '../src/media/binaries';

const SIZE = Number(process.env.BENCH_UPLOAD_BYTES ?? 2 * 1024 ** 3);
const CHUNK = 8 * 1024 * 1024;
const ROOT = path.resolve(import.meta.dirname, '../../..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cinegrade-upload-bench-'));

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** A large, real media file: MPEG-TS packets can be concatenated, so one short clip repeats. */
function makeLargeFile(target: string): void {
  const clip = path.join(work, 'clip.ts');
  const source = mediaFixtures(path.join(os.tmpdir(), 'cinegrade-media-fixtures')).h264Mp4;
  execFileSync(resolveMediaBinaries().ffmpeg, ['-v', 'error', '-i', source, '-c', 'copy', '-f', 'mpegts', '-y', clip]);
  const piece = fs.readFileSync(clip);
  const fd = fs.openSync(target, 'w');
  let written = 0;
  while (written < SIZE) {
    const part = piece.subarray(0, Math.min(piece.length, SIZE - written));
    fs.writeSync(fd, part);
    written += part.length;
  }
  fs.closeSync(fd);
}

async function main(): Promise<void> {
  const big = path.join(work, 'big.ts');
  makeLargeFile(big);
  const copyStart = performance.now();
  fs.copyFileSync(big, path.join(work, 'copy.ts'));
  const copySeconds = (performance.now() - copyStart) / 1000;
  fs.rmSync(path.join(work, 'copy.ts'));

  const port = 39000 + Math.floor(Math.random() * 1000);
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  // Node itself (not the tsx launcher) so the pid whose memory we read is the server's.
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url, DATA_DIR: path.join(work, 'data'), RUN_WORKER: 'false', INIT_CWD: ROOT },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout.on('data', (c: Buffer) => (log += c.toString()));
  server.stderr.on('data', (c: Buffer) => (log += c.toString()));
  try {
    for (let i = 0; ; i++) {
      if (i > 300) throw new Error(`server did not start:\n${log}`);
      try {
        if ((await fetch(`${url}/api/health`)).ok) break;
      } catch {
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    const email = 'bench@example.com';
    const password = 'benchmark password';
    await fetch(`${url}/api/auth/sign-up`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ fullName: 'Bench', email, password }) });
    const link = /Verification link: (\S+)/.exec(log)?.[1];
    if (!link) throw new Error('no verification link');
    await fetch(link, { redirect: 'manual' });
    const signIn = await fetch(`${url}/api/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
    const cookie = (signIn.headers.getSetCookie().find((c) => c.startsWith('cinegrade.session_token=')) ?? '').split(';')[0] ?? '';

    const pid = server.pid ?? 0;
    const baseline = rssMb(pid);
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 100);
    const tus = { 'Tus-Resumable': '1.0.0', cookie };
    const created = await fetch(`${url}/api/uploads`, {
      method: 'POST',
      headers: { ...tus, 'Upload-Length': String(SIZE), 'Upload-Metadata': `filename ${Buffer.from('big.ts').toString('base64')}` },
    });
    // The bench user is on the Free plan: more than its 2 GB storage quota is refused (413).
    if (created.status !== 201) throw new Error(`upload not created: ${created.status} ${await created.text()}`);
    const location = new URL(created.headers.get('location') ?? '', url).toString();
    const started = performance.now();
    const fd = fs.openSync(big, 'r');
    const buffer = Buffer.alloc(CHUNK);
    let offset = 0;
    let last: Response | null = null;
    while (offset < SIZE) {
      const length = fs.readSync(fd, buffer, 0, CHUNK, offset);
      last = await fetch(location, { method: 'PATCH', headers: { ...tus, 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' }, body: buffer.subarray(0, length) });
      if (last.status !== 204 && last.status !== 200) throw new Error(`PATCH failed: ${last.status} ${await last.text()}`);
      offset += length;
    }
    fs.closeSync(fd);
    const uploadSeconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const mb = SIZE / 1024 ** 2;
    console.log(`upload of ${(SIZE / 1024 ** 3).toFixed(2)} GB over loopback (${CHUNK / 1024 ** 2} MB chunks), final status ${last?.status}`);
    console.log(`  resumable upload: ${uploadSeconds.toFixed(1)} s, ${(mb / uploadSeconds).toFixed(0)} MB/s`);
    console.log(`  plain file copy:  ${copySeconds.toFixed(1)} s, ${(mb / copySeconds).toFixed(0)} MB/s (same disk)`);
    console.log(`  upload / copy time: ${(uploadSeconds / copySeconds).toFixed(2)}x`);
    console.log(`  server memory: ${baseline.toFixed(0)} MB before, ${peak.toFixed(0)} MB peak, growth ${(peak - baseline).toFixed(0)} MB (target: at most 256 MB) ${peak - baseline <= 256 ? 'OK' : 'OVER TARGET'}`);
  } finally {
    server.kill('SIGKILL');
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  fs.rmSync(work, { recursive: true, force: true });
  process.exit(1);
});
