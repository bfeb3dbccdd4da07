import {
  canUseProExport,
  EXPORT_QUALITIES,
  exportFormatInfo,
  exportQualityInfo,
  FREE_EXPORT_MAX_QUALITY,
  QUICK_EXPORT,
  type AnyExportFormat,
  type ExportQuality,
} from './export-options';
import type { UserSettings } from './settings';

/**
 * The export menu's starting choice from the settings page (docs/product-rules.md, 'Settings'),
 * whose options predate the export menu's and do not name its values. The mapping:
 *
 * quality  low → 720p · medium → 1080p · high (the default) → the source's own size: the largest
 *          quality not above its short side (720p at least), so nothing is scaled needlessly ·
 *          ultra → 4K (a UHD deliverable).
 * format   video: mp4 → MP4, mov → MOV, avi → AVI, mkv → WebM (WebM is Matroska's web profile;
 *          there is no MKV export). Stills: mov and avi (mastering) → 16-bit TIFF, mp4 and
 *          mkv (delivery) → JPEG.
 *
 * Then the tier: a Free user's pro choice falls back to the free format and 720p, so a default
 * never starts on a locked item.
 */
export interface ExportChoice {
  format: AnyExportFormat;
  quality: ExportQuality;
}

const QUALITY_PREFERENCE: Record<UserSettings['defaultExportQuality'], ExportQuality | 'source'> = {
  low: '720p',
  medium: '1080p',
  high: 'source',
  ultra: '4k',
};

const VIDEO_FORMAT_PREFERENCE: Record<UserSettings['defaultFormat'], AnyExportFormat> = { mp4: 'mp4', mov: 'mov', avi: 'avi', mkv: 'webm' };
const STILL_FORMAT_PREFERENCE: Record<UserSettings['defaultFormat'], AnyExportFormat> = { mp4: 'jpeg', mov: 'tiff', avi: 'tiff', mkv: 'jpeg' };

/** The largest quality whose line count is not above the source's short side (at least 720p). */
export function sourceQuality(source: { width: number; height: number } | null): ExportQuality {
  if (!source) return '1080p';
  const shortSide = Math.min(source.width, source.height);
  let best: ExportQuality = EXPORT_QUALITIES[0].id;
  for (const quality of EXPORT_QUALITIES) if (quality.height <= shortSide) best = quality.id;
  return best;
}

export function defaultExportChoice(
  settings: Pick<UserSettings, 'defaultExportQuality' | 'defaultFormat'>,
  tier: string | null | undefined,
  media: { type: 'video' | 'image'; size: { width: number; height: number } | null },
): ExportChoice {
  const preferred = QUALITY_PREFERENCE[settings.defaultExportQuality];
  let quality = preferred === 'source' ? sourceQuality(media.size) : preferred;
  let format = (media.type === 'image' ? STILL_FORMAT_PREFERENCE : VIDEO_FORMAT_PREFERENCE)[settings.defaultFormat];
  if (!canUseProExport(tier)) {
    if (exportFormatInfo(format).pro) format = QUICK_EXPORT[media.type];
    if (exportQualityInfo(quality).pro) quality = FREE_EXPORT_MAX_QUALITY;
  }
  return { format, quality };
}
