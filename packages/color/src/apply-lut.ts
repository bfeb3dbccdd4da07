/**
 * CPU reference renderer for 3D LUTs: the same arithmetic as ffmpeg's lut3d filter
 * (libavfilter/vf_lut3d.c, interp_tetrahedral and interp_trilinear) and as the WebGL shader, used
 * by tests to hold the renderers against each other and by the app for stills.
 *
 * Inputs are clamped to 0..1 (the LUT's domain); NaN counts as 0. A LUT with a shaper
 * (`Lut3D.shaper`) runs it first, per channel, and indexes the 3D table by its output. Output values are clamped to
 * 0..1; 8-bit output rounds to nearest (Uint8ClampedArray's conversion, ties to even).
 */
import type { Lut3D, LutShaper } from './lut-types';

export type Interpolation = 'tetrahedral' | 'trilinear';

export const INTERPOLATIONS: readonly Interpolation[] = ['tetrahedral', 'trilinear'];

function checkLut(lut: Lut3D): void {
  if (!Number.isInteger(lut.size) || lut.size < 2 || lut.data.length !== lut.size ** 3 * 3) {
    throw new RangeError(`LUT data must hold size³ RGB triplets (size ${lut.size}, ${lut.data.length} values)`);
  }
  const shaper = lut.shaper;
  if (shaper && (!Number.isInteger(shaper.size) || shaper.size < 2 || shaper.data.length !== shaper.size * 3)) {
    throw new RangeError(`A LUT's shaper must hold size RGB triplets (size ${shaper.size}, ${shaper.data.length} values)`);
  }
}

/**
 * The shaper's value for channel c (0, 1, 2) at v: the input clamped to 0..1 (NaN as 0), then
 * linear between its two neighbouring points, as ffmpeg's lut1d interp_1d_linear.
 */
export function shapeChannel(shaper: LutShaper, c: number, v: number): number {
  const n1 = shaper.size - 1;
  const x = unit(v) * n1;
  const i = x < n1 ? x | 0 : n1 - 1;
  const lo = shaper.data[i * 3 + c]!;
  return lo + (shaper.data[(i + 1) * 3 + c]! - lo) * (x - i);
}

/**
 * Tetrahedral interpolation of one point: the cell (entry c000 at offset `a` of `data`, green and
 * blue strides sg, sb) is split into six tetrahedra along its black–white diagonal and the one
 * holding the point is chosen by the order of the fractions, exactly as ffmpeg's
 * interp_tetrahedral does. Writes R, G, B to out[0..2].
 */
function tetrahedral(data: Float32Array, a: number, fr: number, fg: number, fb: number, sg: number, sb: number, out: Float64Array): void {
  let i1: number;
  let i2: number;
  let w0: number;
  let w1: number;
  let w2: number;
  let w3: number;
  if (fr > fg) {
    if (fg > fb) {
      i1 = 3;
      i2 = 3 + sg;
      w0 = 1 - fr;
      w1 = fr - fg;
      w2 = fg - fb;
      w3 = fb;
    } else if (fr > fb) {
      i1 = 3;
      i2 = 3 + sb;
      w0 = 1 - fr;
      w1 = fr - fb;
      w2 = fb - fg;
      w3 = fg;
    } else {
      i1 = sb;
      i2 = 3 + sb;
      w0 = 1 - fb;
      w1 = fb - fr;
      w2 = fr - fg;
      w3 = fg;
    }
  } else if (fb > fg) {
    i1 = sb;
    i2 = sg + sb;
    w0 = 1 - fb;
    w1 = fb - fg;
    w2 = fg - fr;
    w3 = fr;
  } else if (fb > fr) {
    i1 = sg;
    i2 = sg + sb;
    w0 = 1 - fg;
    w1 = fg - fb;
    w2 = fb - fr;
    w3 = fr;
  } else {
    i1 = sg;
    i2 = 3 + sg;
    w0 = 1 - fg;
    w1 = fg - fr;
    w2 = fr - fb;
    w3 = fb;
  }
  const c1 = a + i1;
  const c2 = a + i2;
  const c3 = a + 3 + sg + sb;
  out[0] = w0 * data[a]! + w1 * data[c1]! + w2 * data[c2]! + w3 * data[c3]!;
  out[1] = w0 * data[a + 1]! + w1 * data[c1 + 1]! + w2 * data[c2 + 1]! + w3 * data[c3 + 1]!;
  out[2] = w0 * data[a + 2]! + w1 * data[c1 + 2]! + w2 * data[c2 + 2]! + w3 * data[c3 + 2]!;
}

