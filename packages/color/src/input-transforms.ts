/**
 * Camera log → Rec.709 input transforms, baked into the grade's LUT before everything else.
 *
 * Each transform: decoded signal → camera code value → scene-linear reflectance (the maker's log
 * decoding formula) → linear Rec.709 primaries (3×3 matrix derived from the maker's gamut
 * primaries, D65 white) → highlight shoulder → Rec.709 OETF, i.e. the signal a Rec.709 camera
 * would have recorded. The shoulder is our display rendering: log footage holds several stops
 * above diffuse white that a plain OETF would clip.
 *
 * Code values: the makers' formulas take 10-bit code value / 1023. Camera files carry those code
 * values in a legal-range (64–940) container that decoders expand to 0..1, so the decoded value x
 * corresponds to code value (64 + 876·x) / 1023 (see colour-science's `legal_to_full` handling of
 * S-Log3 and of Canon Log 3 v1.2, whose published constants are likewise in code-value terms).
 */
import { D65, rgbToRec709Matrix } from './colorimetry';
import type { Primaries } from './colorimetry';
import type { Matrix3 } from './matrix';
import { bt709Oetf } from './transfer';

export const INPUT_TRANSFORM_IDS = ['rec709', 'slog3', 'logc3', 'vlog', 'clog3'] as const;

export type InputTransformId = (typeof INPUT_TRANSFORM_IDS)[number];

export interface InputTransformInfo {
  readonly id: InputTransformId;
  readonly label: string;
  readonly description: string;
}

export const INPUT_TRANSFORMS: readonly InputTransformInfo[] = [
  { id: 'rec709', label: 'Rec.709', description: 'Ordinary video or photo: no transform.' },
  { id: 'slog3', label: 'Sony S-Log3 / S-Gamut3.Cine', description: 'Sony cameras recording S-Log3 with S-Gamut3.Cine.' },
  { id: 'logc3', label: 'ARRI LogC3 (EI 800) / ARRI Wide Gamut 3', description: 'ARRI ALEXA LogC3 at exposure index 800.' },
  { id: 'vlog', label: 'Panasonic V-Log / V-Gamut', description: 'Panasonic cameras recording V-Log.' },
  { id: 'clog3', label: 'Canon Log 3 / Cinema Gamut', description: 'Canon cameras recording Canon Log 3 with Cinema Gamut.' },
];

export function isInputTransformId(value: string): value is InputTransformId {
  return (INPUT_TRANSFORM_IDS as readonly string[]).includes(value);
}

/** Decoded 0..1 signal (legal range expanded) → 10-bit code value / 1023. */
export function signalToCodeValue(x: number): number {
  return (64 + 876 * x) / 1023;
}

/**
 * Sony S-Log3 decoding ("Technical Summary for S-Gamut3.Cine/S-Log3 and S-Gamut3/S-Log3", Sony,
 * v1.0): code value / 1023 → scene reflectance (0.18 = 18 % grey).
 */
export function decodeSLog3(y: number): number {
  return y >= 171.2102946929 / 1023
    ? 10 ** ((y * 1023 - 420) / 261.5) * (0.18 + 0.01) - 0.01
    : ((y * 1023 - 95) * 0.01125) / (171.2102946929 - 95);
}

/**
 * ARRI LogC3 decoding, EI 800, "ALEXA Log C Curve – Usage in VFX" (ARRI, 2017), table of
 * parameters for SUP 3.x: cut 0.010591, a 5.555556, b 0.052272, c 0.247190, d 0.385537,
 * e 5.367655, f 0.092809. Input is the LogC signal (code value / 1023); output scene linear.
 */
export function decodeLogC3(t: number): number {
  const cut = 0.010591;
  const a = 5.555556;
  const b = 0.052272;
  const c = 0.24719;
  const d = 0.385537;
  const e = 5.367655;
  const f = 0.092809;
  return t > e * cut + f ? (10 ** ((t - d) / c) - b) / a : (t - f) / e;
}

/**
 * Panasonic V-Log decoding ("V-Log/V-Gamut Reference Manual", Panasonic, 2014, rev. 1.0):
 * cut2 0.181, b 0.00873, c 0.241514, d 0.598206.
 */
