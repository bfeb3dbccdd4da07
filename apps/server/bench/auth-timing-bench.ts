/**
 * Equal-time answers (docs/engineering-rules.md, 'Abuse and limits'): sign-up, sign-in and
 * verification resend, each timed for a known and an unknown email, interleaved, in process on
 * the embedded database. Prints the medians, their difference and a Mann–Whitney z score (|z|
 * under about 2 means the two cannot be told apart at this sample size). BENCH_SAMPLES sets the
 * samples per side (default 200).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { Email, Mailer } from '../src/mail/mailer';
import { createLogger } from '../src/platform/logger';
import { createServices } from '../src/services';

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** Mann–Whitney U as a z score (normal approximation, ties ignored). */
function mannWhitneyZ(a: number[], b: number[]): number {
  const all = [...a.map((v) => ({ v, a: true })), ...b.map((v) => ({ v, a: false }))].sort((x, y) => x.v - y.v);
  let rankSumA = 0;
  all.forEach((entry, i) => {
    if (entry.a) rankSumA += i + 1;
  });
  const u = rankSumA - (a.length * (a.length + 1)) / 2;
  const mean = (a.length * b.length) / 2;
  const sd = Math.sqrt((a.length * b.length * (a.length + b.length + 1)) / 12);
  return (u - mean) / sd;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cinegrade-auth-bench-'));
const sent: Email[] = [];
const mailer: Mailer = { kind: 'log', send: (email) => Promise.resolve(void sent.push(email)) };
const config = loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'http://localhost:3000', WEB_DIST_DIR: path.join(dataDir, 'no-web'), LOG_LEVEL: 'error', RATE_LIMIT_MULTIPLIER: '60000' });
const services = await createServices(config, createLogger('error'), { mailer, runWorker: false });
const app = createApp(services);
const post = async (route: string, body: unknown): Promise<number> => {
  const started = performance.now();
  const response = await app.request(`http://localhost:3000${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  await response.arrayBuffer();
  return performance.now() - started;
};

try {
  const known = 'known@example.com';
  const password = 'benchmark password';
  await post('/api/auth/sign-up', { fullName: 'Known', email: known, password });
  const cases: [string, (email: string, i: number) => Promise<number>][] = [
    ['sign-up', (email) => post('/api/auth/sign-up', { fullName: 'Bench', email, password })],
    ['sign-in (wrong password)', (email) => post('/api/auth/sign-in', { email, password: 'not the password' })],
    ['verification resend', (email) => post('/api/auth/resend-verification', { email })],
  ];
  console.log(`Equal-time answers, ${SAMPLES} samples per side (ms)`);
  for (const [name, run] of cases) {
    const knownTimes: number[] = [];
    const unknownTimes: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      knownTimes.push(await run(known, i));
      unknownTimes.push(await run(`unknown-${name.length}-${i}@example.com`, i));
    }
    const difference = median(knownTimes) - median(unknownTimes);
    console.log(
      `${name.padEnd(26)} known ${median(knownTimes).toFixed(1)}  unknown ${median(unknownTimes).toFixed(1)}  difference ${difference.toFixed(1)}  z ${mannWhitneyZ(knownTimes, unknownTimes).toFixed(2)}`,
    );
  }
} finally {
  await services.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
