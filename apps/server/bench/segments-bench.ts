/**
 * Split-export benchmark: a generated 4K clip exported at 4K (MP4, the export's H.264 settings)
 * by real processes on a real PostgreSQL — a web server that runs no jobs and `npm run worker`
 * processes pinned to one core each (`taskset -c`):
 *
 *   single   one worker on core 0, EXPORT_SEGMENT_SECONDS=0: the export in one piece
 *   split×1  one worker on core 0, split into segments: what splitting and joining cost
 *   split×2  two workers on cores 0 and 1, split: the speed-up
 *
 * and prints the wall-clock time of each (from the request to the succeeded status), the
 * speed-up of two workers (target ≥ 1.8× against the single render) and the overhead of
 * splitting and joining (split×1 against single). Wall-clock times move with whatever else the
 * machine runs; the load average is printed beside them. BENCH_SEGMENTS_SECONDS (default 4) and
 * BENCH_SEGMENTS_RATE (default 6) set the clip; it is cut into segments of 1 s.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Asset } from '@cinegrade/contract';
import pg from 'pg';
import { resolveMediaBinaries } from '../src/media/binaries';
import { finishedExport, startExport } from '../test/support/exports';
import { startPostgres } from '../test/support/postgres-server';
import { signUpOverHttp, startServerProcess, type ServerProcess } from '../test/support/server-process';
import { TusTestClient } from '../test/support/tus-client';

const SECONDS = Number(process.env.BENCH_SEGMENTS_SECONDS ?? 4);
const RATE = Number(process.env.BENCH_SEGMENTS_RATE ?? 6);
const { ffmpeg } = resolveMediaBinaries();
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cinegrade-segments-bench-'));

function sourceClip(): string {
  const file = path.join(work, 'source-4k.mp4');
  execFileSync(ffmpeg, [
    '-v', 'error',
    '-f', 'lavfi', '-i', `testsrc2=size=3840x2160:rate=${RATE}:duration=${SECONDS},noise=c0s=4:c0f=t`,
    '-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${SECONDS}`,
    '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '20', '-g', String(RATE), '-pix_fmt', 'yuv420p',
    '-color_primaries', 'bt709', '-color_trc', 'bt709', '-colorspace', 'bt709', '-color_range', 'tv',
    '-c:a', 'aac', '-shortest', '-y', file,
  ]); // prettier-ignore
  return file;
}

async function main(): Promise<void> {
  if (os.cpus().length < 2) console.log('Note: this machine has one core; two pinned workers cannot run side by side.');
  const postgres = await startPostgres();
  const processes: ServerProcess[] = [];
  try {
    const env = { DATABASE_URL: postgres.url, DATA_DIR: path.join(work, 'data'), WEB_DIST_DIR: path.join(work, 'no-web') };
    const web = await startServerProcess('main', { ...env, RUN_WORKER: 'false' });
    processes.push(web);
    const cookie = await signUpOverHttp(web, `bench-${Date.now()}@example.com`);
    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    await client.query(`update profiles set subscription_tier = 'Premium'`);
    await client.end();

    // A worker to prepare the upload (its thumbnail), stopped before the timed runs.
    const preparer = await startServerProcess('worker', env);
    const response = await new TusTestClient(web, cookie).upload(sourceClip(), 'bench 4k.mp4');
    if (response.status !== 200) throw new Error(`upload answered ${response.status}: ${await response.text()}`);
    const { asset } = (await response.json()) as { asset: Asset };
    await preparer.stop();

    const run = async (label: string, segmentSeconds: number, cpus: number[]): Promise<number> => {
      const workers = await Promise.all(cpus.map((cpu) => startServerProcess('worker', { ...env, EXPORT_SEGMENT_SECONDS: String(segmentSeconds) }, { cpu })));
      processes.push(...workers);
      const load = os.loadavg()[0] ?? 0;
      const started = performance.now();
      const { predictionId } = await startExport(web, cookie, { assetId: asset.id, colorSettings: { contrast: 20, saturation: 10, temperature: 15 }, outputFormat: 'mp4', quality: '4k' });
      const done = await finishedExport(web, cookie, predictionId, 30 * 60_000);
      const seconds = (performance.now() - started) / 1000;
      if (done.status !== 'succeeded') throw new Error(`${label}: the export ${done.status}: ${done.error ?? ''}`);
      for (const worker of workers) await worker.stop();
      console.log(`${label.padEnd(8)} ${seconds.toFixed(1).padStart(7)} s   (load average at the start ${load.toFixed(1)})`);
      return seconds;
    };

    console.log(`Split export, ${SECONDS} s of 3840×2160 at ${RATE} fps (${SECONDS * RATE} frames) to 4K MP4, segments of 1 s:`);
    const single = await run('single', 0, [0]);
    const splitOne = await run('split×1', 1, [0]);
    const splitTwo = await run('split×2', 1, [0, 1]);
    console.log(`speed-up with two single-core workers: ${(single / splitTwo).toFixed(2)}× against the single render (target ≥ 1.8×), ${(splitOne / splitTwo).toFixed(2)}× against split on one`);
    console.log(`overhead of splitting and joining on one worker: ${(((splitOne - single) / single) * 100).toFixed(1)} %`);
    console.log('Wall-clock figures on a shared machine: other work on the two cores slows the pinned workers unevenly.');
  } finally {
    for (const child of processes.reverse()) await child.stop().catch(() => undefined);
    postgres.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

await main();
