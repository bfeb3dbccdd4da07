/**
 * Imported LUT files in one model, whatever their syntax (`.cube`, `.3dl`, `.csp`): per-channel
 * shaper curves (piecewise linear, applied in order), then an optional 3D table over its own
 * domain, sampled tetrahedrally. `applyLutFileToTriplets` applies a file exactly as written, in
 * float: no value of a table is clamped, inputs are clamped to each stage's domain (as the formats
 * say), outputs are left as they come.
 *
 * The renderers take one 3D table over 0..1 (`Lut3D`), optionally behind a 1D shaper stage;
 * `lutFileToTable` makes it. A plain 3D file over 0..1 is kept as written, at its size; a 1D file
 * of up to 65 points is sampled on a grid that holds every one of its points, which reproduces it
 * exactly (tetrahedral interpolation of a function of one channel is that channel's linear
 * interpolation); a file with shapers before a 3D table keeps the table and makes the shapers one
 * stage (exact on a grid holding their bends); anything else (another domain, a longer 1D table)
 * is sampled at 65 points and the largest difference from the file, over the displayed range, is
 * measured and returned.
 */
import { applyLutToTriplets } from './apply-lut';
import type { CubeFile, Lut1D } from './cube';
import type { Lut3D, LutShaper } from './lut-types';
import type { Rgb } from './matrix';

/** One channel's curve: `inputs` strictly increasing; inputs outside them are clamped to the ends. */
export interface ShaperCurve {
  readonly inputs: Float64Array;
  readonly outputs: Float64Array;
}

export type ShaperCurves = readonly [ShaperCurve, ShaperCurve, ShaperCurve];

export interface LutFileTable {
  readonly lut: Lut3D;
  readonly domainMin: Rgb;
  readonly domainMax: Rgb;
}

export interface LutFile {
  readonly title: string | null;
  /** Applied first, in order. */
  readonly shapers: readonly ShaperCurves[];
  /** Applied after the shapers; null for a file of 1D tables only. */
  readonly table: LutFileTable | null;
}

/** The largest table the renderers take, points per side. */
export const MAX_RENDER_LUT_SIZE = 65;

/** A 1D table's channel over the domain min..max: its points evenly spaced. */
function uniformCurves(lut: Lut1D, min: Rgb, max: Rgb): ShaperCurves {
  const curve = (c: number): ShaperCurve => {
    const inputs = new Float64Array(lut.size);
    const outputs = new Float64Array(lut.size);
    for (let i = 0; i < lut.size; i++) {
      inputs[i] = min[c]! + ((max[c]! - min[c]!) * i) / (lut.size - 1);
      outputs[i] = lut.data[i * 3 + c]!;
    }
    return { inputs, outputs };
  };
  return [curve(0), curve(1), curve(2)];
}

/** A parsed `.cube` in the common model. */
export function lutFileFromCube(cube: CubeFile): LutFile {
  const shapers: ShaperCurves[] = [];
  if (cube.shaper) shapers.push(uniformCurves(cube.shaper.lut, cube.shaper.domainMin, cube.shaper.domainMax));
  if (cube.lut1d) shapers.push(uniformCurves(cube.lut1d, cube.domainMin, cube.domainMax));
  return { title: cube.title, shapers, table: cube.lut3d ? { lut: cube.lut3d, domainMin: cube.domainMin, domainMax: cube.domainMax } : null };
}

/** The curve at x: linear between its points, clamped to its first and last input. */
export function evaluateCurve(curve: ShaperCurve, x: number): number {
  const { inputs, outputs } = curve;
  const last = inputs.length - 1;
  if (!(x > inputs[0]!)) return outputs[0]!;
  if (x >= inputs[last]!) return outputs[last]!;
  let lo = 0;
  let hi = last;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (inputs[mid]! <= x) lo = mid;
    else hi = mid;
  }
  const t = (x - inputs[lo]!) / (inputs[hi]! - inputs[lo]!);
  return outputs[lo]! + (outputs[hi]! - outputs[lo]!) * t;
}

/**
 * Applies the file in place to RGB triplets 0..count−1 of `buffer`, in float: shapers, then the
 * 3D table tetrahedrally over its domain (inputs clamped to it). Outputs are not clamped.
 */
export function applyLutFileToTriplets(file: LutFile, buffer: Float64Array, count = Math.floor(buffer.length / 3)): void {
  for (const curves of file.shapers) {
    for (let i = 0; i < count * 3; i++) buffer[i] = evaluateCurve(curves[i % 3]!, buffer[i]!);
  }
  const table = file.table;
  if (!table) return;
  const { domainMin: min, domainMax: max } = table;
  if (!isUnitDomain(min, max)) {
    for (let i = 0; i < count * 3; i++) {
      const c = i % 3;
      buffer[i] = (buffer[i]! - min[c]!) / (max[c]! - min[c]!);
    }
  }
  applyLutToTriplets(table.lut, buffer, 0, count);
}

function isUnitDomain(min: Rgb, max: Rgb): boolean {
  return min.every((v) => v === 0) && max.every((v) => v === 1);
}

