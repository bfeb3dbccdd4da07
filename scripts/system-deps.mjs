// What Cinegrade needs from the machine besides npm packages, and how to get it on Debian. The
// server (`npm start`, `npm run worker`) needs ffmpeg and ffprobe new enough for the export graph,
// and heif-convert (libheif) for HEIC and AVIF uploads, without which it starts with those refused;
// the tests (`npm test`) need that plus Chromium for the browser tests and PostgreSQL 15's server
// binaries. What is missing is installed with apt-get when we are root on a machine that has it;
// otherwise we say in one paragraph what to install and stop.
//
//   node scripts/system-deps.mjs server    the preflight of `npm start` and `npm run worker`
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import { findOnPath, FFMPEG_INSTALL_ADVICE, locateBinary, MINIMUM_FFMPEG_MAJOR, parseFfmpegVersion } from './ffmpeg-binaries.mjs';

/**
 * @typedef {{ problem: string, installable: boolean }} Shortfall
 *   What is wrong, and whether installing the Debian package would fix it (not when a variable
 *   points at a binary of the person's own choosing, or an ffmpeg is there but too old).
 * @typedef {{ what: string, apt: string, advice: string, check: (env: NodeJS.ProcessEnv) => Shortfall | null, withoutIt?: string }} Requirement
 *   `withoutIt`: for a requirement the server can start without, what is off until it is installed.
 */

/** The version line of a binary, or why it does not run. */
function runVersion(binary) {
  const result = spawnSync(binary, ['-hide_banner', '-version'], { encoding: 'utf8', timeout: 30_000 });
  if (result.error) return { problem: `${binary} does not run (${result.error.message})` };
  if (result.status !== 0) return { problem: `${binary} -version failed (exit ${result.status}): ${(result.stderr || '').trim().split('\n').pop() ?? ''}` };
  return { parsed: parseFfmpegVersion(result.stdout) };
}

/** ffmpeg and ffprobe found (FFMPEG_PATH, FFPROBE_PATH, PATH), running, and new enough. */
function checkFfmpeg(env) {
  const located = [
    { ...locateBinary('ffmpeg', env), configured: Boolean(env.FFMPEG_PATH) },
    { ...locateBinary('ffprobe', env), configured: Boolean(env.FFPROBE_PATH) },
  ];
  const missing = located.filter((binary) => binary.path === null);
  if (missing.length === 2 && !missing.some((binary) => binary.configured)) {
    return { problem: 'neither is installed (FFMPEG_PATH and FFPROBE_PATH are not set, and neither is on PATH)', installable: true };
  }
  if (missing.length > 0) {
    // Debian's package helps only where the binary was looked for on PATH, not where a variable names one.
    return { problem: missing.map((binary) => binary.problem).join(', and '), installable: missing.every((binary) => !binary.configured) };
  }
  for (const { path: binary } of located) {
    const ran = runVersion(binary);
    if (ran.problem) return { problem: ran.problem, installable: false };
    const major = ran.parsed?.major;
    if (major !== undefined && major !== null && major < MINIMUM_FFMPEG_MAJOR) {
      return { problem: `${binary} is version ${ran.parsed?.version}, older than ${MINIMUM_FFMPEG_MAJOR}.0`, installable: false };
    }
  }
  return null;
}

/** @type {Requirement} */
export const FFMPEG_REQUIREMENT = {
  what: `ffmpeg and ffprobe ${MINIMUM_FFMPEG_MAJOR} or newer`,
  apt: 'ffmpeg',
  advice: FFMPEG_INSTALL_ADVICE,
  check: checkFfmpeg,
};

/**
 * heif-convert (Debian's libheif-examples), which decodes HEIC and AVIF uploads; HEIF_CONVERT_PATH
 * names another. The server starts without it and refuses those uploads, saying why.
 * @type {Requirement}
 */
