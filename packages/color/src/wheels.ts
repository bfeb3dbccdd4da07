/**
 * Colour wheels: Lift, Gamma, Gain and Offset, each a colour-balance puck (hue, amount) and a
 * master luminance value, as ASC CDL-style operations on encoded values (docs/color-engine.md,
 * 'Colour wheels'). Plain maths and validation; `grade-program.ts` puts the operation in the
 * pipeline and `cdl.ts` reads and writes it as ASC CDL.
 *
 * One wheel → one per-channel shift d (the only conversion, {@link wheelShifts}):
 *   d_c = scale · (master + amount · cos(hue − θ_c)),  θ_R = 0°, θ_G = 120°, θ_B = 240°
 * (hue 0° pushes towards red, 120° green, 240° blue; the balance part sums to zero over the three
 * channels, so amount moves colour and master moves all three alike). Per channel:
 *   gain   slope  = 2^d   (d in stops, scale 2)
 *   offset offset = d     (encoded units, scale 0.25)
 *   lift   lift   = d     (encoded units, scale 0.25)
 *   gamma  power  = 2^−d  (scale 1: + brightens the mid-tones)
 * Applied in this order, with the ASC CDL v1.2 clamps:
 *   y = x · slope + offset;  y = y + lift · (1 − y);  y = clamp01(y)^power;
 *   then saturation s with Rec.709 luma weights w: y = L + s·(y − L), L = w·y;  clamp01.
 * Lift pivots at white (white stays put, black moves to `lift`). Since gain, offset and lift are
 * all affine, the whole operation is exactly one ASC CDL: slope' = slope·(1 − lift),
 * offset' = offset·(1 − lift) + lift, power, saturation ({@link wheelsToCdl}).
 */
import type { Rgb } from './matrix';

export const WHEEL_NAMES = ['lift', 'gamma', 'gain', 'offset'] as const;
export type WheelName = (typeof WHEEL_NAMES)[number];

/** One wheel: hue in degrees 0 ≤ hue < 360, amount 0..1, master −1..1. */
export interface Wheel {
  readonly hue: number;
  readonly amount: number;
  readonly master: number;
}

/** The four wheels and the CDL saturation (factor 0..4, 1 = unchanged). */
export interface Wheels {
  readonly lift: Wheel;
  readonly gamma: Wheel;
  readonly gain: Wheel;
  readonly offset: Wheel;
  readonly saturation: number;
}

export const WHEEL_AT_REST: Wheel = { hue: 0, amount: 0, master: 0 };

export const DEFAULT_WHEELS: Wheels = { lift: WHEEL_AT_REST, gamma: WHEEL_AT_REST, gain: WHEEL_AT_REST, offset: WHEEL_AT_REST, saturation: 1 };

/** What one unit of master or amount means for each wheel (see the module comment). */
export const WHEEL_SCALE: Readonly<Record<WheelName, number>> = { lift: 0.25, gamma: 1, gain: 2, offset: 0.25 };

export const WHEEL_SATURATION_MAX = 4;

const CHANNEL_ANGLES = [0, 120, 240] as const;
const DEG = Math.PI / 180;

export function isWheelAtRest(wheel: Wheel): boolean {
  return wheel.amount === 0 && wheel.master === 0;
}

export function areWheelsAtRest(wheels: Wheels | undefined): boolean {
  return wheels === undefined || (WHEEL_NAMES.every((name) => isWheelAtRest(wheels[name])) && wheels.saturation === 1);
}

/** The wheel's per-channel shift d_c = scale·(master + amount·cos(hue − θ_c)). */
export function wheelShifts(name: WheelName, wheel: Wheel): Rgb {
  const scale = WHEEL_SCALE[name];
  const [r, g, b] = CHANNEL_ANGLES.map((theta) => {
    // cos(90°) is not exactly 0 in floating point; an amount of 0 must give exactly the master.
    const balance = wheel.amount === 0 ? 0 : wheel.amount * Math.cos((wheel.hue - theta) * DEG);
    return scale * (wheel.master + balance);
  }) as [number, number, number];
  return [r, g, b];
}

