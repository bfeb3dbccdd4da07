/**
 * Image statistics for Smart Analyze and Smart Auto Grade, measured on encoded Rec.709 RGBA pixels
 * (a downscaled frame, or several frames of a video merged with `mergeImageStats`). Everything is
 * plain numbers and arrays so statistics can travel as JSON.
 *
 * Luma is Rec.709 Y′ = 0.2126R′ + 0.7152G′ + 0.0722B′, as the scopes show it. Tonal bands:
 * shadows Y′ < 0.25, mid-tones 0.25..0.70, highlights above.
 */
import { REC709_LUMA } from './colorimetry';
import { CHROMA_BINS, CHROMA_RANGE, estimateNeutral } from './neutral-light';
import { decodeGamma, encodeGamma } from './transfer';

export const HUE_NAMES = [
  'red',
  'orange',
  'yellow',
  'chartreuse',
  'green',
  'spring green',
  'cyan',
  'azure',
  'blue',
  'violet',
  'magenta',
  'rose',
] as const;

export type HueName = (typeof HUE_NAMES)[number];

/** Sums for one tonal band: how many pixels fell in it and their summed encoded R, G, B. */
export interface BandSums {
  readonly count: number;
  readonly r: number;
  readonly g: number;
  readonly b: number;
}

/**
 * Statistics of one image (or of several, merged). The histograms and sums are the measurement;
 * `summariseStats` derives percentiles, casts and shares from them.
 */
export interface ImageStats {
  /** Pixels measured (opaque pixels of the sampling grid). */
  readonly pixelCount: number;
  /** 256 bins of luma Y′ (bin i holds i/256 ≤ Y′ < (i+1)/256). */
  readonly lumaHistogram: readonly number[];
  /** 20 bins of HSV saturation (max − min)/max of the encoded values. */
  readonly saturationHistogram: readonly number[];
  /** 12 bins of hue, 30° wide and centred on 0°, 30°, … (red, orange, …), counting colourful pixels only. */
  readonly hueHistogram: readonly number[];
  readonly shadows: BandSums;
  readonly midtones: BandSums;
  readonly highlights: BandSums;
  /** Pixels with luma at most 2/255 (crushed black). */
  readonly shadowClipped: number;
  /** Pixels with a channel at 254/255 or more (clipped highlight). */
  readonly highlightClipped: number;
  /**
   * Skin coverage: the sum over the measured pixels of their skin likelihood (see
   * `skinLikelihood`, 0..1 each), and the likelihood-weighted sum of their luma.
   */
  readonly skinCount: number;
  readonly skinLumaSum: number;
  /**
   * 20 bins of colourfulness (see `colourfulness`): per pixel the lesser of the recorded colour's
   * and the colour's with the light taken out (white-balanced by `estimateNeutral`), so a cast
   * alone does not make a picture colourful.
   */
  readonly chromaHistogram: readonly number[];
  /**
   * Where the light's colour can be read from: the unclipped pixels with luma 0.12..0.95 binned by
   * chromaticity, log2(R/G) and log2(B/G) of their linear light, each −2..2 in
   * {@link CHROMA_BINS} steps (bin index = row · CHROMA_BINS + column, row for B/G). Per bin: the
   * pixel count, and the summed linear R, G, B (three values per bin).
   */
  readonly chromaCounts: readonly number[];
  readonly chromaSums: readonly number[];
}

export { CHROMA_BINS, CHROMA_RANGE };

function chromaBin(r: number, g: number, b: number): number {
  const index = (v: number): number => Math.min(CHROMA_BINS - 1, Math.max(0, Math.floor(((v + CHROMA_RANGE) / (2 * CHROMA_RANGE)) * CHROMA_BINS)));
  const floor = 1e-6;
  return index(Math.log2((b + floor) / (g + floor))) * CHROMA_BINS + index(Math.log2((r + floor) / (g + floor)));
}

/** Pixels a colourful-hue count needs: HSV saturation and value at least these. */
const COLOURFUL_SATURATION = 0.2;
const COLOURFUL_VALUE = 0.15;