export function decodeVLog(v: number): number {
  return v < 0.181 ? (v - 0.125) / 5.6 : 10 ** ((v - 0.598206) / 0.241514) - 0.00873;
}

/**
 * Canon Log 3 decoding, v1.2 constants (Canon "Input Transform Version 202007"), output as scene
 * reflectance (× 0.9, Canon's formula being normalised to 90 % white = 1).
 */
export function decodeCLog3(v: number): number {
  let x: number;
  if (v < 0.097465473) x = -(10 ** ((0.12783901 - v) / 0.36726845) - 1) / 14.98325;
  else if (v <= 0.15277891) x = (v - 0.12512219) / 1.9754798;
  else x = (10 ** ((v - 0.12240537) / 0.36726845) - 1) / 14.98325;
  return x * 0.9;
}

/** S-Gamut3.Cine primaries (Sony technical summary above, table 1). */
export const S_GAMUT3_CINE: Primaries = {
  red: { x: 0.766, y: 0.275 },
  green: { x: 0.225, y: 0.8 },
  blue: { x: 0.089, y: -0.087 },
  white: D65,
};

/** ARRI Wide Gamut 3 primaries (ARRI, "ALEXA Log C Curve – Usage in VFX"). */
export const ARRI_WIDE_GAMUT_3: Primaries = {
  red: { x: 0.684, y: 0.313 },
  green: { x: 0.221, y: 0.848 },
  blue: { x: 0.0861, y: -0.102 },
  white: D65,
};

/** V-Gamut primaries (Panasonic V-Log/V-Gamut reference manual, table 2.1). */
export const V_GAMUT: Primaries = {
  red: { x: 0.73, y: 0.28 },
  green: { x: 0.165, y: 0.84 },
  blue: { x: 0.1, y: -0.03 },
  white: D65,
};

/** Canon Cinema Gamut primaries (Canon, "Cinema Gamut" technical note). */
export const CINEMA_GAMUT: Primaries = {
  red: { x: 0.74, y: 0.27 },
  green: { x: 0.17, y: 1.14 },
  blue: { x: 0.08, y: -0.1 },
  white: D65,
};

/** Scene-linear value where the highlight shoulder starts. */
const SHOULDER_START = 0.6;

/**
 * Our display rendering of scene light above diffuse white: identity below 0.6, then an
 * exponential shoulder with matching slope that approaches 1.0 asymptotically, so +2 stops over
 * 18 % grey stays distinguishable from +4 instead of both clipping. Negative light becomes 0.
 */
export function highlightShoulder(x: number): number {
  if (!(x > 0)) return 0;
  if (x <= SHOULDER_START) return x;
  const room = 1 - SHOULDER_START;
  return SHOULDER_START + room * (1 - Math.exp(-(x - SHOULDER_START) / room));
}

export interface CameraTransform {
  /** Decoded signal (0..1) → scene-linear light in the camera's gamut. */
  readonly decode: (signal: number) => number;
  /** Camera gamut → Rec.709 primaries, linear. */
  readonly toRec709: Matrix3;
}

const CAMERA_TRANSFORMS: Readonly<Record<Exclude<InputTransformId, 'rec709'>, CameraTransform>> = {
  slog3: { decode: (x) => decodeSLog3(signalToCodeValue(x)), toRec709: rgbToRec709Matrix(S_GAMUT3_CINE) },
  logc3: { decode: (x) => decodeLogC3(signalToCodeValue(x)), toRec709: rgbToRec709Matrix(ARRI_WIDE_GAMUT_3) },
  vlog: { decode: (x) => decodeVLog(signalToCodeValue(x)), toRec709: rgbToRec709Matrix(V_GAMUT) },
  clog3: { decode: (x) => decodeCLog3(signalToCodeValue(x)), toRec709: rgbToRec709Matrix(CINEMA_GAMUT) },
};

/** The pieces of a camera transform, or null for 'rec709' (no transform). */
export function cameraTransform(id: InputTransformId): CameraTransform | null {
  return id === 'rec709' ? null : CAMERA_TRANSFORMS[id];
}

/** Scene-linear Rec.709 → encoded signal: the shoulder, then the Rec.709 OETF. */
export function renderSceneLinear(x: number): number {
  return bt709Oetf(highlightShoulder(x));
}
