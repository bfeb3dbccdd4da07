import { describe, expect, it } from 'vitest';
import { suggestAutoGrade } from './auto-grade';
import { DEFAULT_GRADE } from './grade';
import { measureImage } from './image-stats';
import { renderGrade } from './render';
import { summariseStats } from './stats-summary';
import { greyscale, landscapeScene, portraitScene, withCast } from './testing/images';
import type { TestImage } from './testing/images';
import { decodeGamma } from './transfer';

const stats = (image: TestImage) => measureImage(image.data, image.width, image.height);

/** Blue ÷ red light of the grey rock in the landscape scene: 1 when neutral. */
function rockBlueOverRed(image: TestImage): number {
  let red = 0;
  let blue = 0;
  for (let y = Math.ceil(image.height * 0.6); y < image.height * 0.75; y++) {
    for (let x = Math.ceil(image.width * 0.65); x < image.width * 0.75; x++) {
      red += decodeGamma(image.data[(y * image.width + x) * 4]! / 255);
      blue += decodeGamma(image.data[(y * image.width + x) * 4 + 2]! / 255);
    }
  }
  return blue / red;
}

describe('suggestAutoGrade', () => {
  it('warms a blue-cast picture, and its white balance turns the grey rock grey again', () => {
    for (const cast of [[0.7, 0.9, 1.4], [0.85, 0.95, 1.2]] as const) {
      const blue = withCast(landscapeScene(), cast);
      const { temperature, tint } = suggestAutoGrade(stats(blue));
      expect(temperature).toBeGreaterThan(10);
      const balanced = renderGrade(blue, { ...DEFAULT_GRADE, adjustments: { ...DEFAULT_GRADE.adjustments, temperature, tint } });
      expect(rockBlueOverRed(blue)).toBeGreaterThan(1.4);
      expect(rockBlueOverRed(balanced)).toBeCloseTo(1, 1.3);
    }
  });

  it('cools a tungsten-warm picture', () => {
    expect(suggestAutoGrade(stats(withCast(portraitScene(), [1.4, 1, 0.65]))).temperature).toBeLessThan(-10);
  });

  it('gives an under-exposed picture positive exposure that brings it towards a normal median', () => {
    const dark = withCast(landscapeScene(), [1, 1, 1], 0.2);
    const adjustments = suggestAutoGrade(stats(dark));
    expect(adjustments.exposure).toBeGreaterThan(30);
    const median = summariseStats(stats(renderGrade(dark, { ...DEFAULT_GRADE, adjustments }))).luma.p50;
    expect(median).toBeGreaterThan(summariseStats(stats(dark)).luma.p50 + 0.1);
  });

  it('gives an over-exposed picture negative exposure', () => {
    expect(suggestAutoGrade(stats(withCast(landscapeScene(), [1, 1, 1], 3))).exposure).toBeLessThan(0);
  });

  it('leaves the white balance of a greyscale picture alone', () => {
    const adjustments = suggestAutoGrade(stats(greyscale(landscapeScene())));
    expect([adjustments.temperature, adjustments.tint]).toEqual([0, 0]);
  });

  it('returns integer slider values, and only the sliders the target screen has', () => {
    const blueDark = stats(withCast(landscapeScene(), [0.7, 0.9, 1.4], 0.3));
    const all = suggestAutoGrade(blueDark);
    for (const v of Object.values(all)) expect(Number.isInteger(v) && v >= -100 && v <= 100).toBe(true);
    const editor = suggestAutoGrade(blueDark, 'editor');
    expect([editor.exposure, editor.tint]).toEqual([0, 0]);
    expect(editor.shadows).toBeGreaterThan(0);
    const batch = suggestAutoGrade(blueDark, 'batch');
    expect([batch.shadows, batch.highlights]).toEqual([0, 0]);
    expect(batch.exposure).toBe(all.exposure);
  });
});
