import { normaliseTier } from './tiers';

/**
 * Export formats and qualities and the Free tier's cap: 720p in mp4 or webm (why: see
 * docs/product-rules.md, 'Decisions'). The export menu, the server's refusal and the plans page all read these.
 *
 * Video: MP4 = H.264 High, WebM = VP9, MOV = ProRes 422 HQ, AVI = uncompressed 8-bit RGB.
 * Stills (an asset whose media is an image) export through the same LUT as JPEG or PNG (free) or
 * 16-bit TIFF (pro: the mastering format, as MOV and AVI are for video).
 */
export const EXPORT_FORMATS = [
  { id: 'mp4', label: 'MP4', codec: 'H.264', codecId: 'h264', extension: 'mp4', pro: false },
  { id: 'webm', label: 'WebM', codec: 'VP9', codecId: 'vp9', extension: 'webm', pro: false },
  { id: 'mov', label: 'MOV', codec: 'ProRes 422 HQ', codecId: 'prores', extension: 'mov', pro: true },
  { id: 'avi', label: 'AVI', codec: 'Uncompressed', codecId: 'rawvideo', extension: 'avi', pro: true },
] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number]['id'];

export const STILL_EXPORT_FORMATS = [
  { id: 'jpeg', label: 'JPEG', codec: '8-bit, quality 95', codecId: 'mjpeg', extension: 'jpg', pro: false },
  { id: 'png', label: 'PNG', codec: '8-bit lossless', codecId: 'png', extension: 'png', pro: false },
  { id: 'tiff', label: 'TIFF', codec: '16-bit', codecId: 'tiff', extension: 'tiff', pro: true },
] as const;
export type StillExportFormat = (typeof STILL_EXPORT_FORMATS)[number]['id'];

/** Any format a request may name: the video ones for video assets, the still ones for images. */
export type AnyExportFormat = ExportFormat | StillExportFormat;
export type ExportFormatInfo = (typeof EXPORT_FORMATS)[number] | (typeof STILL_EXPORT_FORMATS)[number];
export const ALL_EXPORT_FORMAT_IDS = [...EXPORT_FORMATS.map((f) => f.id), ...STILL_EXPORT_FORMATS.map((f) => f.id)] as [AnyExportFormat, ...AnyExportFormat[]];

/**
 * Qualities are the picture's short side in lines (its height for landscape, its width for a
 * portrait clip): "720p" of a phone's vertical video is 720×1280, as video sites count it.
 */
export const EXPORT_QUALITIES = [
  { id: '720p', label: '720p', height: 720, pro: false },
  { id: '1080p', label: '1080p', height: 1080, pro: true },
  { id: '2k', label: '2K', height: 1440, pro: true },
  { id: '4k', label: '4K', height: 2160, pro: true },
  { id: '8k', label: '8K', height: 4320, pro: true },
  { id: '16k', label: '16K', height: 8640, pro: true },
] as const;
export type ExportQuality = (typeof EXPORT_QUALITIES)[number]['id'];
export const EXPORT_QUALITY_IDS = EXPORT_QUALITIES.map((q) => q.id) as [ExportQuality, ...ExportQuality[]];

/**
 * The output size a request may name: a quality, or `source`, the source's own picture (as
 * displayed, each side rounded down to even), never scaled. A batch renders at `source` unless the
 * person chooses a quality (docs/product-rules.md, 'Batch').
 */
export const SOURCE_SIZE = 'source' as const;
export type ExportSize = ExportQuality | typeof SOURCE_SIZE;
export const EXPORT_SIZE_IDS = [SOURCE_SIZE, ...EXPORT_QUALITY_IDS] as [ExportSize, ...ExportSize[]];

/** 'Source size', or the quality's label ('1080p', '4K'). */
export function exportSizeLabel(size: ExportSize): string {
  return size === SOURCE_SIZE ? 'Source size' : exportQualityInfo(size).label;
}

export const FREE_EXPORT_FORMATS: readonly ExportFormat[] = EXPORT_FORMATS.filter((f) => !f.pro).map((f) => f.id);
export const FREE_STILL_EXPORT_FORMATS: readonly StillExportFormat[] = STILL_EXPORT_FORMATS.filter((f) => !f.pro).map((f) => f.id);
export const FREE_EXPORT_MAX_QUALITY: ExportQuality = '720p';

