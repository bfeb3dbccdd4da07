// What the tests need from the machine besides npm packages, and how to get it on Debian:
// Chromium for the browser tests, ffmpeg for media, PostgreSQL 15 server binaries for the
// scale-mode tests. Installed with apt-get when missing and we are root; otherwise we say what
// to install and stop.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';

const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

export const REQUIREMENTS = [
  { what: 'Chromium (browser tests)', present: () => fs.existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'), apt: 'chromium' },
  { what: 'ffmpeg and ffprobe (media tests)', present: () => fs.existsSync('/usr/bin/ffmpeg') && fs.existsSync('/usr/bin/ffprobe'), apt: 'ffmpeg' },
  { what: `PostgreSQL 15 server (${PG_BIN})`, present: () => fs.existsSync(`${PG_BIN}/initdb`) && fs.existsSync(`${PG_BIN}/pg_ctl`), apt: 'postgresql-15' },
];

export function ensureSystemDeps(log = (line) => process.stdout.write(`${line}\n`)) {
  const missing = REQUIREMENTS.filter((r) => !r.present());
  if (missing.length === 0) return;
  const packages = missing.map((r) => r.apt);
  log(`Installing what the tests need from Debian: ${missing.map((r) => r.what).join(', ')}`);
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { encoding: 'utf8' }).status === 0;
  if (!isRoot || !hasApt) {
    throw new Error(
      `Missing: ${missing.map((r) => r.what).join(', ')}. Install them (Debian: sudo apt-get install -y ${packages.join(' ')}) and run the tests again.`,
    );
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-q'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-q', '--no-install-recommends', ...packages], { stdio: 'inherit', env });
  const still = REQUIREMENTS.filter((r) => !r.present());
  if (still.length > 0) throw new Error(`Still missing after apt-get install: ${still.map((r) => r.what).join(', ')}`);
}