/** Trilinear interpolation of one point (red, then green, then blue lerps), as tetrahedral's arguments. */
function trilinear(data: Float32Array, a: number, fr: number, fg: number, fb: number, sg: number, sb: number, out: Float64Array): void {
  for (let k = 0; k < 3; k++) {
    const p = a + k;
    const c00 = data[p]! + (data[p + 3]! - data[p]!) * fr;
    const c10 = data[p + sg]! + (data[p + sg + 3]! - data[p + sg]!) * fr;
    const c01 = data[p + sb]! + (data[p + sb + 3]! - data[p + sb]!) * fr;
    const c11 = data[p + sg + sb]! + (data[p + sg + sb + 3]! - data[p + sg + sb]!) * fr;
    const c0 = c00 + (c10 - c00) * fg;
    const c1 = c01 + (c11 - c01) * fg;
    out[k] = c0 + (c1 - c0) * fb;
  }
}

function unit(v: number): number {
  return v > 0 ? (v < 1 ? v : 1) : 0;
}

/** Samples the LUT at one encoded RGB colour; returns [r, g, b] (not clamped). */
export function sampleLut(lut: Lut3D, r: number, g: number, b: number, interpolation: Interpolation = 'tetrahedral'): [number, number, number] {
  checkLut(lut);
  if (lut.shaper) [r, g, b] = [shapeChannel(lut.shaper, 0, r), shapeChannel(lut.shaper, 1, g), shapeChannel(lut.shaper, 2, b)];
  const n1 = lut.size - 1;
  const sg = lut.size * 3;
  const sb = lut.size * lut.size * 3;
  const position = (v: number): [number, number] => {
    const x = unit(v) * n1;
    const i = Math.min(Math.floor(x), n1 - 1);
    return [i, x - i];
  };
  const [ir, fr] = position(r);
  const [ig, fg] = position(g);
  const [ib, fb] = position(b);
  const out = new Float64Array(3);
  const interpolate = interpolation === 'tetrahedral' ? tetrahedral : trilinear;
  interpolate(lut.data, ir * 3 + ig * sg + ib * sb, fr, fg, fb, sg, sb, out);
  return [out[0]!, out[1]!, out[2]!];
}

/** 0..1 → 0..255 rounded to nearest, clamped (the float → byte step of every 8-bit output). */
function toByte(v: number): number {
  return v > 0 ? (v < 1 ? (v * 255 + 0.5) | 0 : 255) : 0;
}

/**
 * Applies the LUT to 8-bit RGBA pixels (ImageData layout); alpha is copied. Writes into `target`
 * when given (it may be `source` itself) and returns it.
 */
