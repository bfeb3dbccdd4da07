/**
 * Colorimetry: RGB primaries to XYZ, chromaticity coordinates, the Planckian locus, chromatic
 * adaptation and CIELAB. Everything here works on linear light.
 */
import { applyMatrix3, diagonalMatrix3, invertMatrix3, multiplyMatrix3 } from './matrix';
import type { Matrix3, Rgb } from './matrix';

/** A chromaticity in CIE 1931 xy. */
export interface Chromaticity {
  readonly x: number;
  readonly y: number;
}

export interface Primaries {
  readonly red: Chromaticity;
  readonly green: Chromaticity;
  readonly blue: Chromaticity;
  readonly white: Chromaticity;
}

/** CIE standard illuminant D65 as rounded in ITU-R BT.709-6 table 1 item 1.4. */
export const D65: Chromaticity = { x: 0.3127, y: 0.329 };

/** ITU-R BT.709-6 table 1 items 1.3 and 1.4. */
export const REC709_PRIMARIES: Primaries = {
  red: { x: 0.64, y: 0.33 },
  green: { x: 0.3, y: 0.6 },
  blue: { x: 0.15, y: 0.06 },
  white: D65,
};

/** Rec.709 luminance weights (ITU-R BT.709-6 item 3.2), used for luma and for luminance alike. */
export const REC709_LUMA: Rgb = [0.2126, 0.7152, 0.0722];

/**
 * Saturation s around Rec.709 luma as a matrix: each channel c becomes y + s·(c − y), y the luma
 * of the colour (s = 0 grey, 1 unchanged). The ASC CDL's saturation, and a chroma change that
 * only scales.
 */
export function lumaSaturationMatrix(s: number): Matrix3 {
  const [kr, kg, kb] = REC709_LUMA;
  const row = (i: number) => [(1 - s) * kr + (i === 0 ? s : 0), (1 - s) * kg + (i === 1 ? s : 0), (1 - s) * kb + (i === 2 ? s : 0)] as const;
  return [...row(0), ...row(1), ...row(2)];
}

export function chromaticityToXyz(c: Chromaticity, luminance = 1): [number, number, number] {
  return [(c.x / c.y) * luminance, luminance, ((1 - c.x - c.y) / c.y) * luminance];
}

/**
 * The normalised primary matrix (RGB → XYZ) of an RGB space, derived as in SMPTE RP 177-1993
 * §3.3: scale the primaries' XYZ columns so that RGB (1,1,1) lands on the white point.
 */
export function rgbToXyzMatrix(p: Primaries): Matrix3 {
  const [rX, rY, rZ] = chromaticityToXyz(p.red);
  const [gX, gY, gZ] = chromaticityToXyz(p.green);
  const [bX, bY, bZ] = chromaticityToXyz(p.blue);
  const unscaled: Matrix3 = [rX, gX, bX, rY, gY, bY, rZ, gZ, bZ];
  const [sr, sg, sb] = applyMatrix3(invertMatrix3(unscaled), chromaticityToXyz(p.white));
  return multiplyMatrix3(unscaled, diagonalMatrix3(sr, sg, sb));
}

export const REC709_TO_XYZ: Matrix3 = rgbToXyzMatrix(REC709_PRIMARIES);
export const XYZ_TO_REC709: Matrix3 = invertMatrix3(REC709_TO_XYZ);

/** Linear RGB in `from` → linear Rec.709; both spaces here share the D65 white. */
export function rgbToRec709Matrix(from: Primaries): Matrix3 {
  return multiplyMatrix3(XYZ_TO_REC709, rgbToXyzMatrix(from));
}

export function xyzToChromaticity(xyz: Rgb): Chromaticity {
  const sum = xyz[0] + xyz[1] + xyz[2];
  return sum > 0 ? { x: xyz[0] / sum, y: xyz[1] / sum } : D65;
}

/** CIE 1960 UCS (u, v), the space in which correlated colour temperature and Duv are defined. */
export interface Ucs {
  readonly u: number;
  readonly v: number;
}

export function chromaticityToUcs(c: Chromaticity): Ucs {
  const d = -2 * c.x + 12 * c.y + 3;
  return { u: (4 * c.x) / d, v: (6 * c.y) / d };
}

