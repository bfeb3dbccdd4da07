import type { FrameSize } from './export-frame';
import type { AnyExportFormat } from './export-options';

/**
 * How large an export's file will be, as an estimate the export menu shows beside each quality
 * (docs/product-rules.md, 'Export'): a model fitted to real renders.
 *
 * A file's size depends on the picture: grain, motion and detail cost bits, a clean gradient
 * almost none. The best measure of that the menu has is the source file itself: its bits per
 * pixel per frame (its bytes, less its sound, over its pixels × frames), in H.264 terms for video
 * and JPEG terms for photos (`SOURCE_CODEC_FACTORS`). Per export format the model is
 *
 *   ln(export bits per pixel per frame) = a + b·x + c·ln(export pixels ÷ source pixels) + d·x²,
 *   x = ln(source bits per pixel per frame)
 *
 * plus the format's sound. (The x² term is there because an encoder does not spend bits in
 * proportion: VP9 keeps much less of fine grain than of sharp edges.) The figures [a, b, c, d] were fitted by least squares
 * (`apps/server/bench/export-size-fit.ts`) to renders through the server's real export command
 * with ffmpeg 5.1: generated sources of three kinds (flat moving gradients with fixed colours, a
 * moving test pattern, the pattern with grain changing every frame), written as a phone writes
 * them (2 s of H.264 CRF 20 with AAC sound; JPEG quality 3), video at 640×360 and 1280×720 exported
 * at 720p and 1080p, photos at 640×360, 1280×720 and 1920×1080 exported at 720p, 1080p and 4K: 63
 * renders. Fitted, MOV's renders lie within 13 % of the model, WebM's within 21 %, MP4's within
 * 34 % (its flat gradients are the hardest to read from the source's bits); JPEG's within 24 %;
 * the lossless PNG, whose size follows fine detail the source's JPEG bits only partly show, within
 * 38 % but for one flat-gradient frame (about 57 %). TIFF is written uncompressed: 48 bits a pixel (64 with
 * transparency, a third more than the estimate), whatever the picture.
 * On real phone media the previous fit was less close (MP4 of a 4K60 clip at 720p +86 %, PNG of a photo −67 %):
 * renders of real footage, and of video made smaller, are what the next fit needs.
 * `apps/server/test/export-size.test.ts` renders a set of such cases and holds each estimate
 * within ±35 % of the real file.
 */
export const EXPORT_SIZE_MODEL: Record<AnyExportFormat, readonly [a: number, b: number, c: number, d: number]> = {
  mp4: [-0.763, 0.875, -0.212, 0.073],
  webm: [-1.145, 0.056, -0.261, -0.227],
  mov: [1.284, 0.6, -0.072, 0.105],
  // Uncompressed: 24 bits a pixel whatever the picture.
  avi: [3.178, 0, 0, 0],
  jpeg: [0.057, 0.641, -0.239, -0.064],
  png: [1.394, 1.076, 0.017, 0.175],
  // Uncompressed 16-bit RGB: 48 bits a pixel whatever the picture.
  tiff: [Math.log(48), 0, 0, 0],
};

/**
 * What one bit per pixel of a source codec is worth in H.264 (video) or JPEG (photo) terms. The
 * fitting benchmark measured two on the same pictures: HEVC needs about a third of the bits of H.264
 * (2.89), and a lossless PNG about four and a half times those of a JPEG (0.22). The others are given the
 * measured figure of their kind, not measured themselves: VP9 and AV1 video, and HEIC, AVIF and
 * WebP photos, HEVC's; TIFF and BMP photos, PNG's. A source codec not listed (MPEG-2, ProRes,
 * Motion JPEG video, raw video) says too little about its picture, so the typical source is
 * assumed for it.
 */
export const SOURCE_CODEC_FACTORS: { video: Record<string, number>; still: Record<string, number> } = {
  video: { h264: 1, hevc: 2.89, vp9: 2.89, av1: 2.89 },
  still: { mjpeg: 1, png: 0.22, tiff: 0.22, bmp: 0.22, hevc: 2.89, av1: 2.89, webp: 2.89 },
};

/** The source bits per pixel assumed when the source's size or codec says nothing: a phone's clip (H.264 terms) or photo (JPEG terms). */
export const TYPICAL_SOURCE_BITS_PER_PIXEL = { video: 0.1, still: 2 };

/** The sound assumed in a source with audio when working out its picture's bits: a phone's AAC. */
export const ASSUMED_SOURCE_AUDIO_BITS_PER_SECOND = 128_000;

