/**
 * Derived measurements: what the scene description, the recommendations and the auto grade reason
 * about. All values are shares (0..1) or encoded levels (0..1) unless noted.
 */
import type { HueName, ImageStats } from './image-stats';
import { CHROMA_BINS, CHROMA_RANGE, HUE_NAMES } from './image-stats';

export interface ColourCast {
  /** Mean encoded R, G, B of the band. */
  readonly mean: readonly [number, number, number];
  /** R − B of the mean: positive is warm (amber), negative cool (blue). */
  readonly warmth: number;
  /** G − (R + B)/2 of the mean: positive is green, negative magenta. */
  readonly greenness: number;
  /** Share of the measured pixels in this band. */
  readonly share: number;
}

export interface DominantHue {
  readonly name: HueName;
  /** Centre of the 30° hue bin, degrees. */
  readonly hue: number;
  /** Share of the colourful pixels with this hue. */
  readonly share: number;
}

export interface StatsSummary {
  readonly luma: { readonly mean: number; readonly p01: number; readonly p05: number; readonly p50: number; readonly p95: number; readonly p99: number };
  /** p95 − p05 of luma: how much of the tonal scale the picture uses. */
  readonly tonalRange: number;
  readonly clipping: { readonly shadows: number; readonly highlights: number };
  readonly cast: { readonly shadows: ColourCast; readonly midtones: ColourCast; readonly highlights: ColourCast };
  readonly saturation: { readonly mean: number; readonly p90: number };
  /** Share of pixels with saturation ≥ 0.2 and value ≥ 0.15. */
  readonly colourfulShare: number;
  readonly skinShare: number;
  /** Mean luma of the skin pixels, or null without skin. */
  readonly skinLuma: number | null;
  /** Up to three hues holding at least 10 % of the colourful pixels, most common first. */
  readonly dominantHues: readonly DominantHue[];
  /** Linear RGB of the light, normalised to G = 1 (see `estimateNeutral`). */
  readonly neutral: readonly [number, number, number];
  /** No meaningful colour anywhere (mean saturation under 4 %, under 2 % of pixels above 10 %). */
  readonly greyscale: boolean;
}

function percentile(histogram: readonly number[], total: number, q: number): number {
  const target = q * total;
  let seen = 0;
  for (let i = 0; i < histogram.length; i++) {
    seen += histogram[i]!;
    if (seen >= target && histogram[i]! > 0) return (i + 0.5) / histogram.length;
  }
  return 1;
}

function histogramMean(histogram: readonly number[], total: number): number {
  return histogram.reduce((sum, count, i) => sum + ((i + 0.5) / histogram.length) * count, 0) / total;
}

function cast(band: ImageStats['shadows'], total: number): ColourCast {
  if (band.count === 0) return { mean: [0, 0, 0], warmth: 0, greenness: 0, share: 0 };
  const mean: [number, number, number] = [band.r / band.count, band.g / band.count, band.b / band.count];
  return { mean, warmth: mean[0] - mean[2], greenness: mean[1] - (mean[0] + mean[2]) / 2, share: band.count / total };
}

/** Chromaticity (log2 R/G, log2 B/G) of the centre of histogram bin `bin`. */
function binCentre(bin: number): [number, number] {
  const step = (2 * CHROMA_RANGE) / CHROMA_BINS;
  return [-CHROMA_RANGE + ((bin % CHROMA_BINS) + 0.5) * step, -CHROMA_RANGE + (Math.floor(bin / CHROMA_BINS) + 0.5) * step];
}

/** Radius (log2 ratio, about ×2.1 either way) around true grey in which the first estimate looks for greys. */
const START_RADIUS = 1.1;
/** Radius (log2 ratio, about ±37 %) around the estimate that counts as the same light. */
const NEUTRAL_RADIUS = 0.45;

