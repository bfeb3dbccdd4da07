import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { needsToneMapping, type MediaMetadata } from '@cinegrade/contract';
import type { MediaBinaries } from './binaries';
import { inputArgs, MAX_PIXELS, probeArgs, proxyArgs, thumbnailArgs, type InputSpec } from './ffmpeg-args';
import { classifyFfmpegFailure, serverFfmpegMessage } from './ffmpeg-failure';
import { FfmpegError, runTool } from './ffmpeg-runner';
import { readIccProfile } from './icc-read';
import { readOrientation, type ByteSource } from './orientation';
import { HeifTools } from './heif-tools';
import { PacketTimingReader, packetTimingArgs } from './packet-timing';
import { parseProbe, ProbeError } from './probe';
import { workingOriginalArgs } from './working-original';

/** Wall-clock limits: probing reads headers only; the thumbnail decodes one frame. */
const PROBE_TIMEOUT_MS = 30_000;
/** Reading every packet's time is one read of the file: a minute, plus 20 s per GB. */
const MEASURE_TIMEOUT_BASE_MS = 60_000;
const MEASURE_TIMEOUT_PER_GB_MS = 20_000;
/** A header's length within this share of the measured one is taken as true. */
const DECLARED_LENGTH_SLACK = 0.05;
const THUMBNAIL_TIMEOUT_MS = 60_000;
/**
 * Pixels a still's conversion to its working original (decode, 65-point lut3d, 16-bit PNG) gets
 * through per second: a 3072×4080 JPEG (12.5 million) took 4.3 s on two cores shared with other
 * work (2.9 million); a third of that allows for a busier machine. A minute, plus four times the
 * expected time, is its limit.
 */
const WORKING_ORIGINAL_PIXELS_PER_SECOND = 1_000_000;
const WORKING_ORIGINAL_TIMEOUT_FLOOR_MS = 60_000;
const WORKING_ORIGINAL_TIME_MARGIN = 4;

/** The `media.derive` job's expiry: the longest proxy run plus a margin for the thumbnail and storage. */
export const MEDIA_DERIVE_EXPIRY_SECONDS = 12 * 60 * 60;
const PROXY_TIMEOUT_CAP_MS = (MEDIA_DERIVE_EXPIRY_SECONDS - 30 * 60) * 1000;

/**
 * Source pixels (width × height × frames) the preview encode gets through per second on the
 * reference machine: 1080p at veryfast ran at 17 frames a second on two cores shared with a
 * load average of 14 (about 35 million), rounded down.
 */
export const PROXY_PIXELS_PER_SECOND = 30_000_000;
/** Allowance over that estimate for a busier machine, and the least any preview gets. */
const PROXY_TIME_MARGIN = 4;
const PROXY_TIMEOUT_FLOOR_MS = 5 * 60_000;
const ASSUMED_FRAME_RATE = 30;

/**
 * A PQ or HLG source's preview copy is tone-mapped in float (the export's input chain): 1080p HEVC
 * PQ took 26.6 s against 11.5 to 16.7 s for the plain scale it replaced, so it counts twice.
 */
const TONE_MAPPED_WORK = 2;

type WorkSize = Pick<MediaMetadata, 'width' | 'height' | 'durationSeconds' | 'frameRate'> & Partial<Pick<MediaMetadata, 'hdr' | 'colorTransfer'>>;

/** The source's pixels × frames (a minute at 30 fps when the file does not say), twice for HDR. */
function pixelFrames(metadata: WorkSize): number {
  const frames = (metadata.durationSeconds ?? 60) * (metadata.frameRate && metadata.frameRate > 0 ? metadata.frameRate : ASSUMED_FRAME_RATE);
  const toneMapped = needsToneMapping({ hdr: metadata.hdr ?? false, colorTransfer: metadata.colorTransfer ?? null });
  return metadata.width * metadata.height * frames * (toneMapped ? TONE_MAPPED_WORK : 1);
}

