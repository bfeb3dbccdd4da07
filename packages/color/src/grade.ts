/**
 * The grade: everything that decides how a picture looks (docs/color-engine.md, 'Grade'). It is what an asset saves,
 * what the preview bakes and what the export job receives.
 */
import { ADJUSTMENT_KEYS, ADJUSTMENT_MAX, ADJUSTMENT_MIN, DEFAULT_ADJUSTMENTS, isAdjustmentKey } from './adjustments';
import type { AdjustmentKey, Adjustments } from './adjustments';
import { INPUT_TRANSFORM_IDS, isInputTransformId } from './input-transforms';
import type { InputTransformId } from './input-transforms';
import { isLookId } from './look-catalogue';
import type { LookId } from './look-catalogue';
import { areWheelsAtRest, DEFAULT_WHEELS, WHEEL_AT_REST, WHEEL_NAMES, WHEEL_SATURATION_MAX } from './wheels';
import type { Wheel, Wheels } from './wheels';
import { areCurvesAtRest, CURVE_MAX_POINTS, CURVE_NAMES, DEFAULT_CURVES } from './curves';
import type { CurvePoint, Curves } from './curves';
import { areHueCurvesAtRest, DEFAULT_HUE_CURVES, HUE_CURVE_NAMES, isHueAxis } from './hue-curves';
import type { HueCurves } from './hue-curves';

export interface Grade {
  /** The look, or null for none (the original). */
  readonly look: LookId | null;
  /**
   * An imported `.cube` LUT used as the look instead of a catalogue one: its id (the engine does
   * not know where LUTs are kept; whoever bakes the grade supplies the table). At most one of
   * `look` and `customLook` is set.
   */
  readonly customLook: string | null;
  /** 0..100 (integer): how much of the look, from none to all of it. */
  readonly lookStrength: number;
  /** How the source was recorded; camera log is converted to Rec.709 before anything else. */
  readonly inputTransform: InputTransformId;
  readonly adjustments: Adjustments;
  /**
   * The colour wheels (`wheels.ts`); absent means all at rest. Optional so grades saved before the
   * wheels existed, and code that builds grades without them, keep their meaning.
   */
  readonly wheels?: Wheels;
  /** Custom curves (`curves.ts`); absent means none, for the same reason as `wheels`. */
  readonly curves?: Curves;
  /** Hue vs Hue/Sat/Lum and Lum vs Sat (`hue-curves.ts`); absent means neutral, as for `wheels`. */
  readonly hueCurves?: HueCurves;
}

export const DEFAULT_LOOK_STRENGTH = 100;

export const DEFAULT_GRADE: Grade = {
  look: null,
  customLook: null,
  lookStrength: DEFAULT_LOOK_STRENGTH,
  inputTransform: 'rec709',
  adjustments: DEFAULT_ADJUSTMENTS,
};

/** Outcome of validating untrusted input: the value, or the first bad field and why. */
export type ParseResult<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly field: string; readonly message: string };

function fail(field: string, message: string): { ok: false; field: string; message: string } {
  return { ok: false, field, message };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean' || value === null || value === undefined) return String(value);
  return Array.isArray(value) ? 'an array' : 'an object';
}

function parseSliderValue(value: unknown, field: string, min: number, max: number): ParseResult<number> {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    return fail(field, `${field} must be an integer from ${min} to ${max} (got ${describe(value)})`);
  }
  // Normalise -0 so saved grades compare and serialise cleanly.
  return { ok: true, value: value === 0 ? 0 : value };
}

/**
 * Validates slider values. Missing keys take their default (0), so the editor's nine-key and the
 * batch editor's six-key objects are both accepted; unknown keys are rejected.
 */