/**
 * The colour of the light, by an iterated grey world. Start from the mean light of the pixels
 * within 1.1 (log2 ratio) of true grey — vivid sky and foliage are left out — or, when a strong
 * cast leaves none there, of all measured pixels; then repeatedly average only the pixels within
 * 0.45 of the estimate. The estimate settles on the cluster of surfaces that are grey under the
 * cast (walls, rock, clothing). Linear RGB normalised to G = 1; [1, 1, 1] when nothing was measured.
 * Like every grey-world method it can be fooled: by a picture with no grey in it, or by a cast so
 * strong (beyond about ×2 between red and blue) that its greys fall outside the first radius
 * while some coloured object falls inside.
 */
export function estimateNeutral(stats: ImageStats): [number, number, number] {
  const sum = (select: (bin: number) => boolean): [number, number, number] => {
    const total: [number, number, number] = [0, 0, 0];
    for (let bin = 0; bin < stats.chromaCounts.length; bin++) {
      if (stats.chromaCounts[bin]! === 0 || !select(bin)) continue;
      for (let c = 0; c < 3; c++) total[c]! += stats.chromaSums[bin * 3 + c]!;
    }
    return total;
  };
  const near = (u: number, v: number, radius: number) => (bin: number) => {
    const [bu, bv] = binCentre(bin);
    return Math.hypot(bu - u, bv - v) <= radius;
  };
  let light = sum(near(0, 0, START_RADIUS));
  if (light[1] <= 0) light = sum(() => true);
  for (let iteration = 0; iteration < 4 && light[1] > 0; iteration++) {
    const cluster = sum(near(Math.log2(light[0] / light[1]), Math.log2(light[2] / light[1]), NEUTRAL_RADIUS));
    if (cluster[1] <= 0) break;
    light = cluster;
  }
  return light[1] > 0 ? [light[0] / light[1], 1, light[2] / light[1]] : [1, 1, 1];
}

/** Derives the measurements from statistics. An image with no opaque pixels reads as mid grey. */
export function summariseStats(stats: ImageStats): StatsSummary {
  const total = Math.max(1, stats.pixelCount);
  const empty = stats.pixelCount === 0;
  const luma = {
    mean: empty ? 0.5 : histogramMean(stats.lumaHistogram, total),
    p01: percentile(stats.lumaHistogram, total, 0.01),
    p05: percentile(stats.lumaHistogram, total, 0.05),
    p50: empty ? 0.5 : percentile(stats.lumaHistogram, total, 0.5),
    p95: percentile(stats.lumaHistogram, total, 0.95),
    p99: percentile(stats.lumaHistogram, total, 0.99),
  };
  const saturationMean = empty ? 0 : histogramMean(stats.saturationHistogram, total);
  const vivid = stats.saturationHistogram.slice(2).reduce((a, b) => a + b, 0) / total;
  const colourful = stats.hueHistogram.reduce((a, b) => a + b, 0);
  const dominantHues = stats.hueHistogram
    .map((count, i): DominantHue => ({ name: HUE_NAMES[i]!, hue: i * 30, share: colourful > 0 ? count / colourful : 0 }))
    .filter((h) => h.share >= 0.1)
    .sort((a, b) => b.share - a.share)
    .slice(0, 3);
  const mids = cast(stats.midtones, total);
  const neutral = estimateNeutral(stats);
  return {
    luma,
    tonalRange: luma.p95 - luma.p05,
    clipping: { shadows: stats.shadowClipped / total, highlights: stats.highlightClipped / total },
    cast: { shadows: cast(stats.shadows, total), midtones: mids, highlights: cast(stats.highlights, total) },
    saturation: { mean: saturationMean, p90: percentile(stats.saturationHistogram, total, 0.9) },
    colourfulShare: colourful / total,
    skinShare: stats.skinCount / total,
    skinLuma: stats.skinCount > 0 ? stats.skinLumaSum / stats.skinCount : null,
    dominantHues,
    neutral,
    greyscale: !empty && saturationMean < 0.04 && vivid < 0.02,
  };
}
