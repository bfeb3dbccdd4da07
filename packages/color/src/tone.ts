/**
 * Tone curves on encoded values (0 = black, 1 = white), used per channel by looks and by the
 * contrast, highlights, shadows and brightness sliders. Every curve here is monotone, so no grade
 * can invert the order of tones.
 */

/** Encoded value of 18 % grey under the engine's BT.1886 decoding: 0.18^(1/2.4). */
export const MID_GREY_ENCODED = 0.18 ** (1 / 2.4);

/**
 * A film-style tone curve: two cubic Hermite segments through (0, black), (pivot, pivotOutput)
 * and (1, white) with chosen slopes. `toe` is the slope at black (below 1 rolls the blacks off softly,
 * like film's toe), `contrast` the slope at the pivot, `shoulder` the slope at white (below 1
 * compresses the highlights like film's shoulder). `black` > 0 lifts (fades) the black point,
 * `white` < 1 dims the white point. Outside 0..1 the curve continues along its end slopes.
 */
export interface ToneCurve {
  readonly black?: number;
  readonly white?: number;
  readonly pivot?: number;
  /** Where the pivot goes (default: the pivot itself, so mid-grey stays put). */
  readonly pivotOutput?: number;
  readonly toe?: number;
  readonly contrast?: number;
  readonly shoulder?: number;
}

interface ResolvedCurve {
  readonly black: number;
  readonly white: number;
  readonly pivot: number;
  readonly pivotOutput: number;
  readonly toe: number;
  readonly contrast: number;
  readonly shoulder: number;
}

function resolve(curve: ToneCurve): ResolvedCurve {
  return {
    black: curve.black ?? 0,
    white: curve.white ?? 1,
    pivot: curve.pivot ?? MID_GREY_ENCODED,
    pivotOutput: curve.pivotOutput ?? curve.pivot ?? MID_GREY_ENCODED,
    toe: curve.toe ?? 1,
    contrast: curve.contrast ?? 1,
    shoulder: curve.shoulder ?? 1,
  };
}

function hermite(x0: number, y0: number, m0: number, x1: number, y1: number, m1: number, x: number): number {
  const h = x1 - x0;
  const t = (x - x0) / h;
  const t2 = t * t;
  const t3 = t2 * t;
  return (2 * t3 - 3 * t2 + 1) * y0 + (t3 - 2 * t2 + t) * h * m0 + (-2 * t3 + 3 * t2) * y1 + (t3 - t2) * h * m1;
}

/** Builds the curve as a function of one encoded value. */
export function toneCurveFunction(curve: ToneCurve): (x: number) => number {
  const c = resolve(curve);
  return (x) => {
    if (x <= 0) return c.black + c.toe * x;
    if (x >= 1) return c.white + c.shoulder * (x - 1);
    return x <= c.pivot
      ? hermite(0, c.black, c.toe, c.pivot, c.pivotOutput, c.contrast, x)
      : hermite(c.pivot, c.pivotOutput, c.contrast, 1, c.white, c.shoulder, x);
  };
}

/**
 * Whether the curve is monotone non-decreasing, by the Fritsch–Carlson condition (SIAM J. Numer.
 * Anal. 17(2), 1980): on each segment with secant slope δ > 0 the end slopes must satisfy
 * α, β ≥ 0 and α² + β² ≤ 9 where α = m0/δ and β = m1/δ.
 */
export function isMonotoneToneCurve(curve: ToneCurve): boolean {
  const c = resolve(curve);
  if (!(c.pivot > 0 && c.pivot < 1)) return false;
  const segments: [number, number, number][] = [
    [(c.pivotOutput - c.black) / c.pivot, c.toe, c.contrast],
    [(c.white - c.pivotOutput) / (1 - c.pivot), c.contrast, c.shoulder],
  ];
  return segments.every(([delta, m0, m1]) => {
    if (!(delta > 0) || m0 < 0 || m1 < 0) return false;
    const a = m0 / delta;
    const b = m1 / delta;
    return a * a + b * b <= 9;
  });
}

/**
 * Contrast slider (−1..1): a tone curve pivoting on mid-grey. +1 steepens the mid-tones to slope
 * 1.6 and rolls black and white off (end slopes 0.4); −1 flattens the mid-tones to slope 0.4.
 * Black and white stay where they are, so contrast never clips.
 */
export function contrastCurve(amount: number): ToneCurve {
  return { contrast: 1 + 0.6 * amount, toe: 1 - 0.6 * amount, shoulder: 1 - 0.6 * amount };
}

/** Peak lift of the shadows and highlights sliders at ±100 (monotone up to 1/6.75 ≈ 0.148). */
const RANGE_AMPLITUDE = 0.13;

/**
 * Shadows (s) and highlights (h) sliders (−1..1) as bumps on the tone scale:
 * f(x) = x + A·s·(27/4)·x(1−x)² + A·h·(27/4)·x²(1−x).
 * The shadow bump peaks at x = 1/3 and vanishes at both ends, the highlight bump peaks at x = 2/3
 * and vanishes at both ends: +shadows lifts the dark tones without moving black or white, and
 * +highlights brightens the bright tones without touching the shadows or clipping white. With
 * A = 0.13 the slope stays ≥ 1 − 6.75·A > 0 for any combination, so the curve is monotone.
 */
export function shadowsHighlightsFunction(shadows: number, highlights: number): (x: number) => number {
  const s = RANGE_AMPLITUDE * 6.75 * shadows;
  const h = RANGE_AMPLITUDE * 6.75 * highlights;
  return (x) => {
    if (x <= 0 || x >= 1) return x;
    const y = 1 - x;
    return x + s * x * y * y + h * x * x * y;
  };
}

/**
 * Brightness slider (−1..1): a mid-tone curve f(x) = x / (k(1 − x) + 1) with mid-grey 0.5 moved to
 * 0.5 + 0.15·b. Black and white are fixed, the slope stays finite and positive everywhere
 * (Schlick's rational bias function, Graphics Gems IV, 1994).
 */
export function brightnessFunction(amount: number): (x: number) => number {
  const k = 1 / (0.5 + 0.15 * amount) - 2;
  return (x) => (x <= 0 || x >= 1 ? x : x / (k * (1 - x) + 1));
}