export function parseAdjustments(input: unknown, field = 'adjustments'): ParseResult<Adjustments> {
  if (input === undefined || input === null) return { ok: true, value: DEFAULT_ADJUSTMENTS };
  if (!isRecord(input)) return fail(field, `${field} must be an object of slider values (got ${describe(input)})`);
  for (const key of Object.keys(input)) {
    if (!isAdjustmentKey(key)) {
      return fail(`${field}.${key}`, `${field}.${key} is not an adjustment; expected one of ${ADJUSTMENT_KEYS.join(', ')}`);
    }
  }
  const out: Partial<Record<AdjustmentKey, number>> = {};
  for (const key of ADJUSTMENT_KEYS) {
    const raw = input[key];
    if (raw === undefined) {
      out[key] = 0;
      continue;
    }
    const parsed = parseSliderValue(raw, `${field}.${key}`, ADJUSTMENT_MIN, ADJUSTMENT_MAX);
    if (!parsed.ok) return parsed;
    out[key] = parsed.value;
  }
  return { ok: true, value: out as Adjustments };
}

function parseNumber(value: unknown, field: string, min: number, max: number, maxExclusive = false): ParseResult<number> {
  const above = maxExclusive ? (value as number) >= max : (value as number) > max;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || above) {
    return fail(field, `${field} must be a number from ${min} to ${maxExclusive ? `below ${max}` : max} (got ${describe(value)})`);
  }
  return { ok: true, value: value === 0 ? 0 : value };
}

const WHEEL_KEYS = ['hue', 'amount', 'master'] as const;
const WHEEL_RANGES: Readonly<Record<(typeof WHEEL_KEYS)[number], readonly [number, number, boolean]>> = {
  hue: [0, 360, true],
  amount: [0, 1, false],
  master: [-1, 1, false],
};

function parseWheel(input: unknown, field: string): ParseResult<Wheel> {
  if (input === undefined || input === null) return { ok: true, value: WHEEL_AT_REST };
  if (!isRecord(input)) return fail(field, `${field} must be an object with hue, amount and master (got ${describe(input)})`);
  for (const key of Object.keys(input)) {
    if (!(WHEEL_KEYS as readonly string[]).includes(key)) return fail(`${field}.${key}`, `${field}.${key} is not part of a wheel; expected ${WHEEL_KEYS.join(', ')}`);
  }
  const out: Record<string, number> = {};
  for (const key of WHEEL_KEYS) {
    const [min, max, exclusive] = WHEEL_RANGES[key];
    const parsed = input[key] === undefined ? { ok: true as const, value: 0 } : parseNumber(input[key], `${field}.${key}`, min, max, exclusive);
    if (!parsed.ok) return parsed;
    out[key] = parsed.value;
  }
  return { ok: true, value: out as unknown as Wheel };
}

/** Validates the colour wheels; missing wheels (or the whole object) are at rest, unknown keys are rejected. */
export function parseWheels(input: unknown, field = 'wheels'): ParseResult<Wheels> {
  if (input === undefined || input === null) return { ok: true, value: DEFAULT_WHEELS };
  if (!isRecord(input)) return fail(field, `${field} must be an object of colour wheels (got ${describe(input)})`);
  const keys: readonly string[] = [...WHEEL_NAMES, 'saturation'];
  for (const key of Object.keys(input)) {
    if (!keys.includes(key)) return fail(`${field}.${key}`, `${field}.${key} is not a colour wheel; expected one of ${keys.join(', ')}`);
  }
  const wheels: Record<string, Wheel | number> = {};
  for (const name of WHEEL_NAMES) {
    const parsed = parseWheel(input[name], `${field}.${name}`);
    if (!parsed.ok) return parsed;
    wheels[name] = parsed.value;
  }
  const saturation = input.saturation === undefined ? { ok: true as const, value: 1 } : parseNumber(input.saturation, `${field}.saturation`, 0, WHEEL_SATURATION_MAX);
  if (!saturation.ok) return saturation;
  wheels.saturation = saturation.value;
  return { ok: true, value: wheels as unknown as Wheels };
}

