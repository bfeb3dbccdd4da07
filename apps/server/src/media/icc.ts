/**
 * RGB display profiles of the matrix/TRC kind (ICC.1:2010 §F.3: three tone curves, then a 3×3
 * matrix to the D50 profile connection space) read from their bytes, and the conversion of a
 * picture encoded in one to the working space, sRGB (IEC 61966-2-1: BT.709 primaries, the sRGB
 * curve), by relative colorimetric intent as colour-managed photo editors apply it. That covers the
 * profiles phones and cameras embed: Display P3, Adobe RGB (1998), ProPhoto, Rec. 2020, sRGB.
 * Profiles built on lookup tables (A2B0, mAB, mft1, mft2), and profiles of other colour spaces,
 * are reported as not convertible, never guessed at (docs/product-rules.md, 'Stills').
 */

export type ToneCurve =
  | { kind: 'gamma'; gamma: number }
  | { kind: 'table'; table: Float64Array }
  /** `para` (ICC.1 §10.18): function type 0 to 4 and its parameters g, a, b, c, d, e, f as far as the type has them. */
  | { kind: 'para'; type: number; params: number[] };

export interface RgbProfile {
  description: string;
  /** Linear RGB to PCS XYZ (D50): the columns are the rXYZ, gXYZ and bXYZ colorants. */
  toPcs: number[][];
  curves: [ToneCurve, ToneCurve, ToneCurve];
  /** The media white point and chromatic adaptation tag, when present (for the record: the colorants are already D50-relative). */
  whitePoint: [number, number, number] | null;
  adaptation: number[][] | null;
}

export type ParsedProfile = { ok: true; profile: RgbProfile } | { ok: false; description: string | null; reason: string };

const PARA_PARAMETERS = [1, 3, 4, 5, 7];

class Malformed extends Error {}

/** Reads the profile's header and tag table; any shape this code does not support comes back with the reason. */
export function parseIccProfile(bytes: Uint8Array): ParsedProfile {
  let description: string | null = null;
  try {
    if (bytes.length < 132) throw new Malformed('shorter than a profile header');
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const text = (at: number, length: number) => {
      if (at < 0 || at + length > bytes.length) throw new Malformed('a tag runs past the end');
      return String.fromCharCode(...bytes.subarray(at, at + length));
    };
    if (text(36, 4) !== 'acsp') throw new Malformed('no profile signature');
    const count = view.getUint32(128);
    if (count > 200 || 132 + count * 12 > bytes.length) throw new Malformed('its tag table runs past the end');
    const tags = new Map<string, { at: number; size: number }>();
    for (let i = 0; i < count; i++) {
      const entry = 132 + i * 12;
      const at = view.getUint32(entry + 4);
      const size = view.getUint32(entry + 8);
      if (at + size > bytes.length || size < 8) throw new Malformed('a tag runs past the end');
      tags.set(text(entry, 4), { at, size });
    }
    const s15 = (at: number) => {
      if (at + 4 > bytes.length) throw new Malformed('a tag runs past the end');
      return view.getInt32(at) / 65536;
    };
    const tag = (signature: string) => tags.get(signature) ?? null;
    description = readDescription(bytes, view, tag('desc'));
    const colourSpace = text(16, 4);
    const pcs = text(20, 4);
    if (colourSpace !== 'RGB ') return { ok: false, description, reason: `a ${colourSpace.trim() || 'non-RGB'} profile, not RGB` };
    if (pcs !== 'XYZ ') return { ok: false, description, reason: 'its connection space is Lab (a lookup-table profile)' };
    if (tag('A2B0') || tag('A2B1')) return { ok: false, description, reason: 'a lookup-table (A2B) profile' };
    const xyz = (signature: string): [number, number, number] => {
      const found = tag(signature);
      if (!found) throw new Malformed(`no ${signature.trim()} tag`);
      if (text(found.at, 4) !== 'XYZ ' || found.size < 20) throw new Malformed(`its ${signature.trim()} tag is not XYZ`);
      return [s15(found.at + 8), s15(found.at + 12), s15(found.at + 16)];
    };
    const columns = [xyz('rXYZ'), xyz('gXYZ'), xyz('bXYZ')];
    const toPcs = [0, 1, 2].map((row) => columns.map((column) => column[row]!));
    const curve = (signature: string): ToneCurve => {
      const found = tag(signature);
      if (!found) throw new Malformed(`no ${signature} tag`);
      return readCurve(bytes, view, found.at, found.size);
    };
    const curves: [ToneCurve, ToneCurve, ToneCurve] = [curve('rTRC'), curve('gTRC'), curve('bTRC')];
    const chad = tag('chad');
    const adaptation = chad && chad.size >= 44 ? [0, 1, 2].map((row) => [0, 1, 2].map((column) => s15(chad.at + 8 + (row * 3 + column) * 4))) : null;
    return { ok: true, profile: { description: description ?? 'unnamed profile', toPcs, curves, whitePoint: tag('wtpt') ? xyz('wtpt') : null, adaptation } };
  } catch (error) {
    if (error instanceof Malformed || error instanceof RangeError) return { ok: false, description, reason: `malformed (${error.message})` };
    throw error;
  }
}

