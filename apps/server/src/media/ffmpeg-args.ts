import { displayedSize, needsToneMapping, orientationOf, type FrameSize, type MediaMetadata } from '@cinegrade/contract';
import { BT709_FRAME_TAGS, BT709_TAGS, DEINTERLACE, hasUntaggedMatrix, inputChain, isInterlaced, isStandardDefinition, TO_BT709_YCBCR, zscaleSize } from './colour-chain';
import { orientationFilters } from './orientation';

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

/** Demuxers of still pictures (the sniffer's). */
const STILL_DEMUXERS = new Set(['jpeg_pipe', 'png_pipe', 'webp_pipe', 'gif', 'bmp_pipe', 'tiff_pipe']);

/** A position in the source as ffmpeg is given it: to the millisecond. */
export const seekPosition = (seconds: number): string => seconds.toFixed(3);

/**
 * The input, from `seekSeconds` (exactly: frames before it are decoded and dropped) and up to
 * `endSeconds` (frames from it on are not read) when given. A still is opened with
 * `-noautorotate`: ffmpeg turns a JPEG by its EXIF orientation on decode but not a TIFF, PNG or
 * WebP, so the orientation is applied once, by orientationFilters, for every format alike. A
 * video keeps autorotate (its rotation is applied on decode).
 */
export function inputArgs(input: InputSpec, seekSeconds?: number, endSeconds?: number): string[] {
  const seek = seekSeconds !== undefined && seekSeconds > 0 ? ['-ss', seekPosition(seekSeconds)] : [];
  const end = endSeconds !== undefined ? ['-to', seekPosition(endSeconds)] : [];
  const still = STILL_DEMUXERS.has(input.demuxer) ? ['-noautorotate'] : [];
  return [...seek, ...end, ...still, '-protocol_whitelist', 'file,pipe', '-f', input.demuxer, '-max_pixels', String(MAX_PIXELS), '-i', input.path];
}

export function probeArgs(input: InputSpec): string[] {
  return ['-v', 'error', '-protocol_whitelist', 'file,pipe', '-f', input.demuxer, '-print_format', 'json', '-show_format', '-show_streams', input.path];
}

/** Display size after the rotation ffmpeg applies on decode and a still's orientation (displayedSize). */
export function displaySize(metadata: Pick<MediaMetadata, 'width' | 'height' | 'rotation' | 'orientation'>): { width: number; height: number } {
  return displayedSize(metadata);
}

/**
 * The picture's shape as a person sees it: non-square pixels (an anamorphic or SD source, whose
 * file says so) widened or narrowed to square ones, then the rotation. The proxy and the export
 * keep the source's pixels and carry its pixel aspect ratio in the file, so players show the same
 * shape; a JPEG thumbnail has none to carry, so it is drawn at this size.
 */