/**
 * Skin classifier on encoded Rec.709 in the Cb/Cr plane: skin of every complexion sits near the
 * vectorscope's skin-tone line (about 123° from the +Cb axis) at moderate chroma. Accepted here:
 * hue angle 105°..145°, chroma 0.025..0.22, luma 0.15..0.95. A grey pixel has no chroma, so
 * greyscale images never contain skin.
 */
export function isSkin(r: number, g: number, b: number): boolean {
  const [kr, kg, kb] = REC709_LUMA;
  const y = kr * r + kg * g + kb * b;
  if (y < 0.15 || y > 0.95) return false;
  const cb = (b - y) / 1.8556;
  const cr = (r - y) / 1.5748;
  const chroma = Math.hypot(cb, cr);
  if (chroma < 0.025 || chroma > 0.22) return false;
  const angle = (Math.atan2(cr, cb) * 180) / Math.PI;
  return angle >= 105 && angle <= 145;
}

/** Luma of the pixel at (x, y), in 8-bit levels; the nearest pixel inside the image. */
function lumaAt(rgba: Uint8ClampedArray | Uint8Array, width: number, height: number, x: number, y: number): number {
  const cx = Math.min(width - 1, Math.max(0, x));
  const cy = Math.min(height - 1, Math.max(0, y));
  const i = (cy * width + cx) * 4;
  const [kr, kg, kb] = REC709_LUMA;
  return kr * rgba[i]! + kg * rgba[i + 1]! + kb * rgba[i + 2]!;
}

/** Median |Laplacian| of luma (8-bit levels) below which a skin-coloured area counts as flat, and from which as textured. */
const SKIN_TEXTURE_FLAT = 0.9;
const SKIN_TEXTURE_FULL = 2.2;
/** From this median |Laplacian| the neighbourhood is an edge between areas, not skin texture; none left by twice it. */
const SKIN_TEXTURE_EDGE = 30;

/** Scratch space for the nine Laplacians of one neighbourhood (measurement is synchronous). */
const LAPLACIANS = new Float64Array(9);

/** Per channel, 256 encoded levels → the level under neutral light (0..1): the white balance the measurement judges colour under. */
type BalanceTables = readonly [Float64Array, Float64Array, Float64Array];

function balanceTables(light: readonly [number, number, number]): BalanceTables {
  return light.map((gain) => Float64Array.from({ length: 256 }, (_, v) => Math.min(1, encodeGamma(decodeGamma(v / 255) / gain)))) as unknown as BalanceTables;
}

/**
 * How likely the pixel at (x, y) shows skin, 0..1: the share of it and its four neighbours two
 * pixels away that are skin-coloured (`isSkin`) both as recorded and with the light's colour taken
 * out (`balance`: a grey wall under warm lamp light is grey, not skin; and a light estimate fooled
 * by a blue sky does not turn foliage into skin), times how textured the neighbourhood is.
 * Skin (pores, fine shading, sensor noise) is never perfectly smooth, while a flat or smoothly
 * graded synthetic area — a beige gradient, a test chart's patch — is: the texture is the median
 * absolute Laplacian of luma over the 3 × 3 pixels around (x, y), about 0 on any flat area or
 * straight gradient, up to 1 level on quantised gradients and several on skin. A median, so the
 * edge of a flat area against a busy one does not lend the flat area texture; a neighbourhood
 * that is mostly a hard edge between two flat areas (colour bars) falls back to 0.
 */
