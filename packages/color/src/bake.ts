/**
 * Baking: the global operations of a grade sampled on a 3D grid, the form both renderers use
 * (a WebGL 3D texture in the browser, a `.cube` file for ffmpeg's lut3d on the server).
 */
import type { Grade } from './grade';
import { hasNoLook } from './grade';
import { compileGrade, startsWithLook } from './grade-program';
import type { CompileOptions } from './grade-program';
import type { Lut3D } from './lut-types';
import { alignedLutSize, MAX_RENDER_LUT_SIZE } from './lut-file';

/** LUT sizes the product bakes: 17 for swatches, 33 (default) for preview and export, 65 for downloads. */
export const LUT_SIZES = [17, 33, 65] as const;

export const DEFAULT_LUT_SIZE = 33;

function checkSize(size: number): void {
  if (!Number.isInteger(size) || size < 2 || size > 256) throw new RangeError(`LUT size must be an integer from 2 to 256 (got ${size})`);
}

function fillGrid(data: Float32Array, size: number): void {
  const last = size - 1;
  let i = 0;
  for (let b = 0; b < size; b++) {
    for (let g = 0; g < size; g++) {
      for (let r = 0; r < size; r++) {
        data[i++] = r / last;
        data[i++] = g / last;
        data[i++] = b / last;
      }
    }
  }
}

/** The identity LUT: every entry equals its own grid coordinate, exactly. */
export function identityLut(size: number = DEFAULT_LUT_SIZE): Lut3D {
  checkSize(size);
  const data = new Float32Array(size * size * size * 3);
  fillGrid(data, size);
  return { size, data };
}

/**
 * The size preview and export bake a grade at: 33, or with an imported LUT of n points the
 * smallest grid of at least 33 that holds every point of the imported table ({@link alignedLutSize}:
 * n itself from 33 to 65, 46 for 16, 33 for 17; for a table behind a shaper, the largest such grid
 * of up to 65 points: 65 for 3, 64 for 4). On such a grid the imported table, alone in the grade,
 * comes out exactly as the file's own tetrahedral interpolation.
 */
export function gradeLutSize(customLut?: Lut3D | null): number {
  if (!customLut) return DEFAULT_LUT_SIZE;
  // A table behind a shaper is small and its grid is the shaper's output: the largest aligned
  // grid of up to 65 points, which also serves a grade baked over the colour itself.
  if (customLut.shaper) return (customLut.size - 1) * Math.floor((MAX_RENDER_LUT_SIZE - 1) / (customLut.size - 1)) + 1;
  return alignedLutSize(customLut.size);
}

/**
 * Bakes the global part of a grade (input transform, corrections, look, finishing sliders) into a
 * `size`³ LUT with outputs clamped to 0..1 — except with an imported LUT, whose table may hold
 * values outside 0..1 (an HDR LUT): its bake keeps them, and the renderers clamp after
 * interpolating, as they do applying the file itself. A grade whose global part is empty (no input
 * transform, no look, every global slider at 0) gives exactly the identity LUT. Any size from 2 to
 * 256 works; the product uses {@link LUT_SIZES}. A grade with an imported LUT needs its table in
 * `options.customLut` (else {@link MissingCustomLutError}). A grade that starts with an imported
 * LUT with a shaper ({@link startsWithLook}) is baked on that LUT's own grid, indexed by the
 * shaper's output, and the result carries the shaper (`Lut3D.shaper`) for the renderers to apply
 * first: the file's own interpolation, exactly. Any other grade with such a LUT is baked over the
 * colour, with the shaper applied exactly inside the engine.
 */
export interface BakeOptions extends CompileOptions {
  /**
   * A plain 3D table over the colour (what any grading tool reads: a download), never one indexed
   * by an imported LUT's shaper, at the cost of that shaper's accuracy.
   */
  readonly withoutShaper?: boolean;
}

export function bakeLut(grade: Grade, size: number = DEFAULT_LUT_SIZE, options: BakeOptions = {}): Lut3D {
  checkSize(size);
  const importedLut = grade.customLook !== null && options.customLut !== undefined && !hasNoLook(grade);
  // A grade that starts with an imported LUT with a shaper is baked on that LUT's own grid, indexed
  // by the shaper's output, and carries the shaper for the renderers to apply first.
  const shaper = importedLut && options.withoutShaper !== true && startsWithLook(grade) ? options.customLut?.shaper : undefined;
  const compile: CompileOptions = options.customLut ? { customLut: options.customLut } : {};
  const program = compileGrade(grade, shaper ? { ...compile, onShaperGrid: true } : compile);
  if (program.isIdentity) return identityLut(size);
  const data = program.runOnGrid(size, !importedLut);
  return shaper ? { size, data, shaper } : { size, data };
}