export function applyLutToRgba(
  lut: Lut3D,
  source: Uint8ClampedArray,
  interpolation: Interpolation = 'tetrahedral',
  target: Uint8ClampedArray = new Uint8ClampedArray(source.length),
): Uint8ClampedArray {
  checkLut(lut);
  if (target.length < source.length) throw new RangeError('target is smaller than source');
  if (lut.shaper) return applyShapedLutToRgba(lut, source, interpolation, target);
  const n1 = lut.size - 1;
  const sg = lut.size * 3;
  const sb = lut.size * lut.size * 3;
  // Per 8-bit code: the offset of its cell along each axis and the fraction inside the cell.
  const offsetR = new Int32Array(256);
  const offsetG = new Int32Array(256);
  const offsetB = new Int32Array(256);
  const fraction = new Float64Array(256);
  for (let v = 0; v < 256; v++) {
    const x = (v / 255) * n1;
    const i = Math.min(Math.floor(x), n1 - 1);
    offsetR[v] = i * 3;
    offsetG[v] = i * sg;
    offsetB[v] = i * sb;
    fraction[v] = x - i;
  }
  const data = lut.data;
  const rgb = new Float64Array(3);
  if (interpolation === 'trilinear') {
    for (let p = 0, end = source.length - 3; p < end; p += 4) {
      const r = source[p]!;
      const g = source[p + 1]!;
      const b = source[p + 2]!;
      trilinear(data, offsetR[r]! + offsetG[g]! + offsetB[b]!, fraction[r]!, fraction[g]!, fraction[b]!, sg, sb, rgb);
      target[p] = toByte(rgb[0]!);
      target[p + 1] = toByte(rgb[1]!);
      target[p + 2] = toByte(rgb[2]!);
      target[p + 3] = source[p + 3]!;
    }
    return target;
  }
  // The hot path of the CPU renderer: tetrahedral() written out with the sums going straight to
  // the bytes. Measured on a 1920×1080 frame: 32 ms here against 55 ms calling tetrahedral().
  const d111 = 3 + sg + sb;
  for (let p = 0, end = source.length - 3; p < end; p += 4) {
    const r = source[p]!;
    const g = source[p + 1]!;
    const b = source[p + 2]!;
    const fr = fraction[r]!;
    const fg = fraction[g]!;
    const fb = fraction[b]!;
    const a = offsetR[r]! + offsetG[g]! + offsetB[b]!;
    let i1: number;
    let i2: number;
    let w0: number;
    let w1: number;
    let w2: number;
    let w3: number;
    if (fr > fg) {
      if (fg > fb) {
        i1 = 3;
        i2 = 3 + sg;
        w0 = 1 - fr;
        w1 = fr - fg;
        w2 = fg - fb;
        w3 = fb;
      } else if (fr > fb) {
        i1 = 3;
        i2 = 3 + sb;
        w0 = 1 - fr;
        w1 = fr - fb;
        w2 = fb - fg;
        w3 = fg;
      } else {
        i1 = sb;
        i2 = 3 + sb;
        w0 = 1 - fb;
        w1 = fb - fr;
        w2 = fr - fg;
        w3 = fg;
      }
    } else if (fb > fg) {
      i1 = sb;
      i2 = sg + sb;
      w0 = 1 - fb;
      w1 = fb - fg;
      w2 = fg - fr;
      w3 = fr;
    } else if (fb > fr) {
      i1 = sg;
      i2 = sg + sb;
      w0 = 1 - fg;
      w1 = fg - fb;
      w2 = fb - fr;
      w3 = fr;
    } else {
      i1 = sg;
      i2 = 3 + sg;
      w0 = 1 - fg;
      w1 = fg - fr;
      w2 = fr - fb;
      w3 = fb;
    }
    const c1 = a + i1;
    const c2 = a + i2;
    const c3 = a + d111;
    target[p] = toByte(w0 * data[a]! + w1 * data[c1]! + w2 * data[c2]! + w3 * data[c3]!);
    target[p + 1] = toByte(w0 * data[a + 1]! + w1 * data[c1 + 1]! + w2 * data[c2 + 1]! + w3 * data[c3 + 1]!);
    target[p + 2] = toByte(w0 * data[a + 2]! + w1 * data[c1 + 2]! + w2 * data[c2 + 2]! + w3 * data[c3 + 2]!);
    target[p + 3] = source[p + 3]!;
  }
  return target;
}