/** A curve's points; `periodic` (a hue axis): x below 1, as hue 1 is hue 0. */
function parseCurve(input: unknown, field: string, periodic = false): ParseResult<readonly CurvePoint[]> {
  if (input === undefined || input === null) return { ok: true, value: [] };
  if (!Array.isArray(input)) return fail(field, `${field} must be a list of points {x, y} (got ${describe(input)})`);
  if (input.length > CURVE_MAX_POINTS) return fail(field, `${field} has ${input.length} points; a curve has at most ${CURVE_MAX_POINTS}`);
  const points: CurvePoint[] = [];
  for (const [i, raw] of input.entries()) {
    const at = `${field}[${i}]`;
    if (!isRecord(raw) || Object.keys(raw).some((key) => key !== 'x' && key !== 'y')) return fail(at, `${at} must be a point {x, y} (got ${describe(raw)})`);
    const x = parseNumber(raw.x, `${at}.x`, 0, 1, periodic);
    if (!x.ok) return x;
    const y = parseNumber(raw.y, `${at}.y`, 0, 1);
    if (!y.ok) return y;
    const previous = points[points.length - 1];
    if (previous && x.value <= previous.x) return fail(`${at}.x`, `${at}.x must be greater than the previous point's x (${previous.x}); points go from left to right`);
    points.push({ x: x.value, y: y.value });
  }
  return { ok: true, value: points };
}

/** Validates custom curves; missing curves (or the whole object) are straight lines, unknown keys are rejected. */
export function parseCurves(input: unknown, field = 'curves'): ParseResult<Curves> {
  if (input === undefined || input === null) return { ok: true, value: DEFAULT_CURVES };
  if (!isRecord(input)) return fail(field, `${field} must be an object of curves (got ${describe(input)})`);
  for (const key of Object.keys(input)) {
    if (!(CURVE_NAMES as readonly string[]).includes(key)) return fail(`${field}.${key}`, `${field}.${key} is not a curve; expected one of ${CURVE_NAMES.join(', ')}`);
  }
  const curves: Record<string, readonly CurvePoint[]> = {};
  for (const name of CURVE_NAMES) {
    const parsed = parseCurve(input[name], `${field}.${name}`);
    if (!parsed.ok) return parsed;
    curves[name] = parsed.value;
  }
  return { ok: true, value: curves as Curves };
}

/** Validates hue curves; missing curves (or the whole object) are neutral, unknown keys are rejected. */
export function parseHueCurves(input: unknown, field = 'hueCurves'): ParseResult<HueCurves> {
  if (input === undefined || input === null) return { ok: true, value: DEFAULT_HUE_CURVES };
  if (!isRecord(input)) return fail(field, `${field} must be an object of hue curves (got ${describe(input)})`);
  for (const key of Object.keys(input)) {
    if (!(HUE_CURVE_NAMES as readonly string[]).includes(key)) return fail(`${field}.${key}`, `${field}.${key} is not a hue curve; expected one of ${HUE_CURVE_NAMES.join(', ')}`);
  }
  const curves: Record<string, readonly CurvePoint[]> = {};
  for (const name of HUE_CURVE_NAMES) {
    const parsed = parseCurve(input[name], `${field}.${name}`, isHueAxis(name));
    if (!parsed.ok) return parsed;
    curves[name] = parsed.value;
  }
  return { ok: true, value: curves as HueCurves };
}

/**
 * Every field a grade may have. Fields after the first five are optional pro parts (wheels,
 * curves, ...): the saved grade on an asset carries any field listed here, so a part added later
 * is saved without more schema work (docs/color-engine.md, 'Grade').
 */
export const GRADE_KEYS: readonly string[] = ['look', 'customLook', 'lookStrength', 'inputTransform', 'adjustments', 'wheels', 'curves', 'hueCurves'];

/** The fields every grade has; the rest of {@link GRADE_KEYS} are optional parts. */
export const BASE_GRADE_KEYS: readonly string[] = ['look', 'customLook', 'lookStrength', 'inputTransform', 'adjustments'];

