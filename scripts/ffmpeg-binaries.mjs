// Which ffmpeg and ffprobe Cinegrade runs, for every part of the repository: the server and its
// workers, the start-up preflight, benchmarks, the colour engine's parity tests, the end-to-end
// tests and the media fixtures. FFMPEG_PATH and FFPROBE_PATH when set, otherwise the first one on
// PATH. Nothing is fetched from npm: the static builds there are too old for the export graph.
import fs from 'node:fs';
import path from 'node:path';

/**
 * The oldest ffmpeg the export graph runs on: 5.0 added the multiply filter (clarity, vignette)
 * and the float conversions of swscale that the graph's `format=gbrpf32le` needs. The contract's
 * export requirement (packages/contract/src/media-features.ts) says the same; a server test keeps
 * the two equal, since this plain Node script cannot import the TypeScript contract.
 */
export const MINIMUM_FFMPEG_MAJOR = 5;

/** How to get a suitable ffmpeg, in one sentence each for Debian, other systems, and a build of one's own. */
export const FFMPEG_INSTALL_ADVICE =
  'On Debian or Ubuntu install it with "sudo apt-get install -y ffmpeg". On other systems install ffmpeg ' +
  `${MINIMUM_FFMPEG_MAJOR} or newer built with zimg (the zscale filter), libx264, libvpx (VP9) and libopus. ` +
  'Or set FFMPEG_PATH and FFPROBE_PATH to such an ffmpeg and ffprobe.';

const VARIABLES = { ffmpeg: 'FFMPEG_PATH', ffprobe: 'FFPROBE_PATH' };

function isExecutableFile(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * The first executable `name` in the folders of PATH, as a shell would find it.
 * @param {string} name
 * @param {NodeJS.ProcessEnv} [env]
 */
export function findOnPath(name, env = process.env) {
  for (const folder of (env.PATH ?? '').split(path.delimiter)) {
    if (folder === '') continue;
    const candidate = path.join(folder, name);
    if (isExecutableFile(candidate)) return candidate;
  }
  return null;
}

/**
 * Where one binary is, or why it was not found.
 * @param {'ffmpeg' | 'ffprobe'} name
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {{ path: string, problem: null } | { path: null, problem: string }}
 */
export function locateBinary(name, env = process.env) {
  const variable = VARIABLES[name];
  const configured = env[variable];
  if (configured) {
    if (isExecutableFile(configured)) return { path: configured, problem: null };
    return { path: null, problem: `${variable} is ${configured}, which ${fs.existsSync(configured) ? 'is not an executable file' : 'does not exist'}` };
  }
  const found = findOnPath(name, env);
  return found ? { path: found, problem: null } : { path: null, problem: `no ${name} was found (${variable} is not set and there is none on PATH)` };
}

export class MediaBinariesMissingError extends Error {
  constructor(message) {
    super(message);
    this.name = 'MediaBinariesMissingError';
  }
}

/**
 * Both binaries, or an error that says what is missing and how to install it.
 * @param {NodeJS.ProcessEnv} [env]
 */
export function resolveMediaBinaries(env = process.env) {
  const ffmpeg = locateBinary('ffmpeg', env);
  const ffprobe = locateBinary('ffprobe', env);
  if (ffmpeg.path === null || ffprobe.path === null) {
    const problems = [ffmpeg.problem, ffprobe.problem].filter((problem) => problem !== null);
    throw new MediaBinariesMissingError(`Cinegrade needs ffmpeg and ffprobe, but ${problems.join(', and ')}. ${FFMPEG_INSTALL_ADVICE}`);
  }
  return { ffmpeg: ffmpeg.path, ffprobe: ffprobe.path };
}

/**
 * The version `ffmpeg -version` prints on its first line ("ffmpeg version 5.1.6-0+deb12u1 …",
 * "ffmpeg version n6.1.1 …"), and its major number when it has one: a build from git
 * ("N-113321-g…") has none.
 * @param {string} output
 * @returns {{ version: string, major: number | null } | null}
 */
export function parseFfmpegVersion(output) {
  const version = /^ff(?:mpeg|probe) version (\S+)/m.exec(output)?.[1];
  if (!version) return null;
  const major = /^n?(\d+)\./.exec(version)?.[1];
  return { version, major: major === undefined ? null : Number(major) };
}
