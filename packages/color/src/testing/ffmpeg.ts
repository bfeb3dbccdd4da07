/**
 * Finds and runs ffmpeg for the parity tests (Node-only; excluded from the pure build). The
 * binary is the one every part of the repository runs (scripts/ffmpeg-binaries.mjs):
 * FFMPEG_PATH, else the first ffmpeg on PATH.
 */
import { spawnSync } from 'node:child_process';
import { FFMPEG_INSTALL_ADVICE, locateBinary } from '../../../../scripts/ffmpeg-binaries.mjs';

/** The ffmpeg to test against; without one the test fails, saying how to get it. */
export function ffmpegForTests(): string {
  const found = locateBinary('ffmpeg');
  if (found.path === null) throw new Error(`The ffmpeg parity tests need ffmpeg, but ${found.problem}. ${FFMPEG_INSTALL_ADVICE}`);
  return found.path;
}

/** Runs ffmpeg with `args`, feeding `input` on stdin; returns stdout or throws with stderr. */
export function runFfmpeg(ffmpeg: string, args: readonly string[], input?: Uint8Array): Buffer {
  const result = spawnSync(ffmpeg, ['-hide_banner', '-loglevel', 'error', ...args], { input, maxBuffer: 1 << 28 });
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`ffmpeg ${args.join(' ')} failed (${result.status}): ${result.stderr.toString()}`);
  return result.stdout;
}
