import type { FrameSize } from './export-frame';
import type { AnyExportFormat } from './export-options';

/**
 * How large an export's file will be, as an estimate the export menu shows beside each quality
 * (docs/product-rules.md, 'Export'): the output's pixels × frames × the format's bits per pixel,
 * plus its audio.
 *
 * The bits per pixel (per frame) were measured by rendering generated 1280×720, 30 fps, 4 s clips
 * and 1280×720 frames through the server's real export command (`exportArgs`, the 'vintage-film'
 * look) with ffmpeg 5.1, on two sources: a clean test pattern (ffmpeg's testsrc2) and the same
 * pattern with film-like grain (noise=alls=8, changing every frame). The figures are the geometric
 * mean of the two, so each measurement is within a factor of two of the estimate:
 *
 * | format | clean | grainy | used |
 * |---|---|---|---|
 * | MP4 (H.264 CRF 18, preset medium) | 0.136 | 0.534 | 0.27 |
 * | WebM (VP9 CRF 24, cpu-used 4) | 0.138 | 0.262 | 0.19 |
 * | MOV (ProRes 422 HQ) | 1.78 | 4.22 | 2.7 |
 * | AVI (uncompressed bgr24) | 24 | 24 | 24 |
 * | JPEG (q:v 2, 4:4:4) | 0.77 | 1.76 | 1.2 |
 * | PNG (8-bit RGB) | 1.11 | 10.0 | 3.3 |
 * | TIFF (16-bit RGB, LZW) | 5.4 | 44.2 | 15 |
 *
 * (The video figures include the clip's audio, small beside the picture.) Compressed sizes depend
 * on the picture — grain, motion and detail cost bits — so the menu labels the figure an estimate.
 * `apps/server/test/export-size.test.ts` renders a clip and a frame in every format and
 * holds each estimate to within a factor of three of the real file.
 */
export const EXPORT_BITS_PER_PIXEL: Record<AnyExportFormat, number> = {
  mp4: 0.27,
  webm: 0.19,
  mov: 2.7,
  avi: 24,
  jpeg: 1.2,
  png: 3.3,
  tiff: 15,
};

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
}

/** Estimated bytes of an export of `output` size: one frame for a still, every frame plus audio for a video. */
export function estimateExportBytes(format: AnyExportFormat, output: FrameSize, source: ExportSizeSource): number {
  const pixels = output.width * output.height;
  const seconds = source.durationSeconds ?? 0;
  const frames = seconds > 0 ? Math.max(1, Math.round(seconds * (source.frameRate || ASSUMED_FRAME_RATE))) : 1;
  const audio = source.hasAudio && seconds > 0 ? EXPORT_AUDIO_BITS_PER_SECOND[format] * seconds : 0;
  return Math.round((pixels * frames * EXPORT_BITS_PER_PIXEL[format] + audio) / 8);
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