/**
 * The preview encode's wall-clock limit, from the work it is: source pixels × frames at the
 * measured throughput, four times over, plus a five-minute floor, and never past the job's
 * expiry (docs/engineering-rules.md, 'Jobs'). A run that exceeds it is not going to finish.
 */
export function proxyTimeoutMs(metadata: WorkSize): number {
  const expectedMs = (pixelFrames(metadata) / PROXY_PIXELS_PER_SECOND) * 1000;
  return Math.round(Math.min(PROXY_TIMEOUT_CAP_MS, PROXY_TIMEOUT_FLOOR_MS + PROXY_TIME_MARGIN * expectedMs));
}

/** A preparation expected to take at most this long at the measured throughput goes to the short lane. */
const SHORT_DERIVE_SECONDS = 60;
/** The short lane's expiry: past the longest proxy limit of short work (the floor plus four minutes). */
export const SHORT_DERIVE_EXPIRY_SECONDS = 30 * 60;

/**
 * Whether preparing this upload is short work: no preview copy (a thumbnail only), a still's (one
 * frame: a TIFF, or a photo turned upright), or one expected to take a minute or less
 * (docs/engineering-rules.md, 'Jobs').
 */
export function isShortDerive(metadata: WorkSize, needsProxy: boolean, mediaType: 'video' | 'image'): boolean {
  if (!needsProxy || mediaType === 'image') return true;
  return pixelFrames(metadata) <= SHORT_DERIVE_SECONDS * PROXY_PIXELS_PER_SECOND;
}

/** The ffmpeg adapter for media in: probe, thumbnail and proxy; `heif` decodes HEIC and AVIF to PNG first. */
export class MediaTools {
  constructor(
    readonly binaries: MediaBinaries,
    readonly heif: HeifTools = new HeifTools(null),
  ) {}

  async probe(input: InputSpec): Promise<MediaMetadata> {
    let stdout: string;
    try {
      ({ stdout } = await runTool(this.binaries.ffprobe, probeArgs(input), { timeoutMs: PROBE_TIMEOUT_MS }));
    } catch (error) {
      if (error instanceof FfmpegError && error.notStarted) throw error;
      if (error instanceof FfmpegError) throw new ProbeError(error.timedOut ? 'Reading the file took too long.' : 'The file is damaged or incomplete and cannot be read.');
      throw error;
    }
    const metadata = parseProbe(stdout);
    if (metadata.width * metadata.height > MAX_PIXELS) {
      throw new ProbeError(`The picture is ${metadata.width}×${metadata.height}, larger than the 16K × 16K this product handles.`);
    }
    const orientation = await fileOrientation(input);
    return orientation === 1 ? metadata : { ...metadata, orientation };
  }

  /**
   * A video's length and frame count from its packets (media/packet-timing.ts), replacing what
   * its header declared, so no limit or plan trusts a header that lies. A file whose packets
   * cannot be read in time is refused like an unreadable one.
   */
  async measureVideo(input: InputSpec, metadata: MediaMetadata): Promise<MediaMetadata> {
    const bytes = await fs.promises.stat(input.path).then((s) => s.size, () => 0);
    const reader = new PacketTimingReader();
    try {
      await runTool(this.binaries.ffprobe, packetTimingArgs(input), { timeoutMs: MEASURE_TIMEOUT_BASE_MS + (bytes / 1024 ** 3) * MEASURE_TIMEOUT_PER_GB_MS, onLine: (line) => reader.line(line) });
    } catch (error) {
      if (error instanceof FfmpegError && error.notStarted) throw error;
      if (error instanceof FfmpegError) throw new ProbeError(error.timedOut ? 'Reading the file took too long.' : 'The file is damaged or incomplete and cannot be read.');
      throw error;
    }
    const timing = reader.result(metadata.frameRate);
    if (!timing || timing.durationSeconds <= 0) return metadata;
    const declared = metadata.durationSeconds;
    const agrees = declared !== null && Math.abs(declared - timing.durationSeconds) <= timing.durationSeconds * DECLARED_LENGTH_SLACK;
    return {
      ...metadata,
      durationSeconds: agrees ? declared : timing.durationSeconds,
      frameCount: timing.frames,
      ...(agrees ? {} : { declaredDurationSeconds: declared }),
    };
  }

