import { describe, expect, it } from 'vitest';
import { DEFAULT_ADJUSTMENTS } from './adjustments';
import { DEFAULT_GRADE } from './grade';
import type { Grade } from './grade';
import { applyClarity, applySpatial, applyVignette, gaussianBlurPlane, gaussianKernel, spatialParams, vignetteGain } from './spatial';
import type { FloatImage } from './spatial';

const grade = (clarity: number, vignette: number): Grade => ({ ...DEFAULT_GRADE, adjustments: { ...DEFAULT_ADJUSTMENTS, clarity, vignette } });

function image(width: number, height: number, value: (x: number, y: number) => number): FloatImage {
  const data = new Float32Array(width * height * 4);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data.set([value(x, y), value(x, y), value(x, y), 1], (y * width + x) * 4);
  return { width, height, data };
}

describe('spatialParams', () => {
  it('is null for both operations at 0', () => {
    expect(spatialParams(DEFAULT_GRADE, 1920, 1080)).toEqual({ clarity: null, vignette: null });
  });

  it('scales the blur with the frame height and gives the vignette its centre and corner distance', () => {
    const p = spatialParams(grade(50, -40), 1920, 1080);
    expect(p.clarity).toEqual({ amount: 0.5, sigma: 0.008 * 1080 });
    expect(p.vignette).toEqual({ amount: -0.24, centerX: 960, centerY: 540, cornerDistanceSquared: 960 ** 2 + 540 ** 2 });
    expect(spatialParams(grade(50, 0), 960, 540).clarity?.sigma).toBeCloseTo(p.clarity!.sigma / 2, 12);
  });

  it('rejects an empty frame', () => {
    expect(() => spatialParams(DEFAULT_GRADE, 0, 10)).toThrow(RangeError);
  });
});

describe('gaussianKernel', () => {
  it('is normalised, symmetric and 3σ wide', () => {
    const k = gaussianKernel(2);
    expect(k).toHaveLength(13);
    expect(k.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(k[0]).toBeCloseTo(k[12]!, 15);
  });
});

describe('gaussianBlurPlane', () => {
  it('keeps a flat plane flat (edges repeat) and spreads a step', () => {
    const flat = gaussianBlurPlane(new Float32Array(50).fill(0.4), 10, 5, 1.5);
    flat.forEach((v) => expect(v).toBeCloseTo(0.4, 6));
    const step = gaussianBlurPlane(Float32Array.from({ length: 40 }, (_, i) => (i % 20 < 10 ? 0 : 1)), 20, 2, 2);
    expect(step[9]).toBeGreaterThan(0.2);
    expect(step[9]).toBeLessThan(0.5);
  });
});

describe('vignetteGain', () => {
  const params = spatialParams(grade(0, 100), 200, 100).vignette!;

  it('is 1 at the centre, 1 − 0.6 at the corners for +100, and circular', () => {
    expect(vignetteGain(params, 99.5, 49.5)).toBe(1);
    expect(vignetteGain(params, -0.5, -0.5)).toBeCloseTo(0.4, 12);
    // Same distance in pixels, same gain, whatever the direction.
    expect(vignetteGain(params, 99.5 + 30, 49.5)).toBeCloseTo(vignetteGain(params, 99.5, 49.5 + 30), 12);
  });
});

describe('applyVignette', () => {
  it('darkens the corners for + and lightens them for −, leaving the centre', () => {
    const dark = image(40, 20, () => 0.5);
    applyVignette(dark, spatialParams(grade(0, 100), 40, 20).vignette!);
    expect(dark.data[0]).toBeLessThan(0.3);
    expect(dark.data[(10 * 40 + 20) * 4]).toBeCloseTo(0.5, 2);
    const light = image(40, 20, () => 0.5);
    applyVignette(light, spatialParams(grade(0, -100), 40, 20).vignette!);
    expect(light.data[0]).toBeGreaterThan(0.7);
  });
});

describe('applyClarity', () => {
  const edge = () => image(40, 40, (x) => (x < 20 ? 0.35 : 0.65));

  it('+ raises local contrast across an edge; − softens it', () => {
    const up = edge();
    applyClarity(up, spatialParams(grade(100, 0), 40, 40).clarity!);
    const down = edge();
    applyClarity(down, spatialParams(grade(-100, 0), 40, 40).clarity!);
    const at = (img: FloatImage, x: number) => img.data[(20 * 40 + x) * 4]!;
    expect(at(up, 19)).toBeLessThan(0.35);
    expect(at(up, 20)).toBeGreaterThan(0.65);
    expect(at(down, 19)).toBeGreaterThan(0.35);
    expect(at(down, 20)).toBeLessThan(0.65);
  });

  it('leaves flat areas, pure black and pure white alone', () => {
    for (const v of [0, 0.5, 1]) {
      const flat = image(16, 16, () => v);
      applyClarity(flat, { amount: 1, sigma: 2 });
      flat.data.forEach((x, i) => expect(x).toBeCloseTo(i % 4 === 3 ? 1 : v, 6));
    }
  });
});

describe('applySpatial', () => {
  it('does nothing when both are off', () => {
    const img = image(8, 8, (x, y) => (x + y) / 16);
    const before = img.data.slice();
    applySpatial(img, spatialParams(DEFAULT_GRADE, 8, 8));
    expect(img.data).toEqual(before);
  });
});
