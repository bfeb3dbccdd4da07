/**
 * Shot Match (docs/color-engine.md, 'Shot Match'): the grade that makes one picture (the clip)
 * look like another (the reference) — another asset, or a frame of the same clip at another time.
 *
 * Both pictures are encoded Rec.709 RGBA (after their camera input transforms) and are measured
 * with Smart Analyze's statistics (`measureImage`, `summariseStats`) plus a sample of their pixels.
 * The answer is an ordinary grade the user can change afterwards, built in the order the engine
 * applies it (`grade-program.ts`), each step judged by running the grade so far through
 * `applyGradeToColors`, the engine's own maths:
 *  1. temperature and tint: the white balance that turns the clip's light (the grey-world estimate
 *     of `estimateNeutral`) into the colour of the reference's light;
 *  2. exposure: the stops that bring the clip's median luminance to the reference's;
 *  3. contrast: the slider value that gives the clip the reference's tonal spread (p10..p90 of
 *     luma); exposure and contrast are settled twice, as contrast moves the median a little;
 *  4. saturation: the ratio of the two pictures' mean chroma (linear light, around luminance);
 *  5. custom curves, R, G and B: per channel, a lift, gamma and gain fitted to the two pictures'
 *     channel histograms (histogram matching held to a smooth shape), half of it used — what is
 *     left of the difference in black point, white point and neutral after the sliders. The
 *     curves run before saturation, so they are fitted against the reference with it undone.
 * A picture matched to itself gives the grade at rest. With a black-and-white picture on either
 * side, white balance and saturation are left alone and one master curve, fitted on luma, takes
 * the place of the three channel curves.
 */
import { DEFAULT_ADJUSTMENTS } from './adjustments';
import type { AdjustmentKey, Adjustments } from './adjustments';
import { REC709_LUMA } from './colorimetry';
import { CURVE_MAX_POINTS, CURVE_NAMES, DEFAULT_CURVES } from './curves';
import type { CurvePoint, Curves } from './curves';
import { DEFAULT_GRADE } from './grade';
import type { Grade } from './grade';
import { applyGradeToColors, EXPOSURE_STOPS_AT_FULL } from './grade-program';
import { measureImage } from './image-stats';
import { neutralSupport, summariseStats } from './stats-summary';
import { decodeGamma } from './transfer';
import { sliderValuesToNeutralise } from './white-balance';

/** An 8-bit RGBA picture in ImageData layout (an `ImageData` or a `RgbaImage` will do). */
export interface ShotMatchImage {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8ClampedArray | Uint8Array;
}

/** The sliders Shot Match sets; it also sets the custom curves. */
export const SHOT_MATCH_KEYS = ['temperature', 'tint', 'exposure', 'contrast', 'saturation'] as const satisfies readonly AdjustmentKey[];
export type ShotMatchKey = (typeof SHOT_MATCH_KEYS)[number];

/**
 * The furthest Shot Match moves each slider from rest. A match is a correction between two
 * recordings of similar scenes; a slider at its end stop says the measurement was fooled (colour
 * bars, a few flat patches, a clipped white) rather than that the pictures differ that much, and
 * the curves take up what is left of a real difference.
 */
export const SHOT_MATCH_REACH: Readonly<Record<ShotMatchKey, number>> = { temperature: 90, tint: 90, exposure: 80, contrast: 50, saturation: 50 };
/**
 * Share of a picture's measured pixels the light estimate must rest on (see `neutralSupport`) for
 * the white balance to be used in full; below it the white balance is scaled down in proportion,
 * so a picture with almost no grey in it (colour bars at full level, a field of flowers) cannot
 * swing Temperature and Tint on the strength of a few edge pixels.
 */
const FULL_SUPPORT = 0.06;
/**
 * What a contrast value costs in the fit, in tonal spread per 100 slider units: when the spread
 * hardly answers the slider (a picture of a few flat levels, or clipped at both ends), the fit
 * stays near rest instead of running to the end stop for a sliver of spread.
 */
