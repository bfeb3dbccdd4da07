/**
 * Custom curves: master and R, G, B, each a list of control points on encoded values, joined by a
 * monotone cubic (Fritsch–Carlson) that never overshoots between points (docs/color-engine.md,
 * 'Custom curves'). Plain maths; `grade-program.ts` puts the curves in the pipeline.
 */

export interface CurvePoint {
  readonly x: number;
  readonly y: number;
}

export const CURVE_NAMES = ['master', 'red', 'green', 'blue'] as const;
export type CurveName = (typeof CURVE_NAMES)[number];

/** Each curve's points, x strictly increasing, x and y in 0..1; an empty list is the straight line. */
export type Curves = Readonly<Record<CurveName, readonly CurvePoint[]>>;

export const DEFAULT_CURVES: Curves = { master: [], red: [], green: [], blue: [] };

export const CURVE_MAX_POINTS = 16;

/** True when a curve is the straight line: no points, or every point on the diagonal. */
export function isCurveAtRest(points: readonly CurvePoint[]): boolean {
  return points.every((p) => p.x === p.y);
}

export function areCurvesAtRest(curves: Curves | undefined): boolean {
  return curves === undefined || CURVE_NAMES.every((name) => isCurveAtRest(curves[name]));
}

/**
 * The curve through `points` as a function on 0..1: (0, 0) and (1, 1) are added when no point sits
 * at x = 0 or x = 1, and values outside 0..1 take the end values. Between points it is the
 * Fritsch–Carlson monotone cubic Hermite interpolant: tangents are the mean of the neighbouring
 * secants (0 where they change sign or either is flat, one-sided at the ends), then scaled down
 * so α² + β² ≤ 9 on every interval, which keeps each piece monotone between its two points — so
 * the curve never leaves the range of the two points around it, however close they are.
 */
export function monotoneCurve(points: readonly CurvePoint[]): (x: number) => number {
  const knots = [...points];
  if (knots.length === 0 || knots[0]!.x > 0) knots.unshift({ x: 0, y: 0 });
  if (knots[knots.length - 1]!.x < 1) knots.push({ x: 1, y: 1 });
  return monotoneThrough(knots);
}

/**
 * The Fritsch–Carlson monotone cubic through `knots` (x strictly increasing, at least one knot),
 * flat outside the first and last: the interpolant {@link monotoneCurve} describes, without the
 * implied corners. `hue-curves.ts` runs it over points repeated around the hue circle.
 */
export function monotoneThrough(knots: readonly CurvePoint[]): (x: number) => number {
  const n = knots.length;
  if (n === 1) {
    const only = knots[0]!.y;
    return () => only;
  }
  const xs = knots.map((p) => p.x);
  const ys = knots.map((p) => p.y);
  const secants = xs.slice(1).map((x, k) => (ys[k + 1]! - ys[k]!) / (x - xs[k]!));
  const tangents = xs.map((_, k) => {
    if (k === 0) return secants[0]!;
    if (k === n - 1) return secants[n - 2]!;
    const a = secants[k - 1]!;
    const b = secants[k]!;
    return a * b <= 0 ? 0 : (a + b) / 2;
  });
  secants.forEach((d, k) => {
    if (d === 0) {
      tangents[k] = 0;
      tangents[k + 1] = 0;
      return;
    }
    const alpha = tangents[k]! / d;
    const beta = tangents[k + 1]! / d;
    const norm = alpha * alpha + beta * beta;
    if (norm > 9) {
      const tau = 3 / Math.sqrt(norm);
      tangents[k] = tau * alpha * d;
      tangents[k + 1] = tau * beta * d;
    }
  });
  const first = ys[0]!;
  const last = ys[n - 1]!;
  return (x) => {
    if (!(x > xs[0]!)) return first;
    if (x >= xs[n - 1]!) return last;
    let lo = 0;
    let hi = n - 1;
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (xs[mid]! <= x) lo = mid;
      else hi = mid;
    }
    const h = xs[hi]! - xs[lo]!;
    const t = (x - xs[lo]!) / h;
    const t2 = t * t;
    const t3 = t2 * t;
    return (2 * t3 - 3 * t2 + 1) * ys[lo]! + (t3 - 2 * t2 + t) * h * tangents[lo]! + (-2 * t3 + 3 * t2) * ys[hi]! + (t3 - t2) * h * tangents[hi]!;
  };
}