export function skinLikelihood(rgba: Uint8ClampedArray | Uint8Array, width: number, height: number, x: number, y: number, balance: BalanceTables): number {
  const colourAt = (px: number, py: number): boolean => {
    const i = (Math.min(height - 1, Math.max(0, py)) * width + Math.min(width - 1, Math.max(0, px))) * 4;
    const [r, g, b] = [rgba[i]!, rgba[i + 1]!, rgba[i + 2]!];
    return isSkin(r / 255, g / 255, b / 255) && isSkin(balance[0][r]!, balance[1][g]!, balance[2][b]!);
  };
  if (!colourAt(x, y)) return 0;
  const around = [colourAt(x - 2, y), colourAt(x + 2, y), colourAt(x, y - 2), colourAt(x, y + 2)].filter(Boolean).length;
  const luma = (px: number, py: number): number => lumaAt(rgba, width, height, px, py);
  for (let k = 0; k < 9; k++) {
    const [cx, cy] = [x + (k % 3) - 1, y + Math.floor(k / 3) - 1];
    const value = Math.abs(4 * luma(cx, cy) - luma(cx - 1, cy) - luma(cx + 1, cy) - luma(cx, cy - 1) - luma(cx, cy + 1));
    // Insertion into the sorted first k values, for the median below.
    let j = k;
    for (; j > 0 && LAPLACIANS[j - 1]! > value; j--) LAPLACIANS[j] = LAPLACIANS[j - 1]!;
    LAPLACIANS[j] = value;
  }
  const texture = LAPLACIANS[4]!;
  const textured = Math.min(1, Math.max(0, (texture - SKIN_TEXTURE_FLAT) / (SKIN_TEXTURE_FULL - SKIN_TEXTURE_FLAT)));
  const notEdge = Math.min(1, Math.max(0, (2 * SKIN_TEXTURE_EDGE - texture) / SKIN_TEXTURE_EDGE));
  return ((1 + around) / 5) * textured * notEdge;
}

/** The value below which colourfulness is measured against this floor instead, so dark noise does not count as colour. */
const COLOURFULNESS_FLOOR = 0.25;

/** Colourfulness of an encoded colour: (max − min) / max(max, 0.25). */
export function colourfulness(r: number, g: number, b: number): number {
  const hi = Math.max(r, g, b);
  return (hi - Math.min(r, g, b)) / Math.max(hi, COLOURFULNESS_FLOOR);
}

interface MutableBand {
  count: number;
  r: number;
  g: number;
  b: number;
}

/** At most this many pixels are read: the frame is sampled on a regular grid above it. */
const SAMPLE_BUDGET = 65536;

/**
 * Measures an RGBA image (ImageData layout, 8-bit). Large images are sampled on a regular grid of
 * at most 65 536 pixels; pixels with alpha below 128 are skipped.
 */
