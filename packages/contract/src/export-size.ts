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
 *   ln(export bits per pixel per frame) = a + b·x + c·s + d·x² + e·r + f·s² + g·x·s,
 *   x = ln(source bits per pixel per frame), s = ln(export pixels ÷ source pixels),
 *   r = ln(frame rate ÷ 30) (0 for a still)
 *
 * plus the format's sound. The x² term is there because encoders do not spend bits in proportion
 * (VP9 keeps much less of fine grain than of sharp edges); r because at 60 fps each frame is
 * more like the last and costs less; s² and x·s because a picture made smaller averages its grain
 * away, and one made larger is smoother. The figures [a, b, c, d, e, f, g] were fitted by least
 * squares (`apps/server/bench/export-size-fit.ts`) to 248 renders through the server's real export
 * command with ffmpeg 5.1:
 *
 * - 105 of generated sources of three kinds (flat moving gradients, a moving test pattern, the
 *   pattern with grain changing every frame) written as a phone writes them (2 s of H.264 CRF 20
 *   with AAC sound; JPEG quality 3): video from 640×360 to 1920×1080, at 30 and 60 fps, exported at
 *   720p and 1080p (1080p sources made smaller to 720p); photos from 640×360 to 1920×1080 at 720p,
 *   1080p and 4K;
 * - 143 of real phone and camera files (a 4K60 phone clip, 10-bit HEVC HDR clips, a 1080i
 *   camcorder clip, small H.264, VP9, MPEG-2, H.263 and Motion JPEG clips, up to 2 s of each;
 *   phone JPEG, HEIC and AVIF photos), video at 720p and 1080p, photos at 720p, 1080p and 4K,
 *   each counted four times: they are what people upload.
 *
 * Fitted, 208 of the 248 renders lie within 35 % of the model, the median 12 % off; of the real
 * ones 134 of 143, the farthest an iPhone HEIC photo as a 4K JPEG (+89 %) and a small 640×428
 * H.264 clip whose bytes overstate its picture (WebM +88 %, MP4 +57 %). The generated pictures fit
 * less well (75 of 105): ProRes and PNG of the test pattern (up to +114 % and +155 %), whose large
 * flat areas cost them far less than a photo's texture, and WebM of flat gradients and grain made
 * smaller from 1080p (up to +201 %).
 *
 * The formats that code each frame alone (PNG, ProRes MOV, JPEG) are therefore estimated, when the
 * asset has it, with a direct measure of the picture's fine detail taken on upload (MediaMetadata's
 * `detailBitsPerPixel`: one frame, a video's middle one, 640 px wide as a lossless 8-bit RGB PNG,
 * in bits per pixel; `MediaTools.detailBitsPerPixel` in the server), in `EXPORT_SIZE_DETAIL_MODEL`
 * below. Fitted to the same 248 renders, it brings MOV to 34 of 35 within 35 % (28 without it),
 * PNG to 34 of 36 (21 without; the two left, a flat gradient PNG kept at its own size, −48 % and
 * +149 %) and JPEG to 31 of 36 (32 without: the test pattern now fits, but photos made larger to
 * 4K still read high, the iPhone HEIC +88 %). Assets uploaded before the measure was taken keep
 * the model above. Sources not covered: a tiny picture made many times larger (a 100×40 TIFF at
 * 720p), whose bytes say nothing of its picture.
 * TIFF is written uncompressed: 48 bits a pixel (64 with transparency, a third more than the
 * estimate), whatever the picture. `apps/server/test/export-size.test.ts` (generated sources of a
 * size the fit did not see: every one within ±35 %) and `apps/server/test/real-media-sizes.test.ts`
 * (real files: within ±35 % but for the three it names with their figures and a wider bound)
 * render such cases, each estimate computed as the product does, with the detail measure.
 */
/** The model's figures for one format: [a, b, c, d, e, f, g] of the formula above. */
export type ExportSizeCoefficients = readonly [a: number, b: number, c: number, d: number, e: number, f: number, g: number];

