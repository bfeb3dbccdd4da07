// `npm test`: everything a fresh clone must pass. System packages first (see system-deps.mjs: the
// server's ffmpeg, and Chromium and PostgreSQL for the tests), then lint, types, and every
// workspace's tests: unit, integration on both databases, and the end-to-end tests in Chromium
// (which build the web app as `npm start` does).
import { spawnSync } from 'node:child_process';
import { ensureSystemDeps, SERVER_REQUIREMENTS, SystemDepsError, TEST_REQUIREMENTS } from './system-deps.mjs';

const started = Date.now();
const steps = [
  ['lint', ['run', 'lint']],
  ['typecheck', ['run', 'typecheck']],
  ['tests', ['run', 'test', '--workspaces']],
];

try {
  ensureSystemDeps([...SERVER_REQUIREMENTS, ...TEST_REQUIREMENTS], { who: 'The tests cannot run', command: 'npm test' });
} catch (error) {
  process.stderr.write(`\n${error instanceof SystemDepsError ? error.message : String(error)}\n`);
  process.exit(1);
}

for (const [name, args] of steps) {
  process.stdout.write(`\n=== ${name}: npm ${args.join(' ')}\n`);
  const result = spawnSync('npm', args, { stdio: 'inherit' });
  if (result.status !== 0) {
    process.stderr.write(`\n${name} failed (exit ${result.status}). Nothing after it ran.\n`);
    process.exit(result.status ?? 1);
  }
}
process.stdout.write(`\nAll checks passed in ${Math.round((Date.now() - started) / 1000)} s.\n`);