const CONTRAST_COST = 0.005;
/**
 * Spreads within this share of each other count as the same: a small difference in spread is as
 * likely a difference in sharpness or compression (a thumbnail's softened edges between flat
 * areas) as in contrast, and the contrast slider is weak enough (+100 spreads the tones about a
 * fifth wider) that chasing it would move the slider far.
 */
const SPREAD_TOLERANCE = 0.06;

/** Pixels read from each picture for the fitting (a regular grid above this). */
const SAMPLE_BUDGET = 16384;
/** Quantile levels a channel's curve is fitted to: 5 % to 95 % (the extremes are where clipping differs most). */
const FIT_LEVELS = Array.from({ length: 91 }, (_, k) => (k + 5) / 100);
/** Gammas tried for a curve: 1/2 to 2 in 120 equal steps of log γ, 1 among them. */
const GAMMAS = Array.from({ length: 121 }, (_, k) => 2 ** ((k - 60) / 60));
/**
 * Share of the fitted curve that is used (the rest is the straight line). Two pictures' channel
 * histograms do not correspond pixel by pixel once the sliders have mixed the channels, so the
 * full fit overshoots: on the test scenes half of it left a smaller colour difference than all of it.
 */
const CURVE_SHARE = 0.5;
/** Where the curves' points sit. */
const CURVE_XS = Array.from({ length: 11 }, (_, k) => k / 10);
/** A curve whose every point is within this of the diagonal is left straight (no points). */
const CURVE_AT_REST = 0.002;

/** Opaque pixels of a regular grid over the picture, as encoded RGB triplets 0..1. */
function samplePixels(image: ShotMatchImage): Float64Array {
  const { width, height, data } = image;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width <= 0 || height <= 0 || data.length !== width * height * 4) {
    throw new RangeError(`image data must hold width × height RGBA pixels (${width}×${height}, ${data.length} values)`);
  }
  const step = Math.max(1, Math.ceil(Math.sqrt((width * height) / SAMPLE_BUDGET)));
  const out: number[] = [];
  for (let y = Math.floor(step / 2); y < height; y += step) {
    for (let x = Math.floor(step / 2); x < width; x += step) {
      const i = (y * width + x) * 4;
      if (data[i + 3]! < 128) continue;
      out.push(data[i]! / 255, data[i + 1]! / 255, data[i + 2]! / 255);
    }
  }
  return Float64Array.from(out);
}

function quantiles(values: Float64Array, levels: readonly number[]): number[] {
  const sorted = Float64Array.from(values).sort();
  return levels.map((q) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.round(q * (sorted.length - 1))))]!);
}

function channel(triplets: Float64Array, c: number): Float64Array {
  const out = new Float64Array(triplets.length / 3);
  for (let i = 0; i < out.length; i++) out[i] = triplets[i * 3 + c]!;
  return out;
}

function map(triplets: Float64Array, f: (r: number, g: number, b: number) => number): Float64Array {
  const out = new Float64Array(triplets.length / 3);
  for (let i = 0; i < out.length; i++) out[i] = f(triplets[i * 3]!, triplets[i * 3 + 1]!, triplets[i * 3 + 2]!);
  return out;
}

const [KR, KG, KB] = REC709_LUMA;
const linearLuminance = (t: Float64Array) => map(t, (r, g, b) => KR * decodeGamma(r) + KG * decodeGamma(g) + KB * decodeGamma(b));
const encodedLuma = (t: Float64Array) => map(t, (r, g, b) => KR * r + KG * g + KB * b);

/**
 * Mean distance of the linear channels from the linear luminance (what the saturation slider
 * scales), trimmed: the 5 % most and least colourful pixels are left out, so a few clipped or
 * edge pixels do not decide it.
 */
