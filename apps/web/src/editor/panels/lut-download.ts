import {
  ADJUSTMENT_INFO,
  bakeLut,
  cubeFromLut,
  EDITOR_ADJUSTMENT_KEYS,
  INPUT_TRANSFORMS,
  writeCube,
  type Grade,
  type Lut3D,
} from '@cinegrade/color';

/** The sizes offered for download: 33 (what grading tools load by default) and 65 (finest). */
export const DOWNLOAD_LUT_SIZES = [33, 65] as const;
export type DownloadLutSize = (typeof DOWNLOAD_LUT_SIZES)[number];

/** A file name without characters file systems refuse, never empty. */
export function safeFileName(text: string): string {
  const cleaned = [...text]
    .map((c) => (c.charCodeAt(0) < 32 ? ' ' : c))
    .join('')
    .replace(/[\\/:*?"<>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120);
  return cleaned || 'Cinegrade grade';
}

/**
 * The current grade as a `.cube` file (Adobe Cube LUT Specification 1.0): its global part baked
 * at `size` points — what a LUT can hold. Clarity and vignette are spatial (they depend on where
 * a pixel is), so a LUT cannot carry them; the file's comments say so when they are set.
 */
export function gradeCube(grade: Grade, size: DownloadLutSize, names: { asset: string; look: string }, customLut?: Lut3D): { fileName: string; text: string } {
  // A plain 3D table, as the format says, even for an imported LUT with a shaper.
  const lut = bakeLut(grade, size, customLut ? { customLut, withoutShaper: true } : {});
  const title = `${names.asset} - ${names.look}`;
  const input = INPUT_TRANSFORMS.find((t) => t.id === grade.inputTransform)?.label ?? grade.inputTransform;
  const sliders = EDITOR_ADJUSTMENT_KEYS.filter((key) => grade.adjustments[key] !== 0).map(
    (key) => `${ADJUSTMENT_INFO[key].label} ${grade.adjustments[key] > 0 ? '+' : ''}${grade.adjustments[key]}`,
  );
  const comments = [
    'Made with Cinegrade',
    `Look: ${names.look}${grade.look !== null || grade.customLook !== null ? ` at ${grade.lookStrength}%` : ''}; camera input: ${input}`,
    `Sliders: ${sliders.length > 0 ? sliders.join(', ') : 'none'}`,
  ];
  const spatial = (['clarity', 'vignette'] as const).filter((key) => grade.adjustments[key] !== 0).map((key) => ADJUSTMENT_INFO[key].label);
  if (spatial.length > 0) comments.push(`${spatial.join(' and ')} depend on the position in the frame and are not part of this LUT`);
  return { fileName: `${safeFileName(title)} (${size}).cube`, text: writeCube(cubeFromLut(lut, title), comments) };
}

/** Hands a text file to the browser's download. */
export function downloadTextFile(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
