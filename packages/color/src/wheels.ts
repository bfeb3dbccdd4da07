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
 * The wheels that apply `cdl` exactly: Gain from the slope, Offset from the offset, Gamma from the
 * power, Lift at rest. Throws {@link CdlRangeError}, worded for a person, for a value outside what
 * the wheels reach (a slope or power of 0 or less, or beyond the wheels' range).
 */
export function cdlToWheels(cdl: Cdl): Wheels {
  cdl.slope.forEach((s, i) => {
    if (!(s > 0)) throw new CdlRangeError(`The ${CHANNEL_NAMES[i]} slope is ${s}; the Gain wheel needs a slope above 0.`);
  });
  cdl.power.forEach((p, i) => {
    if (!(p > 0)) throw new CdlRangeError(`The ${CHANNEL_NAMES[i]} power is ${p}; the Gamma wheel needs a power above 0.`);
  });
  if (!(cdl.saturation >= 0 && cdl.saturation <= WHEEL_SATURATION_MAX)) {
    throw new CdlRangeError(`The saturation is ${cdl.saturation}; it must be from 0 to ${WHEEL_SATURATION_MAX}.`);
  }
  const wheels: Wheels = {
    lift: WHEEL_AT_REST,
    gain: wheelFromShifts('gain', [Math.log2(cdl.slope[0]), Math.log2(cdl.slope[1]), Math.log2(cdl.slope[2])]),
    offset: wheelFromShifts('offset', cdl.offset),
    gamma: wheelFromShifts('gamma', [-Math.log2(cdl.power[0]), -Math.log2(cdl.power[1]), -Math.log2(cdl.power[2])]),
    saturation: cdl.saturation === 0 ? 0 : cdl.saturation,
  };
  for (const [name, label, what] of [
    ['gain', 'Gain', 'slope'],
    ['offset', 'Offset', 'offset'],
    ['gamma', 'Gamma', 'power'],
  ] as const) {
    const problem = wheelProblem(wheels[name]);
    if (problem) throw new CdlRangeError(`The ${what} values go beyond what the ${label} wheel reaches (${problem}).`);
  }
  return wheels;
}

/** Why a wheel's values are out of range, or null when they are fine. */
function wheelProblem(wheel: Wheel): string | null {
  if (wheel.amount > 1) return `colour amount ${round4(wheel.amount)}, at most 1`;
  if (Math.abs(wheel.master) > 1) return `master ${round4(wheel.master)}, from −1 to 1`;
  return null;
}

const round4 = (v: number): number => Math.round(v * 1e4) / 1e4;
