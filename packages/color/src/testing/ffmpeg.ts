/**
 * Finds and runs ffmpeg for the parity tests (Node-only; excluded from the pure build).
 * Resolution order: FFMPEG_PATH, then Debian's /usr/bin/ffmpeg, then the binary that
 * @ffmpeg-installer/ffmpeg downloaded from the npm registry.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

export interface FfmpegLocation {
  readonly path: string;
  readonly source: 'FFMPEG_PATH' | '/usr/bin/ffmpeg' | '@ffmpeg-installer/ffmpeg';
}

export function findFfmpeg(): FfmpegLocation | null {
  const fromEnv = process.env.FFMPEG_PATH;
  if (fromEnv) return existsSync(fromEnv) ? { path: fromEnv, source: 'FFMPEG_PATH' } : null;
  if (existsSync('/usr/bin/ffmpeg')) return { path: '/usr/bin/ffmpeg', source: '/usr/bin/ffmpeg' };
  try {
    const installer = createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path?: string };
    if (installer.path && existsSync(installer.path)) return { path: installer.path, source: '@ffmpeg-installer/ffmpeg' };
  } catch {
    // Not installed for this platform: fall through to "not found".
  }
  return null;
}

/** Runs ffmpeg with `args`, feeding `input` on stdin; returns stdout or throws with stderr. */
export function runFfmpeg(ffmpeg: string, args: readonly string[], input?: Uint8Array): Buffer {
  const result = spawnSync(ffmpeg, ['-hide_banner', '-loglevel', 'error', ...args], { input, maxBuffer: 1 << 28 });
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`ffmpeg ${args.join(' ')} failed (${result.status}): ${result.stderr.toString()}`);
  return result.stdout;
}
