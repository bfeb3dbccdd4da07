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
}