export function displayAspectSize(metadata: Pick<MediaMetadata, 'width' | 'height' | 'rotation' | 'sampleAspectRatio'>): { width: number; height: number } {
  const [num, den] = metadata.sampleAspectRatio ?? [1, 1];
  return displaySize({ ...metadata, width: Math.max(1, Math.round((metadata.width * num) / den)) });
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
    thumbnailFilter(metadata, mediaType),
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

/**
 * A video's thumbnail shows its frame as the preview does: deinterlaced (DEINTERLACE), and an HDR
 * (PQ, HLG) frame through the input chain, tone-mapped, at the thumbnail's size, then the JFIF
 * matrix, full range (4:4:4 from zscale, which refuses odd sizes for 4:2:0; swscale subsamples).
 * Other frames are scaled by swscale, so thumbnails need no zscale. Drawn at the display aspect
 * (displayAspectSize) with square pixels. Stills are scaled as they are.
 */
export function thumbnailFilter(metadata: MediaMetadata, mediaType: 'video' | 'image'): string {
  if (mediaType === 'image') {
    const size = fitLongestSide(displaySize(metadata).width, displaySize(metadata).height, 320);
    return [...orientationFilters(orientationOf(metadata)), `scale=${size.width}:${size.height}:flags=bicubic`, 'format=yuvj420p'].join(',');
  }
  const shown = displayAspectSize(metadata);
  const size = fitLongestSide(shown.width, shown.height, 320);
  if (needsToneMapping(metadata)) return [...inputChain(metadata, zscaleSize(size, false)), 'zscale=matrix=470bg:range=full', 'format=yuv444p', 'format=yuvj420p', 'setsar=1'].join(',');
  return [...(isInterlaced(metadata) ? [DEINTERLACE] : []), `scale=${size.width}:${size.height}:flags=bicubic`, 'format=yuvj420p', 'setsar=1'].join(',');
}

/**
 * Every decoded frame is written once, at its own time: without this ffmpeg makes an MP4 or MOV
 * constant-rate at the stream's `r_frame_rate`, doubling frames of interlaced sources (whose rate
 * it takes from the fields) and filling the gaps of variable-rate phone clips with copies. The
 * encoder counts time in the source's own units (`-enc_time_base -1`), not in frames of a guessed
 * rate, which would round a variable-rate clip's times (or a segment's, which count from its seek
 * point) to that rate's grid. Not for AVI, which has no timestamps: ffmpeg's default there keeps
 * each frame in its slot of the stream's rate.
 */
export const KEEP_FRAME_TIMING = ['-fps_mode', 'passthrough', '-enc_time_base', '-1'];

/** Chromium plays these without help: H.264, VP8, VP9 and AV1 at 8 bits 4:2:0 in MP4/MOV/WebM. */
const PLAYABLE_VIDEO_CODECS = new Set(['h264', 'vp8', 'vp9', 'av1']);
const PLAYABLE_PIXEL_FORMATS = new Set(['yuv420p', 'yuvj420p']);
const PLAYABLE_IMAGE_DEMUXERS = new Set(['jpeg_pipe', 'png_pipe', 'webp_pipe', 'gif', 'bmp_pipe']);

/**
 * Whether the editor needs a browser-playable proxy: ProRes, HEVC, AVI, 10-bit, 4K above 30 fps,
 * containers Chromium does not open, and HDR (PQ, HLG) whatever its codec, which the browser
 * would show its own way while the export tone-maps it; interlaced video, which the export
 * deinterlaces and the browser would not; and standard-definition video without a YCbCr matrix,
 * which the export reads as BT.601 and the browser might not. Export always reads the original.
 */
export function needsProxy(demuxer: string, mediaType: 'video' | 'image', metadata: MediaMetadata): boolean {
  // A still with an orientation gets an upright copy without EXIF, so the editor shows (and Smart
  // Analyze measures) the very picture the export turns upright, never turned a second time; a PQ
  // or HLG still (an HDR AVIF) is shown as the export tone-maps it.
  if (mediaType === 'image') return !PLAYABLE_IMAGE_DEMUXERS.has(demuxer) || orientationOf(metadata) !== 1 || needsToneMapping(metadata);
  if (needsToneMapping(metadata)) return true;
  if (isInterlaced(metadata)) return true;
  if (isStandardDefinition(metadata) && hasUntaggedMatrix(metadata)) return true;
  if (demuxer !== 'mov' && demuxer !== 'matroska') return true;
  if (demuxer === 'matroska' && !['vp8', 'vp9', 'av1'].includes(metadata.videoCodec ?? '')) return true;
  if (!PLAYABLE_VIDEO_CODECS.has(metadata.videoCodec ?? '')) return true;
  if (!PLAYABLE_PIXEL_FORMATS.has(metadata.pixelFormat ?? '')) return true;
  const { height } = displaySize(metadata);
  if (height > 2160) return true;
  if (height >= 2160 && (metadata.frameRate ?? 0) > 30) return true;
  return false;
}

/** The proxy's picture size: the upright source at most 1080 lines, both sides even (yuv420p). */
export function proxyFrameSize(metadata: Pick<MediaMetadata, 'width' | 'height' | 'rotation' | 'orientation'>): FrameSize {
  const source = displaySize(metadata);
  const height = Math.max(2, Math.min(1080, source.height) - (Math.min(1080, source.height) % 2));
  const width = Math.max(2, 2 * Math.round((source.width * height) / source.height / 2));
  return { width, height };
}

/**
 * The proxy's video filters: the export's input chain (media/colour-chain.ts: tags, matrix and
 * range, HDR tone mapping), scaled there as the export scales, clipped to the RGB cube, then
 * BT.709 limited-range yuv420p tagged so. The browser's BT.709 decode of the proxy gives back the RGB the export grades, so
 * the preview of the proxy and the export of the original agree (docs/color-engine.md, 'Input
 * chain'); stills become RGB (16-bit when the source has more than 8 bits).
 */
export function proxyFilter(metadata: MediaMetadata, mediaType: 'video' | 'image'): string {
  const source = displaySize(metadata);
  if (mediaType === 'image') {
    const deep = (metadata.bitDepth ?? 8) > 8;
    return [...inputChain(metadata, ''), 'zscale', deep ? 'format=gbrp16le' : 'format=gbrp', deep ? 'format=rgb48be' : 'format=rgb24'].join(',');
  }
  const size = proxyFrameSize(metadata);
  const sameSize = size.width === source.width && size.height === source.height;
  // Clipped to the RGB cube (16-bit) before YCbCr, as lut3d clips the export's input: YCbCr can
  // carry colours outside the cube (a BT.2020 source's saturated colours after the tone map),
  // which the browser would clip after its own decode, differently.
  const clip = ['zscale', 'format=gbrp16le'];
  return [...inputChain(metadata, sameSize ? '' : zscaleSize(size, false)), ...clip, `zscale=${TO_BT709_YCBCR}`, 'format=yuv420p', BT709_FRAME_TAGS].join(',');
}

/**
 * The browser-playable proxy: H.264 High, yuv420p BT.709 (proxyFilter), at most 1080 lines, AAC
 * audio, `faststart` so it plays before it has fully downloaded. Progress goes to stdout.
 * Stills that Chromium cannot show (TIFF) become a PNG instead.
 */
export function proxyArgs(input: InputSpec, metadata: MediaMetadata, mediaType: 'video' | 'image', outputPath: string): string[] {
  if (mediaType === 'image') {
    return ['-hide_banner', '-nostdin', '-v', 'error', ...inputArgs(input), '-frames:v', '1', '-vf', proxyFilter(metadata, mediaType), '-f', 'image2', '-c:v', 'png', '-y', outputPath];
  }
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
    proxyFilter(metadata, mediaType),
    '-c:v',
    'libx264',
    '-profile:v',
    'high',
    '-preset',
    'veryfast',
    '-crf',
    '18',
    '-pix_fmt',
    'yuv420p',
    ...BT709_TAGS,
    ...KEEP_FRAME_TIMING,
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
