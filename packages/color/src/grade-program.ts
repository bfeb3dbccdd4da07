/**
 * The global part of a grade as one colour program: what `bakeLut` puts into the 3D LUT.
 *
 * Order of operations (fixed; each step is skipped when its value is 0):
 *  1. input transform — camera log → Rec.709 (`input-transforms.ts`);
 *  2. exposure — gain of 2^(2·v/100) in linear light: ±100 = ±2 stops;
 *  3. temperature and tint — white-balance adaptation in linear light (`white-balance.ts`);
 *  4. dehaze, black point — removing (or adding) the haze veil in linear light;
 *  4b. colour wheels on encoded values (`wheels.ts`): gain, offset, lift, gamma, then the CDL
 *     saturation — one ASC CDL, clamped to 0..1 as ASC CDL v1.2 does;
 *  5. the look, mixed with its own input by lookStrength/100 in linear light; an imported
 *     LUT (`.cube`, `.3dl`, `.csp`, as `lut-file.ts` stores it) takes the look's place and is sampled tetrahedrally on encoded values, as the
 *     files are made for Rec.709 video signals;
 *  6. tone curves per channel on encoded values (`tone.ts`): dehaze's contrast, then contrast,
 *     then highlights and shadows, then brightness;
 *  6b. custom curves on encoded values (`curves.ts`): master on every channel, then R, G, B;
 *  7. chroma in linear light, luminance-preserving (`kernels.ts`): dehaze's saturation times the
 *     saturation slider, combined with vibrance into one per-pixel factor;
 *  7b. hue curves on encoded values (`hue-curves.ts`): Hue vs Hue, Hue vs Sat × Lum vs Sat, Hue vs Lum;
 *  8. clamp to 0..1 (done by the LUT baker).
 * Corrections that describe the source (exposure, white balance, haze) come before the look, as a
 * colourist balances a shot before grading it; the finishing sliders come after, so they still act
 * on the graded picture. Dehaze's contrast and saturation join the finishing steps so the whole
 * grade needs fewer passes. Clarity and vignette are spatial and run after the LUT (`spatial.ts`).
 */
import type { Adjustments } from './adjustments';
import type { Lut3D } from './lut-types';
import type { Grade } from './grade';
import { hasNoLook } from './grade';
import { cameraTransform, renderSceneLinear } from './input-transforms';
import { getLook } from './look-catalogue';
import { appendLook } from './look-program';
import { composeAffine, diagonalMatrix3 } from './matrix';
import type { Affine3 } from './matrix';
import { markByValue, markWholeArray } from './channel-pass';
import { ProgramBuilder } from './program';
import type { ColorProgram } from './program';
import { brightnessFunction, contrastCurve, shadowsHighlightsFunction, toneCurveFunction } from './tone';
import { whiteBalanceMatrix } from './white-balance';
import { lumaSaturationMatrix } from './colorimetry';
import { areWheelsAtRest, wheelsToCdl } from './wheels';
import type { Wheels } from './wheels';
import { areCurvesAtRest, isCurveAtRest, monotoneCurve } from './curves';
import type { Curves } from './curves';
import { areHueCurvesAtRest, hueCurveTables } from './hue-curves';
import type { HueCurves } from './hue-curves';

/** Stops of exposure at ±100. */
export const EXPOSURE_STOPS_AT_FULL = 2;

/** Dehaze at +100: black point in linear light (≈ encoded 0.16) and saturation/contrast gains. */
const DEHAZE_BLACK_POINT = 0.012;
/** Dehaze at −100: share of a light-grey veil (linear 0.45) mixed into the picture. */
const DEHAZE_VEIL_SHARE = 0.25;
const DEHAZE_VEIL_LEVEL = 0.45;
const DEHAZE_SATURATION = 0.3;
const DEHAZE_CONTRAST = 0.25;

function dehazeAffine(amount: number): Affine3 {
  if (amount > 0) {
    // Subtracting the airlight floor and re-stretching to white: x' = (x − b)/(1 − b).
    const b = DEHAZE_BLACK_POINT * amount;
    const g = 1 / (1 - b);
    return { matrix: diagonalMatrix3(g, g, g), offset: [-b * g, -b * g, -b * g] };
  }
  // Adding haze: x' = x(1 − h) + h·veil, the atmospheric scattering model with constant depth.
  const h = DEHAZE_VEIL_SHARE * -amount;
  return { matrix: diagonalMatrix3(1 - h, 1 - h, 1 - h), offset: [h * DEHAZE_VEIL_LEVEL, h * DEHAZE_VEIL_LEVEL, h * DEHAZE_VEIL_LEVEL] };
}

