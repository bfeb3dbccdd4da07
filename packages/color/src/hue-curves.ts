/**
 * Hue and luminance curves: Hue vs Hue, Hue vs Saturation, Hue vs Luminance and Luminance vs
 * Saturation (docs/color-engine.md, 'Hue curves'). Each is a list of control points {x, y} in 0..1
 * joined by the same monotone cubic as the custom curves (`curves.ts`), so a curve never
 * overshoots its points. y = 0.5 is the neutral line; a curve with no points is neutral.
 *
 * x is the hue as a fraction of the circle (0 red, 1/3 green, 2/3 blue; 0 ≤ x < 1) for the three
 * hue curves, which are periodic: their points repeat around the circle, so a point near 360°
 * bends the curve near 0° too. For Luminance vs Saturation x is the Rec.709 luma (0..1) and the
 * curve is flat outside its first and last point.
 *
 * Hue is the HSV (hexcone) hue of the encoded colour, chroma c = max − min. Per pixel, with every
 * curve read at the pixel's hue h (and luma L for Lum vs Sat) as it enters:
 *   Hue vs Hue  — the hue turns by (y − 0.5) of a circle (±180°), keeping max and min;
 *   Hue vs Sat  — chroma scales around Rec.709 luma by 2y (0 grey, 1 unchanged, 2 double);
 *   Lum vs Sat  — likewise by 2y, multiplied with Hue vs Sat;
 *   Hue vs Lum  — all three channels move by (y − 0.5)·c, so greys (c = 0) never move.
 * Greys have no hue: every curve leaves them exactly as they are.
 */
import { REC709_LUMA } from './colorimetry';
import { monotoneThrough } from './curves';
import type { CurvePoint } from './curves';
import { storePointClamped } from './grid-source';
import { KeptArrays } from './kept-arrays';

export const HUE_CURVE_NAMES = ['hueVsHue', 'hueVsSat', 'hueVsLum', 'lumVsSat'] as const;
export type HueCurveName = (typeof HUE_CURVE_NAMES)[number];

/** Each curve's points, x strictly increasing, y in 0..1 (0.5 neutral); an empty list is neutral. */
export type HueCurves = Readonly<Record<HueCurveName, readonly CurvePoint[]>>;

export const DEFAULT_HUE_CURVES: HueCurves = { hueVsHue: [], hueVsSat: [], hueVsLum: [], lumVsSat: [] };

/** The neutral value of every hue curve. */
export const HUE_CURVE_NEUTRAL = 0.5;

/** True for the three curves whose x is a hue (periodic: 0 ≤ x < 1). */
export function isHueAxis(name: HueCurveName): boolean {
  return name !== 'lumVsSat';
}

export function isHueCurveAtRest(points: readonly CurvePoint[]): boolean {
  return points.every((p) => p.y === HUE_CURVE_NEUTRAL);
}

export function areHueCurvesAtRest(curves: HueCurves | undefined): boolean {
  return curves === undefined || HUE_CURVE_NAMES.every((name) => isHueCurveAtRest(curves[name]));
}

/**
 * The curve as a function of x (0..1). Hue curves repeat their points one circle to either side,
 * so the spline wraps around 0/1 with the same no-overshoot guarantee; Lum vs Sat is the monotone
 * cubic through its points, flat beyond them. No points: the neutral line.
 */
export function hueCurveFunction(name: HueCurveName, points: readonly CurvePoint[]): (x: number) => number {
  if (points.length === 0) return () => HUE_CURVE_NEUTRAL;
  if (!isHueAxis(name)) return monotoneThrough(points);
  const around = [-1, 0, 1].flatMap((turn) => points.map((p) => ({ x: p.x + turn, y: p.y })));
  const f = monotoneThrough(around);
  return (x) => f(x - Math.floor(x));
}

/** The hue (0 ≤ h < 1, HSV hexcone) of an encoded colour, or −1 for a grey (no hue). */
export function hueOf(r: number, g: number, b: number): number {
  const hi = Math.max(r, g, b);
  const c = hi - Math.min(r, g, b);
  if (!(c > 0)) return -1;
  const h6 = hi === r ? (g - b) / c : hi === g ? (b - r) / c + 2 : (r - g) / c + 4;
  return (h6 < 0 ? h6 + 6 : h6) / 6;
}

/** Intervals of each curve's table over x in 0..1 (linear interpolation between nodes). */
export const HUE_TABLE_INTERVALS = 512;

/**
 * What the pass reads, per curve a table of its effect at x = k/512 (null when the curve is
 * neutral): the hue turn y − 0.5, the saturation factors 2y, the luma shift per unit of chroma
 * y − 0.5. Tables make the pass cheap: a spline evaluation per pixel would search its points.
 * Node k is at 2k, followed at 2k + 1 by the step to node k + 1 (0 after the last node), so a
 * pixel interpolates as value + step·t: the same numbers as reading both nodes and subtracting,
 * bit for bit, with one subtraction and one read fewer per curve (the kernel measured 6 % faster).
 * They are shared between programs (kept across bakes): nothing may write to them.
 */
export interface HueCurveTables {
  readonly hueShift: Float64Array | null;
  readonly hueSat: Float64Array | null;
  readonly hueLum: Float64Array | null;
  readonly lumSat: Float64Array | null;
}

/**
 * Each curve's table by its name and points, kept across bakes (16 tables at most): a bake whose
 * hue curves did not change (a drag of any other control) builds none, and a drag of one curve
 * builds only its own. A kept table equals a rebuilt one bit for bit.
 */
const keptTables = new KeptArrays(16, 1024 * 1024);