/** Status of an export, in the vocabulary of the spec's prediction: anything but succeeded, failed or canceled means "keep polling". */
export const PREDICTION_STATUSES = ['starting', 'processing', 'succeeded', 'failed', 'canceled'] as const;
export type PredictionStatus = (typeof PREDICTION_STATUSES)[number];

/** Quick Export: a free format at 720p. */
export const QUICK_EXPORT = { video: 'mp4', image: 'jpeg', quality: FREE_EXPORT_MAX_QUALITY } as const;

export function exportFormatInfo(id: AnyExportFormat): ExportFormatInfo {
  const found = [...EXPORT_FORMATS, ...STILL_EXPORT_FORMATS].find((f) => f.id === id);
  if (!found) throw new Error(`Unknown export format ${String(id)}`);
  return found;
}

export function exportQualityInfo(id: ExportQuality): (typeof EXPORT_QUALITIES)[number] {
  const found = EXPORT_QUALITIES.find((q) => q.id === id);
  if (!found) throw new Error(`Unknown export quality ${String(id)}`);
  return found;
}

export function isStillFormat(id: AnyExportFormat): id is StillExportFormat {
  return STILL_EXPORT_FORMATS.some((f) => f.id === id);
}

/** The formats offered for a kind of media. */
export function exportFormatsFor(mediaType: 'video' | 'image'): readonly ExportFormatInfo[] {
  return mediaType === 'image' ? STILL_EXPORT_FORMATS : EXPORT_FORMATS;
}

/** Pro formats and resolutions follow the looks' reading of premium: any tier but Free (docs/product-rules.md, 'Premium determination'). */
export function canUseProExport(tier: string | null | undefined): boolean {
  return normaliseTier(tier) !== 'Free';
}

const describeFormat = (f: ExportFormatInfo) => `${f.label} (${f.codec})`;

/**
 * Why this tier may not export this format at this quality, naming the limit; null when it may.
 * The server answers 403 with it and the menu shows the same items as PRO.
 */
export function exportTierRefusal(tier: string | null | undefined, format: AnyExportFormat, quality: ExportSize): string | null {
  if (canUseProExport(tier)) return null;
  const info = exportFormatInfo(format);
  const free = (isStillFormat(format) ? STILL_EXPORT_FORMATS : EXPORT_FORMATS).filter((f) => !f.pro).map(describeFormat).join(' or ');
  const cap = exportQualityInfo(FREE_EXPORT_MAX_QUALITY).label;
  const limit = `Free accounts export ${free} at up to ${cap}`;
  if (info.pro) return `${limit}; ${describeFormat(info)} needs Premium. Upgrade to export it.`;
  // The source's own size is not capped at 720p, so it is Premium's, as every quality above 720p.
  if (quality === SOURCE_SIZE || exportQualityInfo(quality).pro) return `${limit}; ${exportSizeLabel(quality)} needs Premium. Upgrade to export it.`;
  return null;
}

/**
 * Interlaced sources (docs/product-rules.md, 'Interlaced sources'): the formats whose export keeps
 * fields, MP4 (H.264 coded as fields, the order in each picture's timing message). WebM (VP9)
 * cannot carry fields; uncompressed AVI would carry woven frames no player knows to be fields; and
 * ffmpeg 5 tags an interlaced MOV 'bottom field shown first' whatever the order, so those are
 * deinterlaced whatever the setting.
 */
export const FIELD_EXPORT_FORMATS: readonly AnyExportFormat[] = ['mp4'];

/**
 * Whether an export keeps the source's fields: an interlaced source, deinterlacing turned off, a
 * format that carries fields, and (when the output frame is given) a height whose fields have an
 * even number of lines, which 4:2:0 chroma coded per field needs.
 */
export function exportKeepsFields(source: { fieldOrder?: string | null | undefined }, deinterlace: boolean, format: AnyExportFormat, output?: { height: number }): boolean {
  return !!source.fieldOrder && !deinterlace && FIELD_EXPORT_FORMATS.includes(format) && (output === undefined || fieldsFit(output));
}

/** Whether each field of a frame this size has an even number of lines. */
export function fieldsFit(output: { height: number }): boolean {
  return output.height % 4 === 0;
}