/** The inverse of {@link wheelShifts}: the wheel that gives these per-channel shifts (any triplet has one). */
export function wheelFromShifts(name: WheelName, shifts: Rgb): Wheel {
  const scale = WHEEL_SCALE[name];
  const [r, g, b] = shifts.map((d) => d / scale) as [number, number, number];
  const master = (r + g + b) / 3;
  // Balance part b_c = amount·cos(hue − θ_c): b_R = amount·cos(hue), b_G − b_B = √3·amount·sin(hue).
  const x = r - master;
  const y = (g - b) / Math.sqrt(3);
  const amount = Math.hypot(x, y);
  if (amount < 1e-12) return { hue: 0, amount: 0, master: clean(master) };
  // Hues to 1e-9°: a hue a hair below 0° is 0°, never 360° (a grade takes 0 ≤ hue < 360).
  let hue = Math.round((Math.atan2(y, x) / DEG) * 1e9) / 1e9;
  if (hue < 0) hue += 360;
  if (hue >= 360) hue -= 360;
  return { hue: clean(hue), amount: clean(amount), master: clean(master) };
}

/** Rounds away floating-point dust (1e-12) so an imported 0.1 reads 0.1, and normalises −0. */
function clean(value: number): number {
  const rounded = Math.round(value * 1e12) / 1e12;
  return rounded === 0 ? 0 : rounded;
}

/** Per-channel values of the four wheels, the form the pipeline runs. */
export interface WheelChannels {
  readonly slope: Rgb;
  readonly offset: Rgb;
  readonly lift: Rgb;
  readonly power: Rgb;
  readonly saturation: number;
}

export function wheelChannels(wheels: Wheels): WheelChannels {
  const map = (name: WheelName, f: (d: number) => number): Rgb => {
    const [r, g, b] = wheelShifts(name, wheels[name]);
    return [f(r), f(g), f(b)];
  };
  return {
    slope: map('gain', (d) => 2 ** d),
    offset: map('offset', (d) => d),
    lift: map('lift', (d) => d),
    power: map('gamma', (d) => 2 ** -d),
    saturation: wheels.saturation,
  };
}

/** An ASC CDL: per-channel slope, offset, power and one saturation. */
export interface Cdl {
  readonly slope: Rgb;
  readonly offset: Rgb;
  readonly power: Rgb;
  readonly saturation: number;
}

export const IDENTITY_CDL: Cdl = { slope: [1, 1, 1], offset: [0, 0, 0], power: [1, 1, 1], saturation: 1 };

/** The wheels as exactly one ASC CDL (lift folded into slope and offset). */
export function wheelsToCdl(wheels: Wheels): Cdl {
  const c = wheelChannels(wheels);
  const pick = (f: (i: 0 | 1 | 2) => number): Rgb => [f(0), f(1), f(2)];
  return {
    slope: pick((i) => c.slope[i] * (1 - c.lift[i])),
    offset: pick((i) => c.offset[i] * (1 - c.lift[i]) + c.lift[i]),
    power: c.power,
    saturation: c.saturation,
  };
}

/** A CDL value the wheels cannot hold. */
export class CdlRangeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CdlRangeError';
  }
}

const CHANNEL_NAMES = ['red', 'green', 'blue'] as const;

/**
 * How far past its range a wheel's amount or master may come from a file and still be read as the
 * end of the range: a CDL written with six decimals (as `writeCdl` and grading tools do) of
 * a wheel at its end reads back a few millionths beyond it.
 */
const WHEEL_RANGE_TOLERANCE = 1e-5;

/**
 * The wheels that apply `cdl` exactly (docs/color-engine.md, 'Colour wheels'): Gain from the
 * slope, Offset from the offset, Gamma from the power, with Lift at rest when Gain and Offset can
 * hold the values alone. When they cannot (a CDL exported from wheels with a strong Lift folds the
 * lift into slope and offset), part of the slope and offset is given back to the Lift wheel: a
 * lift l per channel with slope = gain·(1 − l) and offset = offset'·(1 − l) + l, found by a small
 * search, so every grade the wheels make reads back as the same picture. Throws
 * {@link CdlRangeError}, worded for a person, for a value outside what the wheels reach (a slope or
 * power of 0 or less, or beyond the wheels' range).
 */
