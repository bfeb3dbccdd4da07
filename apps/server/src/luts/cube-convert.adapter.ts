import { Worker } from 'node:worker_threads';
import type { LutFormat } from '@cinegrade/color';
import type { ConvertedCube } from './cube-convert';

/** Imports read at once in this process; more wait their turn, so a burst cannot take every core. */
const MAX_PARALLEL = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function turn(): Promise<void> {
  if (running < MAX_PARALLEL) {
    running++;
    return;
  }
  await new Promise<void>((resolve) => waiting.push(resolve));
}

function done(): void {
  const next = waiting.shift();
  if (next) next();
  else running--;
}

/**
 * Reads a LUT file in a worker thread: a 12 MB file takes about half a second of parsing, which
 * on the server's own thread would stall every other request (docs/engineering-rules.md, 'Abuse
 * and limits'). The worker loads TypeScript the way the server does (tsx).
 */
export async function convertCubeOffThread(text: string, format: LutFormat = 'cube'): Promise<ConvertedCube> {
  await turn();
  const file = new URL('./cube-convert.worker.ts', import.meta.url).href;
  const worker = new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(file)}); })`, { eval: true });
  try {
    return await new Promise<ConvertedCube>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`The .cube reader stopped (exit code ${code})`)));
      worker.postMessage({ text, format });
    });
  } finally {
    done();
    await worker.terminate();
  }
}
