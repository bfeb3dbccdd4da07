import { describe, expect, it } from 'vitest';
import { analyzeScene } from './analyze-scene';
import { measureImage } from './image-stats';
import { brokenRules, CONSISTENCY_RULES, consistentChoice } from './scene-consistency';
import type { Claim, SceneFacts } from './scene-consistency';
import { describeScene, describeSceneWithClaims } from './scene-analysis';
import type { StatsSummary } from './stats-summary';
import { makeImage, random } from './testing/images';

/** Measurements under which every claim is allowed by the measurement-bound rules. */
const FACTS: SceneFacts = { light: 'warm', chroma: 0.3, vividShare: 0.5, skinShare: 0.2, clipped: false, greyscale: false };

/**
 * Per rule of the table: claims (and measurements) that break it, and a near case that does not.
 * Every rule of the table has its row; the test fails when a rule is added without one.
 */
const CASES: Record<string, { readonly breaks: readonly Claim[]; readonly facts?: Partial<SceneFacts>; readonly keeps: readonly Claim[]; readonly keepFacts?: Partial<SceneFacts> }> = {
  'warm-excludes-cool': { breaks: ['warm-tones', 'cool-light'], facts: { light: 'cool' }, keeps: ['cool-tones', 'cool-light'], keepFacts: { light: 'cool' } },
  'cast-needs-light-verdict': { breaks: ['warm-light'], facts: { light: 'neutral' }, keeps: ['warm-light'] },
  'no-cast-excludes-cast': { breaks: ['no-cast', 'cool-light'], facts: { light: 'cool' }, keeps: ['no-cast', 'warm-tones'], keepFacts: { light: 'neutral' } },
  'artificial-excludes-sunlight': { breaks: ['artificial-light', 'indoor', 'sunlight'], keeps: ['artificial-light', 'indoor'] },
  'indoor-excludes-outdoor': { breaks: ['indoor', 'outdoor'], keeps: ['outdoor', 'sunlight'] },
  'night-excludes-day': { breaks: ['night', 'sunlight'], keeps: ['night', 'dark'] },
  'dark-excludes-bright': { breaks: ['dark', 'bright'], keeps: ['bright'] },
  'vibrant-needs-colour': { breaks: ['vibrant'], facts: { vividShare: 0.1 }, keeps: ['vibrant'] },
  'muted-needs-little-colour': { breaks: ['muted'], facts: { chroma: 0.2 }, keeps: ['muted'], keepFacts: { chroma: 0.05, vividShare: 0 } },
  'monochrome-excludes-colour': { breaks: ['monochrome', 'warm-tones'], keeps: ['monochrome', 'dark'] },
  'skin-needs-coverage': { breaks: ['skin'], facts: { skinShare: 0.01 }, keeps: ['skin'] },
  'balanced-excludes-clipping': { breaks: ['balanced-exposure'], facts: { clipped: true }, keeps: ['balanced-exposure'] },
};

describe('the consistency table', () => {
  it('has a test case for every rule', () => {
    expect(Object.keys(CASES).sort()).toEqual(CONSISTENCY_RULES.map((r) => r.id).sort());
  });

  it.each(CONSISTENCY_RULES.map((r) => [r.id, r.rule] as const))('%s: %s', (id) => {
    const c = CASES[id]!;
    expect(brokenRules(c.breaks, { ...FACTS, ...c.facts })).toContain(id);
    expect(brokenRules(c.keeps, { ...FACTS, ...c.keepFacts })).toEqual([]);
  });

  it('chooses the first candidate the table allows beside what was already said', () => {
    const made = new Set<Claim>(['indoor', 'artificial-light']);
    const chosen = consistentChoice(
      [
        { text: 'Golden hour', claims: ['sunlight', 'outdoor', 'warm-light'] },
        { text: 'Lamp light', claims: ['warm-light'] },
      ],
      made,
      FACTS,
    );
    expect(chosen?.text).toBe('Lamp light');
    expect(made.has('warm-light')).toBe(true);
    expect(consistentChoice([{ text: 'Outdoor', claims: ['outdoor'] }], made, FACTS)).toBeNull();
  });
});

const neutralCast = { mean: [0.5, 0.5, 0.5] as const, warmth: 0, greenness: 0, share: 0.33 };

/** A warm, lit, contrasty frame with warm highlights: the measurements of both lamp light and low sun. */
const WARM_AND_LIT: StatsSummary = {
  luma: { mean: 0.45, p01: 0.03, p05: 0.08, p50: 0.45, p95: 0.85, p99: 0.92 },
  tonalRange: 0.77,
  clipping: { shadows: 0, highlights: 0 },
  cast: { shadows: neutralCast, midtones: { ...neutralCast, warmth: 0.14 }, highlights: { ...neutralCast, warmth: 0.12 } },
  saturation: { mean: 0.35, p90: 0.6 },
  chroma: { mean: 0.2, vividShare: 0.1 },
  colourfulShare: 0.5,
  skinShare: 0,
  skinLuma: null,
  dominantHues: [{ name: 'orange', hue: 30, share: 0.7 }],
  neutral: [1.5, 1, 0.55],
  greyscale: false,
};

describe('Smart Analyze answers keep to the table', () => {
  it('never says both indoor artificial light and golden hour', () => {
    const { sceneAnalysis, claims, facts } = describeSceneWithClaims(WARM_AND_LIT);
    expect(sceneAnalysis.colorTemperature).toMatch(/^Warm/);
    expect(sceneAnalysis.timeOfDay).toBe('Golden hour');
    expect(sceneAnalysis.setting).not.toMatch(/artificial|Indoor|Interior/);
    expect(brokenRules(claims, facts)).toEqual([]);
  });

  it('never calls a desaturated clip vibrant, however high its HSV saturation from dark noise', () => {
    const noisy = { ...WARM_AND_LIT, saturation: { mean: 0.6, p90: 0.9 }, chroma: { mean: 0.04, vividShare: 0.01 }, neutral: [1, 1, 1] as const, cast: { shadows: neutralCast, midtones: neutralCast, highlights: neutralCast } };
    const scene = describeScene(noisy);
    expect(scene.mood).not.toMatch(/Vibrant/);
    // A dark, desaturated and noisy frame, measured: no vibrant mood either.
    const rand = random(5);
    const image = makeImage(160, 90, () => {
      const v = 0.02 + 0.2 * rand();
      const c = (rand() - 0.5) * 0.03;
      return [Math.max(0, v + c), v, Math.max(0, v - c)];
    });
    const answer = analyzeScene(measureImage(image.data, image.width, image.height), { tier: 'premium' });
    expect(answer.sceneAnalysis.mood).not.toMatch(/Vibrant/);
  });

  it('speaks of skin only with skin coverage: never for a skin-coloured picture measured without any', () => {
    const noSkin = { ...WARM_AND_LIT, skinShare: 0.01, skinLuma: 0.6 };
    const answer = describeScene(noSkin);
    expect(answer.skinTone).toBeUndefined();
    expect(answer.genre).not.toBe('Portrait / people');
  });
});
