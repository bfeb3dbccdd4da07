/**
 * The few readings every part of a Smart Analyze answer is worded from (docs/product-rules.md,
 * 'Smart Analyze'): the colour of the light and the exposure. The scene description and the look
 * recommendations both take them from here, so one answer cannot call a picture cool in one field
 * and warm in another, or balanced while a third of it is clipped.
 */
import { REC709_TO_XYZ, correlatedColourTemperature, xyzToChromaticity } from './colorimetry';
import { applyMatrix3 } from './matrix';
import type { StatsSummary } from './stats-summary';

export const percent = (v: number): string => `${Math.round(v * 100)}%`;

/** Below this the light reads warm, above {@link COOL_KELVIN} cool, between them neutral. */
export const WARM_KELVIN = 5000;
export const COOL_KELVIN = 7500;
/** Mid-tone R − B (encoded) from which the picture's colours lean warm. */
export const WARM_TINT = 0.08;
/** R − B (encoded, mid-tones or highlights) below which they lean cool. */
export const COOL_TINT = -0.03;
/** Share of clipped pixels from which the answer names the clipping and never calls the exposure balanced. */
export const CLIPPED_SHARE = 0.03;
/** Share of clipped highlights from which the picture reads overexposed. */
export const OVEREXPOSED_SHARE = 0.25;

/** The temperatures the estimate is kept to: McCamy's formula holds from about 2000 to 12 500 K. */
const MIN_KELVIN = 1500;
const MAX_KELVIN = 12000;

/** Correlated colour temperature of the measured light, rounded to 100 K and kept to 1500..12 000 K. */
export function estimateKelvin(summary: StatsSummary): number {
  const kelvin = correlatedColourTemperature(xyzToChromaticity(applyMatrix3(REC709_TO_XYZ, summary.neutral)));
  return Math.round(Math.min(MAX_KELVIN, Math.max(MIN_KELVIN, kelvin)) / 100) * 100;
}

/** A temperature in words: "about 4200 K", or "above 12000 K" / "below 1500 K" at the ends of the range. */
export function kelvinWords(kelvin: number): string {
  if (kelvin >= MAX_KELVIN) return `above ${MAX_KELVIN} K`;
  if (kelvin <= MIN_KELVIN) return `below ${MIN_KELVIN} K`;
  return `about ${kelvin} K`;
}

export type Lean = 'warm' | 'neutral' | 'cool';

export interface LightReading {
  /** Temperature of the light read from the surfaces that are grey under it (`estimateNeutral`). */
  readonly kelvin: number;
  /** What that temperature says: below 5000 K warm, above 7500 K cool. */
  readonly greyLean: Lean;
  /** Which way the picture's own colours lean, from the band means' R − B. */
  readonly tintLean: Lean;
  /** The band whose R − B decided `tintLean`, and that R − B. */
  readonly band: 'mid-tones' | 'highlights';
  readonly tint: number;
  /**
   * The answer's one verdict on the light: what the grey surfaces say, unless the picture's colours
   * lean the other way (or lean twice as strongly as a cast needs while the greys read neutral):
   * then 'mixed', and neither a warm nor a cool cast is claimed anywhere in the answer.
   */
  readonly verdict: Lean | 'mixed';
}

function leanOf(kelvin: number): Lean {
  return kelvin < WARM_KELVIN ? 'warm' : kelvin > COOL_KELVIN ? 'cool' : 'neutral';
}

/** Reads the light's colour once for the whole answer. A greyscale picture reads neutral. */
export function readLight(s: StatsSummary): LightReading {
  const kelvin = estimateKelvin(s);
  const mids = s.cast.midtones.warmth;
  const highs = s.cast.highlights.warmth;
  const [band, tint] = highs < mids && highs < COOL_TINT && s.cast.highlights.share > 0.05 ? (['highlights', highs] as const) : (['mid-tones', mids] as const);
  const tintLean: Lean = tint >= WARM_TINT ? 'warm' : tint <= COOL_TINT ? 'cool' : 'neutral';
  const greyLean = leanOf(kelvin);
  if (s.greyscale) return { kelvin, greyLean, tintLean, band, tint, verdict: 'neutral' };
  const strongTint = tint >= 2 * WARM_TINT || tint <= 2 * COOL_TINT;
  const disagree = greyLean === 'neutral' ? strongTint : tintLean !== 'neutral' && tintLean !== greyLean;
  const verdict = disagree ? 'mixed' : greyLean;
  return { kelvin, greyLean, tintLean, band, tint, verdict };
}

export interface ExposureReading {
  readonly median: number;
  readonly highlightsClipped: number;
  readonly shadowsClipped: number;
  /** True when a share of at least {@link CLIPPED_SHARE} is clipped at either end. */
  readonly clipped: boolean;
  readonly overexposed: boolean;
}

export function readExposure(s: StatsSummary): ExposureReading {
  return {
    median: s.luma.p50,
    highlightsClipped: s.clipping.highlights,
    shadowsClipped: s.clipping.shadows,
    clipped: s.clipping.highlights >= CLIPPED_SHARE || s.clipping.shadows >= CLIPPED_SHARE,
    overexposed: s.clipping.highlights >= OVEREXPOSED_SHARE,
  };
}

/** The clipping in words, e.g. "46% clipped highlights, 4% crushed shadows"; empty when none is worth naming. */
export function clippingWords(e: ExposureReading): string {
  const parts: string[] = [];
  if (e.highlightsClipped >= CLIPPED_SHARE) parts.push(`${percent(e.highlightsClipped)} clipped highlights`);
  if (e.shadowsClipped >= CLIPPED_SHARE) parts.push(`${percent(e.shadowsClipped)} crushed shadows`);
  return parts.join(', ');
}

/** Share of strongly colourful pixels (colourfulness 0.5 or more) from which the colours read vibrant. */
export const VIVID_SHARE = 0.3;
/** Mean colourfulness below which the colours read muted. */
export const MUTED_CHROMA = 0.1;
/** Skin coverage (mean skin likelihood) from which the answer speaks of skin at all. */
export const SKIN_SHARE = 0.05;

export interface ColourReading {
  /** Mean colourfulness of the frame (see `StatsSummary.chroma`). */
  readonly chroma: number;
  /** Share of its pixels with colourfulness 0.5 or more. */
  readonly vividShare: number;
  readonly vivid: boolean;
  readonly muted: boolean;
}

/** Reads how colourful the picture is, once for the whole answer. A greyscale picture is neither vivid nor (merely) muted. */
export function readColour(s: StatsSummary): ColourReading {
  const { mean: chroma, vividShare } = s.chroma;
  return { chroma, vividShare, vivid: !s.greyscale && vividShare >= VIVID_SHARE, muted: !s.greyscale && chroma < MUTED_CHROMA };
}
