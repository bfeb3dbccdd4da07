/**
 * Derived measurements: what the scene description, the recommendations and the auto grade reason
 * about. All values are shares (0..1) or encoded levels (0..1) unless noted.
 */
import type { HueName, ImageStats } from './image-stats';
import { HUE_NAMES } from './image-stats';
import { estimateNeutral } from './neutral-light';

export { estimateNeutral, neutralSupport } from './neutral-light';

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
  /**
   * Colourfulness under neutral light (`colourfulness`: (max − min) / max(max, 0.25) of the
   * white-balanced colour): its mean, and the share of pixels at 0.5 or more. Unlike HSV
   * saturation it does not call dark, noisy pixels colourful, nor a warm-lit grey wall; it is
   * what 'vibrant' and 'muted' are read from.
   */
  readonly chroma: { readonly mean: number; readonly vividShare: number };
  /** Share of pixels with saturation ≥ 0.2 and value ≥ 0.15. */
  readonly colourfulShare: number;
  /** Skin coverage: the frame's mean skin likelihood (see `skinLikelihood`), 0..1. */
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
    chroma: { mean: empty ? 0 : histogramMean(stats.chromaHistogram, total), vividShare: stats.chromaHistogram.slice(10).reduce((a, b) => a + b, 0) / total },
    colourfulShare: colourful / total,
    skinShare: stats.skinCount / total,
    skinLuma: stats.skinCount > 0 ? stats.skinLumaSum / stats.skinCount : null,
    dominantHues,
    neutral,
    greyscale: !empty && saturationMean < 0.04 && vivid < 0.02,
  };
}
