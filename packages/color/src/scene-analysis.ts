/**
 * The scene analysis (lighting, mood, colorTemperature, genre, setting, optional
 * skinTone and timeOfDay), described in words from the measurements.
 */
import { REC709_TO_XYZ, correlatedColourTemperature, xyzToChromaticity } from './colorimetry';
import { applyMatrix3 } from './matrix';
import type { StatsSummary } from './stats-summary';

export interface SceneAnalysis {
  readonly lighting: string;
  readonly mood: string;
  readonly colorTemperature: string;
  readonly genre: string;
  readonly setting: string;
  readonly skinTone?: string;
  readonly timeOfDay?: string;
}

const percent = (v: number): string => `${Math.round(v * 100)}%`;

/** Correlated colour temperature of the measured light, rounded to 100 K and kept to 1500..20 000 K. */
export function estimateKelvin(summary: StatsSummary): number {
  const kelvin = correlatedColourTemperature(xyzToChromaticity(applyMatrix3(REC709_TO_XYZ, summary.neutral)));
  return Math.round(Math.min(20000, Math.max(1500, kelvin)) / 100) * 100;
}

/** Foliage, water and sky: from yellow-green through to blue. */
const GREEN_BLUE_HUES = new Set(['chartreuse', 'green', 'spring green', 'cyan', 'azure', 'blue']);
const WARM_HUES = new Set(['red', 'orange', 'yellow']);

/** Share of the colourful pixels whose dominant hue is in `hues`. */
export function hueShare(summary: StatsSummary, hues: ReadonlySet<string>): number {
  return summary.dominantHues.filter((h) => hues.has(h.name)).reduce((sum, h) => sum + h.share, 0);
}

/** Share of the colourful pixels that are greens or blues. */
export function greenBlueShare(summary: StatsSummary): number {
  return hueShare(summary, GREEN_BLUE_HUES);
}

export function warmHueShare(summary: StatsSummary): number {
  return hueShare(summary, WARM_HUES);
}

function lighting(s: StatsSummary): string {
  const median = s.luma.p50;
  let words: string;
  if (median < 0.15) words = `Low light (median brightness ${percent(median)})`;
  else if (median < 0.3 && s.tonalRange > 0.55) words = `Low-key with strong contrast (median ${percent(median)})`;
  else if (median < 0.3) words = `Dim, low-key (median brightness ${percent(median)})`;
  else if (median > 0.65) words = `High-key, bright (median brightness ${percent(median)})`;
  else if (s.tonalRange > 0.8) words = `High contrast (tonal range ${percent(s.tonalRange)})`;
  else if (s.tonalRange < 0.35) words = `Soft, flat light (tonal range ${percent(s.tonalRange)})`;
  else words = `Balanced exposure (median brightness ${percent(median)})`;
  if (s.clipping.highlights > 0.03) words += `, ${percent(s.clipping.highlights)} clipped highlights`;
  return words;
}

function mood(s: StatsSummary, kelvin: number): string {
  if (s.greyscale) return 'Timeless, monochrome';
  const dark = s.luma.p50 < 0.3;
  if (dark && (kelvin > 7500 || s.saturation.mean < 0.2)) return 'Moody and mysterious';
  if (dark && s.tonalRange > 0.55) return 'Dramatic';
  if (s.saturation.mean > 0.45) return 'Vibrant and energetic';
  if (kelvin < 5000 && s.luma.p50 >= 0.3) return 'Warm and inviting';
  if (kelvin > 7500) return 'Cool and calm';
  if (s.saturation.mean < 0.15) return 'Muted and understated';
  return 'Natural and balanced';
}

function colourTemperature(s: StatsSummary, kelvin: number): string {
  if (s.greyscale) return 'Neutral (no colour)';
  if (kelvin < 5000) return `Warm (about ${kelvin} K)`;
  if (kelvin > 7500) return `Cool (about ${kelvin} K)`;
  return `Neutral (about ${kelvin} K)`;
}

function genre(s: StatsSummary): string {
  if (s.greyscale) return 'Black-and-white photography';
  if (s.skinShare >= 0.08) return 'Portrait / people';
  if (s.colourfulShare > 0.25 && greenBlueShare(s) >= 0.5) return 'Landscape / travel';
  if (s.colourfulShare > 0.3 && warmHueShare(s) >= 0.6 && s.skinShare < 0.03) return 'Food / product';
  if (s.luma.p50 < 0.3 && s.tonalRange > 0.5) return 'Drama / thriller';
  return 'General content';
}

function setting(s: StatsSummary, kelvin: number): string {
  if (s.luma.p50 < 0.15) return kelvin > 7000 ? 'Night exterior' : 'Night, artificial light';
  if (kelvin < 4500) return 'Indoor, warm artificial light';
  if (s.luma.p50 > 0.4 && greenBlueShare(s) >= 0.4) return 'Outdoor, daylight';
  if (s.luma.p50 > 0.6 && s.saturation.mean < 0.2) return 'Studio or bright interior';
  return kelvin > 6000 ? 'Outdoor or daylight interior' : 'Interior';
}

function skinTone(s: StatsSummary): string | undefined {
  if (s.skinShare < 0.03 || s.skinLuma === null) return undefined;
  const depth = s.skinLuma > 0.6 ? 'Light' : s.skinLuma > 0.4 ? 'Medium' : 'Deep';
  return `${depth} skin tones (${percent(s.skinShare)} of the frame)`;
}

function timeOfDay(s: StatsSummary, kelvin: number): string | undefined {
  if (s.greyscale) return undefined;
  if (s.luma.p50 < 0.12) return 'Night';
  if (kelvin < 4500 && s.cast.highlights.warmth > 0.08 && warmHueShare(s) >= 0.4 && s.luma.p50 < 0.7) return 'Golden hour';
  if (kelvin > 8500 && s.luma.p50 < 0.35) return 'Blue hour';
  if (s.luma.p50 > 0.45 && kelvin >= 5500 && s.clipping.highlights < 0.05 && greenBlueShare(s) >= 0.4) return 'Daytime';
  return undefined;
}

/** Describes the scene in the spec's seven fields. */
export function describeScene(summary: StatsSummary): SceneAnalysis {
  const kelvin = estimateKelvin(summary);
  const skin = skinTone(summary);
  const time = timeOfDay(summary, kelvin);
  return {
    lighting: lighting(summary),
    mood: mood(summary, kelvin),
    colorTemperature: colourTemperature(summary, kelvin),
    genre: genre(summary),
    setting: setting(summary, kelvin),
    ...(skin ? { skinTone: skin } : {}),
    ...(time ? { timeOfDay: time } : {}),
  };
}