/** True when the curve's points are evenly spaced over exactly 0..1 (within float rounding). */
function isUnitUniform(curve: ShaperCurve): boolean {
  const n = curve.inputs.length - 1;
  return curve.inputs.every((x, i) => Math.abs(x - i / n) < 1e-9);
}

/** The points of a `size`³ grid over 0..1, red fastest. */
function gridPoints(size: number): Float64Array {
  const points = new Float64Array(size ** 3 * 3);
  let i = 0;
  for (let b = 0; b < size; b++) {
    for (let g = 0; g < size; g++) {
      for (let r = 0; r < size; r++) {
        points[i++] = r / (size - 1);
        points[i++] = g / (size - 1);
        points[i++] = b / (size - 1);
      }
    }
  }
  return points;
}

/** The smallest grid of at least 33 points per side that holds every point of an n-point grid. */
export function alignedLutSize(n: number): number {
  if (n >= 33) return n;
  return (n - 1) * Math.ceil(32 / (n - 1)) + 1;
}

/** The render table's size at which the file is reproduced exactly, or null when none up to 65 does. */
function exactSize(file: LutFile): number | null {
  const { shapers, table } = file;
  if (table) return shapers.length === 0 && isUnitDomain(table.domainMin, table.domainMax) && table.lut.size <= MAX_RENDER_LUT_SIZE ? table.lut.size : null;
  if (shapers.length !== 1) return null;
  const n = shapers[0]![0].inputs.length;
  if (n > MAX_RENDER_LUT_SIZE || !shapers[0]!.every((curve) => curve.inputs.length === n && isUnitUniform(curve))) return null;
  return alignedLutSize(n);
}

/**
 * The 8-bit levels (0..1) the resampling error is measured at on one channel's axis: every third
 * code, and the codes on either side of each bend of the file along that axis, where the error
 * peaks — where a shaper bends (a second difference over the codes) and where the shaped value
 * crosses a plane of the 3D table's grid.
 */
function errorLevels(file: LutFile, channel: number): number[] {
  const codes = new Set<number>();
  for (let code = 0; code <= 255; code += 3) codes.add(code);
  codes.add(255);
  const shaped = new Float64Array(256);
  for (let code = 0; code <= 255; code++) {
    let v = code / 255;
    for (const curves of file.shapers) v = evaluateCurve(curves[channel]!, v);
    shaped[code] = v;
  }
  const table = file.table;
  const cell = (v: number): number => {
    if (!table) return 0;
    const t = (v - table.domainMin[channel]!) / (table.domainMax[channel]! - table.domainMin[channel]!);
    return Math.floor(Math.min(1, Math.max(0, t)) * (table.lut.size - 1));
  };
  const bendAt = 1e-9;
  for (let code = 1; code < 255; code++) {
    const bend = Math.abs(shaped[code + 1]! - 2 * shaped[code]! + shaped[code - 1]!) > bendAt;
    if (bend || cell(shaped[code]!) !== cell(shaped[code + 1]!)) for (const near of [code - 1, code, code + 1, code + 2]) if (near <= 255) codes.add(near);
  }
  return [...codes].sort((a, b) => a - b).map((code) => code / 255);
}

const unit = (v: number): number => (v > 0 ? (v < 1 ? v : 1) : 0);

/**
 * The largest difference, per channel, between the file applied in float and `lut` applied
 * tetrahedrally, both clamped to 0..1 (what a picture shows), over the grid of {@link errorLevels}.
 */
export function lutFileTableError(file: LutFile, lut: Lut3D): number {
  const [rs, gs, bs] = [errorLevels(file, 0), errorLevels(file, 1), errorLevels(file, 2)];
  let worst = 0;
  // One blue level at a time, so the buffers stay small.
  const exact = new Float64Array(rs.length * gs.length * 3);
  for (const b of bs) {
    let i = 0;
    for (const g of gs) {
      for (const r of rs) {
        exact[i++] = r;
        exact[i++] = g;
        exact[i++] = b;
      }
    }
    const sampled = exact.slice();
    applyLutFileToTriplets(file, exact);
    applyLutToTriplets(lut, sampled, 0, rs.length * gs.length);
    for (let k = 0; k < exact.length; k++) worst = Math.max(worst, Math.abs(unit(exact[k]!) - unit(sampled[k]!)));
  }
  return worst;
}

export interface LutFileTableResult {
  readonly lut: Lut3D;
  /** False when the file is reproduced exactly; true when it was sampled and differs by up to `maxError`. */
  readonly resampled: boolean;
  /** Largest difference from the file over 0..1 (0 when not resampled). */
  readonly maxError: number;
}

/**
 * The renderers' 3D table over 0..1 for a file (see the module's comment). Table values are kept
 * as the file gives them, above 1 or below 0 included.
 */
