import type { FrameSize } from './export-frame';

/**
 * A still's EXIF/TIFF orientation (tag 0x0112), 1 to 8: how the stored pixels must be turned and
 * mirrored to stand upright, as cameras and phones record a portrait shot (docs/product-rules.md,
 * 'Stills'). 1 is upright; 2 to 4 keep the axes (mirror, 180°, flip); 5 to 8 swap them
 * (transpose, 90° clockwise, transverse, 90° counter-clockwise). The server reads it once on upload
 * and stores it in the asset's metadata; every picture it makes from the original (thumbnail,
 * preview copy, export) is turned upright with it. Absent in the metadata of assets stored before
 * it was read: treated as 1.
 */
export type Orientation = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;

export function isOrientation(value: unknown): value is Orientation {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 8;
}

/** The orientation a metadata record holds: 1 when it has none (older assets, video). */
export function orientationOf(metadata: { orientation?: number | null }): Orientation {
  return isOrientation(metadata.orientation) ? metadata.orientation : 1;
}

/** Orientations 5 to 8 turn the picture a quarter: its displayed width is the stored height. */
export function orientationSwapsAxes(orientation: Orientation): boolean {
  return orientation >= 5;
}

/**
 * The picture's size as displayed: after a video's rotation (which ffmpeg applies on decode) and a
 * still's orientation. The export sizes, the thumbnail and the export menu all start from it.
 */
export function displayedSize(metadata: { width: number; height: number; rotation: number; orientation?: number | null }): FrameSize {
  const turned = (Math.abs(metadata.rotation) % 180 === 90) !== orientationSwapsAxes(orientationOf(metadata));
  return turned ? { width: metadata.height, height: metadata.width } : { width: metadata.width, height: metadata.height };
}

/**
 * Whether the decoded picture carries an alpha channel: RGBA, grey + alpha, YUVA and palette
 * formats (a PNG's palette may hold transparency). A JPEG decoded with four components is CMYK,
 * not transparency. PNG and TIFF exports of a still keep the alpha; a JPEG export flattens it onto
 * white (docs/product-rules.md, 'Stills').
 */
export function hasAlphaChannel(metadata: { pixelFormat: string | null; videoCodec: string | null }): boolean {
  if (!metadata.pixelFormat || metadata.videoCodec === 'mjpeg') return false;
  return /^(rgba|bgra|argb|abgr|ya\d|yuva|gbrap|pal8)/.test(metadata.pixelFormat);
}