/**
 * The source bits per pixel are held to the range the renders measured (video 0.006 to 1.3 in
 * H.264 terms, photos 0.06 to 2.3 in JPEG terms), a little widened: beyond it the fitted curve
 * says nothing.
 */
const SOURCE_BITS_PER_PIXEL_RANGE = { video: [0.005, 1.6], still: [0.05, 3] } as const;

/**
 * Audio bits per second each video format writes when the source has sound: the encoders' set
 * bitrates (AAC 192k, Opus 160k), and PCM at 48 kHz stereo (24-bit for MOV, 16-bit for AVI).
 */
export const EXPORT_AUDIO_BITS_PER_SECOND: Record<AnyExportFormat, number> = {
  mp4: 192_000,
  webm: 160_000,
  mov: 48_000 * 2 * 24,
  avi: 48_000 * 2 * 16,
  jpeg: 0,
  png: 0,
  tiff: 0,
};

/** The frame rate assumed when the probe did not give one. */
export const ASSUMED_FRAME_RATE = 30;

export interface ExportSizeSource {
  /** Seconds of video; null or absent for a still. */
  readonly durationSeconds?: number | null;
  readonly frameRate?: number | null;
  readonly hasAudio?: boolean;
  /** The source file's bytes, its stored picture size and its codec (as ffprobe names it): how much detail and motion it holds. */
  readonly sourceBytes?: number | null;
  readonly sourceSize?: FrameSize | null;
  readonly sourceCodec?: string | null;
}

/** The source's bits per pixel per frame in H.264 (video) or JPEG (still) terms, or the typical figure when the source says nothing. */
export function sourceBitsPerPixel(source: ExportSizeSource, frames: number): number {
  const still = !(source.durationSeconds && source.durationSeconds > 0);
  const typical = still ? TYPICAL_SOURCE_BITS_PER_PIXEL.still : TYPICAL_SOURCE_BITS_PER_PIXEL.video;
  const factor = (still ? SOURCE_CODEC_FACTORS.still : SOURCE_CODEC_FACTORS.video)[source.sourceCodec ?? ''];
  const { sourceBytes, sourceSize } = source;
  if (!factor || !sourceBytes || !sourceSize || sourceSize.width <= 0 || sourceSize.height <= 0) return typical;
  const audio = !still && source.hasAudio ? ASSUMED_SOURCE_AUDIO_BITS_PER_SECOND * (source.durationSeconds ?? 0) : 0;
  const pictureBits = sourceBytes * 8 - audio;
  if (pictureBits <= 0) return typical;
  const bpp = (pictureBits / (sourceSize.width * sourceSize.height * frames)) * factor;
  const [low, high] = still ? SOURCE_BITS_PER_PIXEL_RANGE.still : SOURCE_BITS_PER_PIXEL_RANGE.video;
  return Math.min(high, Math.max(low, bpp));
}

/** Estimated bytes of an export of `output` size: one frame for a still, every frame plus audio for a video. */
export function estimateExportBytes(format: AnyExportFormat, output: FrameSize, source: ExportSizeSource): number {
  const pixels = output.width * output.height;
  const seconds = source.durationSeconds ?? 0;
  const frames = seconds > 0 ? Math.max(1, Math.round(seconds * (source.frameRate || ASSUMED_FRAME_RATE))) : 1;
  const audio = source.hasAudio && seconds > 0 ? EXPORT_AUDIO_BITS_PER_SECOND[format] * seconds : 0;
  const [a, b, c, d] = EXPORT_SIZE_MODEL[format];
  const sourcePixels = source.sourceSize ? source.sourceSize.width * source.sourceSize.height : pixels;
  const x = Math.log(sourceBitsPerPixel(source, frames));
  const bitsPerPixel = Math.exp(a + b * x + c * Math.log(pixels / Math.max(1, sourcePixels)) + d * x * x);
  return Math.round((pixels * frames * bitsPerPixel + audio) / 8);
}

/**
 * Two significant figures, in decimal units: "about 2.7 MB (estimate)", "about 640 KB (estimate)";
 * `per` adds a period: "about 36 MB per minute (estimate)".
 */
export function describeSizeEstimate(bytes: number, per?: string): string {
  const units: [number, string][] = [
    [1e12, 'TB'],
    [1e9, 'GB'],
    [1e6, 'MB'],
    [1e3, 'KB'],
  ];
  const [scale, unit] = units.find(([s]) => bytes >= s) ?? [1, 'bytes'];
  const value = Number((bytes / scale).toPrecision(2));
  return `about ${value} ${unit}${per ? ` per ${per}` : ''} (estimate)`;
}
