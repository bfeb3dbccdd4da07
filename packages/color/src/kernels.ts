/**
 * Colour operations that mix channels and are not affine: saturation, vibrance and split toning.
 * Each works in place on a range of RGB triplets, as a pass of a colour program (`program.ts`).
 */
import { REC709_LUMA } from './colorimetry';

const [KR, KG, KB] = REC709_LUMA;

/**
 * Scales chroma around luminance by `factor` in linear light: out = Y + f·(c − Y) with
 * Y = 0.2126R + 0.7152G + 0.0722B, so luminance and hue are kept exactly. A boost (f > 1) is
 * limited per pixel so no channel leaves 0..1 (a channel already outside stays where it is rather
 * than being pushed further): colours saturate towards the gamut edge instead of one channel
 * clipping and shifting the hue. Only the largest and smallest channels can bind, and the limit
 * is continuous in the colour, so a LUT of it has no seams.
 */
export function saturateInPlace(buffer: Float64Array, i: number, factor: number): void {
  const r = buffer[i]!;
  const g = buffer[i + 1]!;
  const b = buffer[i + 2]!;
  const hi = r > g ? (r > b ? r : b) : g > b ? g : b;
  const lo = r < g ? (r < b ? r : b) : g < b ? g : b;
  scaleChroma(buffer, i, r, g, b, hi, lo, factor);
}

/** {@link saturateInPlace} for the colour (r, g, b) at i, whose largest and smallest channels are known. */
function scaleChroma(buffer: Float64Array, i: number, r: number, g: number, b: number, hi: number, lo: number, factor: number): void {
  const y = KR * r + KG * g + KB * b;
  let f = factor;
  if (f > 1) {
    if (hi > y) {
      const up = hi < 1 ? (1 - y) / (hi - y) : 1;
      if (up < f) f = up;
    }
    if (lo < y) {
      const down = lo > 0 ? y / (y - lo) : 1;
      if (down < f) f = down;
    }
  }
  buffer[i] = y + f * (r - y);
  buffer[i + 1] = y + f * (g - y);
  buffer[i + 2] = y + f * (b - y);
}

/**
 * How much a linear RGB colour counts as skin, 0..1: hues between about 0° and 50° (red-orange to
 * orange, where the vectorscope's skin line sits) at moderate saturation.
 */
export function skinWeight(r: number, g: number, b: number): number {
  const hi = r > g ? (r > b ? r : b) : g > b ? g : b;
  const lo = r < g ? (r < b ? r : b) : g < b ? g : b;
  const range = hi - lo;
  return hi > 0 && hi === r && range !== 0 ? redSkinWeight(g, b, range, range / hi) : 0;
}

/**
 * {@link skinWeight} of a colour whose largest channel is red, from its green and blue, its
 * range (max − min > 0) and its saturation range/max (any value ≥ 1 counts as 1).
 */
function redSkinWeight(g: number, b: number, range: number, saturation: number): number {
  // HSV hue for a red-maximum colour: 60° × (g − b) / (max − min), in −60°..60°.
  const hue = (60 * (g - b)) / range;
  const offset = (hue - 25) / 25;
  const hueWeight = 1 - offset * offset;
  if (hueWeight <= 0) return 0;
  const saturationWeight = saturation < 0.1 ? saturation / 0.1 : saturation > 0.85 ? Math.max(0, (1 - saturation) / 0.15) : 1;
  return hueWeight * saturationWeight;
}

/**
 * Saturation and vibrance as one luminance-preserving, per-pixel chroma factor in linear light,
 * applied to the RGB triplets of points start..end−1 of `buffer`:
 * f = saturation · (1 + vibrance·(1 − S)²·(1 − 0.75·skin)), where S is the colour's saturation
 * (max − min)/max. Saturation (a factor, 1 = unchanged, 0 = greyscale) scales every colour alike;
 * vibrance (−1..1) moves muted colours most, vivid ones hardly, and gives skin tones a quarter of
 * the effect. Both weights are read from the colour before the change.
 */