function meanChroma(t: Float64Array): number {
  const chroma = map(t, (r, g, b) => {
    const [lr, lg, lb] = [decodeGamma(r), decodeGamma(g), decodeGamma(b)];
    const y = KR * lr + KG * lg + KB * lb;
    return Math.abs(lr - y) + Math.abs(lg - y) + Math.abs(lb - y);
  }).sort();
  const kept = chroma.subarray(Math.floor(chroma.length * 0.05), Math.ceil(chroma.length * 0.95));
  return kept.reduce((a, b) => a + b, 0) / Math.max(1, kept.length);
}

/**
 * The part of the tonal scale both pictures recorded: quantile levels from `low` to `high`, where
 * `low` is the larger of the two pictures' shares of crushed blacks and `high` leaves out the larger
 * share of clipped highlights. A clipped white (or crushed black) holds no tones to match: it is
 * the same level however bright the scene was, so exposure and contrast are read between them.
 */
interface TonalBand {
  readonly low: number;
  readonly high: number;
}

function clippedShares(t: Float64Array): { crushed: number; clipped: number } {
  let crushed = 0;
  let clipped = 0;
  for (let i = 0; i < t.length; i += 3) {
    const [r, g, b] = [t[i]!, t[i + 1]!, t[i + 2]!];
    if (Math.max(r, g, b) >= 254 / 255) clipped++;
    else if (KR * r + KG * g + KB * b <= 2 / 255) crushed++;
  }
  const n = Math.max(1, t.length / 3);
  return { crushed: crushed / n, clipped: clipped / n };
}

function tonalBand(a: Float64Array, b: Float64Array): TonalBand {
  const [ca, cb] = [clippedShares(a), clippedShares(b)];
  const low = Math.max(ca.crushed, cb.crushed);
  const high = 1 - Math.max(ca.clipped, cb.clipped);
  // A picture that is mostly clipped leaves nothing between: fall back to the whole scale.
  return high - low >= 0.3 ? { low, high } : { low: 0, high: 1 };
}

/** The values between quantile levels `from` and `to` of the band, sorted. */
function trimmed(values: Float64Array, band: TonalBand, from: number, to: number): Float64Array {
  const sorted = Float64Array.from(values).sort();
  const at = (q: number) => Math.round((band.low + q * (band.high - band.low)) * sorted.length);
  const kept = sorted.subarray(Math.min(sorted.length - 1, at(from)), Math.max(at(from) + 1, at(to)));
  return kept.length > 0 ? kept : sorted;
}

const mean = (values: Float64Array): number => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);

/**
 * The picture's level: the mean linear luminance of the middle half of the band (its 25th to 75th
 * percentiles). A trimmed mean, not the median, so that a picture of a few flat levels (colour
 * bars) gives a level that moves smoothly with exposure instead of jumping from bar to bar.
 */
function level(t: Float64Array, band: TonalBand): number {
  return mean(trimmed(linearLuminance(t), band, 0.25, 0.75));
}

/**
 * How much of the tonal scale the picture spreads over: the mean absolute deviation of encoded
 * luma in the band, its outer 5 % at each end trimmed. A deviation, not a distance between two
 * percentiles, so it moves smoothly with contrast even for a picture of a few flat levels.
 */
function tonalSpread(t: Float64Array, band: TonalBand): number {
  const kept = trimmed(encodedLuma(t), band, 0.05, 0.95);
  const centre = mean(kept);
  return kept.reduce((sum, v) => sum + Math.abs(v - centre), 0) / Math.max(1, kept.length);
}

/** A slider value, rounded and kept within Shot Match's reach for that slider. */
function slider(key: ShotMatchKey, v: number): number {
  const reach = SHOT_MATCH_REACH[key];
  const rounded = Math.round(Math.min(reach, Math.max(-reach, v)));
  return rounded === 0 ? 0 : rounded;
}

const withAdjustments = (adjustments: Adjustments): Grade => ({ ...DEFAULT_GRADE, adjustments });

/**
 * The integer contrast whose tonal spread is closest to `target`, each unit of contrast costing
 * {@link CONTRAST_COST} per 100 (so a value is only worth its spread), within Shot Match's reach.
 */
