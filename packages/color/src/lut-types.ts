/**
 * The 3D LUT type every stage of the engine shares: baked by `bake.ts`, applied by `apply-lut.ts`,
 * read and written by `cube.ts`, run as a program stage. A leaf module: it imports nothing, so the
 * pipeline's bottom (applying a LUT) does not import its top (baking one).
 */

/**
 * A 3D LUT over the unit cube: `size`³ RGB output triplets, red index fastest, then green, then
 * blue (the order of the Adobe Cube format), so entry (r, g, b) starts at 3·(r + size·(g + size·b)).
 */
export interface Lut3D {
  readonly size: number;
  readonly data: Float32Array;
  /**
   * A per-channel 1D stage applied before the 3D table (an imported file's shaper): the 3D table
   * is then indexed by the shaper's output rather than by the colour itself. Absent for every LUT
   * but one made from a file with a shaper, and for every grade's bake but one using such a file.
   */
  readonly shaper?: LutShaper;
}

/**
 * A 1D table per channel: `size` RGB triplets at inputs evenly spaced over 0..1 (inputs clamped to
 * 0..1), linear between them (as ffmpeg's lut1d with `interp=linear`). Its outputs are positions in
 * the 3D table, which clamps them to 0..1 as it clamps any input.
 */
export interface LutShaper {
  readonly size: number;
  readonly data: Float32Array;
}