export function ucsToChromaticity(c: Ucs): Chromaticity {
  const d = 2 * c.u - 8 * c.v + 4;
  return { x: (3 * c.u) / d, y: (2 * c.v) / d };
}

/**
 * The Planckian locus in CIE 1960 uv: the rational approximation of Krystek (1985), "An algorithm
 * to calculate correlated colour temperature", Color Research & Application 10(1), valid for
 * 1000 K to 15 000 K with |Δuv| < 8e-5.
 */
export function planckianUcs(kelvin: number): Ucs {
  const t = kelvin;
  const t2 = t * t;
  return {
    u: (0.860117757 + 1.54118254e-4 * t + 1.28641212e-7 * t2) / (1 + 8.42420235e-4 * t + 7.08145163e-7 * t2),
    v: (0.317398726 + 4.22806245e-5 * t + 4.20481691e-8 * t2) / (1 - 2.89741816e-5 * t + 1.61456053e-7 * t2),
  };
}

/** Unit normal of the Planckian locus at `kelvin`, pointing to positive Duv (towards green). */
export function planckianNormal(kelvin: number): Ucs {
  const a = planckianUcs(kelvin - 1);
  const b = planckianUcs(kelvin + 1);
  const du = b.u - a.u;
  const dv = b.v - a.v;
  const length = Math.hypot(du, dv);
  // The locus runs towards smaller u as temperature rises; rotating its tangent by +90° points to
  // larger v, which is the green side (positive Duv, ANSI C78.377).
  const n = { u: -dv / length, v: du / length };
  return n.v >= 0 ? n : { u: -n.u, v: -n.v };
}

/**
 * McCamy's (1992) cubic approximation of correlated colour temperature from xy, "Correlated color
 * temperature as an explicit function of chromaticity coordinates", Color Res. Appl. 17(2).
 * Good to a few kelvin between 2856 K and 6504 K; used only to describe images in words.
 */
export function correlatedColourTemperature(c: Chromaticity): number {
  const n = (c.x - 0.332) / (0.1858 - c.y);
  return 449 * n ** 3 + 3525 * n ** 2 + 6823.3 * n + 5520.33;
}

/** Bradford cone response matrix (Lam 1985, as used by ICC v4 and Lindbloom). */
const BRADFORD: Matrix3 = [0.8951, 0.2664, -0.1614, -0.7502, 1.7135, 0.0367, 0.0389, -0.0685, 1.0296];
const BRADFORD_INVERSE: Matrix3 = invertMatrix3(BRADFORD);

/**
 * Linear Rec.709 → linear Rec.709 matrix that adapts colours seen under `source` white to how they
 * appear under `destination` white (a von Kries scaling in Bradford cone space). Both whites are
 * taken at luminance 1, so a neutral keeps its luminance.
 */
export function chromaticAdaptationMatrix(source: Chromaticity, destination: Chromaticity): Matrix3 {
  const s = applyMatrix3(BRADFORD, chromaticityToXyz(source));
  const d = applyMatrix3(BRADFORD, chromaticityToXyz(destination));
  const cone = multiplyMatrix3(BRADFORD_INVERSE, multiplyMatrix3(diagonalMatrix3(d[0] / s[0], d[1] / s[1], d[2] / s[2]), BRADFORD));
  return multiplyMatrix3(XYZ_TO_REC709, multiplyMatrix3(cone, REC709_TO_XYZ));
}

const D65_XYZ = chromaticityToXyz(D65);

/** Linear Rec.709 → CIELAB (CIE 15:2004 §8.2.1) relative to D65. */
export function linearRec709ToLab(rgb: Rgb): [number, number, number] {
  const xyz = applyMatrix3(REC709_TO_XYZ, rgb);
  const f = (t: number): number => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116);
  const fx = f(xyz[0] / D65_XYZ[0]);
  const fy = f(xyz[1] / D65_XYZ[1]);
  const fz = f(xyz[2] / D65_XYZ[2]);
  return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)];
}

/** CIE 1976 colour difference ΔE*ab between two Lab colours. */
export function deltaE76(a: Rgb, b: Rgb): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
}
