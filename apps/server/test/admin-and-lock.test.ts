import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirInUseError, lockDataDir } from '../src/db/data-dir-lock';
import { runAdmin as runAdminInProcess } from '../src/admin-main';
import { openDatabase } from '../src/db/database';
import { startTestServer } from './support/test-server';

const SERVER_DIR = path.resolve(import.meta.dirname, '..');
const TSX = path.resolve(SERVER_DIR, '../../node_modules/.bin/tsx');

function runAdmin(args: string[], env: Record<string, string>) {
  return spawnSync(TSX, ['src/admin-main.ts', ...args], { cwd: SERVER_DIR, env: { ...process.env, ...env, INIT_CWD: SERVER_DIR }, encoding: 'utf8' });
}

describe('lockDataDir', () => {
  it('refuses a second holder while the first is alive and frees the folder on release', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cinegrade-lock-'));
    const first = lockDataDir(dir);
    // Pretend the holder is another live process: our parent (the test runner) is alive.
    fs.writeFileSync(path.join(dir, 'cinegrade.lock'), JSON.stringify({ pid: process.ppid, host: os.hostname() }));
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
    fs.writeFileSync(path.join(dir, 'cinegrade.lock'), JSON.stringify({ pid: 2 ** 22 + 17, host: os.hostname() }));
    const second = lockDataDir(dir); // a dead holder's lock is stale
    second.release();
    first.release();
    expect(fs.existsSync(path.join(dir, 'cinegrade.lock'))).toBe(false);
  });
});

describe('npm run admin -- set-tier', () => {
  it('sets a tier while the app is stopped and refuses while the embedded database is open', async () => {
    const server = await startTestServer('embedded');
    const { email } = await server.signedInUser();
    const dataDir = server.config.dataDir;
    // A second user buys Premium on the built-in provider, for `show` to print a subscription.
    const buyer = await server.signedInUser();
    const checkout = (await (await server.request('/api/functions/create-checkout', { method: 'POST', cookie: buyer.cookie })).json()) as { url: string };
    const confirmed = await server.request(`/api${new URL(checkout.url).pathname}/confirm`, { method: 'POST', cookie: buyer.cookie });
    expect(confirmed.headers.get('location')).toBe('/?payment=success');

    const busy = runAdmin(['set-tier', email, 'Premium'], { DATA_DIR: dataDir });
    expect(busy.status).toBe(1);
    expect(busy.stderr).toContain(`The data folder ${dataDir} is in use by another Cinegrade process (pid ${process.pid})`);

    await server.services.close();
    const done = runAdmin(['set-tier', email, 'Premium'], { DATA_DIR: dataDir });
    expect(done.stdout.trim()).toBe(`${email} is now on the Premium tier.`);
    expect(done.status).toBe(0);

    const unknown = runAdmin(['set-tier', 'nobody@example.com', 'Premium'], { DATA_DIR: dataDir });
    expect(unknown.status).toBe(1);
    expect(unknown.stdout).toContain('No account has the email nobody@example.com.');
    const badTier = runAdmin(['set-tier', email, 'Gold'], { DATA_DIR: dataDir });
    expect(badTier.status).toBe(2);
    expect(badTier.stdout).toContain('"Gold" is not a tier. Use one of: Free, Premium, Enterprise.');

    const database = await openDatabase({ databaseUrl: null, dataDir });
    const row = await database.db
      .selectFrom('profiles')
      .innerJoin('users', 'users.id', 'profiles.id')
      .select('subscription_tier')
      .where('users.email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.subscription_tier).toBe('Premium');
    await database.close();

    // `show`, run in this process (no second tsx start): the grant, no subscription, the tier now.
    const lines: string[] = [];
    const bought: string[] = [];
    const saved = process.env.DATA_DIR;
    process.env.DATA_DIR = dataDir;
    try {
      expect(await runAdminInProcess(['show', email], (line) => lines.push(line))).toBe(0);
      expect(await runAdminInProcess(['show', buyer.email], (line) => bought.push(line))).toBe(0);
    } finally {
      if (saved === undefined) delete process.env.DATA_DIR;
      else process.env.DATA_DIR = saved;
    }
    expect(lines).toEqual([email, '  granted tier: Premium', '  subscription: none', '  tier now: Premium']);
    // The paid subscription, and the Premium it gives a Free grant while its period runs.
    expect(bought).toEqual([
      buyer.email,
      '  granted tier: Free',
      // The built-in checkout's month does not renew: it is recorded as cancelled at period end.
      expect.stringMatching(/^ {2}subscription: builtin builtin_sub_[0-9a-f-]{36}, status active, period ends \d{4}-\d{2}-\d{2}T[\d:.]+Z, cancelled at period end$/) as string,
      '  tier now: Premium',
    ]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
