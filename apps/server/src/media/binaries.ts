import fs from 'node:fs';
import { createRequire } from 'node:module';

/**
 * Which ffmpeg and ffprobe to run: FFMPEG_PATH / FFPROBE_PATH when set, else the system's
 * (Debian's ffmpeg 5.1 is the good one: fast lut3d on planar input), else the static builds
 * from npm, which let `npm start` work with no system package.
 */
export interface MediaBinaries {
  ffmpeg: string;
  ffprobe: string;
}

const require = createRequire(import.meta.url);

function npmBinary(packageName: string): string | null {
  try {
    const found = (require(packageName) as { path?: string }).path;
    return found && fs.existsSync(found) ? ensureExecutable(found) : null;
  } catch (error) {
    if (error instanceof BinaryNotExecutableError) throw error;
    return null;
  }
}

export class BinaryNotExecutableError extends Error {}

/**
 * The npm packages make their binary executable in an install script, which npm 11 may skip;
 * without it every probe would fail as if the uploads were damaged. So the mode is set here,
 * and a binary that cannot be made executable is reported as what it is.
 */
export function ensureExecutable(file: string): string {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return file;
  } catch {
    try {
      fs.chmodSync(file, fs.statSync(file).mode | 0o111);
      fs.accessSync(file, fs.constants.X_OK);
      return file;
    } catch {
      throw new BinaryNotExecutableError(`${file} is not executable and could not be made so: run "chmod +x ${file}", install ffmpeg (Debian: apt-get install -y ffmpeg), or set FFMPEG_PATH and FFPROBE_PATH.`);
    }
  }
}

function pick(name: 'ffmpeg' | 'ffprobe', override: string | undefined, npmPackage: string): string {
  if (override) {
    if (!fs.existsSync(override)) throw new Error(`${name.toUpperCase()}_PATH points to ${override}, which does not exist.`);
    return override;
  }
  for (const candidate of [`/usr/bin/${name}`, `/usr/local/bin/${name}`]) {
    if (fs.existsSync(candidate)) return candidate;
  }
  const fromNpm = npmBinary(npmPackage);
  if (fromNpm) return fromNpm;
  throw new Error(`No ${name} found: install ffmpeg (Debian: apt-get install -y ffmpeg) or set ${name.toUpperCase()}_PATH.`);
}

export function resolveMediaBinaries(env: NodeJS.ProcessEnv = process.env): MediaBinaries {
  return {
    ffmpeg: pick('ffmpeg', env.FFMPEG_PATH, '@ffmpeg-installer/ffmpeg'),
    ffprobe: pick('ffprobe', env.FFPROBE_PATH, '@ffprobe-installer/ffprobe'),
  };
}
