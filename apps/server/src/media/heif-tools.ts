import fs from 'node:fs';
import { findOnPath } from '../../../../scripts/ffmpeg-binaries.mjs';
import { FfmpegError, runTool } from './ffmpeg-runner';
import { heifConvertArgs } from './heif';

/** Why HEIC and AVIF uploads are off when no heif-convert is found; the health report and the refusal say it. */
export const HEIF_MISSING_REASON = 'Opening uploaded HEIC and AVIF photos is off: the server has no heif-convert (libheif; on Debian the package libheif-examples).';

/** heif-convert as HEIF_CONVERT_PATH names it, else the first on PATH, else null (HEIC and AVIF uploads are then refused). */
export function locateHeifConvert(env: NodeJS.ProcessEnv = process.env): string | null {
  const configured = env.HEIF_CONVERT_PATH;
  if (configured) return fs.existsSync(configured) ? configured : null;
  return findOnPath('heif-convert', env);
}

/**
 * Pixels heif-convert decodes per second on the reference machine: the 3681×5594 10-bit AVIF
 * (20.6 million) took 31 s on two cores shared with other work (about 665,000), rounded down.
 */
const HEIF_PIXELS_PER_SECOND = 600_000;
const HEIF_TIMEOUT_FLOOR_MS = 60_000;
const HEIF_TIME_MARGIN = 4;

/** heif-convert's wall-clock limit for a picture of this many pixels: a minute, plus four times the expected time. */
export function heifDecodeTimeoutMs(pixels: number): number {
  return Math.round(HEIF_TIMEOUT_FLOOR_MS + (HEIF_TIME_MARGIN * pixels * 1000) / HEIF_PIXELS_PER_SECOND);
}

/**
 * The libheif adapter: decodes a HEIF or AVIF still to PNG with heif-convert, run like ffmpeg
 * (an argument array, a time limit, the stderr tail kept). libheif applies the file's `irot` and
 * `imir` and ignores an Exif orientation tag, as the HEIF format says, so the PNG is upright and
 * carries no orientation; it is 16-bit when the source has more than 8 bits, and keeps an ICC
 * profile (`iCCP`) but not nclx tags (the caller carries those, see heif.ts).
 */
export class HeifTools {
  constructor(readonly heifConvert: string | null) {}

  get available(): boolean {
    return this.heifConvert !== null;
  }

  async decode(input: string, outputPng: string, pixels: number): Promise<void> {
    if (!this.heifConvert) throw new FfmpegError(HEIF_MISSING_REASON, '', false, true);
    try {
      await runTool(this.heifConvert, heifConvertArgs(input, outputPng), { timeoutMs: heifDecodeTimeoutMs(pixels) });
    } catch (error) {
      if (!(error instanceof FfmpegError) || error.notStarted) throw error;
      throw new FfmpegError(error.timedOut ? error.message : 'The photo could not be decoded: the file may be damaged or use a HEIF feature this server cannot read.', error.stderr, error.timedOut);
    }
    const size = await fs.promises.stat(outputPng).then((s) => s.size, () => 0);
    if (size === 0) throw new FfmpegError('The photo could not be decoded: heif-convert wrote no picture.', '');
  }
}
