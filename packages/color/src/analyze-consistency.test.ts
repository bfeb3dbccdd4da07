import { describe, expect, it } from 'vitest';
import { analyzeScene } from './analyze-scene';
import type { SceneAnalysisResult } from './analyze-scene';
import { FALLBACK_RECOMMENDATIONS } from './confidence';
import { measureImage } from './image-stats';
import { summariseStats } from './stats-summary';
import { landscapeScene, makeImage, portraitScene, random, withCast } from './testing/images';
import type { TestImage } from './testing/images';

/**
 * A room: grey walls, floor and ceiling (most of the frame) with a red chair, a green plant and a
 * blue book — the kind of frame whose light colour can be read from its greys.
 */
function roomScene(width = 160, height = 120): TestImage {
  const rand = random(23);
  return makeImage(width, height, (x, y) => {
    const n = (rand() - 0.5) * 0.04;
    if (y < height * 0.15) return [0.78 + n, 0.78 + n, 0.78 + n];
    if (y > height * 0.75) return [0.32 + n, 0.32 + n, 0.32 + n];
    if (x > width * 0.1 && x < width * 0.3 && y > height * 0.45) return [0.7 + n, 0.15 + n, 0.12 + n];
    if (x > width * 0.45 && x < width * 0.55 && y > height * 0.35) return [0.2 + n, 0.5 + n, 0.18 + n];
    if (x > width * 0.75 && x < width * 0.85 && y > height * 0.5) return [0.15 + n, 0.25 + n, 0.6 + n];
    return [0.55 + n, 0.55 + n, 0.55 + n];
  });
}

function analyse(image: TestImage): { answer: SceneAnalysisResult; highlightsClipped: number } {
  const stats = measureImage(image.data, image.width, image.height);
  return { answer: analyzeScene(stats, { tier: 'premium' }), highlightsClipped: summariseStats(stats).clipping.highlights };
}

/**
 * What an answer claims about the picture: every scene field, and each reason's measurement (the
 * part before the colon; after it the look is described). The built-in fallback reasons describe
 * only the look, so they claim nothing about the picture.
 */
function claims(answer: SceneAnalysisResult): string[] {
  const a = answer.sceneAnalysis;
  const fields = [a.lighting, a.mood, a.colorTemperature, a.genre, a.setting, a.skinTone ?? '', a.timeOfDay ?? ''];
  const fallback = new Set(FALLBACK_RECOMMENDATIONS.map((r) => r.reason));
  return [...fields, ...answer.recommendations.filter((r) => !fallback.has(r.reason)).map((r) => r.reason.split(':')[0]!)];
}

/** Every pair of statements in one answer that cannot both be true; empty for a consistent answer. */
function contradictions({ answer, highlightsClipped }: { answer: SceneAnalysisResult; highlightsClipped: number }): string[] {
  const found: string[] = [];
  const temperature = answer.sceneAnalysis.colorTemperature;
  const others = claims(answer).filter((c) => c !== temperature);
  const kelvin = Number(/(\d+) K/.exec(temperature)?.[1] ?? NaN);
  const against = (pattern: RegExp, why: string): void => {
    for (const claim of others) if (pattern.test(claim)) found.push(`${why}: "${temperature}" vs "${claim}"`);
  };
  if (temperature.startsWith('Warm')) {
    if (!(kelvin < 5000)) found.push(`warm label with ${kelvin} K`);
    against(/\bcool\b|\bcold\b|blue cast|blue hour/i, 'warm and cool');
  } else if (temperature.startsWith('Cool')) {
    if (!(kelvin > 7500)) found.push(`cool label with ${kelvin} K`);
    against(/\bwarm\b|golden hour/i, 'cool and warm');
  } else {
    against(/\bcast\b|warm light|cool light|golden hour|blue hour/i, 'no clear cast but a cast claimed');
    if (temperature.startsWith('Neutral (about') && !(kelvin >= 5000 && kelvin <= 7500)) found.push(`neutral label with ${kelvin} K`);
  }
  const lighting = answer.sceneAnalysis.lighting;
  if (highlightsClipped >= 0.03) {
    for (const claim of claims(answer)) if (/balanced/i.test(claim)) found.push(`${Math.round(highlightsClipped * 100)}% clipped but "${claim}"`);
    if (!/clipped highlights/.test(lighting)) found.push(`${Math.round(highlightsClipped * 100)}% clipped, not mentioned in "${lighting}"`);
  }
  return found;
}

describe('Smart Analyze answers agree with themselves', () => {
  it('calls a warm-lit room warm everywhere, with a temperature below 5000 K and a warm-cast reason', () => {
    const result = analyse(withCast(roomScene(), [1.45, 1, 0.55]));
    const { sceneAnalysis, recommendations } = result.answer;
    expect(sceneAnalysis.colorTemperature).toMatch(/^Warm \(about \d+ K\)$/);
    expect(Number(/(\d+) K/.exec(sceneAnalysis.colorTemperature)![1])).toBeLessThan(5000);
    expect(claims(result.answer).join(' | ')).not.toMatch(/\bcool\b|\bcold\b|blue cast|blue hour/i);
    expect(recommendations.some((r) => /^Strong warm cast/.test(r.reason))).toBe(true);
    expect(contradictions(result)).toEqual([]);
  });

  it('never calls an over-exposed frame balanced, and names its clipping in the lighting and a reason', () => {
    const result = analyse(withCast(roomScene(), [1, 1, 1], 5));
    expect(result.highlightsClipped).toBeGreaterThan(0.3);
    expect(result.answer.sceneAnalysis.lighting).toMatch(/^Overexposed .*\d+% clipped highlights/);
    expect(claims(result.answer).join(' | ')).not.toMatch(/balanced/i);
    expect(result.answer.recommendations.some((r) => /clipped highlights/.test(r.reason))).toBe(true);
    expect(contradictions(result)).toEqual([]);
  });

  it('calls a neutral, well-exposed room balanced and neutral, claiming no cast', () => {
    const result = analyse(roomScene());
    expect(result.highlightsClipped).toBeLessThan(0.03);
    expect(result.answer.sceneAnalysis.lighting).toMatch(/^Balanced exposure/);
    expect(result.answer.sceneAnalysis.colorTemperature).toMatch(/^Neutral \(about \d+ K\)$/);
    expect(result.answer.recommendations.every((r) => !/\bcast\b/.test(r.reason))).toBe(true);
    expect(contradictions(result)).toEqual([]);
  });

  it('has no contradicting pair for any scene under warm, neutral or cool light, dim to over-exposed', () => {
    const scenes = { room: roomScene(), landscape: landscapeScene(), portrait: portraitScene() };
    const casts: Record<string, readonly [number, number, number]> = {
      neutral: [1, 1, 1],
      warm: [1.35, 1, 0.7],
      'strong warm': [2, 1, 0.4],
      amber: [1.2, 0.8, 0.3],
      cool: [0.7, 0.9, 1.4],
      'strong cool': [0.45, 0.8, 1.8],
    };
    const failures: string[] = [];
    for (const [scene, image] of Object.entries(scenes)) {
      for (const [cast, gains] of Object.entries(casts)) {
        for (const exposure of [0.05, 0.35, 1, 2.4]) {
          for (const problem of contradictions(analyse(withCast(image, gains, exposure)))) failures.push(`${scene}, ${cast}, ×${exposure}: ${problem}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