function fitContrast(clip: Float64Array, adjustments: Adjustments, band: TonalBand, target: number): number {
  const reach = SHOT_MATCH_REACH.contrast;
  const costs = new Map<number, number>();
  const cost = (contrast: number): number => {
    let known = costs.get(contrast);
    if (known === undefined) {
      const spread = tonalSpread(applyGradeToColors(withAdjustments({ ...adjustments, contrast }), clip), band);
      known = Math.max(0, Math.abs(spread - target) - SPREAD_TOLERANCE * target) + (CONTRAST_COST * Math.abs(contrast)) / 100;
      costs.set(contrast, known);
    }
    return known;
  };
  // The cost falls and then rises along the slider (the spread grows with contrast, the price
  // with its size), so a ternary search finds its lowest point.
  let [lo, hi] = [-reach, reach];
  while (hi - lo > 2) {
    const third = Math.floor((hi - lo) / 3);
    if (cost(lo + third) < cost(hi - third)) hi = hi - third - 1;
    else lo = lo + third + 1;
  }
  const best = [0, ...Array.from({ length: hi - lo + 1 }, (_, k) => lo + k)].reduce((a, b) => (cost(b) < cost(a) - 1e-12 ? b : a));
  return slider('contrast', best);
}

/**
 * Points of the curve for one channel that maps the clip's tones onto the reference's: a lift,
 * gamma and gain, y = black + (white − black)·x^γ, fitted by least squares to the two pictures'
 * quantiles (5 % to 95 %) of that channel — histogram matching, held to a smooth three-number
 * shape so a picture made of a few flat areas does not put steps in the curve. Black and white
 * are the channel's new black and white points, γ moves its mid-tones (its neutral). Written as
 * curve points every 0.1, {@link CURVE_SHARE} of the way from the straight line to the fit;
 * empty when the curve would be straight.
 */
function fitCurve(from: Float64Array, to: Float64Array): CurvePoint[] {
  const xs = quantiles(from, FIT_LEVELS);
  const ys = quantiles(to, FIT_LEVELS);
  let best = { error: Infinity, black: 0, white: 1, gamma: 1 };
  for (const gamma of GAMMAS) {
    // For a fixed γ the curve is linear in (black, white): ordinary least squares on u = x^γ.
    const us = xs.map((x) => Math.max(0, x) ** gamma);
    const n = us.length;
    const mu = us.reduce((a, b) => a + b, 0) / n;
    const my = ys.reduce((a, b) => a + b, 0) / n;
    let suu = 0;
    let suy = 0;
    us.forEach((u, k) => {
      suu += (u - mu) ** 2;
      suy += (u - mu) * (ys[k]! - my);
    });
    if (suu <= 0) continue;
    const slope = suy / suu;
    const black = my - slope * mu;
    const white = black + slope;
    const error = us.reduce((sum, u, k) => sum + (black + slope * u - ys[k]!) ** 2, 0);
    if (error < best.error - 1e-12) best = { error, black, white, gamma };
  }
  const fitted = (x: number) => best.black + (best.white - best.black) * x ** best.gamma;
  const points = CURVE_XS.map((x) => ({ x, y: round4(Math.min(1, Math.max(0, x + CURVE_SHARE * (fitted(x) - x)))) }));
  if (points.every((p) => Math.abs(p.y - p.x) < CURVE_AT_REST)) return [];
  return points.filter((p, k) => k === 0 || p.y >= points[k - 1]!.y).slice(0, CURVE_MAX_POINTS);
}

const round4 = (v: number) => Math.round(v * 10000) / 10000;

/**
 * The grade that makes `clip` look like `reference` (both encoded Rec.709 RGBA, after their camera
 * input): temperature, tint, exposure, contrast and saturation, and R, G, B custom curves (or a
 * master curve, see above); every other control at rest. See the module comment for how each is found. Throws a RangeError when
 * a picture's data does not match its size or it has no opaque pixel.
 */
