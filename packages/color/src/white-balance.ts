/**
 * Temperature and tint as a white-balance shift, not a hue rotation (docs/color-engine.md, 'Order of operations').
 *
 * The sliders choose a new white: temperature moves it along the Planckian locus in mireds (equal
 * steps look equally large), tint moves it across the locus in Duv. The picture is then adapted
 * from D65 to that white with a Bradford transform in linear light. Neutrals keep their luminance
 * and slide along the daylight/tungsten axis; saturated colours move the way they would under
 * warmer or cooler light, and black stays black (a gain, never an offset).
 */
import {
  D65,
  REC709_TO_XYZ,
  chromaticAdaptationMatrix,
  chromaticityToUcs,
  planckianNormal,
  planckianUcs,
  ucsToChromaticity,
  xyzToChromaticity,
} from './colorimetry';
import type { Chromaticity } from './colorimetry';
import { applyMatrix3, IDENTITY_MATRIX3 } from './matrix';
import type { Matrix3, Rgb } from './matrix';

/** Correlated colour temperature of D65 (CIE 15:2004 table T.1 lists 6504 K). */
const D65_KELVIN = 6504;
const D65_MIRED = 1e6 / D65_KELVIN;

/**
 * Mireds per temperature step: ±100 moves the white by 85 mired, to about 4190 K (warm) or 14 500 K
 * (cool), which keeps it inside the validity range of Krystek's locus (1000–15 000 K).
 */
export const MIRED_PER_TEMPERATURE_STEP = 0.85;

/** Duv per tint step: ±100 moves the white 0.015 off the locus (+ magenta, − green). */
export const DUV_PER_TINT_STEP = 0.00015;

/**
 * The white that neutral D65 grey becomes under the sliders. Offsets are taken relative to the
 * locus point at 6504 K, so (0, 0) is exactly D65 even though D65 lies slightly above the locus.
 */
export function whiteForSliders(temperature: number, tint: number): Chromaticity {
  const kelvin = 1e6 / (D65_MIRED + MIRED_PER_TEMPERATURE_STEP * temperature);
  const d65 = chromaticityToUcs(D65);
  const base = planckianUcs(D65_KELVIN);
  const moved = planckianUcs(kelvin);
  const normal = planckianNormal(kelvin);
  const duv = -DUV_PER_TINT_STEP * tint;
  return ucsToChromaticity({
    u: d65.u + (moved.u - base.u) + duv * normal.u,
    v: d65.v + (moved.v - base.v) + duv * normal.v,
  });
}

/**
 * Linear-light Rec.709 matrix for the temperature and tint sliders (−100..100, fractional values
 * allowed for looks). Exactly the identity at (0, 0).
 */
export function whiteBalanceMatrix(temperature: number, tint: number): Matrix3 {
  if (temperature === 0 && tint === 0) return IDENTITY_MATRIX3;
  return chromaticAdaptationMatrix(D65, whiteForSliders(temperature, tint));
}

function chromaticityOfLinear(rgb: Rgb): Chromaticity {
  return xyzToChromaticity(applyMatrix3(REC709_TO_XYZ, rgb));
}

/**
 * The temperature and tint (unrounded, unclamped) whose white balance turns `neutral`, the linear
 * RGB of something that should be grey, into a true neutral — or, given `target` (the linear RGB
 * of the light in another picture, as Shot Match uses it), into the colour of that light. Solved
 * by Newton's method on the chromaticity error; the slider-to-chromaticity map is smooth and
 * nearly linear, so a few steps suffice.
 */
export function sliderValuesToNeutralise(neutral: Rgb, target?: Rgb): { temperature: number; tint: number } {
  if (!(neutral[0] > 0 && neutral[1] > 0 && neutral[2] > 0)) return { temperature: 0, tint: 0 };
  if (target && !(target[0] > 0 && target[1] > 0 && target[2] > 0)) return { temperature: 0, tint: 0 };
  const goal = chromaticityToUcs(target ? chromaticityOfLinear(target) : D65);
  const error = (t: number, n: number): [number, number] => {
    const c = chromaticityToUcs(chromaticityOfLinear(applyMatrix3(whiteBalanceMatrix(t, n), neutral)));
    return [c.u - goal.u, c.v - goal.v];
  };
  let t = 0;
  let n = 0;
  for (let iteration = 0; iteration < 12; iteration++) {
    const [e0, e1] = error(t, n);
    if (Math.hypot(e0, e1) < 1e-7) break;
    const h = 0.5;
    const [tu, tv] = error(t + h, n);
    const [nu, nv] = error(t, n + h);
    const j00 = (tu - e0) / h;
    const j10 = (tv - e1) / h;
    const j01 = (nu - e0) / h;
    const j11 = (nv - e1) / h;
    const det = j00 * j11 - j01 * j10;
    if (det === 0) break;
    // Clamp each step to the slider's reach so a wild start cannot leave the locus' valid range.
    t = Math.max(-110, Math.min(110, t - (j11 * e0 - j01 * e1) / det));
    n = Math.max(-150, Math.min(150, n - (-j10 * e0 + j00 * e1) / det));
  }
  return { temperature: t, tint: n };
}
