/**
 * Rendering a whole grade on the CPU: bake the LUT, apply it, then the spatial operations, with
 * float intermediates (no 8-bit step between the LUT and the spatial passes). The reference the
 * GPU preview and the server export are tested against, and the renderer for stills.
 */
import { bakeLut, gradeLutSize } from './bake';
import type { Lut3D } from './lut-types';
import { applyLutToFloatRgba } from './apply-lut';
import type { Interpolation } from './apply-lut';
import type { Grade } from './grade';
import { applySpatial, spatialParams } from './spatial';
import type { FloatImage } from './spatial';

/** 8-bit RGBA image in ImageData layout (structurally compatible with ImageData). */
export interface RgbaImage {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8ClampedArray;
}

export interface RenderOptions {
  /** LUT size to bake (default 33, as the preview and export use). */
  readonly lutSize?: number;
  readonly interpolation?: Interpolation;
  /** A LUT already baked for this grade, to skip baking. */
  readonly lut?: Lut3D;
  /** The table of the grade's imported LUT, when it has one (see `Grade.customLook`). */
  readonly customLut?: Lut3D;
}

function checkImage(width: number, height: number, length: number): void {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width <= 0 || height <= 0 || length !== width * height * 4) {
    throw new RangeError(`image data must hold width × height RGBA pixels (${width}×${height}, ${length} values)`);
  }
}

/** Renders a float RGBA image (0..1) through the grade; returns a new image. */
export function renderGradeFloat(image: FloatImage, grade: Grade, options: RenderOptions = {}): FloatImage {
  checkImage(image.width, image.height, image.data.length);
  const lut = options.lut ?? bakeLut(grade, options.lutSize ?? gradeLutSize(options.customLut), { customLut: options.customLut });
  const out: FloatImage = { width: image.width, height: image.height, data: applyLutToFloatRgba(lut, image.data, options.interpolation) };
  applySpatial(out, spatialParams(grade, image.width, image.height));
  return out;
}

/** Renders an 8-bit RGBA image through the grade (float in between, rounded once at the end). */
export function renderGrade(image: RgbaImage, grade: Grade, options: RenderOptions = {}): RgbaImage {
  checkImage(image.width, image.height, image.data.length);
  const source: FloatImage = { width: image.width, height: image.height, data: Float32Array.from(image.data, (v) => v / 255) };
  // Alpha passes through untouched: restore the exact bytes rather than round-tripping them.
  const graded = renderGradeFloat(source, grade, options);
  const data = new Uint8ClampedArray(image.data.length);
  for (let i = 0; i < data.length; i += 4) {
    data[i] = graded.data[i]! * 255;
    data[i + 1] = graded.data[i + 1]! * 255;
    data[i + 2] = graded.data[i + 2]! * 255;
    data[i + 3] = image.data[i + 3]!;
  }
  return { width: image.width, height: image.height, data };
}