export function cdlToWheels(cdl: Cdl): Wheels {
  cdl.slope.forEach((s, i) => {
    if (!(s > 0)) throw new CdlRangeError(`The ${CHANNEL_NAMES[i]} slope is ${s}; the Gain wheel needs a slope above 0.`);
  });
  cdl.power.forEach((p, i) => {
    if (!(p > 0)) throw new CdlRangeError(`The ${CHANNEL_NAMES[i]} power is ${p}; the Gamma wheel needs a power above 0.`);
  });
  if (!(cdl.saturation >= 0 && cdl.saturation <= WHEEL_SATURATION_MAX + WHEEL_RANGE_TOLERANCE)) {
    throw new CdlRangeError(`The saturation is ${cdl.saturation}; it must be from 0 to ${WHEEL_SATURATION_MAX}.`);
  }
  const gamma = wheelFromShifts('gamma', [-Math.log2(cdl.power[0]), -Math.log2(cdl.power[1]), -Math.log2(cdl.power[2])]);
  const gammaProblem = wheelExcess(gamma) > WHEEL_RANGE_TOLERANCE ? wheelProblem(gamma) : null;
  if (gammaProblem) throw new CdlRangeError(`The power values go beyond what the Gamma wheel reaches (${gammaProblem}).`);
  const saturation = Math.min(WHEEL_SATURATION_MAX, cdl.saturation === 0 ? 0 : cdl.saturation);

  const atRest = splitSlopeOffset(cdl, [0, 0, 0]);
  if (closeEnough(liftExcess(atRest))) return finish(atRest, gamma, saturation);
  const found = searchLift(cdl);
  if (found) return finish(found, gamma, saturation);
  for (const [name, label, what] of [
    ['gain', 'Gain', 'slope'],
    ['offset', 'Offset', 'offset'],
  ] as const) {
    const problem = wheelProblem(atRest[name]);
    if (problem) throw new CdlRangeError(`The ${what} values go beyond what the ${label} wheel reaches (${problem}).`);
  }
  throw new CdlRangeError('The slope and offset values go beyond what the Gain, Offset and Lift wheels reach together.');
}

interface SlopeOffsetSplit {
  readonly gain: Wheel;
  readonly offset: Wheel;
  readonly lift: Wheel;
}

/** Gain, Offset and Lift wheels giving `cdl`'s slope and offset with the per-channel lift `lift`. */
function splitSlopeOffset(cdl: Cdl, lift: Rgb): SlopeOffsetSplit {
  const keep = lift.map((l) => 1 - l) as unknown as Rgb;
  return {
    gain: wheelFromShifts('gain', [Math.log2(cdl.slope[0] / keep[0]), Math.log2(cdl.slope[1] / keep[1]), Math.log2(cdl.slope[2] / keep[2])]),
    offset: wheelFromShifts('offset', [(cdl.offset[0] - lift[0]) / keep[0], (cdl.offset[1] - lift[1]) / keep[1], (cdl.offset[2] - lift[2]) / keep[2]]),
    lift: wheelFromShifts('lift', lift),
  };
}

/** How far a wheel is out of range (0 when it is in range). */
function wheelExcess(wheel: Wheel): number {
  return Math.max(0, wheel.amount - 1, Math.abs(wheel.master) - 1);
}

/** The sum of the squared excesses of a split: 0 when all three wheels are in range. */
function liftExcess(split: SlopeOffsetSplit): number {
  return wheelExcess(split.gain) ** 2 + wheelExcess(split.offset) ** 2 + wheelExcess(split.lift) ** 2;
}

/** Within {@link WHEEL_RANGE_TOLERANCE} of the wheels' range. */
const closeEnough = (excess: number): boolean => excess <= WHEEL_RANGE_TOLERANCE ** 2;

