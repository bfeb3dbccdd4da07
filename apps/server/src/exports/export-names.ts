import { DEFAULT_ADJUSTMENTS, type Grade } from '@cinegrade/color';
import { exportFormatInfo, safeFileName, type AnyExportFormat } from '@cinegrade/contract';

/** Lower-case words joined by hyphens: what a look's part of a file name looks like. */
export function slug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
}

function isUntouched(grade: Grade): boolean {
  return grade.inputTransform === 'rec709' && Object.entries(grade.adjustments).every(([key, value]) => value === DEFAULT_ADJUSTMENTS[key as keyof typeof DEFAULT_ADJUSTMENTS]);
}

/**
 * The download name, `{asset name}-{look}.{ext}`: the catalogue look's id, the imported LUT's name
 * as a slug, or `graded` / `original` when there is no look.
 */
export function exportDownloadName(assetName: string, grade: Grade, format: AnyExportFormat, customLookName?: string | null): string {
  const look = grade.look ?? (grade.customLook !== null ? slug(customLookName ?? '') || 'custom-lut' : isUntouched(grade) ? 'original' : 'graded');
  return `${safeFileName(assetName, { maxLength: 120, fallback: 'export' })}-${look}.${exportFormatInfo(format).extension}`;
}