function readCurve(bytes: Uint8Array, view: DataView, at: number, size: number): ToneCurve {
  const type = String.fromCharCode(...bytes.subarray(at, at + 4));
  if (type === 'curv') {
    const entries = view.getUint32(at + 8);
    if (12 + entries * 2 > size) throw new Malformed('a curve runs past its tag');
    if (entries === 0) return { kind: 'gamma', gamma: 1 };
    if (entries === 1) return { kind: 'gamma', gamma: view.getUint16(at + 12) / 256 };
    const table = new Float64Array(entries);
    for (let i = 0; i < entries; i++) table[i] = view.getUint16(at + 12 + i * 2) / 65535;
    return { kind: 'table', table };
  }
  if (type === 'para') {
    const functionType = view.getUint16(at + 8);
    const needed = PARA_PARAMETERS[functionType];
    if (needed === undefined) throw new Malformed(`unknown parametric curve type ${functionType}`);
    if (12 + needed * 4 > size) throw new Malformed('a curve runs past its tag');
    const params = Array.from({ length: needed }, (_, i) => view.getInt32(at + 12 + i * 4) / 65536);
    return { kind: 'para', type: functionType, params };
  }
  throw new Malformed(`a tone curve of type ${type.trim()}`);
}

/** `desc` (v2 textDescriptionType) or `mluc` (v4, the first record); null when absent or unreadable. */
function readDescription(bytes: Uint8Array, view: DataView, found: { at: number; size: number } | null): string | null {
  if (!found) return null;
  const type = String.fromCharCode(...bytes.subarray(found.at, found.at + 4));
  if (type === 'desc') {
    const length = view.getUint32(found.at + 8);
    if (length > found.size - 12) return null;
    return String.fromCharCode(...bytes.subarray(found.at + 12, found.at + 12 + length)).replace(/\0+$/, '').trim() || null;
  }
  if (type === 'mluc' && view.getUint32(found.at + 8) > 0) {
    const length = view.getUint32(found.at + 20);
    const offset = view.getUint32(found.at + 24);
    if (offset + length > found.size) return null;
    let out = '';
    for (let i = 0; i + 1 < length; i += 2) out += String.fromCharCode(view.getUint16(found.at + offset + i));
    return out.replace(/\0+$/, '').trim() || null;
  }
  return null;
}

/** The curve at encoded value x in [0, 1]: the linear light. */
export function evaluateCurve(curve: ToneCurve, x: number): number {
  switch (curve.kind) {
    case 'gamma':
      return Math.pow(x, curve.gamma);
    case 'table': {
      const last = curve.table.length - 1;
      const position = Math.min(Math.max(x, 0), 1) * last;
      const i = Math.min(Math.floor(position), last - 1);
      const t = position - i;
      return curve.table[i]! * (1 - t) + curve.table[i + 1]! * t;
    }
    case 'para': {
      const [g = 1, a = 1, b = 0, c = 0, d = 0, e = 0, f = 0] = curve.params;
      const power = (base: number) => (base > 0 ? Math.pow(base, g) : 0);
      switch (curve.type) {
        case 0:
          return power(x);
        case 1:
          return x >= -b / a ? power(a * x + b) : 0;
        case 2:
          return x >= -b / a ? power(a * x + b) + c : c;
        case 3:
          return x >= d ? power(a * x + b) : c * x;
        default:
          return x >= d ? power(a * x + b) + e : c * x + f;
      }
    }
  }
}

type Matrix = number[][];
const multiply = (a: Matrix, b: Matrix): Matrix => a.map((row) => [0, 1, 2].map((j) => row[0]! * b[0]![j]! + row[1]! * b[1]![j]! + row[2]! * b[2]![j]!));
const apply = (m: Matrix, v: number[]) => m.map((row) => row[0]! * v[0]! + row[1]! * v[1]! + row[2]! * v[2]!);

function invert(m: Matrix): Matrix {
  const [[a, b, c], [d, e, f], [g, h, i]] = m as [[number, number, number], [number, number, number], [number, number, number]];
  const det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g);
  return [
    [(e * i - f * h) / det, (c * h - b * i) / det, (b * f - c * e) / det],
    [(f * g - d * i) / det, (a * i - c * g) / det, (c * d - a * f) / det],
    [(d * h - e * g) / det, (b * g - a * h) / det, (a * e - b * d) / det],
  ];
}

/** The D50 white of the profile connection space (ICC.1 §7.2.16) and D65 as sRGB states it. */
const D50 = [0.9642, 1, 0.8249];
const D65 = [0.9505, 1, 1.089];
/** The Bradford cone response matrix (the chromatic adaptation ICC.1 Annex E recommends). */
const BRADFORD: Matrix = [
  [0.8951, 0.2664, -0.1614],
  [-0.7502, 1.7135, 0.0367],
  [0.0389, -0.0685, 1.0296],
];

