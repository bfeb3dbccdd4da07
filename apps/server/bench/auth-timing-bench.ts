/**
 * Equal-time answers (docs/engineering-rules.md, 'Abuse and limits'): sign-up, sign-in and
 * verification resend, each timed for a known and an unknown email, in process on the embedded
 * database. Per route it prints the mean and median of each side, their differences, a Welch
 * t-test p-value (the chance of a mean difference this large if both sides took equally long;
 * above 0.05 means the two cannot be told apart at this sample size) and a Mann–Whitney z score.
 *
 * BENCH_SAMPLES sets the samples per side (default 200). Every answer takes at least the 250 ms
 * floor, so a route's 2 × 200 answers one after another would take over 100 s; BENCH_LANES
 * (default 4) runs that many known/unknown pairs at once, each pair's order alternating, so
 * the whole run takes about 80 s (3 routes × 400 answers × 250 ms / 4 lanes) on an idle machine.
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
const LANES = Math.max(1, Number(process.env.BENCH_LANES ?? 4));

function mean(values: number[]): number {
  return values.reduce((sum, v) => sum + v, 0) / values.length;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

function variance(values: number[]): number {
  const m = mean(values);
  return values.reduce((sum, v) => sum + (v - m) ** 2, 0) / (values.length - 1);
}

/** ln Γ(x), Lanczos approximation (g = 7, 9 terms). */
function logGamma(x: number): number {
  const c = [0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let sum = c[0] ?? 0;
  for (let i = 1; i < c.length; i++) sum += (c[i] ?? 0) / (z + i);
  const t = z + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}

/** The continued fraction of the regularized incomplete beta function (modified Lentz). */
function betaContinuedFraction(a: number, b: number, x: number): number {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  d = 1 / (Math.abs(d) < tiny ? tiny : d);
  let h = d;
  for (let m = 1; m <= 300; m++) {
    const m2 = 2 * m;
    for (const numerator of [(m * (b - m) * x) / ((a + m2 - 1) * (a + m2)), (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1))]) {
      d = 1 + numerator * d;
      d = 1 / (Math.abs(d) < tiny ? tiny : d);
      c = 1 + numerator / c;
      if (Math.abs(c) < tiny) c = tiny;
      h *= d * c;
    }
    if (Math.abs(d * c - 1) < 1e-12) break;
  }
  return h;
}

/** I_x(a, b), the regularized incomplete beta function. */
function incompleteBeta(a: number, b: number, x: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
  return x < (a + 1) / (a + b + 2) ? (front * betaContinuedFraction(a, b, x)) / a : 1 - (front * betaContinuedFraction(b, a, 1 - x)) / b;
}

/** Welch's t-test of two samples: t, its degrees of freedom, and the two-sided p-value. */
function welchTTest(a: number[], b: number[]): { t: number; df: number; p: number } {
  const va = variance(a) / a.length;
  const vb = variance(b) / b.length;
  if (va + vb === 0) return { t: 0, df: a.length + b.length - 2, p: 1 };
  const t = (mean(a) - mean(b)) / Math.sqrt(va + vb);
  const df = (va + vb) ** 2 / (va ** 2 / (a.length - 1) + vb ** 2 / (b.length - 1));
  return { t, df, p: incompleteBeta(df / 2, 0.5, df / (df + t * t)) };
}

/** Mann–Whitney U as a z score (normal approximation, ties ignored). */
function mannWhitneyZ(a: number[], b: number[]): number {
  const all = [...a.map((v) => ({ v, a: true })), ...b.map((v) => ({ v, a: false }))].sort((x, y) => x.v - y.v);
  let rankSumA = 0;
  all.forEach((entry, i) => {
    if (entry.a) rankSumA += i + 1;
  });
  const u = rankSumA - (a.length * (a.length + 1)) / 2;
  const expected = (a.length * b.length) / 2;
  const sd = Math.sqrt((a.length * b.length * (a.length + b.length + 1)) / 12);
  return (u - expected) / sd;
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
  console.log(`Equal-time answers, ${SAMPLES} samples per side, ${LANES} pairs at once (ms)`);
  const started = performance.now();
  for (const [name, run] of cases) {
    const knownTimes: number[] = [];
    const unknownTimes: number[] = [];
    let next = 0;
    const lane = async () => {
      for (let i = next++; i < SAMPLES; i = next++) {
        const unknown = `unknown-${name.length}-${i}@example.com`;
        // Alternate which side goes first so neither gains from what the other warmed.
        if (i % 2 === 0) {
          knownTimes.push(await run(known, i));
          unknownTimes.push(await run(unknown, i));
        } else {
          unknownTimes.push(await run(unknown, i));
          knownTimes.push(await run(known, i));
        }
      }
    };
    await Promise.all(Array.from({ length: LANES }, lane));
    const welch = welchTTest(knownTimes, unknownTimes);
    console.log(
      [
        name.padEnd(26),
        `mean known ${mean(knownTimes).toFixed(1)} unknown ${mean(unknownTimes).toFixed(1)} difference ${(mean(knownTimes) - mean(unknownTimes)).toFixed(1)}`,
        `median known ${median(knownTimes).toFixed(1)} unknown ${median(unknownTimes).toFixed(1)} difference ${(median(knownTimes) - median(unknownTimes)).toFixed(1)}`,
        `Welch t ${welch.t.toFixed(2)} (df ${welch.df.toFixed(0)}) p ${welch.p.toFixed(3)}`,
        `Mann–Whitney z ${mannWhitneyZ(knownTimes, unknownTimes).toFixed(2)}`,
      ].join('  '),
    );
  }
  console.log(`Took ${((performance.now() - started) / 1000).toFixed(0)} s`);
} finally {
  await services.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