/** The lift, as a Lift wheel (hue, amount, master), that puts Gain and Offset in range; null when none is found. */
function searchLift(cdl: Cdl): SlopeOffsetSplit | null {
  // Lift's per-channel values stay within ±0.5 (its range), so 1 − lift ≥ 0.5 and the split is defined.
  const splitOf = (point: readonly number[]): SlopeOffsetSplit => {
    const [hue, amount, master] = point as [number, number, number];
    return splitSlopeOffset(cdl, wheelShifts('lift', { hue: ((hue % 360) + 360) % 360, amount: Math.min(1, Math.abs(amount)), master: Math.max(-1, Math.min(1, master)) }));
  };
  const cost = (point: readonly number[]): number => liftExcess(splitOf(point));
  const starts: number[][] = [];
  for (const master of [0, 0.5, -0.5, 1, -1]) for (const hue of [0, 120, 240]) for (const amount of master === 0 ? [0.5, 1] : [0, 0.5]) starts.push([hue, amount, master]);
  // Search on past the tolerance, so what is clamped into range at the end is a few millionths at most.
  let found: number[] | null = null;
  for (const start of starts) {
    const best = nelderMead(cost, start, [60, 0.25, 0.25], 1e-18);
    if (closeEnough(cost(best)) && (found === null || cost(best) < cost(found))) found = best;
    if (found !== null && cost(found) <= 1e-18) break;
  }
  return found === null ? null : splitOf(found);
}

/** Nelder–Mead minimisation from `start` with initial steps `steps`; stops at `enough` or after a fixed number of steps. */
function nelderMead(f: (point: readonly number[]) => number, start: readonly number[], steps: readonly number[], enough: number): number[] {
  const n = start.length;
  let simplex = [start.slice(), ...steps.map((step, i) => start.map((v, j) => (j === i ? v + step : v)))].map((point) => ({ point, value: f(point) }));
  const combine = (a: readonly number[], b: readonly number[], t: number) => a.map((v, i) => v + t * (b[i]! - v));
  for (let iteration = 0; iteration < 600; iteration++) {
    simplex.sort((a, b) => a.value - b.value);
    if (simplex[0]!.value <= enough) break;
    const worst = simplex[n]!;
    const centroid = start.map((_, i) => simplex.slice(0, n).reduce((sum, p) => sum + p.point[i]!, 0) / n);
    const reflected = combine(centroid, worst.point, -1);
    const reflectedValue = f(reflected);
    if (reflectedValue < simplex[0]!.value) {
      const expanded = combine(centroid, worst.point, -2);
      const expandedValue = f(expanded);
      simplex[n] = expandedValue < reflectedValue ? { point: expanded, value: expandedValue } : { point: reflected, value: reflectedValue };
    } else if (reflectedValue < simplex[n - 1]!.value) {
      simplex[n] = { point: reflected, value: reflectedValue };
    } else {
      const contracted = combine(centroid, worst.point, 0.5);
      const contractedValue = f(contracted);
      if (contractedValue < worst.value) simplex[n] = { point: contracted, value: contractedValue };
      else {
        const best = simplex[0]!.point;
        simplex = simplex.map((p, k) => {
          if (k === 0) return p;
          const point = combine(best, p.point, 0.5);
          return { point, value: f(point) };
        });
      }
    }
  }
  simplex.sort((a, b) => a.value - b.value);
  return simplex[0]!.point;
}

/** Brings a wheel read a hair past its range (see {@link WHEEL_RANGE_TOLERANCE}) back to its end. */
function withinRange(wheel: Wheel): Wheel {
  return { hue: wheel.hue, amount: Math.min(1, wheel.amount), master: Math.max(-1, Math.min(1, wheel.master)) };
}

function finish(split: SlopeOffsetSplit, gamma: Wheel, saturation: number): Wheels {
  return { lift: withinRange(split.lift), gain: withinRange(split.gain), offset: withinRange(split.offset), gamma: withinRange(gamma), saturation };
}

/** Why a wheel's values are out of range, or null when they are fine. */
function wheelProblem(wheel: Wheel): string | null {
  if (wheel.amount > 1) return `colour amount ${round4(wheel.amount)}, at most 1`;
  if (Math.abs(wheel.master) > 1) return `master ${round4(wheel.master)}, from −1 to 1`;
  return null;
}

const round4 = (v: number): number => Math.round(v * 1e4) / 1e4;
