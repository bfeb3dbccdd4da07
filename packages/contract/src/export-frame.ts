import { EXPORT_FORMATS, exportFormatInfo, exportQualityInfo, exportSizeLabel, isStillFormat, SOURCE_SIZE, STILL_EXPORT_FORMATS, type AnyExportFormat, type ExportSize } from './export-options';

/**
 * The picture an export writes: its size for a quality, and the largest frame each codec can
 * hold. Shared by the server (which refuses before any job starts) and the export menu.
 */
export interface FrameSize {
  width: number;
  height: number;
}

function even(value: number): number {
  return Math.max(2, 2 * Math.round(value / 2));
}

function whole(value: number): number {
  return Math.max(1, Math.round(value));
}

/**
 * The output size: the source's picture (as displayed, after rotation and orientation) scaled so
 * its short side is the quality's line count, keeping the aspect ratio. A video's sides are even
 * (4:2:0 needs even sizes); a still's are the nearest whole pixels, odd or not, since its formats
 * (JPEG 4:4:4, PNG, TIFF) hold any size. A smaller source is scaled up: a 4K deliverable from HD
 * material is what choosing 4K asks for. `source` keeps the source's own size (a video's sides
 * rounded down to even): nothing is scaled.
 */
export function exportFrameSize(source: FrameSize, quality: ExportSize, kind: 'video' | 'image'): FrameSize {
  if (!(source.width > 0 && source.height > 0)) throw new RangeError(`source size must be positive (got ${source.width}×${source.height})`);
  if (quality === SOURCE_SIZE) return kind === 'image' ? { width: source.width, height: source.height } : { width: Math.max(2, 2 * Math.floor(source.width / 2)), height: Math.max(2, 2 * Math.floor(source.height / 2)) };
  const lines = exportQualityInfo(quality).height;
  const scale = lines / Math.min(source.width, source.height);
  const side = kind === 'image' ? whole : even;
  return { width: side(source.width * scale), height: side(source.height * scale) };
}

interface FrameLimit {
  /** Why, for the message: the standard's own limit. */
  readonly describe: string;
  readonly fits: (size: FrameSize) => boolean;
}

/**
 * H.264: level 6.2, the highest, allows 139,264 macroblocks (16×16) per frame and √(8·139,264) =
 * 1,055 macroblocks on a side (ITU-T H.264 Table A-1): 8192×4320 fits, 16K does not.
 * VP9: level 6.2 allows 35,651,584 samples and 16,384 on a side (VP9 bitstream spec, Annex A).
 * ProRes, uncompressed AVI and the still formats hold any size this product decodes.
 */
const FRAME_LIMITS: Partial<Record<AnyExportFormat, FrameLimit>> = {
  mp4: {
    describe: 'its largest frame is 139,264 macroblocks (level 6.2, e.g. 8192×4320)',
    fits: ({ width, height }) => {
      const [w, h] = [Math.ceil(width / 16), Math.ceil(height / 16)];
      return w * h <= 139_264 && w <= 1055 && h <= 1055;
    },
  },
  webm: {
    describe: 'its largest frame is 35,651,584 pixels (level 6.2, e.g. 8192×4352)',
    fits: ({ width, height }) => width * height <= 35_651_584 && width <= 16_384 && height <= 16_384,
  },
};

/** Formats (of the same kind) whose codec holds a frame of this size. */
export function formatsThatFit(kind: 'video' | 'image', size: FrameSize): AnyExportFormat[] {
  return (kind === 'image' ? STILL_EXPORT_FORMATS : EXPORT_FORMATS).filter((f) => FRAME_LIMITS[f.id]?.fits(size) ?? true).map((f) => f.id);
}

/** Why this format cannot hold this frame, naming formats that can; null when it can. */
export function exportFrameRefusal(format: AnyExportFormat, quality: ExportSize, size: FrameSize): string | null {
  const limit = FRAME_LIMITS[format];
  if (!limit || limit.fits(size)) return null;
  const info = exportFormatInfo(format);
  const others = formatsThatFit(isStillFormat(format) ? 'image' : 'video', size).map((id) => {
    const other = exportFormatInfo(id);
    return `${other.label} (${other.codec})`;
  });
  const alternative = others.length > 0 ? ` Export ${exportSizeLabel(quality)} as ${others.join(' or ')}, or choose a lower quality.` : ' Choose a lower quality.';
  return `${info.label} (${info.codec}) cannot hold ${size.width}×${size.height} frames: ${limit.describe}.${alternative}`;
}