  async thumbnail(input: InputSpec, metadata: MediaMetadata, mediaType: 'video' | 'image', outputPath: string): Promise<void> {
    const message = 'No picture could be decoded: the file may be damaged.';
    await humane(runTool(this.binaries.ffmpeg, thumbnailArgs(input, metadata, mediaType, outputPath), { timeoutMs: THUMBNAIL_TIMEOUT_MS }), { work: 'make the thumbnail', input: message });
    await requireOutput(outputPath, message);
  }

  /**
   * How much fine detail the picture holds (docs/product-rules.md, 'Export', size hints): one
   * frame (a video's middle one, a still) scaled to DETAIL_WIDTH wide, its aspect kept, written as
   * a lossless 8-bit RGB PNG; the bits that PNG takes per pixel. Flat areas cost a lossless coder
   * almost nothing and texture a lot, as they do the export's intra-frame coders (PNG, ProRes,
   * JPEG), which the source file's own bytes cannot tell apart. Null when no frame decodes: the
   * estimate then does without it.
   */
  async detailBitsPerPixel(input: InputSpec, metadata: MediaMetadata, mediaType: 'video' | 'image'): Promise<number | null> {
    const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'cinegrade-detail-'));
    const outputPath = path.join(dir, 'detail.png');
    try {
      await runTool(this.binaries.ffmpeg, detailArgs(input, metadata, mediaType, outputPath), { timeoutMs: THUMBNAIL_TIMEOUT_MS });
      return pngBitsPerPixel(await fs.promises.readFile(outputPath));
    } catch (error) {
      if (error instanceof FfmpegError && error.notStarted) throw error;
      if (error instanceof FfmpegError || (error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    } finally {
      await fs.promises.rm(dir, { recursive: true, force: true });
    }
  }

  /**
   * A still's working original (working-original.ts): converted through `cube` (the text of an
   * embedded profile's conversion to sRGB, written beside the output), or from CMYK when it is
   * null, to the PNG `outputPath`.
   */
  /** The still's embedded ICC profile (icc-read.ts), or null. */
  iccProfile(input: InputSpec): Promise<Uint8Array | null> {
    return fileIccProfile(input);
  }

  async workingOriginal(input: InputSpec, metadata: MediaMetadata, cube: string | null, outputPath: string): Promise<void> {
    const cubePath = cube === null ? null : path.join(path.dirname(outputPath), 'to-srgb.cube');
    if (cubePath !== null && cube !== null) await fs.promises.writeFile(cubePath, cube);
    const message = 'The photo could not be converted to sRGB: the file may be damaged.';
    const timeoutMs = WORKING_ORIGINAL_TIMEOUT_FLOOR_MS + (WORKING_ORIGINAL_TIME_MARGIN * metadata.width * metadata.height * 1000) / WORKING_ORIGINAL_PIXELS_PER_SECOND;
    await humane(runTool(this.binaries.ffmpeg, workingOriginalArgs(input, metadata, cubePath, outputPath), { timeoutMs }), { work: 'convert the photo to sRGB', input: message });
    await requireOutput(outputPath, message);
  }

  /** `onSpawn` hears ffmpeg's process id (to record it, so a later run can stop it should this process die). */
  async proxy(input: InputSpec, metadata: MediaMetadata, mediaType: 'video' | 'image', outputPath: string, run: { signal?: AbortSignal; onSpawn?: (pid: number) => void } = {}): Promise<void> {
    const message = 'The preview copy could not be made: the file may be damaged or in a format this server cannot decode.';
    const { signal, onSpawn } = run;
    await humane(runTool(this.binaries.ffmpeg, proxyArgs(input, metadata, mediaType, outputPath), { timeoutMs: proxyTimeoutMs(metadata), signal, onSpawn }), {
      work: 'make the preview copy',
      input: message,
    });
    await requireOutput(outputPath, message);
  }
}

