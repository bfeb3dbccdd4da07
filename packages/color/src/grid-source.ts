/**
 * Where a bake's grid points come from, a chunk at a time (`ColorProgram.runOnGrid`): formed from
 * per-axis values, or read from a kept grid; and how results go into the LUT.
 */
import { applyAffineToTriplets } from './matrix';
import type { Affine3 } from './matrix';

/** Where the points of a grid come from, a run of them at a time. */
export interface GridSource {
  /** Writes points first..first+count−1 of the grid to buffer[0..3·count). */
  fill(buffer: Float64Array, first: number, count: number): void;
}

/** Points of a kept grid, through an affine map when one is given. */
export class KeptGridReader implements GridSource {
  constructor(
    private readonly grid: Float64Array,
    private readonly affine: Affine3 | null,
  ) {}

  fill(buffer: Float64Array, first: number, count: number): void {
    if (this.affine) applyAffineToTriplets(this.affine, this.grid, first * 3, buffer, 0, count);
    else buffer.set(this.grid.subarray(first * 3, (first + count) * 3));
  }
}

/** Forms grid points (red fastest) from per-axis values through an affine map. */
export class GridFiller implements GridSource {
  private readonly rs: Float64Array;
  private readonly gs: Float64Array;
  private readonly bs: Float64Array;

  constructor(
    private readonly size: number,
    rs: readonly number[],
    gs: readonly number[],
    bs: readonly number[],
    private readonly affine: Affine3,
  ) {
    this.rs = Float64Array.from(rs);
    this.gs = Float64Array.from(gs);
    this.bs = Float64Array.from(bs);
  }

  fill(buffer: Float64Array, first: number, count: number): void {
    const { size, rs, gs, bs } = this;
    const [m0, m1, m2, m3, m4, m5, m6, m7, m8] = this.affine.matrix;
    const [o0, o1, o2] = this.affine.offset;
    let ri = first % size;
    let gi = Math.floor(first / size) % size;
    let bi = Math.floor(first / size / size);
    let g = gs[gi]!;
    let b = bs[bi]!;
    for (let i = 0, stop = count * 3; i < stop; i += 3) {
      const r = rs[ri]!;
      buffer[i] = m0 * r + m1 * g + m2 * b + o0;
      buffer[i + 1] = m3 * r + m4 * g + m5 * b + o1;
      buffer[i + 2] = m6 * r + m7 * g + m8 * b + o2;
      if (++ri === size) {
        ri = 0;
        if (++gi === size) {
          gi = 0;
          // Past the last point bi reaches size; nothing is read then.
          if (++bi < size) b = bs[bi]!;
        }
        g = gs[gi]!;
      }
    }
  }
}

/**
 * One point's values clamped to 0..1 into out[at..at+2] (Float32); `v > 0` is false for NaN, so a
 * NaN can never reach a renderer. Small, so the loops that call it get it inlined.
 */
export function storePointClamped(out: Float32Array, at: number, r: number, g: number, b: number): void {
  out[at] = r > 0 ? (r < 1 ? r : 1) : 0;
  out[at + 1] = g > 0 ? (g < 1 ? g : 1) : 0;
  out[at + 2] = b > 0 ? (b < 1 ? b : 1) : 0;
}

/** Float32 copy of RGB triplets (`length` a multiple of 3) clamped to 0..1 ({@link storePointClamped}). */
export function storeClamped(chunk: Float64Array, out: Float32Array, offset: number, length: number): void {
  // A point (three values) per iteration: V8 checks the arrays once per iteration.
  for (let i = 0; i < length; i += 3) storePointClamped(out, offset + i, chunk[i]!, chunk[i + 1]!, chunk[i + 2]!);
}

/**
 * Float32 copy of RGB triplets (`length` a multiple of 3), not clamped: NaN becomes 0 and values
 * beyond ±65504 (the largest half float) are held there, so every value is one a renderer can take.
 */
export function storeFinite(chunk: Float64Array, out: Float32Array, offset: number, length: number): void {
  for (let i = 0; i < length; i++) {
    const v = chunk[i]!;
    out[offset + i] = v > -65504 ? (v < 65504 ? v : 65504) : v <= -65504 ? -65504 : 0;
  }
}
