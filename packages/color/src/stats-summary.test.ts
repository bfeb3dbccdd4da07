import { describe, expect, it } from 'vitest';
import { measureImage } from './image-stats';
import { estimateNeutral, summariseStats } from './stats-summary';
import { greyscale, landscapeScene, makeImage, portraitScene, withCast } from './testing/images';
import type { TestImage } from './testing/images';

const summary = (image: TestImage) => summariseStats(measureImage(image.data, image.width, image.height));

describe('summariseStats', () => {
  it('reads luma percentiles off the histogram', () => {
    const s = summary(makeImage(256, 4, (x) => [x / 255, x / 255, x / 255]));
    expect(s.luma.p50).toBeCloseTo(0.5, 1.7);
    expect(s.luma.p05).toBeCloseTo(0.05, 1.7);
    expect(s.luma.p95).toBeCloseTo(0.95, 1.7);
    expect(s.tonalRange).toBeCloseTo(0.9, 1.5);
    expect(s.luma.mean).toBeCloseTo(0.5, 2);
  });

  it('flags a black-and-white picture as greyscale, and a colour one not', () => {
    expect(summary(greyscale(landscapeScene())).greyscale).toBe(true);
    expect(summary(landscapeScene()).greyscale).toBe(false);
  });

  it('measures a blue cast as negative warmth and a warm one as positive', () => {
    expect(summary(withCast(landscapeScene(), [0.75, 0.95, 1.35])).cast.midtones.warmth).toBeLessThan(-0.05);
    expect(summary(withCast(portraitScene(), [1.35, 1, 0.7])).cast.midtones.warmth).toBeGreaterThan(0.1);
  });

  it('finds the dominant hues of a landscape and the skin of a portrait', () => {
    const land = summary(landscapeScene());
    expect(land.dominantHues.map((h) => h.name)).toEqual(expect.arrayContaining(['azure']));
    expect(land.skinShare).toBe(0);
    const face = summary(portraitScene());
    expect(face.skinShare).toBeGreaterThan(0.1);
    expect(face.skinLuma).toBeGreaterThan(0.5);
  });

  it('estimates the light from near-neutral pixels, normalised to green = 1', () => {
    const blue = summary(withCast(landscapeScene(), [0.75, 0.95, 1.35]));
    expect(blue.neutral[1]).toBe(1);
    expect(blue.neutral[2]).toBeGreaterThan(1.2);
  });

  it('reads an empty measurement as mid grey without dividing by zero', () => {
    const clear = makeImage(4, 4, () => [0.2, 0.4, 0.6]);
    const s = summariseStats(measureImage(clear.data.map((v, i) => (i % 4 === 3 ? 0 : v)), 4, 4));
    expect(s.luma.p50).toBe(0.5);
    expect(Number.isFinite(s.saturation.mean)).toBe(true);
    expect(s.greyscale).toBe(false);
  });
});

describe('estimateNeutral', () => {
  it('finds the cast on the grey surfaces, not on vivid sky or skin', () => {
    const image = withCast(landscapeScene(), [0.85, 0.95, 1.2]);
    const [r, , b] = estimateNeutral(measureImage(image.data, image.width, image.height));
    // The rock is grey: its light is the cast itself (0.85/0.95, 1.2/0.95 in linear light).
    expect(r).toBeCloseTo(0.85 / 0.95, 1);
    expect(b).toBeCloseTo(1.2 / 0.95, 1);
    const portrait = withCast(portraitScene(), [1.35, 1, 0.7]);
    const warm = estimateNeutral(measureImage(portrait.data, portrait.width, portrait.height));
    expect(warm[0]).toBeGreaterThan(1.25);
    expect(warm[2]).toBeLessThan(0.8);
  });

  it('is neutral when nothing was measured', () => {
    const black = makeImage(4, 4, () => [0, 0, 0]);
    expect(estimateNeutral(measureImage(black.data, 4, 4))).toEqual([1, 1, 1]);
  });
});