/** Linear sRGB to XYZ, adapted from D65 to D50 with Bradford: the colorants an sRGB profile carries. */
export function srgbToPcs(): Matrix {
  const primaries = [
    [0.64, 0.33],
    [0.3, 0.6],
    [0.15, 0.06],
  ];
  const columns = primaries.map(([x, y]) => [x! / y!, 1, (1 - x! - y!) / y!]);
  const xyz = [0, 1, 2].map((row) => columns.map((column) => column[row]!));
  const scale = apply(invert(xyz), D65);
  const toD65 = xyz.map((row) => row.map((value, j) => value * scale[j]!));
  const source = apply(BRADFORD, D65);
  const destination = apply(BRADFORD, D50);
  const gains = [0, 1, 2].map((k) => [0, 1, 2].map((j) => (k === j ? destination[k]! / source[k]! : 0)));
  const adapt = multiply(invert(BRADFORD), multiply(gains, BRADFORD));
  return multiply(adapt, toD65);
}

/**
 * The sRGB curve (IEC 61966-2-1), linear light to encoded value, clipped to [0, 1]; unclipped, it
 * is extended past both ends (mirrored below 0, the power law above 1), as extended sRGB is.
 */
export function encodeSrgb(linear: number, clip = true): number {
  const v = clip ? Math.min(Math.max(linear, 0), 1) : linear;
  const magnitude = Math.abs(v);
  const encoded = magnitude <= 0.0031308 ? 12.92 * magnitude : 1.055 * Math.pow(magnitude, 1 / 2.4) - 0.055;
  return v < 0 ? -encoded : encoded;
}

/**
 * A function from the profile's encoded RGB to encoded sRGB (each in [0, 1]); out-of-gamut colours
 * clip, channel by channel, as relative colorimetric does. `clip: false` leaves them past the ends
 * (for the .cube: clipping there would bend the interpolation of the colours just inside sRGB's
 * gamut; ffmpeg clips when it writes the pixel).
 */
export function toSrgb(profile: RgbProfile, clip = true): (rgb: [number, number, number]) => [number, number, number] {
  const matrix = multiply(invert(srgbToPcs()), profile.toPcs);
  return ([r, g, b]) => {
    const linear = [evaluateCurve(profile.curves[0], r), evaluateCurve(profile.curves[1], g), evaluateCurve(profile.curves[2], b)];
    const out = apply(matrix, linear);
    return [encodeSrgb(out[0]!, clip), encodeSrgb(out[1]!, clip), encodeSrgb(out[2]!, clip)];
  };
}

/** The grid of the baked conversion: 65 points a side, what ffmpeg's lut3d interpolates tetrahedrally. */
export const CONVERSION_LUT_SIZE = 65;

/** The conversion sampled on the grid (unclipped), red fastest (the .cube order), and its largest change of any value once clipped. */
export function sampleConversion(profile: RgbProfile, size = CONVERSION_LUT_SIZE): { values: Float64Array; maxChange: number } {
  const convert = toSrgb(profile, false);
  const values = new Float64Array(size * size * size * 3);
  let maxChange = 0;
  let n = 0;
  for (let b = 0; b < size; b++) {
    for (let g = 0; g < size; g++) {
      for (let r = 0; r < size; r++) {
        const input: [number, number, number] = [r / (size - 1), g / (size - 1), b / (size - 1)];
        const output = convert(input);
        for (let c = 0; c < 3; c++) {
          values[n++] = output[c]!;
          maxChange = Math.max(maxChange, Math.abs(Math.min(Math.max(output[c]!, 0), 1) - input[c]!));
        }
      }
    }
  }
  return { values, maxChange };
}

/** A profile whose conversion moves no value by more than this is sRGB already (or near enough): nothing is converted. */
export const SRGB_TOLERANCE = 1 / 255;

export type ProfilePlan =
  | { action: 'none'; description: string; reason: 'srgb' }
  | { action: 'keep'; description: string | null; reason: string }
  | { action: 'convert'; description: string; cube: string; maxChange: number };

/** What to do with an embedded profile: nothing (sRGB), keep the picture as encoded (a profile this code cannot apply), or convert with this .cube. */
export function planProfile(bytes: Uint8Array): ProfilePlan {
  const parsed = parseIccProfile(bytes);
  if (!parsed.ok) return { action: 'keep', description: parsed.description, reason: parsed.reason };
  const { values, maxChange } = sampleConversion(parsed.profile);
  if (maxChange <= SRGB_TOLERANCE) return { action: 'none', description: parsed.profile.description, reason: 'srgb' };
  return { action: 'convert', description: parsed.profile.description, cube: cubeText(values, CONVERSION_LUT_SIZE, parsed.profile.description), maxChange };
}

function cubeText(values: Float64Array, size: number, description: string): string {
  const lines = [`TITLE "${description.replace(/["\r\n]/g, '')} to sRGB"`, `LUT_3D_SIZE ${size}`];
  for (let i = 0; i < values.length; i += 3) lines.push(`${values[i]!.toFixed(6)} ${values[i + 1]!.toFixed(6)} ${values[i + 2]!.toFixed(6)}`);
  return `${lines.join('\n')}\n`;
}
