import type { FfmpegInventory } from '@cinegrade/contract';
import { parseFfmpegVersion } from './binaries';
import { parseCodecList, parseFilterList } from './ffmpeg-capabilities';
import { runTool } from './ffmpeg-runner';

const LISTING_TIMEOUT_MS = 30_000;

/** Could not ask ffmpeg what it can do: it does not run, or answers nothing we can read. */
export class FfmpegProbeError extends Error {}

/**
 * Asks the ffmpeg at `binary` for its version, filters, encoders and decoders (four short runs, at
 * start only). The listings are parsed by ffmpeg-capabilities.ts.
 */
export async function probeFfmpeg(binary: string): Promise<Omit<FfmpegInventory, 'programs'>> {
  const list = async (option: string) => {
    try {
      return (await runTool(binary, ['-hide_banner', option], { timeoutMs: LISTING_TIMEOUT_MS })).stdout;
    } catch (error) {
      throw new FfmpegProbeError(`Could not ask ${binary} what it can do ("${binary} -hide_banner ${option}"): ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  const [versionText, filters, encoders, decoders] = await Promise.all([list('-version'), list('-filters'), list('-encoders'), list('-decoders')]);
  const version = parseFfmpegVersion(versionText);
  if (!version) throw new FfmpegProbeError(`${binary} does not look like ffmpeg: "-version" printed no "ffmpeg version" line.`);
  return { ...version, filters: parseFilterList(filters), encoders: parseCodecList(encoders), decoders: parseCodecList(decoders) };
}
