/**
 * Batch benchmark: real processes on a real PostgreSQL — a web server that runs no jobs, and one
 * or two `npm run worker` processes. Ten short generated 1080p clips are graded and exported to
 * 1080p MP4 three ways:
 *
 *   single   ten single exports, one after another (one worker): their times summed
 *   batch/1  the ten as one batch, one worker process
 *   batch/2  the ten as one batch, two worker processes
 *
 * and the batch's ZIP is downloaded. Prints each total next to the sum of the single exports, and
 * the peak resident memory (VmHWM) of the web server (which streams the ZIP) and of the workers.
 * The machine is shared, so wall-clock figures move with other people's load.
 * BENCH_BATCH_FILES (default 10) and BENCH_BATCH_SECONDS (default 2) set the batch and clip length.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Asset, BatchSession, CreateBatchResponse, ProcessingResult } from '@cinegrade/contract';
import pg from 'pg';
import { resolveMediaBinaries } from '../src/media/binaries';
import { startPostgres } from '../test/support/postgres-server';
import { signUpOverHttp, startServerProcess, type ServerProcess } from '../test/support/server-process';
import { TusTestClient } from '../test/support/tus-client';
import { waitFor } from '../test/support/wait';

const FILES = Number(process.env.BENCH_BATCH_FILES ?? 10);
const SECONDS = Number(process.env.BENCH_BATCH_SECONDS ?? 2);
const LONG_WAIT_MS = 60 * 60 * 1000;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cinegrade-batch-bench-'));
const GRADE = { selectedLUT: 'blockbuster-teal-orange', colorSettings: { contrast: 15, saturation: 10 } };

function clip(): string {
  const file = path.join(work, 'clip-1080p.mp4');
  execFileSync(resolveMediaBinaries().ffmpeg, [
    '-hide_banner', '-v', 'error',
    '-f', 'lavfi', '-i', `testsrc2=size=1920x1080:rate=25:duration=${SECONDS}`,
    '-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${SECONDS}`,
    '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', '-y', file,
  ]);
  return file;
}

/** Peak resident memory of a process in MB (Linux /proc VmHWM), or NaN once it has exited. */
function peakMb(pid: number): number {
  try {
    const line = fs.readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmHWM:'));
    return Number(line?.replace(/\D+/g, '')) / 1024;
  } catch {
    return Number.NaN;
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function main(): Promise<void> {
  // Made before any server is asked anything: ffmpeg blocks this process for a while, long enough
  // for an idle keep-alive connection to be closed under the next request.
  const source = clip();
  const postgres = await startPostgres();
  const dataDir = path.join(work, 'data');
  const env = { DATABASE_URL: postgres.url, DATA_DIR: dataDir, WEB_DIST_DIR: path.join(work, 'no-web'), LOG_LEVEL: 'warn' };
  const processes: ServerProcess[] = [];
  try {
    const web = await startServerProcess('main', { ...env, LOG_LEVEL: 'info', RUN_WORKER: 'false' });
    processes.push(web);
    const workers = [await startServerProcess('worker', { ...env, LOG_LEVEL: 'info' })];
    processes.push(...workers);
    const email = `batch-bench-${Date.now()}@example.com`;
    const cookie = await signUpOverHttp(web, email);
    const db = new pg.Client({ connectionString: postgres.url });
    await db.connect();
    await db.query(`update profiles set subscription_tier = 'Premium' where id = (select id from users where email = $1)`, [email]);
    await db.end();
    console.log(`Batch benchmark: ${FILES} clips of ${SECONDS} s, 1920×1080 25 fps H.264, graded to 1080p MP4 (look + sliders). CPU cores: ${os.cpus().length}.`);

    const uploadTen = async (label: string): Promise<string[]> => {
      const ids: string[] = [];
      for (let i = 0; i < FILES; i++) {
        const response = await new TusTestClient(web, cookie).upload(source, `${label}-${i + 1}.mp4`, 8 * 1024 * 1024);
        if (response.status !== 200) throw new Error(`upload answered ${response.status}: ${await response.text()}`);
        ids.push(((await response.json()) as { asset: Asset }).asset.id);
      }
      // Thumbnails first, so they do not share the workers with the renders being timed.
      await waitFor(
        `the ${label} uploads to be prepared`,
        async () => {
          const { assets } = (await (await web.request('/api/assets', { cookie })).json()) as { assets: Asset[] };
          return ids.every((id) => assets.find((a) => a.id === id)?.processing_status === 'ready') ? true : undefined;
        },
        LONG_WAIT_MS,
        500,
      );
      return ids;
    };

    // 1. Single exports, one after another.
    const singles = await uploadTen('single');
    let sum = 0;
    for (const assetId of singles) {
      const started = performance.now();
      const response = await web.request('/api/functions/process-video', { method: 'POST', cookie, json: { assetId, ...GRADE, outputFormat: 'mp4', quality: '1080p' } });
      if (response.status !== 200) throw new Error(`process-video answered ${response.status}: ${await response.text()}`);
      const { predictionId } = (await response.json()) as ProcessingResult;
      await waitFor(
        'a single export',
        async () => {
          const status = (await (await web.request('/api/functions/check-processing-status', { method: 'POST', cookie, json: { predictionId } })).json()) as ProcessingResult;
          if (status.status === 'failed' || status.status === 'canceled') throw new Error(`single export ${status.status}: ${status.error}`);
          return status.status === 'succeeded' ? true : undefined;
        },
        LONG_WAIT_MS,
        200,
      );
      sum += performance.now() - started;
    }
    console.log(`  single exports, one after another   ${seconds(sum).padStart(8)} (sum of ${FILES}; ${seconds(sum / FILES)} each)`);

    const runBatch = async (label: string): Promise<{ ms: number; id: string }> => {
      const ids = await uploadTen(label);
      const started = performance.now();
      const response = await web.request('/api/batches', { method: 'POST', cookie, json: { assetIds: ids, ...GRADE, outputFormat: 'mp4', quality: '1080p' } });
      if (response.status !== 201) throw new Error(`create batch answered ${response.status}: ${await response.text()}`);
      const { session } = (await response.json()) as CreateBatchResponse;
      const done = await waitFor(
        `the ${label} batch`,
        async () => {
          const now = (await (await web.request(`/api/batches/${session.id}`, { cookie })).json()) as BatchSession;
          return now.files.every((f) => f.status !== 'processing') ? now : undefined;
        },
        LONG_WAIT_MS,
        200,
      );
      const ms = performance.now() - started;
      if (done.completed_count !== FILES) throw new Error(`${label}: ${done.completed_count} of ${FILES} completed`);
      return { ms, id: session.id };
    };

    const one = await runBatch('batch1');
    console.log(`  one batch, 1 worker process         ${seconds(one.ms).padStart(8)} (${(one.ms / sum).toFixed(2)}× the sum of single exports)`);
    const second = await startServerProcess('worker', { ...env, LOG_LEVEL: 'info' });
    processes.push(second);
    workers.push(second);
    const two = await runBatch('batch2');
    console.log(`  one batch, 2 worker processes       ${seconds(two.ms).padStart(8)} (${(two.ms / sum).toFixed(2)}× the sum; ${(one.ms / two.ms).toFixed(2)}× faster than 1 worker)`);

    const zipStarted = performance.now();
    const zip = await web.request(`/api/batches/${two.id}/download`, { cookie });
    if (zip.status !== 200 || !zip.body) throw new Error(`download answered ${zip.status}`);
    let bytes = 0;
    for await (const chunk of zip.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
    console.log(`  ZIP of the batch, streamed          ${seconds(performance.now() - zipStarted).padStart(8)} (${(bytes / 1e6).toFixed(1)} MB)`);

    console.log(`  peak memory (VmHWM): web server ${peakMb(web.pid).toFixed(0)} MB; workers ${workers.map((w) => `${peakMb(w.pid).toFixed(0)} MB`).join(', ')} (Node only; ffmpeg runs in its own processes)`);
  } catch (error) {
    console.error(`The web server's log ended with:\n${processes[0]?.log().slice(-3000) ?? ''}`);
    throw error;
  } finally {
    for (const child of processes.reverse()) await child.stop().catch(() => undefined);
    postgres.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