/** Ids of imported LUTs: opaque to the engine, but short and plain (they travel in URLs and rows). */
const CUSTOM_LOOK_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Validates a grade from untrusted input (a request body, a saved row). Missing fields take their
 * defaults; an empty look id means none (selecting a look with an empty id clears it); unknown fields are rejected so a typo never silently does nothing.
 */
export function parseGrade(input: unknown): { ok: true; grade: Grade } | { ok: false; field: string; message: string } {
  if (!isRecord(input)) return fail('grade', `grade must be an object (got ${describe(input)})`);
  for (const key of Object.keys(input)) {
    if (!GRADE_KEYS.includes(key)) return fail(key, `${key} is not part of a grade; expected ${GRADE_KEYS.join(', ')}`);
  }
  let look: LookId | null = null;
  if (input.look !== undefined && input.look !== null && input.look !== '') {
    if (typeof input.look !== 'string' || !isLookId(input.look)) return fail('look', `look ${describe(input.look)} is not a known look`);
    look = input.look;
  }
  let customLook: string | null = null;
  if (input.customLook !== undefined && input.customLook !== null && input.customLook !== '') {
    if (typeof input.customLook !== 'string' || !CUSTOM_LOOK_ID.test(input.customLook)) {
      return fail('customLook', `customLook ${describe(input.customLook)} is not the id of an imported LUT`);
    }
    if (look !== null) return fail('customLook', 'a grade uses either a catalogue look or an imported LUT, not both');
    customLook = input.customLook;
  }
  let lookStrength = DEFAULT_LOOK_STRENGTH;
  if (input.lookStrength !== undefined) {
    const parsed = parseSliderValue(input.lookStrength, 'lookStrength', 0, 100);
    if (!parsed.ok) return parsed;
    lookStrength = parsed.value;
  }
  let inputTransform: InputTransformId = 'rec709';
  if (input.inputTransform !== undefined) {
    if (typeof input.inputTransform !== 'string' || !isInputTransformId(input.inputTransform)) {
      return fail('inputTransform', `inputTransform must be one of ${INPUT_TRANSFORM_IDS.join(', ')} (got ${describe(input.inputTransform)})`);
    }
    inputTransform = input.inputTransform;
  }
  const adjustments = parseAdjustments(input.adjustments);
  if (!adjustments.ok) return adjustments;
  const wheels = parseWheels(input.wheels);
  if (!wheels.ok) return wheels;
  const curves = parseCurves(input.curves);
  if (!curves.ok) return curves;
  const hueCurves = parseHueCurves(input.hueCurves);
  if (!hueCurves.ok) return hueCurves;
  // Wheels at rest and curves without points are left out, so a grade without them reads back
  // exactly as it was saved (points on the diagonal are kept: the user placed them).
  const hasPoints = CURVE_NAMES.some((name) => curves.value[name].length > 0);
  const hasHuePoints = HUE_CURVE_NAMES.some((name) => hueCurves.value[name].length > 0);
  return {
    ok: true,
    grade: {
      look,
      customLook,
      lookStrength,
      inputTransform,
      adjustments: adjustments.value,
      ...(areWheelsAtRest(wheels.value) ? {} : { wheels: wheels.value }),
      ...(hasPoints ? { curves: curves.value } : {}),
      ...(hasHuePoints ? { hueCurves: hueCurves.value } : {}),
    },
  };
}

/** True when the look contributes nothing (no look or imported LUT, or strength 0). */
export function hasNoLook(grade: Grade): boolean {
  return (grade.look === null && grade.customLook === null) || grade.lookStrength === 0;
}

/** True when the grade changes nothing at all: rendering it returns the source unchanged. */
export function isIdentityGrade(grade: Grade): boolean {
  return hasNoLook(grade) && grade.inputTransform === 'rec709' && ADJUSTMENT_KEYS.every((key) => grade.adjustments[key] === 0) && areWheelsAtRest(grade.wheels) && areCurvesAtRest(grade.curves) && areHueCurvesAtRest(grade.hueCurves);
}