export function matchShot(clip: ShotMatchImage, reference: ShotMatchImage): Grade {
  const clipPixels = samplePixels(clip);
  const refPixels = samplePixels(reference);
  if (clipPixels.length === 0 || refPixels.length === 0) throw new RangeError('a picture to match has no opaque pixels');
  const clipMeasured = measureImage(clip.data, clip.width, clip.height);
  const refMeasured = measureImage(reference.data, reference.width, reference.height);
  const clipStats = summariseStats(clipMeasured);
  const refStats = summariseStats(refMeasured);
  const colourful = !clipStats.greyscale && !refStats.greyscale;

  const a: Record<AdjustmentKey, number> = { ...DEFAULT_ADJUSTMENTS };
  if (colourful) {
    const balance = sliderValuesToNeutralise(clipStats.neutral, refStats.neutral);
    const support = Math.min(neutralSupport(clipMeasured, clipStats.neutral), neutralSupport(refMeasured, refStats.neutral));
    const trust = Math.min(1, support / FULL_SUPPORT);
    a.temperature = slider('temperature', trust * balance.temperature);
    a.tint = slider('tint', trust * balance.tint);
  }

  const band = tonalBand(clipPixels, refPixels);
  const refMedian = level(refPixels, band);
  const refSpread = tonalSpread(refPixels, band);
  for (let round = 0; round < 2; round++) {
    const median = level(applyGradeToColors(withAdjustments(a), clipPixels), band);
    if (median > 0 && refMedian > 0) a.exposure = slider('exposure', a.exposure + (Math.log2(refMedian / median) / EXPOSURE_STOPS_AT_FULL) * 100);
    a.contrast = fitContrast(clipPixels, a, band, refSpread);
  }

  if (colourful) {
    const chroma = meanChroma(applyGradeToColors(withAdjustments(a), clipPixels));
    if (chroma > 1e-4) a.saturation = slider('saturation', (meanChroma(refPixels) / chroma - 1) * 100);
  }

  // The curves come before the saturation step: fit them from the clip without it to the
  // reference with it undone (a chroma scale by the inverse factor).
  const beforeChroma = applyGradeToColors(withAdjustments({ ...a, saturation: 0 }), clipPixels);
  const inverse = 100 * (1 / (1 + a.saturation / 100) - 1);
  const target = inverse === 0 ? refPixels : applyGradeToColors(withAdjustments({ ...DEFAULT_ADJUSTMENTS, saturation: inverse }), refPixels);
  // A black-and-white picture on either side: one master curve fitted on luma, so no channel
  // curve tints a grey picture (or greys a colourful one).
  const curves: Curves = colourful
    ? {
        ...DEFAULT_CURVES,
        red: fitCurve(channel(beforeChroma, 0), channel(target, 0)),
        green: fitCurve(channel(beforeChroma, 1), channel(target, 1)),
        blue: fitCurve(channel(beforeChroma, 2), channel(target, 2)),
      }
    : { ...DEFAULT_CURVES, master: fitCurve(encodedLuma(beforeChroma), encodedLuma(target)) };
  const hasCurves = CURVE_NAMES.some((name) => curves[name].length > 0);
  return { ...DEFAULT_GRADE, adjustments: a, ...(hasCurves ? { curves } : {}) };
}

/**
 * `current` with Shot Match's result put in: its sliders (`SHOT_MATCH_KEYS`) and its curves
 * (replacing all four, so no earlier master curve bends the matched picture). The look, the
 * camera input, the wheels and the other sliders stay as they were.
 */
export function applyShotMatch(current: Grade, match: Grade): Grade {
  const adjustments = { ...current.adjustments, ...Object.fromEntries(SHOT_MATCH_KEYS.map((key) => [key, match.adjustments[key]])) } as Adjustments;
  const { curves: _previous, ...rest } = current;
  return { ...rest, adjustments, ...(match.curves ? { curves: match.curves } : {}) };
}
