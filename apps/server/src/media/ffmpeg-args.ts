import type { MediaMetadata } from '@cinegrade/contract';

/**
 * ffmpeg and ffprobe argument lists, built as data by pure functions (docs/engineering-rules.md, 'ffmpeg arguments') and tested
 * without the binary. Every input is opened with the demuxer the sniffer chose (`-f`), only the
 * `file` and `pipe` protocols, and a pixel limit, so a hostile file cannot make ffmpeg open other
 * files or URLs, or allocate an absurd frame.
 */

/** Largest frame we decode: 16K × 16K. Also enforced on the probe before any job starts. */
export const MAX_PIXELS = 16384 * 16384;

export interface InputSpec {
  path: string;
  demuxer: string;
}

export function inputArgs(input: InputSpec, seekSeconds?: number): string[] {
  const seek = seekSeconds !== undefined && seekSeconds > 0 ? ['-ss', seekSeconds.toFixed(3)] : [];
  return [...seek, '-protocol_whitelist', 'file,pipe', '-f', input.demuxer, '-max_pixels', String(MAX_PIXELS), '-i', input.path];
}

export function probeArgs(input: InputSpec): string[] {
  return ['-v', 'error', '-protocol_whitelist', 'file,pipe', '-f', input.demuxer, '-print_format', 'json', '-show_format', '-show_streams', input.path];
}

/** Display size after the rotation ffmpeg applies on decode. */
export function displaySize(metadata: Pick<MediaMetadata, 'width' | 'height' | 'rotation'>): { width: number; height: number } {
  const turned = Math.abs(metadata.rotation) % 180 === 90;
  return turned ? { width: metadata.height, height: metadata.width } : { width: metadata.width, height: metadata.height };
}

/** Scales so the longest side is at most `longest`, never up. */
export function fitLongestSide(width: number, height: number, longest: number): { width: number; height: number } {
  const scale = Math.min(1, longest / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** A video's thumbnail frame: at 1 s, or at 10% of the duration when that is earlier. */
export function thumbnailTime(durationSeconds: number | null): number {
  if (!durationSeconds || durationSeconds <= 0) return 0;
  return Math.min(1, durationSeconds * 0.1);
}

/**
 * A JPEG thumbnail, longest side 320 px. Quality 0.8 of the spec maps to mjpeg's `-q:v 5`
 * (the qscale ladder runs 2 = best to 31; 5 lands near libjpeg quality 80).
 */
export function thumbnailArgs(input: InputSpec, metadata: MediaMetadata, mediaType: 'video' | 'image', outputPath: string): string[] {
  const size = fitLongestSide(displaySize(metadata).width, displaySize(metadata).height, 320);
  const seek = mediaType === 'video' ? thumbnailTime(metadata.durationSeconds) : undefined;
  return [
    '-hide_banner',
    '-nostdin',
    '-v',
    'error',
    ...inputArgs(input, seek),
    '-frames:v',
    '1',
    '-vf',
    `scale=${size.width}:${size.height}:flags=bicubic,format=yuvj420p`,
    '-q:v',
    '5',
    '-f',
    'image2',
    '-c:v',
    'mjpeg',
    '-y',
    outputPath,
  ];
}

/** Chromium plays these without help: H.264, VP8, VP9 and AV1 at 8 bits 4:2:0 in MP4/MOV/WebM. */
const PLAYABLE_VIDEO_CODECS = new Set(['h264', 'vp8', 'vp9', 'av1']);
const PLAYABLE_PIXEL_FORMATS = new Set(['yuv420p', 'yuvj420p']);
const PLAYABLE_IMAGE_DEMUXERS = new Set(['jpeg_pipe', 'png_pipe', 'webp_pipe', 'gif', 'bmp_pipe']);

/**
 * Whether the editor needs a browser-playable proxy (issue: ProRes, HEVC, AVI, 10-bit, 4K above
 * 30 fps, and containers Chromium does not open). Export always reads the original.
 */
export function needsProxy(demuxer: string, mediaType: 'video' | 'image', metadata: MediaMetadata): boolean {
  if (mediaType === 'image') return !PLAYABLE_IMAGE_DEMUXERS.has(demuxer);
  if (demuxer !== 'mov' && demuxer !== 'matroska') return true;
  if (demuxer === 'matroska' && !['vp8', 'vp9', 'av1'].includes(metadata.videoCodec ?? '')) return true;
  if (!PLAYABLE_VIDEO_CODECS.has(metadata.videoCodec ?? '')) return true;
  if (!PLAYABLE_PIXEL_FORMATS.has(metadata.pixelFormat ?? '')) return true;
  const { height } = displaySize(metadata);
  if (height > 2160) return true;
  if (height >= 2160 && (metadata.frameRate ?? 0) > 30) return true;
  return false;
}

const TAG_NAMES = { colorPrimaries: '-color_primaries', colorTransfer: '-color_trc', colorSpace: '-colorspace' } as const;

/** The source's colour tags, or BT.709 for untagged material, so the proxy shows the same colours. */
function colourTagArgs(metadata: MediaMetadata): string[] {
  const args: string[] = [];
  for (const [field, flag] of Object.entries(TAG_NAMES) as [keyof typeof TAG_NAMES, string][]) {
    const value = metadata[field];
    args.push(flag, value && value !== 'unknown' && value !== 'reserved' ? value : 'bt709');
  }
  return args;
}

/**
 * The browser-playable proxy: H.264 High, yuv420p, at most 1080 lines, AAC audio, the source's
 * colour tags, `faststart` so it plays before it has fully downloaded. Progress goes to stdout.
 * Stills that Chromium cannot show (TIFF) become a PNG instead.
 */
export function proxyArgs(input: InputSpec, metadata: MediaMetadata, mediaType: 'video' | 'image', outputPath: string): string[] {
  if (mediaType === 'image') {
    return ['-hide_banner', '-nostdin', '-v', 'error', ...inputArgs(input), '-frames:v', '1', '-f', 'image2', '-c:v', 'png', '-y', outputPath];
  }
  const { height } = displaySize(metadata);
  const target = Math.min(1080, height);
  const evenTarget = target - (target % 2);
  return [
    '-hide_banner',
    '-nostdin',
    '-v',
    'error',
    ...inputArgs(input),
    '-map',
    '0:v:0',
    '-map',
    '0:a:0?',
    '-vf',
    `scale=-2:${evenTarget}:flags=bicubic,format=yuv420p`,
    '-c:v',
    'libx264',
    '-profile:v',
    'high',
    '-preset',
    'veryfast',
    '-crf',
    '18',
    ...colourTagArgs(metadata),
    '-c:a',
    'aac',
    '-b:a',
    '160k',
    '-movflags',
    '+faststart',
    '-progress',
    'pipe:1',
    '-nostats',
    '-f',
    'mp4',
    '-y',
    outputPath,
  ];
}