/** applyLutToRgba for a LUT with a shaper: in float, rounded once at the end. */
function applyShapedLutToRgba(lut: Lut3D, source: Uint8ClampedArray, interpolation: Interpolation, target: Uint8ClampedArray): Uint8ClampedArray {
  const float = Float32Array.from(source, (v) => v / 255);
  applyLutToFloatRgba(lut, float, interpolation, float);
  for (let p = 0, end = source.length - 3; p < end; p += 4) {
    target[p] = toByte(float[p]!);
    target[p + 1] = toByte(float[p + 1]!);
    target[p + 2] = toByte(float[p + 2]!);
    target[p + 3] = source[p + 3]!;
  }
  return target;
}

/**
 * Applies the LUT to float RGBA pixels (0..1 per channel, 4 values per pixel); alpha is copied.
 * Output is clamped to 0..1.
 */
export function applyLutToFloatRgba(
  lut: Lut3D,
  source: Float32Array,
  interpolation: Interpolation = 'tetrahedral',
  target: Float32Array = new Float32Array(source.length),
): Float32Array {
  checkLut(lut);
  if (target.length < source.length) throw new RangeError('target is smaller than source');
  const n1 = lut.size - 1;
  const sg = lut.size * 3;
  const sb = lut.size * lut.size * 3;
  const data = lut.data;
  const interpolate = interpolation === 'tetrahedral' ? tetrahedral : trilinear;
  const rgb = new Float64Array(3);
  const shaper = lut.shaper;
  for (let p = 0, end = source.length - 3; p < end; p += 4) {
    const x = unit(shaper ? shapeChannel(shaper, 0, source[p]!) : source[p]!) * n1;
    const y = unit(shaper ? shapeChannel(shaper, 1, source[p + 1]!) : source[p + 1]!) * n1;
    const z = unit(shaper ? shapeChannel(shaper, 2, source[p + 2]!) : source[p + 2]!) * n1;
    const ir = x < n1 ? x | 0 : n1 - 1;
    const ig = y < n1 ? y | 0 : n1 - 1;
    const ib = z < n1 ? z | 0 : n1 - 1;
    interpolate(data, ir * 3 + ig * sg + ib * sb, x - ir, y - ig, z - ib, sg, sb, rgb);
    target[p] = unit(rgb[0]!);
    target[p + 1] = unit(rgb[1]!);
    target[p + 2] = unit(rgb[2]!);
    target[p + 3] = source[p + 3]!;
  }
  return target;
}

/**
 * Applies the LUT in place to RGB triplets start..end−1 of `buffer` (encoded values; inputs
 * clamped to 0..1, outputs not clamped), tetrahedrally. The colour engine runs an imported LUT
 * through this as one step of a grade.
 */
export function applyLutToTriplets(lut: Lut3D, buffer: Float64Array, start: number, end: number): void {
  checkLut(lut);
  const n1 = lut.size - 1;
  const sg = lut.size * 3;
  const sb = lut.size * lut.size * 3;
  const rgb = new Float64Array(3);
  const shaper = lut.shaper;
  for (let i = start * 3, stop = end * 3; i < stop; i += 3) {
    const x = unit(shaper ? shapeChannel(shaper, 0, buffer[i]!) : buffer[i]!) * n1;
    const y = unit(shaper ? shapeChannel(shaper, 1, buffer[i + 1]!) : buffer[i + 1]!) * n1;
    const z = unit(shaper ? shapeChannel(shaper, 2, buffer[i + 2]!) : buffer[i + 2]!) * n1;
    const ir = x < n1 ? x | 0 : n1 - 1;
    const ig = y < n1 ? y | 0 : n1 - 1;
    const ib = z < n1 ? z | 0 : n1 - 1;
    tetrahedral(lut.data, ir * 3 + ig * sg + ib * sb, x - ir, y - ig, z - ib, sg, sb, rgb);
    buffer[i] = rgb[0]!;
    buffer[i + 1] = rgb[1]!;
    buffer[i + 2] = rgb[2]!;
  }
}
