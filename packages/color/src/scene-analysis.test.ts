import { describe, expect, it } from 'vitest';
import { measureImage } from './image-stats';
import { greenBlueShare, describeScene, estimateKelvin, warmHueShare } from './scene-analysis';
import { summariseStats } from './stats-summary';
import { greyscale, landscapeScene, portraitScene, withCast } from './testing/images';
import type { TestImage } from './testing/images';

const summary = (image: TestImage) => summariseStats(measureImage(image.data, image.width, image.height));

describe('estimateKelvin', () => {
  it('reads neutral light near 6500 K, a warm cast lower and a blue cast higher', () => {
    const neutral = estimateKelvin({ ...summary(landscapeScene()), neutral: [1, 1, 1] });
    expect(neutral).toBeGreaterThan(6200);
    expect(neutral).toBeLessThan(6800);
    expect(estimateKelvin(summary(withCast(portraitScene(), [1.35, 1, 0.7])))).toBeLessThan(4500);
    expect(estimateKelvin(summary(withCast(landscapeScene(), [0.7, 0.9, 1.4])))).toBeGreaterThan(9000);
  });
});

describe('greenBlueShare', () => {
  it('is high for a landscape of sky and foliage and low for a portrait', () => {
    expect(greenBlueShare(summary(landscapeScene()))).toBeGreaterThan(0.8);
    expect(greenBlueShare(summary(portraitScene()))).toBeLessThan(0.6);
  });
});

describe('warmHueShare', () => {
  it('is high for a portrait and zero for a greyscale picture', () => {
    expect(warmHueShare(summary(portraitScene()))).toBeGreaterThan(0.35);
    expect(warmHueShare(summary(greyscale(portraitScene())))).toBe(0);
  });
});

describe('describeScene', () => {
  it('fills the spec’s fields in words, with the optional ones only when measured', () => {
    const land = describeScene(summary(landscapeScene()));
    expect(Object.keys(land)).toEqual(expect.arrayContaining(['lighting', 'mood', 'colorTemperature', 'genre', 'setting']));
    expect(land.genre).toBe('Landscape / travel');
    expect(land.skinTone).toBeUndefined();
    const face = describeScene(summary(portraitScene()));
    expect(face.skinTone).toMatch(/^(Light|Medium|Deep) skin tones/);
  });

  it('calls a strongly warm, low picture indoor light and a very dark one night', () => {
    expect(describeScene(summary(withCast(portraitScene(), [1.35, 1, 0.7], 0.6))).setting).toBe('Indoor, warm artificial light');
    const night = describeScene(summary(withCast(landscapeScene(), [1, 1, 1], 0.01)));
    expect(night.timeOfDay).toBe('Night');
    expect(night.lighting).toMatch(/^Low light/);
  });
});
