import { describe, expect, it } from 'vitest';
import { analyzeScene } from './analyze-scene';
import { measureImage } from './image-stats';
import { greyscale, landscapeScene, portraitScene, withCast } from './testing/images';
import type { TestImage } from './testing/images';

const stats = (image: TestImage) => measureImage(image.data, image.width, image.height);
const SKIN_LOOKS = ['skin-glow', 'selfie-perfect', 'vogue-portrait', 'kodak-portra-800', 'caucasian-natural', 'african-radiant', 'asian-luminous', 'latina-warm', 'middle-eastern-glow'];

describe('analyzeScene', () => {
  it('recommends warming a blue-cast picture, citing the cast', () => {
    const { recommendations } = analyzeScene(stats(withCast(landscapeScene(), [0.7, 0.9, 1.4])), { tier: 'free' });
    const warm = recommendations.find((r) => r.lut === 'instagram-warm');
    expect(warm?.reason).toMatch(/^Cool blue cast \((about|above) \d+ K; blue exceeds red by \d+% in the (mid-tones|highlights)\)/);
    expect(warm?.premium).toBe(false);
  });

  it('never recommends a skin look for a greyscale picture, and recommends black and white first', () => {
    for (const scene of [portraitScene(), landscapeScene()]) {
      const { recommendations, sceneAnalysis } = analyzeScene(stats(greyscale(scene)), { tier: 'premium' });
      expect(recommendations.map((r) => r.lut)).not.toEqual(expect.arrayContaining([expect.toBeOneOf(SKIN_LOOKS)]));
      expect(recommendations[0]?.lut).toBe('black-white-classic');
      expect(sceneAnalysis.skinTone).toBeUndefined();
      expect(sceneAnalysis.mood).toBe('Timeless, monochrome');
    }
  });

  it('recommends skin looks for a portrait and describes its skin', () => {
    const { recommendations, sceneAnalysis } = analyzeScene(stats(portraitScene()), { tier: 'premium' });
    expect(recommendations[0]?.lut).toBe('skin-glow');
    expect(recommendations[0]?.reason).toMatch(/Skin tones cover \d+% of the frame/);
    expect(sceneAnalysis.genre).toBe('Portrait / people');
    expect(sceneAnalysis.skinTone).toMatch(/skin tones \(\d+% of the frame\)/);
  });

  it('gives free users every usable look before premium ones, which are marked', () => {
    const { recommendations } = analyzeScene(stats(portraitScene()), { tier: 'free' });
    const firstPremium = recommendations.findIndex((r) => r.premium);
    expect(firstPremium).toBeGreaterThan(0);
    expect(recommendations.slice(firstPremium).every((r) => r.premium)).toBe(true);
    expect(recommendations.slice(0, firstPremium).every((r) => !r.premium)).toBe(true);
  });

  it('ranks premium users’ recommendations by confidence, all within 0..1, at most five', () => {
    const { recommendations } = analyzeScene(stats(withCast(landscapeScene(), [0.6, 0.6, 0.6])), { tier: 'premium' });
    expect(recommendations.length).toBeGreaterThanOrEqual(3);
    expect(recommendations.length).toBeLessThanOrEqual(5);
    for (let i = 1; i < recommendations.length; i++) expect(recommendations[i]!.confidence).toBeLessThanOrEqual(recommendations[i - 1]!.confidence);
    for (const r of recommendations) expect(r.confidence).toBeGreaterThan(0);
    for (const r of recommendations) expect(r.confidence).toBeLessThanOrEqual(1);
  });

  it('describes a dark frame as low light and analyses several frames as one scene', () => {
    const dark = stats(withCast(landscapeScene(), [1, 1, 1], 0.01));
    expect(analyzeScene(dark, { tier: 'free' }).sceneAnalysis.lighting).toMatch(/^Low light \(median brightness \d+%\)/);
    const both = analyzeScene([stats(landscapeScene()), stats(portraitScene())], { tier: 'free', limit: 2 });
    expect(both.recommendations).toHaveLength(2);
    expect(both.sceneAnalysis.colorTemperature).toMatch(/^((Warm|Neutral|Cool) \(about \d+ K\)|Mixed: grey surfaces read about \d+ K while the picture's colours lean (warm|cool))$/);
  });
});