/** The width the detail measure scales every picture to, so that pictures of any size compare. */
export const DETAIL_WIDTH = 640;

/** One frame (a video's middle one), scaled to DETAIL_WIDTH wide (even height), as an 8-bit RGB PNG. */
export function detailArgs(input: InputSpec, metadata: MediaMetadata, mediaType: 'video' | 'image', outputPath: string): string[] {
  const seek = mediaType === 'video' && metadata.durationSeconds && metadata.durationSeconds > 0 ? metadata.durationSeconds / 2 : undefined;
  const vf = `scale=${DETAIL_WIDTH}:-2:flags=bicubic,format=rgb24`;
  return ['-hide_banner', '-nostdin', '-v', 'error', ...inputArgs(input, seek), '-frames:v', '1', '-vf', vf, '-c:v', 'png', '-f', 'image2', '-y', outputPath];
}

/** A PNG's bits per pixel: its bytes over the width and height of its header; null when it is no PNG. */
export function pngBitsPerPixel(png: Buffer): number | null {
  if (png.length < 24 || png.toString('latin1', 12, 16) !== 'IHDR') return null;
  const pixels = png.readUInt32BE(16) * png.readUInt32BE(20);
  return pixels > 0 ? (png.length * 8) / pixels : null;
}

/** A still's EXIF/TIFF orientation, read from the file's headers (media/orientation.ts). */
function fileOrientation(input: InputSpec): Promise<number> {
  return withByteSource(input.path, (source) => readOrientation(source, input.demuxer));
}

/** A still's embedded ICC profile, read from the file's headers (media/icc-read.ts); null when it has none. */
function fileIccProfile(input: InputSpec): Promise<Uint8Array | null> {
  return withByteSource(input.path, (source) => readIccProfile(source, input.demuxer));
}

async function withByteSource<T>(file: string, read: (source: ByteSource) => Promise<T>): Promise<T> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const { size } = await handle.stat();
    const source: ByteSource = {
      size,
      read: async (offset, length) => {
        const buffer = Buffer.alloc(Math.max(0, Math.min(length, size - offset)));
        if (buffer.length > 0) await handle.read(buffer, 0, buffer.length, offset);
        return buffer;
      },
    };
    return await read(source);
  } finally {
    await handle.close();
  }
}

/**
 * ffmpeg's last stderr line is for the log; a person reads what went wrong in their terms: the
 * server's ffmpeg when it is at fault (see ffmpeg-failure.ts), their file only when decoding it
 * failed, and neither when ffmpeg does not say.
 */
async function humane<T>(run: Promise<T>, messages: { work: string; input: string }): Promise<T> {
  try {
    return await run;
  } catch (error) {
    if (!(error instanceof FfmpegError) || error.timedOut || error.message === 'Processing was cancelled.') throw error;
    const cause = classifyFfmpegFailure(error);
    const message = cause.side === 'server' ? `${serverFfmpegMessage(messages.work, cause.detail)} Please contact support.` : cause.side === 'input' ? messages.input : `The server could not ${messages.work}.`;
    throw new FfmpegError(message, error.stderr, false, error.notStarted);
  }
}

/** ffmpeg can exit 0 having written nothing (no decodable frame); that is a failure too. */
async function requireOutput(file: string, message: string): Promise<void> {
  const size = await fs.promises.stat(file).then((s) => s.size, () => 0);
  if (size === 0) throw new FfmpegError(message, '');
}