export function lutFileToTable(file: LutFile): LutFileTableResult {
  const size = exactSize(file);
  if (size !== null && file.table) return { lut: file.table.lut, resampled: false, maxError: 0 };
  if (size !== null) return { lut: sampleFile(file, size), resampled: false, maxError: 0 };
  let best: LutFileTableResult | null = null;
  const shaped = shapedTable(file);
  if (shaped) {
    const maxError = lutFileTableError(file, shaped.lut);
    if (shaped.exact && maxError <= SHAPED_EXACT) return { lut: shaped.lut, resampled: false, maxError: 0 };
    best = { lut: shaped.lut, resampled: true, maxError };
  }
  for (const candidate of resampleSizes(file)) {
    const lut = sampleFile(file, candidate);
    const maxError = lutFileTableError(file, lut);
    if (!best || maxError < best.maxError) best = { lut, resampled: true, maxError };
  }
  return best!;
}

/** The render table when the file is reproduced exactly (cheap: no error to measure), else null. */
export function lutFileExactTable(file: LutFile): Lut3D | null {
  const size = exactSize(file);
  if (size === null) return null;
  return file.table ? file.table.lut : sampleFile(file, size);
}

/** The most points a shaper stage takes (ffmpeg's lut1d reads up to 65536; WebGL2 textures hold 2048 across at least). */
export const MAX_SHAPER_SIZE = 2048;

/**
 * A shaped table matches its file within float32 rounding of the stored values: 1e-5 of the
 * output range stands for exact.
 */
const SHAPED_EXACT = 1e-5;

/**
 * The fewest points, up to {@link MAX_SHAPER_SIZE}, of an evenly spaced grid over 0..1 that holds
 * every bend of the file's single shaper lying inside 0..1, or null when none does (or the file
 * has several shapers). On such a grid, linear interpolation reproduces the shaper exactly.
 */
function shaperGridSize(file: LutFile): number | null {
  if (file.shapers.length !== 1) return null;
  const bends = file.shapers[0]!.flatMap((curve) => [...curve.inputs].filter((x) => x > 0 && x < 1));
  for (let n1 = 1; n1 < MAX_SHAPER_SIZE; n1++) {
    if (bends.every((x) => Math.abs(x * n1 - Math.round(x * n1)) < 1e-7 * n1)) return n1 + 1;
  }
  return null;
}

/**
 * A file with shapers before a 3D table of up to 65 points, as a shaper stage and its own 3D
 * table: the stage is every shaper in turn followed by the table's domain scaled to 0..1, on a
 * grid holding its bends (`exact`) or else on {@link MAX_SHAPER_SIZE} points. Null when there is
 * no such file.
 */
function shapedTable(file: LutFile): { lut: Lut3D; exact: boolean } | null {
  const table = file.table;
  if (!table || file.shapers.length === 0 || table.lut.size > MAX_RENDER_LUT_SIZE) return null;
  const exactPoints = shaperGridSize(file);
  const size = exactPoints ?? MAX_SHAPER_SIZE;
  const data = new Float32Array(size * 3);
  for (let i = 0; i < size; i++) {
    for (let c = 0; c < 3; c++) {
      let v = i / (size - 1);
      for (const curves of file.shapers) v = evaluateCurve(curves[c]!, v);
      data[i * 3 + c] = (v - table.domainMin[c]!) / (table.domainMax[c]! - table.domainMin[c]!);
    }
  }
  const shaper: LutShaper = { size, data };
  return { lut: { size: table.lut.size, data: table.lut.data, shaper }, exact: exactPoints !== null };
}

function sampleFile(file: LutFile, size: number): Lut3D {
  const points = gridPoints(size);
  applyLutFileToTriplets(file, points);
  return { size, data: Float32Array.from(points) };
}

/**
 * Sizes to try for a file that no grid reproduces: 65, and each grid of 33 to 65 points that holds
 * every point of a shaper evenly spaced over 0..1 (its bends then fall on the grid, which takes
 * most of the error away: 2.4/255 at 65 points against 0.6/255 at 61 for a 16-point shaper).
 */
function resampleSizes(file: LutFile): number[] {
  const sizes = new Set([MAX_RENDER_LUT_SIZE]);
  for (const curves of file.shapers) {
    const n = curves[0].inputs.length;
    if (n > MAX_RENDER_LUT_SIZE || !curves.every((curve) => curve.inputs.length === n && isUnitUniform(curve))) continue;
    for (let size = alignedLutSize(n); size <= MAX_RENDER_LUT_SIZE; size += n - 1) sizes.add(size);
  }
  return [...sizes];
}

/**
 * Resamples any `.cube` file into a `size`³ LUT over 0..1: the file applied as
 * {@link applyLutFileToTriplets} does at each grid point. A 3D file already over 0..1 at the
 * requested size, without a shaper, is returned as it is.
 */
export function cubeToLut3D(cube: CubeFile, size = cube.lut3d?.size ?? 33): Lut3D {
  const file = lutFileFromCube(cube);
  if (file.table && file.shapers.length === 0 && isUnitDomain(file.table.domainMin, file.table.domainMax) && file.table.lut.size === size) return file.table.lut;
  return sampleFile(file, size);
}
