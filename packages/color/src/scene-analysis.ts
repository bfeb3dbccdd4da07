/**
 * The scene analysis (lighting, mood, colorTemperature, genre, setting, optional
 * skinTone and timeOfDay), described in words from the measurements.
 */
import type { StatsSummary } from './stats-summary';
import { clippingWords, estimateKelvin, kelvinWords, percent, readExposure, readLight } from './scene-reading';
import type { ExposureReading, LightReading } from './scene-reading';

export { estimateKelvin };

export interface SceneAnalysis {
  readonly lighting: string;
  readonly mood: string;
  readonly colorTemperature: string;
  readonly genre: string;
  readonly setting: string;
  readonly skinTone?: string;
  readonly timeOfDay?: string;
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

function lighting(s: StatsSummary, e: ExposureReading): string {
  const median = s.luma.p50;
  const clipping = clippingWords(e);
  let words: string;
  if (e.overexposed) words = `Overexposed (median brightness ${percent(median)})`;
  else if (median < 0.15) words = `Low light (median brightness ${percent(median)})`;
  else if (median < 0.3 && s.tonalRange > 0.55) words = `Low-key with strong contrast (median ${percent(median)})`;
  else if (median < 0.3) words = `Dim, low-key (median brightness ${percent(median)})`;
  else if (median > 0.65) words = `High-key, bright (median brightness ${percent(median)})`;
  else if (s.tonalRange > 0.8) words = `High contrast (tonal range ${percent(s.tonalRange)})`;
  else if (e.clipped) words = `Mid-tone exposure (median brightness ${percent(median)})`;
  else if (s.tonalRange < 0.35) words = `Soft, flat light (tonal range ${percent(s.tonalRange)})`;
  else words = `Balanced exposure (median brightness ${percent(median)})`;
  return clipping ? `${words}, ${clipping}` : words;
}

function mood(s: StatsSummary, light: LightReading, e: ExposureReading): string {
  if (s.greyscale) return 'Timeless, monochrome';
  const dark = s.luma.p50 < 0.3;
  if (dark && (light.verdict === 'cool' || s.saturation.mean < 0.2)) return 'Moody and mysterious';
  if (dark && s.tonalRange > 0.55) return 'Dramatic';
  if (e.overexposed) return 'Bright and washed out';
  if (s.saturation.mean > 0.45) return 'Vibrant and energetic';
  if (light.verdict === 'warm' && s.luma.p50 >= 0.3) return 'Warm and inviting';
  if (light.verdict === 'cool') return 'Cool and calm';
  if (s.saturation.mean < 0.15) return 'Muted and understated';
  return e.clipped ? 'Natural' : 'Natural and balanced';
}

function colourTemperature(s: StatsSummary, light: LightReading): string {
  if (s.greyscale) return 'Neutral (no colour)';
  switch (light.verdict) {
    case 'warm':
      return `Warm (${kelvinWords(light.kelvin)})`;
    case 'cool':
      return `Cool (${kelvinWords(light.kelvin)})`;
    case 'neutral':
      return `Neutral (${kelvinWords(light.kelvin)})`;
    case 'mixed':
      return `Mixed: grey surfaces read ${kelvinWords(light.kelvin)} while the picture's colours lean ${light.tintLean}`;
  }
}

function genre(s: StatsSummary): string {
  if (s.greyscale) return 'Black-and-white photography';
  if (s.skinShare >= 0.08) return 'Portrait / people';
  if (s.colourfulShare > 0.25 && greenBlueShare(s) >= 0.5) return 'Landscape / travel';
  if (s.colourfulShare > 0.3 && warmHueShare(s) >= 0.6 && s.skinShare < 0.03) return 'Food / product';
  if (s.luma.p50 < 0.3 && s.tonalRange > 0.5) return 'Drama / thriller';
  return 'General content';
}

function setting(s: StatsSummary, light: LightReading): string {
  if (s.luma.p50 < 0.15) return light.verdict === 'cool' ? 'Night exterior' : 'Night, artificial light';
  if (light.verdict === 'warm' && light.kelvin < 4500) return 'Indoor, warm artificial light';
  if (s.luma.p50 > 0.4 && greenBlueShare(s) >= 0.4) return 'Outdoor, daylight';
  if (s.luma.p50 > 0.6 && s.saturation.mean < 0.2) return 'Studio or bright interior';
  return light.verdict === 'neutral' && light.kelvin > 6000 ? 'Outdoor or daylight interior' : 'Interior';
}

function skinTone(s: StatsSummary): string | undefined {
  if (s.skinShare < 0.03 || s.skinLuma === null) return undefined;
  const depth = s.skinLuma > 0.6 ? 'Light' : s.skinLuma > 0.4 ? 'Medium' : 'Deep';
  return `${depth} skin tones (${percent(s.skinShare)} of the frame)`;
}

function timeOfDay(s: StatsSummary, light: LightReading, e: ExposureReading): string | undefined {
  if (s.greyscale) return undefined;
  if (s.luma.p50 < 0.12) return 'Night';
  if (light.verdict === 'warm' && light.kelvin < 4500 && s.cast.highlights.warmth > 0.08 && warmHueShare(s) >= 0.4 && s.luma.p50 < 0.7) return 'Golden hour';
  if (light.verdict === 'cool' && light.kelvin > 8500 && s.luma.p50 < 0.35) return 'Blue hour';
  if (s.luma.p50 > 0.45 && light.verdict === 'neutral' && light.kelvin >= 5500 && !e.clipped && greenBlueShare(s) >= 0.4) return 'Daytime';
  return undefined;
}

/** Describes the scene in the spec's seven fields, all worded from one light and one exposure reading. */
export function describeScene(summary: StatsSummary): SceneAnalysis {
  const light = readLight(summary);
  const exposure = readExposure(summary);
  const skin = skinTone(summary);
  const time = timeOfDay(summary, light, exposure);
  return {
    lighting: lighting(summary, exposure),
    mood: mood(summary, light, exposure),
    colorTemperature: colourTemperature(summary, light),
    genre: genre(summary),
    setting: setting(summary, light),
    ...(skin ? { skinTone: skin } : {}),
    ...(time ? { timeOfDay: time } : {}),
  };
}
