/**
 * The scene analysis (lighting, mood, colorTemperature, genre, setting, optional
 * skinTone and timeOfDay), described in words from the measurements.
 */
import type { StatsSummary } from './stats-summary';
import { consistentChoice } from './scene-consistency';
import type { Claim, SceneFacts, Statement } from './scene-consistency';
import { clippingWords, estimateKelvin, kelvinWords, percent, readColour, readExposure, readLight, SKIN_SHARE } from './scene-reading';
import type { ColourReading, ExposureReading, LightReading } from './scene-reading';

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

type Candidate = Statement;
const say = (text: string, ...claims: Claim[]): Candidate => ({ text, claims });

function lighting(s: StatsSummary, e: ExposureReading): Candidate[] {
  const median = s.luma.p50;
  const clipping = clippingWords(e);
  const withClipping = (c: Candidate): Candidate => (clipping ? { ...c, text: `${c.text}, ${clipping}` } : c);
  const options: Candidate[] = [];
  if (e.overexposed) options.push(say(`Overexposed (median brightness ${percent(median)})`, 'bright'));
  else if (median < 0.15) options.push(say(`Low light (median brightness ${percent(median)})`, 'dark'));
  else if (median < 0.3 && s.tonalRange > 0.55) options.push(say(`Low-key with strong contrast (median ${percent(median)})`, 'dark'));
  else if (median < 0.3) options.push(say(`Dim, low-key (median brightness ${percent(median)})`, 'dark'));
  else if (median > 0.65) options.push(say(`High-key, bright (median brightness ${percent(median)})`, 'bright'));
  else if (s.tonalRange > 0.8) options.push(say(`High contrast (tonal range ${percent(s.tonalRange)})`));
  else if (s.tonalRange < 0.35) options.push(say(`Soft, flat light (tonal range ${percent(s.tonalRange)})`));
  options.push(say(`Balanced exposure (median brightness ${percent(median)})`, 'balanced-exposure'));
  options.push(say(`Mid-tone exposure (median brightness ${percent(median)})`));
  return options.map(withClipping);
}

function mood(s: StatsSummary, light: LightReading, e: ExposureReading, colour: ColourReading): Candidate[] {
  const options: Candidate[] = [];
  if (s.greyscale) options.push(say('Timeless, monochrome', 'monochrome'));
  const dark = s.luma.p50 < 0.3;
  if (dark && (light.verdict === 'cool' || colour.muted)) options.push(say('Moody and mysterious', 'dark'));
  if (dark && s.tonalRange > 0.55) options.push(say('Dramatic', 'dark'));
  if (e.overexposed) options.push(say('Bright and washed out', 'bright'));
  if (colour.vivid) options.push(say('Vibrant and energetic', 'vibrant'));
  if (light.verdict === 'warm' && !dark) options.push(say('Warm and inviting', 'warm-light'));
  if (light.verdict === 'cool') options.push(say('Cool and calm', 'cool-light'));
  if (colour.muted) options.push(say('Muted and understated', 'muted'));
  options.push(say('Natural and balanced', 'balanced-exposure'), say('Natural'));
  return options;
}

function colourTemperature(s: StatsSummary, light: LightReading): Candidate[] {
  if (s.greyscale) return [say('Neutral (no colour)', 'monochrome')];
  switch (light.verdict) {
    case 'warm':
      return [say(`Warm (${kelvinWords(light.kelvin)})`, 'warm-light')];
    case 'cool':
      return [say(`Cool (${kelvinWords(light.kelvin)})`, 'cool-light')];
    case 'neutral':
      return [say(`Neutral (${kelvinWords(light.kelvin)})`, 'no-cast')];
    case 'mixed':
      return [say(`Mixed: grey surfaces read ${kelvinWords(light.kelvin)} while the picture's colours lean ${light.tintLean}`, 'no-cast')];
  }
}

function genre(s: StatsSummary): Candidate[] {
  const options: Candidate[] = [];
  if (s.greyscale) options.push(say('Black-and-white photography', 'monochrome'));
  if (s.skinShare >= 0.08) options.push(say('Portrait / people', 'skin'));
  if (s.colourfulShare > 0.25 && greenBlueShare(s) >= 0.5) options.push(say('Landscape / travel', 'outdoor'));
  if (s.colourfulShare > 0.3 && warmHueShare(s) >= 0.6 && s.skinShare < SKIN_SHARE) options.push(say('Food / product'));
  if (s.luma.p50 < 0.3 && s.tonalRange > 0.5) options.push(say('Drama / thriller', 'dark'));
  options.push(say('General content'));
  return options;
}

