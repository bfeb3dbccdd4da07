import { describe, expect, it } from 'vitest';
import { isSkin, measureImage, mergeImageStats } from './image-stats';
import { greyscale, landscapeScene, makeImage, portraitScene, withCast } from './testing/images';

const measure = (image: { width: number; height: number; data: Uint8ClampedArray }) => measureImage(image.data, image.width, image.height);

describe('isSkin', () => {
  it('accepts light to deep skin and rejects greys, saturated orange, sky and foliage', () => {
    for (const skin of [[0.85, 0.65, 0.55], [0.78, 0.57, 0.45], [0.55, 0.38, 0.28], [0.36, 0.24, 0.18]]) expect(isSkin(skin[0]!, skin[1]!, skin[2]!)).toBe(true);
    for (const other of [[0.5, 0.5, 0.5], [1, 0.5, 0], [0.45, 0.62, 0.85], [0.3, 0.5, 0.2], [0.05, 0.03, 0.02]]) expect(isSkin(other[0]!, other[1]!, other[2]!)).toBe(false);
  });
});

describe('measureImage', () => {
  it('builds a luma histogram of every opaque pixel of a small image', () => {
    const ramp = makeImage(256, 4, (x) => [x / 255, x / 255, x / 255]);
    const stats = measure(ramp);
    expect(stats.pixelCount).toBe(1024);
    expect(stats.lumaHistogram.reduce((a, b) => a + b, 0)).toBe(1024);
    expect(stats.lumaHistogram[128]).toBe(4);
    expect(stats.shadowClipped).toBe(4 * 3);
    expect(stats.highlightClipped).toBe(4 * 2);
  });

  it('counts skin in a portrait and none in its greyscale copy or a landscape', () => {
    const portrait = portraitScene();
    expect(measure(portrait).skinCount / measure(portrait).pixelCount).toBeGreaterThan(0.1);
    expect(measure(greyscale(portrait)).skinCount).toBe(0);
    expect(measure(landscapeScene()).skinCount).toBe(0);
  });

  it('sums the colour of each tonal band and bins the light by chromaticity', () => {
    const blue = measure(withCast(landscapeScene(), [0.75, 0.95, 1.35]));
    expect(blue.midtones.b).toBeGreaterThan(blue.midtones.r);
    expect(blue.shadows.count + blue.midtones.count + blue.highlights.count).toBe(blue.pixelCount);
    expect(blue.chromaCounts).toHaveLength(24 * 24);
    expect(blue.chromaSums).toHaveLength(24 * 24 * 3);
    const binned = blue.chromaCounts.reduce((a, b) => a + b, 0);
    expect(binned).toBeGreaterThan(blue.pixelCount / 2);
    expect(binned).toBeLessThanOrEqual(blue.pixelCount);
  });

  it('samples large frames on a grid of at most about 65 536 pixels and skips transparent ones', () => {
    const big = makeImage(1000, 800, () => [0.5, 0.5, 0.5]);
    const stats = measure(big);
    expect(stats.pixelCount).toBeLessThanOrEqual(65_536);
    expect(stats.pixelCount).toBeGreaterThan(30_000);
    const clear = { ...big, data: big.data.map((v, i) => (i % 4 === 3 ? 0 : v)) };
    expect(measure(clear).pixelCount).toBe(0);
  });

  it('rejects data that does not match the size', () => {
    expect(() => measureImage(new Uint8ClampedArray(10), 2, 2)).toThrow(RangeError);
  });
});

describe('mergeImageStats', () => {
  it('merges frames as if they were one image', () => {
    const a = measure(landscapeScene(40, 20));
    const b = measure(portraitScene(30, 40));
    const merged = mergeImageStats([a, b]);
    expect(merged.pixelCount).toBe(a.pixelCount + b.pixelCount);
    expect(merged.skinCount).toBe(a.skinCount + b.skinCount);
    expect(merged.lumaHistogram[100]).toBe(a.lumaHistogram[100]! + b.lumaHistogram[100]!);
    expect(merged.midtones.r).toBeCloseTo(a.midtones.r + b.midtones.r, 9);
    expect(mergeImageStats([a])).toBe(a);
    expect(() => mergeImageStats([])).toThrow(RangeError);
  });
});
