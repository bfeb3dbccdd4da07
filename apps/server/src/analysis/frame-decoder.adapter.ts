import fs from 'node:fs';
import path from 'node:path';
import type { MediaBinaries } from '../media/binaries';
import { classifyFfmpegFailure } from '../media/ffmpeg-failure';
import { FfmpegError, runTool } from '../media/ffmpeg-runner';
import { withWorkFolder } from '../platform/work-folder';
import { frameDecodeArgs } from './frame-args';
import { parsePam, type RgbaFrame } from './pam';

/** A 512 px frame decodes in tens of milliseconds; anything slower is refused. */
const DECODE_TIMEOUT_MS = 10_000;

/** ffmpeg ran and could not make a picture of these bytes (damaged, truncated, or over the pixel limit). */
export class UndecodableFrameError extends Error {
  constructor(readonly detail: string) {
    super('The picture could not be decoded.');
    this.name = 'UndecodableFrameError';
  }
}

/** The ffmpeg adapter of analysis: picture bytes in, small RGBA out, through a private temp folder. */
export class FrameDecoder {
  constructor(private readonly binaries: MediaBinaries) {}

  decode(bytes: Uint8Array, demuxer: string): Promise<RgbaFrame> {
    return withWorkFolder('cinegrade-analysis-', async (work) => {
      const input = path.join(work, 'frame');
      const output = path.join(work, 'frame.pam');
      await fs.promises.writeFile(input, bytes);
      try {
        await runTool(this.binaries.ffmpeg, frameDecodeArgs({ path: input, demuxer }, output), { timeoutMs: DECODE_TIMEOUT_MS });
      } catch (error) {
        // A timeout, a missing binary or an ffmpeg lacking a filter is the server's trouble (500); a refusal of the bytes is the picture's.
        const pictures = error instanceof FfmpegError && !error.timedOut && error.message.startsWith('ffmpeg failed') && classifyFfmpegFailure(error).side !== 'server';
        if (pictures) throw new UndecodableFrameError(error.stderr);
        throw error;
      }
      // ffmpeg exited cleanly yet wrote no file: the picture held no frame, answered as such below.
      const written = await fs.promises.readFile(output).catch(() => null);
      if (!written) throw new UndecodableFrameError('ffmpeg wrote no frame');
      try {
        return parsePam(new Uint8Array(written));
      } catch (error) {
        throw new UndecodableFrameError(error instanceof Error ? error.message : String(error));
      }
    });
  }
}