function setting(s: StatsSummary, light: LightReading): Candidate[] {
  const options: Candidate[] = [];
  if (s.luma.p50 < 0.15) options.push(light.verdict === 'cool' ? say('Night exterior', 'night', 'outdoor', 'cool-light') : say('Night, artificial light', 'night', 'artificial-light'));
  if (light.verdict === 'warm' && light.kelvin < 4500) options.push(say('Indoor, warm artificial light', 'indoor', 'artificial-light', 'warm-light'));
  if (s.luma.p50 > 0.4 && greenBlueShare(s) >= 0.4) options.push(say('Outdoor, daylight', 'outdoor', 'sunlight'));
  if (s.luma.p50 > 0.6 && s.saturation.mean < 0.2) options.push(say('Studio or bright interior', 'indoor', 'bright'));
  if (light.verdict === 'neutral' && light.kelvin > 6000) options.push(say('Outdoor or daylight interior', 'sunlight'));
  options.push(say('Interior', 'indoor'), say('Not clear from the picture'));
  return options;
}

function skinTone(s: StatsSummary): Candidate[] {
  if (s.skinShare < SKIN_SHARE || s.skinLuma === null) return [];
  const depth = s.skinLuma > 0.6 ? 'Light' : s.skinLuma > 0.4 ? 'Medium' : 'Deep';
  return [say(`${depth} skin tones (${percent(s.skinShare)} of the frame)`, 'skin')];
}

/**
 * Time of day. Golden hour is low sun: warm light in a lit, contrasty frame with warm highlights.
 * A warm frame that is dim or flat reads as lamp light instead (see `setting`); the table keeps
 * the two from being said together.
 */
function timeOfDay(s: StatsSummary, light: LightReading, e: ExposureReading): Candidate[] {
  if (s.greyscale) return [];
  const options: Candidate[] = [];
  if (s.luma.p50 < 0.12) options.push(say('Night', 'night', 'dark'));
  if (light.verdict === 'warm' && light.kelvin < 4500 && s.cast.highlights.warmth > 0.08 && warmHueShare(s) >= 0.4 && s.luma.p50 >= 0.3 && s.luma.p50 < 0.7 && s.tonalRange >= 0.45) {
    options.push(say('Golden hour', 'sunlight', 'outdoor', 'warm-light'));
  }
  if (light.verdict === 'cool' && light.kelvin > 8500 && s.luma.p50 < 0.35) options.push(say('Blue hour', 'outdoor', 'cool-light'));
  if (s.luma.p50 > 0.45 && light.verdict === 'neutral' && light.kelvin >= 5500 && !e.clipped && greenBlueShare(s) >= 0.4) options.push(say('Daytime', 'sunlight', 'outdoor'));
  return options;
}

/** The measurements the consistency table checks claims against. */
export function sceneFacts(summary: StatsSummary): SceneFacts {
  return {
    light: readLight(summary).verdict,
    chroma: readColour(summary).chroma,
    vividShare: readColour(summary).vividShare,
    skinShare: summary.skinShare,
    clipped: readExposure(summary).clipped,
    greyscale: summary.greyscale,
  };
}

export interface DescribedScene {
  readonly sceneAnalysis: SceneAnalysis;
  /** Everything the fields claim, for the recommendations to agree with. */
  readonly claims: ReadonlySet<Claim>;
  readonly facts: SceneFacts;
}

/**
 * Describes the scene in the seven fields, all worded from one light, exposure and colour reading.
 * Each field's candidates (most specific first) are measured; the fields are chosen in order —
 * colour temperature, lighting, skin, time of day, setting, genre, mood — each taking its first
 * candidate that the consistency table (`scene-consistency.ts`) allows beside those already said.
 */
export function describeSceneWithClaims(summary: StatsSummary): DescribedScene {
  const light = readLight(summary);
  const exposure = readExposure(summary);
  const colour = readColour(summary);
  const facts = sceneFacts(summary);
  const made = new Set<Claim>();
  const pick = (candidates: readonly Candidate[]): string | undefined => consistentChoice(candidates, made, facts)?.text;
  const colorTemperature = pick(colourTemperature(summary, light))!;
  const lit = pick(lighting(summary, exposure))!;
  const skin = pick(skinTone(summary));
  const time = pick(timeOfDay(summary, light, exposure));
  const place = pick(setting(summary, light))!;
  const kind = pick(genre(summary))!;
  const feel = pick(mood(summary, light, exposure, colour))!;
  return {
    sceneAnalysis: {
      lighting: lit,
      mood: feel,
      colorTemperature,
      genre: kind,
      setting: place,
      ...(skin ? { skinTone: skin } : {}),
      ...(time ? { timeOfDay: time } : {}),
    },
    claims: made,
    facts,
  };
}

/** Describes the scene in the seven fields (see `describeSceneWithClaims`). */
export function describeScene(summary: StatsSummary): SceneAnalysis {
  return describeSceneWithClaims(summary).sceneAnalysis;
}