export const EXPORT_SIZE_MODEL: Record<AnyExportFormat, ExportSizeCoefficients> = {
  mp4: [-0.957, 0.784, -0.107, 0.046, -0.288, -0.021, 0.043],
  webm: [-1.441, 0.124, -0.249, -0.15, 0.261, -0.065, 0.064],
  mov: [1.395, 0.068, -0.173, -0.015, -0.112, -0.031, -0.021],
  // Uncompressed: 24 bits a pixel whatever the picture.
  avi: [3.174, 0, 0, 0, 0, 0, 0],
  jpeg: [0.276, 0.514, -0.108, -0.145, 0, -0.044, 0.04],
  png: [2.224, 0.963, -0.058, 0.015, 0, -0.017, 0.048],
  // Uncompressed 16-bit RGB: 48 bits a pixel whatever the picture.
  tiff: [Math.log(48), 0, 0, 0, 0, 0, 0],
};

/**
 * What one bit per pixel of a source codec is worth in H.264 (video) or JPEG (photo) terms: how
 * much picture a file's bytes stand for, which depends on the codec and on how generously the
 * camera records with it. PNG's (0.22: a lossless PNG takes about four and a half times a JPEG's
 * bits for the same picture) was measured on the same generated pictures; the others were fitted
 * to the real renders (the figure of the fitting benchmark's list of candidates that fits them
 * best): phone HEVC video 1 (phones record HEVC at high bitrates, so its bits stand for no more
 * picture than H.264's, though HEVC itself needs about a third of them: 2.89 measured on generated
 * pictures), VP9 1.7, MPEG-2 1.2, H.263 0.8, Motion JPEG video 0.5, HEIC and AVIF photos 2.89 (each
 * but HEVC from a single clip or a few photos of the corpus, so rough). AV1 video is
 * given HEVC's figure, WebP photos HEIC's, TIFF and BMP photos PNG's, none measured. A source codec
 * not listed (ProRes, raw video) says too little about its picture, so the typical source is
 * assumed for it.
 */
export const SOURCE_CODEC_FACTORS: { video: Record<string, number>; still: Record<string, number> } = {
  video: { h264: 1, hevc: 1, av1: 1, vp9: 1.7, mpeg2video: 1.2, h263: 0.8, mjpeg: 0.5 },
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
  /** The picture's detail measure taken on upload (MediaMetadata's `detailBitsPerPixel`); absent for assets uploaded before it was. */
  readonly detailBitsPerPixel?: number | null;
}

/**
 * The model with the picture's detail measure, for the formats that code each frame alone (PNG,
 * ProRes MOV, JPEG), whose size follows the picture's flat areas and texture more than the
 * source's bytes can say: [a, b, c, d, e, f, g] as above plus h, of
 *
 *   … + h·k, k = ln(detail bits per pixel)
 *
 * used when the source has the measure; a format not listed, or a source without it, is
 * estimated by EXPORT_SIZE_MODEL.
 */
export type ExportSizeDetailCoefficients = readonly [...ExportSizeCoefficients, h: number];

export const EXPORT_SIZE_DETAIL_MODEL: Partial<Record<AnyExportFormat, ExportSizeDetailCoefficients>> = {
  mov: [0.304, -0.027, -0.108, -0.015, -0.002, -0.05, -0.032, 0.441],
  jpeg: [-0.425, 0.167, -0.089, -0.192, 0, -0.042, 0.007, 0.319],
  png: [0.387, 0.261, -0.02, 0, 0, -0.013, 0, 0.805],
};

/** The detail measure is held to the range the renders measured, a little widened. */
const DETAIL_BITS_PER_PIXEL_RANGE = [0.05, 20] as const;

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
  const detailModel = EXPORT_SIZE_DETAIL_MODEL[format];
  const detail = source.detailBitsPerPixel;
  const withDetail = detailModel && detail && detail > 0;
  const [a, b, c, d, e, f, g, h] = withDetail ? detailModel : [...EXPORT_SIZE_MODEL[format], 0];
  const k = withDetail ? Math.log(Math.min(DETAIL_BITS_PER_PIXEL_RANGE[1], Math.max(DETAIL_BITS_PER_PIXEL_RANGE[0], detail))) : 0;
  const sourcePixels = source.sourceSize ? source.sourceSize.width * source.sourceSize.height : pixels;
  const x = Math.log(sourceBitsPerPixel(source, frames));
  const s = Math.log(pixels / Math.max(1, sourcePixels));
  const r = seconds > 0 ? Math.log((source.frameRate || ASSUMED_FRAME_RATE) / ASSUMED_FRAME_RATE) : 0;
  const bitsPerPixel = Math.exp(a + b * x + c * s + d * x * x + e * r + f * s * s + g * x * s + h * k);
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