export function applyChroma(buffer: Float64Array, start: number, end: number, saturation: number, vibrance: number): void {
  if (vibrance === 0 && saturation <= 1) {
    // Nothing to limit when chroma does not grow (a look that desaturates, such as Blade Runner
    // 2049 at 0.85): the arithmetic of scaleChroma without finding each colour's largest and
    // smallest channels (the kernel measured 0.64 times the time).
    for (let i = start * 3, stop = end * 3; i < stop; i += 3) {
      const r = buffer[i]!;
      const g = buffer[i + 1]!;
      const b = buffer[i + 2]!;
      const y = KR * r + KG * g + KB * b;
      buffer[i] = y + saturation * (r - y);
      buffer[i + 1] = y + saturation * (g - y);
      buffer[i + 2] = y + saturation * (b - y);
    }
    return;
  }
  if (vibrance === 0) {
    for (let i = start * 3, stop = end * 3; i < stop; i += 3) saturateInPlace(buffer, i, saturation);
    return;
  }
  for (let i = start * 3, stop = end * 3; i < stop; i += 3) {
    const r = buffer[i]!;
    const g = buffer[i + 1]!;
    const b = buffer[i + 2]!;
    const hi = r > g ? (r > b ? r : b) : g > b ? g : b;
    if (hi <= 0) continue;
    const lo = r < g ? (r < b ? r : b) : g < b ? g : b;
    const range = hi - lo;
    const s = range < hi ? range / hi : 1;
    const skin = hi === r && range !== 0 ? redSkinWeight(g, b, range, s) : 0;
    const w = (1 - s) * (1 - s) * (1 - 0.75 * skin);
    scaleChroma(buffer, i, r, g, b, hi, lo, saturation * (1 + vibrance * w));
  }
}

/**
 * The zero-luma chroma direction of a hue (degrees, 0 = red, 120 = green, 240 = blue): the fully
 * saturated HSV colour of that hue minus its Rec.709 luma, scaled so its largest component is 1.
 * Adding it changes colour but not encoded luma.
 */
export function hueDirection(hueDegrees: number): [number, number, number] {
  const h = (((hueDegrees % 360) + 360) % 360) / 60;
  const x = 1 - Math.abs((h % 2) - 1);
  const [r, g, b] = h < 1 ? [1, x, 0] : h < 2 ? [x, 1, 0] : h < 3 ? [0, 1, x] : h < 4 ? [0, x, 1] : h < 5 ? [x, 0, 1] : [1, 0, x];
  const y = KR * r + KG * g + KB * b;
  const d: [number, number, number] = [r - y, g - y, b - y];
  const scale = 1 / Math.max(Math.abs(d[0]), Math.abs(d[1]), Math.abs(d[2]));
  return [d[0] * scale, d[1] * scale, d[2] * scale];
}

export interface SplitTone {
  /** Hue pushed into the shadows, degrees. */
  readonly shadowHue: number;
  /** Strength in the deepest shadows, in encoded units along the hue direction (0.05 is gentle). */
  readonly shadowAmount: number;
  readonly highlightHue: number;
  readonly highlightAmount: number;
}

/** A split tone as the two offsets it adds: hue direction × amount, for shadows and highlights. */
export interface SplitToneVectors {
  readonly shadow: readonly [number, number, number];
  readonly highlight: readonly [number, number, number];
}

export function splitToneVectors(tone: SplitTone): SplitToneVectors {
  const scale = (v: readonly [number, number, number], k: number): [number, number, number] => [v[0] * k, v[1] * k, v[2] * k];
  return { shadow: scale(hueDirection(tone.shadowHue), tone.shadowAmount), highlight: scale(hueDirection(tone.highlightHue), tone.highlightAmount) };
}

/**
 * Split toning on encoded values, applied to points start..end−1 of `buffer`:
 * out = c + aS·(1 − L)²·dS + aH·L²·dH, where L is the pixel's encoded Rec.709 luma (clamped to
 * 0..1) and dS, dH are the zero-luma hue directions. The tint fades out towards the opposite end
 * of the tone scale and leaves luma unchanged.
 */
export function applySplitTone(buffer: Float64Array, start: number, end: number, tone: SplitToneVectors): void {
  const [sr, sg, sb] = tone.shadow;
  const [hr, hg, hb] = tone.highlight;
  for (let i = start * 3, stop = end * 3; i < stop; i += 3) {
    const r = buffer[i]!;
    const g = buffer[i + 1]!;
    const b = buffer[i + 2]!;
    const l = Math.min(1, Math.max(0, KR * r + KG * g + KB * b));
    const ws = (1 - l) * (1 - l);
    const wh = l * l;
    buffer[i] = r + ws * sr + wh * hr;
    buffer[i + 1] = g + ws * sg + wh * hg;
    buffer[i + 2] = b + ws * sb + wh * hb;
  }
}