function appendCorrections(builder: ProgramBuilder, a: Adjustments): void {
  let affine: Affine3 | null = null;
  const add = (next: Affine3): void => {
    affine = affine ? composeAffine(affine, next) : next;
  };
  if (a.exposure !== 0) {
    const gain = 2 ** ((EXPOSURE_STOPS_AT_FULL * a.exposure) / 100);
    add({ matrix: diagonalMatrix3(gain, gain, gain), offset: [0, 0, 0] });
  }
  if (a.temperature !== 0 || a.tint !== 0) add({ matrix: whiteBalanceMatrix(a.temperature, a.tint), offset: [0, 0, 0] });
  if (a.dehaze !== 0) add(dehazeAffine(a.dehaze / 100));
  if (affine) builder.affine('linear', affine);
}

const clamp01 = (x: number): number => (x > 0 ? (x < 1 ? x : 1) : 0);

/** clamp01(y)^power for power > 0 (a clamped value needs no power: 0^p = 0, 1^p = 1). */
const cdlPower = (y: number, power: number): number => (y > 0 ? (y < 1 ? Math.exp(power * Math.log(y)) : 1) : 0);

/**
 * The colour wheels as one ASC CDL on encoded values: y = clamp01(x·slope + offset)^power, then
 * y = L + s·(y − L) with Rec.709 luma L, clamped (`wheels.ts` has the formulas and the order).
 */
function appendWheels(builder: ProgramBuilder, wheels: Wheels | undefined): void {
  if (wheels === undefined || areWheelsAtRest(wheels)) return;
  const cdl = wheelsToCdl(wheels);
  const sop = cdl.slope.some((v) => v !== 1) || cdl.offset.some((v) => v !== 0) || cdl.power.some((v) => v !== 1);
  if (sop) {
    // Slope and offset are per channel, so the whole SOP is one channel function per channel: it
    // fuses with the conversion before it into a single table pass instead of an affine pass.
    const [r, g, b] = ([0, 1, 2] as const).map((i) => {
      const [slope, offset, power] = [cdl.slope[i], cdl.offset[i], cdl.power[i]];
      // A wheel drag evaluates the SOP at every node of its tables on every bake, so: e^(p·ln y)
      // rather than y ** p (equal within 1e-15, relative, at under half the cost of V8's pow: 28
      // against 63 ns measured), no power for a clamped value, and tables built a whole array at
      // a time (no call per node).
      const sop =
        power === 1
          ? markWholeArray(
              (x: number) => clamp01(x * slope + offset),
              (values) => {
                for (let k = 0; k < values.length; k++) values[k] = clamp01(values[k]! * slope + offset);
              },
            )
          : markWholeArray(
              (x: number) => cdlPower(x * slope + offset, power),
              (values) => {
                for (let k = 0; k < values.length; k++) values[k] = cdlPower(values[k]! * slope + offset, power);
              },
            );
      return markByValue(sop, `cdl-sop:${slope},${offset},${power}`);
    }) as [(x: number) => number, (x: number) => number, (x: number) => number];
    builder.channel('encoded', 'encoded', [r, g, b]);
  }
  if (cdl.saturation !== 1) {
    builder.affine('encoded', { matrix: lumaSaturationMatrix(cdl.saturation), offset: [0, 0, 0] });
    // clamp01 is a module constant: its table joins the conversion after it and is kept across bakes.
    builder.channel('encoded', 'encoded', clamp01, true);
  }
}

/** A custom curve named by its points, so its table is kept while other controls change. */
function namedCurve(points: Curves['master']): (x: number) => number {
  return markByValue(monotoneCurve(points), `monotone-curve:${JSON.stringify(points)}`);
}

/** Custom curves: the master curve on every channel, then each channel's own (`curves.ts`). */
function appendCurves(builder: ProgramBuilder, curves: Curves | undefined): void {
  if (curves === undefined || areCurvesAtRest(curves)) return;
  if (!isCurveAtRest(curves.master)) builder.channel('encoded', 'encoded', namedCurve(curves.master));
  const identity = markByValue((x: number): number => x, 'identity');
  const [r, g, b] = (['red', 'green', 'blue'] as const).map((name) => (isCurveAtRest(curves[name]) ? identity : namedCurve(curves[name])));
  if (r !== identity || g !== identity || b !== identity) builder.channel('encoded', 'encoded', [r!, g!, b!]);
}