/** A number's exact text, −0 included (JSON writes −0 as 0). */
const exactText = (v: number): string => (Object.is(v, -0) ? '-0' : String(v));

function table(name: HueCurveName, points: readonly CurvePoint[], effect: (y: number) => number): Float64Array | null {
  if (isHueCurveAtRest(points)) return null;
  const key = `${name}:${points.map((p) => `${exactText(p.x)},${exactText(p.y)}`).join(';')}`;
  const kept = keptTables.recall(key);
  if (kept) return kept;
  const f = hueCurveFunction(name, points);
  const n = HUE_TABLE_INTERVALS;
  const values = Array.from({ length: n + 1 }, (_, k) => effect(f(k / n)));
  const out = new Float64Array(2 * (n + 1));
  for (let k = 0; k <= n; k++) {
    out[2 * k] = values[k]!;
    // The last node's step is 0: x = 1 exactly (a luma of 1) reads the last value.
    out[2 * k + 1] = k < n ? values[k + 1]! - values[k]! : 0;
  }
  return keptTables.keep(key, out);
}

export function hueCurveTables(curves: HueCurves): HueCurveTables {
  const shift = (y: number): number => y - HUE_CURVE_NEUTRAL;
  const factor = (y: number): number => 2 * y;
  return {
    hueShift: table('hueVsHue', curves.hueVsHue, shift),
    hueSat: table('hueVsSat', curves.hueVsSat, factor),
    hueLum: table('hueVsLum', curves.hueVsLum, shift),
    lumSat: table('lumVsSat', curves.lumVsSat, factor),
  };
}

const [KR, KG, KB] = REC709_LUMA;

/**
 * Applies the curves in place to RGB triplets start..end−1 of `buffer` (encoded values); or, given
 * `out`, writes the results clamped to 0..1 (NaN as 0) to out[offset..] instead, as the last step
 * of a bake does (`ColorProgram.runOnGrid`), saving a separate pass to store them.
 */
export function applyHueCurves(buffer: Float64Array, start: number, end: number, tables: HueCurveTables, out: Float32Array | null = null, offset = 0): void {
  const { hueShift, hueSat, hueLum, lumSat } = tables;
  const n = HUE_TABLE_INTERVALS;
  const at0 = offset - start * 3;
  for (let i = start * 3, stop = end * 3; i < stop; i += 3) {
    let r = buffer[i]!;
    let g = buffer[i + 1]!;
    let b = buffer[i + 2]!;
    let hi: number;
    let lo: number;
    let h6: number;
    let pair: number;
    // The hexcone hue: which channel is largest decides the sector pair (noted in the branch that
    // finds it, not found again by comparing), the others where in it.
    if (r >= g && r >= b) {
      hi = r;
      lo = g < b ? g : b;
      h6 = g - b;
      pair = 0;
    } else if (g >= b) {
      hi = g;
      lo = r < b ? r : b;
      h6 = b - r;
      pair = 2;
    } else {
      hi = b;
      lo = r < g ? r : g;
      h6 = r - g;
      pair = 4;
    }
    const c = hi - lo;
    if (!(c > 0)) {
      if (out !== null) storePointClamped(out, at0 + i, r, g, b);
      continue;
    }
    h6 = h6 / c + pair;
    if (h6 < 0) h6 += 6;
    // One table position for the three hue tables (h6/6 is within 0..1).
    const p = h6 * (n / 6);
    const k = p | 0;
    const t = p - k;
    const at = 2 * k;
    let factor = 1;
    if (lumSat !== null) {
      const y = KR * r + KG * g + KB * b;
      const q = (y > 0 ? (y < 1 ? y : 1) : 0) * n;
      const j = q | 0;
      factor = lumSat[2 * j]! + lumSat[2 * j + 1]! * (q - j);
    }
    if (hueSat !== null) factor *= hueSat[at]! + hueSat[at + 1]! * t;
    if (hueShift !== null) {
      let turned = h6 + 6 * (hueShift[at]! + hueShift[at + 1]! * t);
      if (turned < 0) turned += 6;
      else if (turned >= 6) turned -= 6;
      const sector = turned | 0;
      const f = turned - sector;
      // Going round the hexcone: one channel at max, one at min, one between them. Each pair of
      // sectors keeps one channel at min; within the pair, max and mid trade places. (Pair first,
      // then parity: fewer compares than choosing each channel from all six sectors; the kernel
      // measured 3 % faster.) Sector 6 is a turn that rounded up to exactly a full circle: there
      // f = 0 and every channel takes mid.
      const mid = sector & 1 ? hi - c * f : lo + c * f;
      const even = (sector & 1) === 0;
      if (sector < 2) {
        r = even ? hi : mid;
        g = even ? mid : hi;
        b = lo;
      } else if (sector < 4) {
        r = lo;
        g = even ? hi : mid;
        b = even ? mid : hi;
      } else if (sector < 6) {
        r = even ? mid : hi;
        g = lo;
        b = even ? hi : mid;
      } else {
        r = g = b = mid;
      }
    }
    if (factor !== 1) {
      const y = KR * r + KG * g + KB * b;
      r = y + factor * (r - y);
      g = y + factor * (g - y);
      b = y + factor * (b - y);
    }
    if (hueLum !== null) {
      const shift = (hueLum[at]! + hueLum[at + 1]! * t) * c;
      r += shift;
      g += shift;
      b += shift;
    }
    if (out !== null) {
      storePointClamped(out, at0 + i, r, g, b);
    } else {
      buffer[i] = r;
      buffer[i + 1] = g;
      buffer[i + 2] = b;
    }
  }
}