export function measureImage(rgba: Uint8ClampedArray | Uint8Array, width: number, height: number): ImageStats {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width <= 0 || height <= 0 || rgba.length !== width * height * 4) {
    throw new RangeError(`image data must hold width × height RGBA pixels (${width}×${height}, ${rgba.length} values)`);
  }
  const [kr, kg, kb] = REC709_LUMA;
  const step = Math.max(1, Math.ceil(Math.sqrt((width * height) / SAMPLE_BUDGET)));
  const luma = new Array<number>(256).fill(0);
  const saturation = new Array<number>(20).fill(0);
  const hue = new Array<number>(12).fill(0);
  const chroma = new Array<number>(20).fill(0);
  const bands: [MutableBand, MutableBand, MutableBand] = [0, 1, 2].map(() => ({ count: 0, r: 0, g: 0, b: 0 })) as [MutableBand, MutableBand, MutableBand];
  const chromaCounts = new Array<number>(CHROMA_BINS * CHROMA_BINS).fill(0);
  const chromaSums = new Array<number>(CHROMA_BINS * CHROMA_BINS * 3).fill(0);
  let pixelCount = 0;
  let shadowClipped = 0;
  let highlightClipped = 0;
  let skinCount = 0;
  let skinLumaSum = 0;
  for (let y = Math.floor(step / 2); y < height; y += step) {
    for (let x = Math.floor(step / 2); x < width; x += step) {
      const i = (y * width + x) * 4;
      if (rgba[i + 3]! < 128) continue;
      const r = rgba[i]! / 255;
      const g = rgba[i + 1]! / 255;
      const b = rgba[i + 2]! / 255;
      const yv = kr * r + kg * g + kb * b;
      const hi = Math.max(r, g, b);
      const lo = Math.min(r, g, b);
      const s = hi > 0 ? (hi - lo) / hi : 0;
      pixelCount++;
      luma[Math.min(255, Math.floor(yv * 256))]!++;
      saturation[Math.min(19, Math.floor(s * 20))]!++;
      const band = bands[yv < 0.25 ? 0 : yv <= 0.7 ? 1 : 2];
      band.count++;
      band.r += r;
      band.g += g;
      band.b += b;
      if (yv <= 2 / 255) shadowClipped++;
      const clipped = hi >= 254 / 255;
      if (clipped) highlightClipped++;
      if (s >= COLOURFUL_SATURATION && hi >= COLOURFUL_VALUE) {
        let h = hi === r ? (60 * (g - b)) / (hi - lo) : hi === g ? 120 + (60 * (b - r)) / (hi - lo) : 240 + (60 * (r - g)) / (hi - lo);
        if (h < 0) h += 360;
        hue[Math.floor(((h + 15) % 360) / 30)]!++;
      }
      if (yv >= 0.12 && yv <= 0.95 && !clipped) {
        const [lr, lg, lb] = [decodeGamma(r), decodeGamma(g), decodeGamma(b)];
        const bin = chromaBin(lr, lg, lb);
        chromaCounts[bin]!++;
        chromaSums[bin * 3]! += lr;
        chromaSums[bin * 3 + 1]! += lg;
        chromaSums[bin * 3 + 2]! += lb;
      }
    }
  }
  // Second pass, under neutral light: skin and colourfulness are judged both as recorded and with
  // the light's colour taken out, and the lesser is kept, so a warm-lit grey wall is neither skin
  // nor colourful.
  const balance = balanceTables(estimateNeutral({ chromaCounts, chromaSums }));
  for (let y = Math.floor(step / 2); y < height; y += step) {
    for (let x = Math.floor(step / 2); x < width; x += step) {
      const i = (y * width + x) * 4;
      if (rgba[i + 3]! < 128) continue;
      const [r, g, b] = [rgba[i]!, rgba[i + 1]!, rgba[i + 2]!];
      const colour = Math.min(colourfulness(r / 255, g / 255, b / 255), colourfulness(balance[0][r]!, balance[1][g]!, balance[2][b]!));
      chroma[Math.min(19, Math.floor(colour * 20))]!++;
      const skin = skinLikelihood(rgba, width, height, x, y, balance);
      if (skin > 0) {
        skinCount += skin;
        skinLumaSum += (skin * (kr * r + kg * g + kb * b)) / 255;
      }
    }
  }
  return {
    pixelCount,
    lumaHistogram: luma,
    saturationHistogram: saturation,
    hueHistogram: hue,
    shadows: bands[0],
    midtones: bands[1],
    highlights: bands[2],
    shadowClipped,
    highlightClipped,
    skinCount,
    skinLumaSum,
    chromaHistogram: chroma,
    chromaCounts,
    chromaSums,
  };
}

function addBands(a: BandSums, b: BandSums): BandSums {
  return { count: a.count + b.count, r: a.r + b.r, g: a.g + b.g, b: a.b + b.b };
}

function addArrays(a: readonly number[], b: readonly number[]): number[] {
  return a.map((v, i) => v + (b[i] ?? 0));
}

/** Merges the statistics of several images (frames of a video) as if they were one image. */
export function mergeImageStats(stats: readonly ImageStats[]): ImageStats {
  const [first, ...rest] = stats;
  if (!first) throw new RangeError('mergeImageStats needs at least one image');
  return rest.reduce(
    (a, b): ImageStats => ({
      pixelCount: a.pixelCount + b.pixelCount,
      lumaHistogram: addArrays(a.lumaHistogram, b.lumaHistogram),
      saturationHistogram: addArrays(a.saturationHistogram, b.saturationHistogram),
      hueHistogram: addArrays(a.hueHistogram, b.hueHistogram),
      shadows: addBands(a.shadows, b.shadows),
      midtones: addBands(a.midtones, b.midtones),
      highlights: addBands(a.highlights, b.highlights),
      shadowClipped: a.shadowClipped + b.shadowClipped,
      highlightClipped: a.highlightClipped + b.highlightClipped,
      skinCount: a.skinCount + b.skinCount,
      skinLumaSum: a.skinLumaSum + b.skinLumaSum,
      chromaHistogram: addArrays(a.chromaHistogram, b.chromaHistogram),
      chromaCounts: addArrays(a.chromaCounts, b.chromaCounts),
      chromaSums: addArrays(a.chromaSums, b.chromaSums),
    }),
    first,
  );
}
