/**
 * Transfer functions between encoded signal values and linear light.
 *
 * The engine's input and output are gamma-encoded Rec.709 RGB in 0..1, what a video decoder or an
 * image decoder hands over. Grading maths that model light (exposure, white balance, saturation
 * that keeps luminance, dehaze) runs on display-linear light obtained with the BT.1886 reference
 * EOTF for an ideal display (ITU-R BT.1886 annex 1 with Lw = 1, Lb = 0), which reduces to a pure
 * 2.4 power. Tone shaping (curves, contrast, lift/gamma/gain) runs on the encoded values, which
 * are close to perceptually uniform.
 *
 * Negative values are passed through with their sign (an odd extension), so out-of-range
 * intermediates survive a round trip instead of folding; the LUT clamps only its final output.
 */

const GAMMA = 2.4;
const INVERSE_GAMMA = 1 / GAMMA;

/** BT.1886 EOTF (Lw = 1, Lb = 0): encoded → display-linear. */
export function decodeGamma(v: number): number {
  return v >= 0 ? v ** GAMMA : -((-v) ** GAMMA);
}

/** Inverse of {@link decodeGamma}: display-linear → encoded. */
export function encodeGamma(l: number): number {
  return l >= 0 ? l ** INVERSE_GAMMA : -((-l) ** INVERSE_GAMMA);
}

/**
 * The Rec.709 camera OETF (ITU-R BT.709-6 item 1.2): scene-linear → encoded. Used by the camera
 * log input transforms, which produce scene light that a Rec.709 camera would have encoded with it.
 */
export function bt709Oetf(l: number): number {
  if (l < 0) return -bt709Oetf(-l);
  return l < 0.018 ? 4.5 * l : 1.099 * l ** 0.45 - 0.099;
}

/** Inverse of {@link bt709Oetf}. */
export function bt709InverseOetf(v: number): number {
  if (v < 0) return -bt709InverseOetf(-v);
  return v < 0.081 ? v / 4.5 : ((v + 0.099) / 1.099) ** (1 / 0.45);
}

/*
 * Fast versions for the pipeline. The colour program composes these into every per-channel
 * table it builds, so they run millions of times per bake; Math.pow costs ~50 ns here. Dense
 * tables (2^16 intervals, built once on first use) with linear interpolation stay within 1e-8 of
 * the exact functions (see transfer.test.ts); outside the tabulated range the exact ones are used.
 */
const FAST_INTERVALS = 65536;
const DECODE_RANGE = 2;
const ENCODE_RANGE = 8;
let decodeTable: Float64Array | null = null;
let encodeTable: Float64Array | null = null;

function tabulate(fn: (x: number) => number, range: number, squareIndex: boolean): Float64Array {
  const table = new Float64Array(FAST_INTERVALS + 2);
  for (let k = 0; k < table.length; k++) {
    const t = (k / FAST_INTERVALS) * range;
    table[k] = fn(squareIndex ? t * t : t);
  }
  return table;
}

/** {@link decodeGamma} through a dense table (|error| < 1e-8), odd-symmetric like the exact one. */
export function decodeGammaFast(v: number): number {
  const a = v < 0 ? -v : v;
  if (!(a < DECODE_RANGE)) return decodeGamma(v);
  decodeTable ??= tabulate(decodeGamma, DECODE_RANGE, false);
  const p = a * (FAST_INTERVALS / DECODE_RANGE);
  const k = p | 0;
  const lo = decodeTable[k]!;
  const y = lo + (decodeTable[k + 1]! - lo) * (p - k);
  return v < 0 ? -y : y;
}

/** Below this magnitude {@link encodeGammaFast} gives exactly 0. */
export const ENCODE_ZERO_BELOW = 1e-12;

/**
 * {@link encodeGamma} through a dense table indexed by √l (|error| < 1e-8); below |l| = 1e-4,
 * where x^(1/2.4) bends too fast for the table, the exact function is used, and below 1e-12
 * (encoded 1e-5: the residue that gamut limiting leaves in a channel it drives to 0) the result is 0.
 */
export function encodeGammaFast(l: number): number {
  const a = l < 0 ? -l : l;
  if (!(a >= 1e-4 && a < ENCODE_RANGE)) return a < ENCODE_ZERO_BELOW ? 0 : encodeGamma(l);
  encodeTable ??= tabulate(encodeGamma, Math.sqrt(ENCODE_RANGE), true);
  const p = Math.sqrt(a) * (FAST_INTERVALS / Math.sqrt(ENCODE_RANGE));
  const k = p | 0;
  const lo = encodeTable[k]!;
  const y = lo + (encodeTable[k + 1]! - lo) * (p - k);
  return l < 0 ? -y : y;
}