export const HEIF_REQUIREMENT = {
  what: 'heif-convert (libheif, for HEIC and AVIF uploads)',
  apt: 'libheif-examples',
  advice: 'On Debian or Ubuntu install it with "sudo apt-get install -y libheif-examples", or set HEIF_CONVERT_PATH to a heif-convert.',
  check: (env) => {
    const configured = env.HEIF_CONVERT_PATH;
    if (configured) return fs.existsSync(configured) ? null : { problem: `HEIF_CONVERT_PATH is ${configured}, which does not exist`, installable: false };
    return findOnPath('heif-convert', env) ? null : { problem: 'there is no heif-convert on PATH', installable: true };
  },
  withoutIt: 'HEIC and AVIF uploads are refused',
};

/** What the server and its workers need: ffmpeg (the database is embedded or configured), and heif-convert if it can be had. */
export const SERVER_REQUIREMENTS = [FFMPEG_REQUIREMENT, HEIF_REQUIREMENT];

/** What only the tests need, besides the server's. */
export const TEST_REQUIREMENTS = [
  {
    what: 'Chromium (browser tests)',
    apt: 'chromium',
    advice: 'On Debian or Ubuntu install it with "sudo apt-get install -y chromium", or set CHROMIUM_PATH.',
    check: (env) => {
      const chromium = env.CHROMIUM_PATH ?? '/usr/bin/chromium';
      return fs.existsSync(chromium) ? null : { problem: `${chromium} does not exist`, installable: !env.CHROMIUM_PATH };
    },
  },
  {
    what: 'PostgreSQL 15 server binaries (integration tests)',
    apt: 'postgresql-15',
    advice: 'On Debian install them with "sudo apt-get install -y postgresql-15", or set PG_BIN to the folder that holds initdb and pg_ctl.',
    check: (env) => {
      const bin = env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
      return fs.existsSync(`${bin}/initdb`) && fs.existsSync(`${bin}/pg_ctl`) ? null : { problem: `there is no initdb and pg_ctl in ${bin}`, installable: !env.PG_BIN };
    },
  },
  {
    what: 'ExifTool (the stills tests write EXIF orientation into generated photos)',
    apt: 'libimage-exiftool-perl',
    advice: 'On Debian or Ubuntu install it with "sudo apt-get install -y libimage-exiftool-perl".',
    check: (env) => (findOnPath('exiftool', env) ? null : { problem: 'exiftool is not on PATH', installable: true }),
  },
  {
    what: "ImageMagick (the colour-profile tests hold the server's conversions to Little CMS through its convert)",
    apt: 'imagemagick',
    advice: 'On Debian or Ubuntu install it with "sudo apt-get install -y imagemagick".',
    check: (env) => (findOnPath('convert', env) ? null : { problem: 'convert is not on PATH', installable: true }),
  },
];

/**
 * What to do about the requirements that are not met: nothing, install these Debian packages,
 * or stop with one paragraph that says what is missing and how to get it.
 * @param {{ requirement: Requirement, shortfall: Shortfall }[]} unmet
 * @param {{ isRoot: boolean, hasApt: boolean }} machine
 * @param {{ who: string, command: string, note?: string }} wording  what cannot go on ("Cinegrade cannot start"), the command to run again, and what else went wrong
 * @returns {{ action: 'ready' } | { action: 'install', packages: string[], what: string } | { action: 'stop', message: string }}
 */
export function planSystemDeps(unmet, machine, { who, command, note }) {
  if (unmet.length === 0) return { action: 'ready' };
  const what = unmet.map(({ requirement }) => requirement.what).join(', ');
  if (machine.isRoot && machine.hasApt && unmet.every(({ shortfall }) => shortfall.installable)) {
    return { action: 'install', packages: unmet.map(({ requirement }) => requirement.apt), what };
  }
  const problems = unmet.map(({ requirement, shortfall }) => `it needs ${requirement.what}, but ${shortfall.problem}`).join('; ');
  const advice = unmet.map(({ requirement }) => requirement.advice).join(' ');
  return { action: 'stop', message: `${who}: ${problems}${note ? `; ${note}` : ''}. ${advice} Then run "${command}" again.` };
}