function appendFinishing(builder: ProgramBuilder, a: Adjustments, curves: Curves | undefined, hueCurves: HueCurves | undefined): void {
  const steps: ((x: number) => number)[] = [];
  const contrast = (amount: number) => markByValue(toneCurveFunction(contrastCurve(amount)), `contrast-curve:${amount}`);
  if (a.dehaze !== 0) steps.push(contrast((DEHAZE_CONTRAST * a.dehaze) / 100));
  if (a.contrast !== 0) steps.push(contrast(a.contrast / 100));
  if (a.highlights !== 0 || a.shadows !== 0) steps.push(markByValue(shadowsHighlightsFunction(a.shadows / 100, a.highlights / 100), `shadows-highlights:${a.shadows / 100},${a.highlights / 100}`));
  if (a.brightness !== 0) steps.push(markByValue(brightnessFunction(a.brightness / 100), `brightness:${a.brightness / 100}`));
  // One stage per curve: the builder fuses them into one pass, and tables are built curve by curve
  // (each named by its value, so an unchanged curve's table is kept across bakes).
  for (const step of steps) builder.channel('encoded', 'encoded', step);
  appendCurves(builder, curves);
  const saturation = (1 + (DEHAZE_SATURATION * a.dehaze) / 100) * (1 + a.saturation / 100);
  if (saturation !== 1 || a.vibrance !== 0) builder.chroma(saturation, a.vibrance / 100);
  // Last, on encoded values: placed between the curves and chroma they would need a conversion
  // pass of their own to reach linear light; here they follow the final encoding.
  if (hueCurves !== undefined && !areHueCurvesAtRest(hueCurves)) builder.hueCurves(hueCurveTables(hueCurves));
}

/** What a grade needs from outside the engine to be compiled. */
export interface CompileOptions {
  /** The table of the grade's imported LUT (`grade.customLook`), as a 0..1 3D LUT. */
  readonly customLut?: Lut3D;
  /**
   * Compile for a grid indexed as the imported LUT's own 3D table: by its shaper's output rather
   * than by the colour (`Lut3D.shaper`; the renderers apply the shaper before the baked LUT). Only
   * for a grade that starts with that LUT ({@link startsWithLook}): its table is then the first
   * stage, read at its own grid positions.
   */
  readonly onShaperGrid?: boolean;
}

/** A grade names an imported LUT, but its table was not supplied (deleted, or not loaded yet). */
export class MissingCustomLutError extends Error {
  constructor(readonly customLook: string) {
    super(`The grade uses the imported LUT ${customLook}, but its table was not supplied.`);
    this.name = 'MissingCustomLutError';
  }
}

/** The stages before the look: the camera's input transform, the corrections, the colour wheels. */
function appendBeforeLook(builder: ProgramBuilder, grade: Grade): void {
  const camera = cameraTransform(grade.inputTransform);
  if (camera) {
    // The camera's functions are module constants: long-lived, so their tables are kept.
    builder.channel('encoded', 'scene', camera.decode, true);
    builder.affine('scene', { matrix: camera.toRec709, offset: [0, 0, 0] }, true);
    builder.channel('scene', 'encoded', renderSceneLinear, true);
  }
  appendCorrections(builder, grade.adjustments);
  appendWheels(builder, grade.wheels);
}

/**
 * True when the grade's look (or imported LUT) meets the picture as it comes: nothing before it
 * (no input transform, exposure, white balance, dehaze or colour wheels) and at full strength (no
 * mix with its input). What follows it (the finishing sliders, curves) may be anything.
 */
export function startsWithLook(grade: Grade): boolean {
  if (hasNoLook(grade) || grade.lookStrength < 100) return false;
  const before = new ProgramBuilder();
  appendBeforeLook(before, grade);
  return before.build().isIdentity;
}

/** Compiles the global operations of a grade (everything but clarity and vignette). */
export function compileGrade(grade: Grade, options: CompileOptions = {}): ColorProgram {
  const builder = new ProgramBuilder();
  const onShaperGrid = options.onShaperGrid === true;
  if (onShaperGrid && (!options.customLut?.shaper || !startsWithLook(grade))) throw new Error('only a grade that starts with an imported LUT with a shaper is baked on its shaper grid');
  appendBeforeLook(builder, grade);
  if (!hasNoLook(grade)) {
    const partial = grade.lookStrength < 100;
    if (partial) builder.snapshot();
    if (grade.look !== null) {
      appendLook(builder, getLook(grade.look).recipe, true);
    } else if (grade.customLook !== null) {
      const lut = options.customLut;
      if (!lut) throw new MissingCustomLutError(grade.customLook);
      // On the shaper grid each grid position is the 3D table's own input: the table without its shaper.
      builder.lut(onShaperGrid ? { size: lut.size, data: lut.data } : lut);
    }
    if (partial) builder.blendWithSnapshot(grade.lookStrength / 100);
  }
  appendFinishing(builder, grade.adjustments, grade.curves, grade.hueCurves);
  return builder.build();
}

/**
 * Applies the global part of `grade` to RGB triplets (encoded Rec.709) directly, without a 3D LUT's
 * interpolation, and returns new triplets clamped to 0..1. Inputs are first clamped to 0..1, the
 * LUT's domain, and NaN counts as 0.
 */
export function applyGradeToColors(grade: Grade, colors: ArrayLike<number>, options: CompileOptions = {}): Float64Array {
  const buffer = Float64Array.from(colors, (v) => (v > 0 ? Math.min(v, 1) : 0));
  const count = Math.floor(buffer.length / 3);
  compileGrade(grade, options).run(buffer, count);
  for (let i = 0; i < buffer.length; i++) buffer[i] = Math.min(1, Math.max(0, buffer[i]!));
  return buffer;
}