function unmetRequirements(requirements, env) {
  return requirements.map((requirement) => ({ requirement, shortfall: requirement.check(env) })).filter(({ shortfall }) => shortfall !== null);
}

export class SystemDepsError extends Error {}

/**
 * Makes sure the requirements are met, installing Debian packages when we may; throws
 * SystemDepsError with the paragraph to show when they are not and we may not, or when apt-get
 * fails (no network, a locked package database): then the paragraph says so and what to install.
 * `machine` is this process's (root, apt-get on PATH) unless given.
 * @param {Requirement[]} requirements
 * @param {{ who: string, command: string, env?: NodeJS.ProcessEnv, log?: (line: string) => void, machine?: { isRoot: boolean, hasApt: boolean } }} options
 */
export function ensureSystemDeps(requirements, { who, command, env = process.env, log = (line) => process.stdout.write(`${line}\n`), machine }) {
  const found = machine ?? { isRoot: process.getuid?.() === 0, hasApt: findOnPath('apt-get', env) !== null };
  const wording = { who, command };
  const allUnmet = unmetRequirements(requirements, env);
  const optional = allUnmet.filter(({ requirement }) => requirement.withoutIt);
  // What the server can start without is installed along with the rest when we may, else only said.
  const installsOptional = found.isRoot && found.hasApt && optional.every(({ shortfall }) => shortfall.installable);
  const unmet = installsOptional ? allUnmet : allUnmet.filter(({ requirement }) => !requirement.withoutIt);
  const warnOptional = () => {
    if (!installsOptional) for (const { requirement, shortfall } of optional) log(`Warning: ${requirement.withoutIt}: ${shortfall.problem}. ${requirement.advice}`);
  };
  const plan = planSystemDeps(unmet, found, wording);
  if (plan.action === 'ready') return warnOptional();
  if (plan.action === 'stop') throw new SystemDepsError(plan.message);
  log(`Installing from Debian's package archive what is missing: ${plan.what} (apt-get install ${plan.packages.join(' ')})`);
  const aptEnv = { ...env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update', '-q'], ['install', '-y', '-q', '--no-install-recommends', ...plan.packages]]) {
    try {
      execFileSync('apt-get', args, { stdio: 'inherit', env: aptEnv });
    } catch (error) {
      const status = /** @type {{ status?: number | null }} */ (error).status;
      const failed = `apt-get ${args[0]} failed (${typeof status === 'number' ? `exit ${status}` : error instanceof Error ? error.message : String(error)})`;
      const unable = planSystemDeps(unmet, { isRoot: false, hasApt: false }, { ...wording, note: failed });
      throw new SystemDepsError(unable.action === 'stop' ? unable.message : failed);
    }
  }
  const still = planSystemDeps(unmetRequirements(requirements, env), { isRoot: false, hasApt: false }, wording);
  if (still.action === 'stop') throw new SystemDepsError(`apt-get installed ${plan.packages.join(' ')}, but: ${still.message}`);
  warnOptional();
}

// `node scripts/system-deps.mjs server`: the preflight of `npm start` and `npm run worker`.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (process.argv[2] !== 'server') {
    process.stderr.write('Usage: node scripts/system-deps.mjs server\n');
    process.exit(2);
  }
  // npm names the script it runs: "start" or "worker".
  const event = process.env.npm_lifecycle_event;
  const command = event === 'start' ? 'npm start' : event ? `npm run ${event}` : 'npm start';
  try {
    ensureSystemDeps(SERVER_REQUIREMENTS, { who: 'Cinegrade cannot start', command });
  } catch (error) {
    process.stderr.write(`\n${error instanceof SystemDepsError ? error.message : String(error)}\n\n`);
    process.exit(1);
  }
}
