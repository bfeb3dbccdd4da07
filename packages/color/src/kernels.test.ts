import { describe, expect, it } from 'vitest';
import { REC709_LUMA } from './colorimetry';
import { applyChroma, applySplitTone, hueDirection, saturateInPlace, skinWeight, splitToneVectors } from './kernels';
import type { SplitTone } from './kernels';

const luminance = (c: ArrayLike<number>) => REC709_LUMA[0] * c[0]! + REC709_LUMA[1] * c[1]! + REC709_LUMA[2] * c[2]!;
const chroma = (c: ArrayLike<number>) => Math.max(c[0]!, c[1]!, c[2]!) - Math.min(c[0]!, c[1]!, c[2]!);

type Operation = (buffer: Float64Array, start: number, end: number) => void;

/** Runs an operation over every triplet of `rgb`. */
function run(operation: Operation, rgb: readonly number[]): Float64Array {
  const buffer = Float64Array.from(rgb);
  operation(buffer, 0, buffer.length / 3);
  return buffer;
}

const chromaOf =
  (saturation: number, vibrance: number): Operation =>
  (buffer, start, end) =>
    applyChroma(buffer, start, end, saturation, vibrance);
const splitTone = (tone: SplitTone): Operation => {
  const vectors = splitToneVectors(tone);
  return (buffer, start, end) => applySplitTone(buffer, start, end, vectors);
};

describe('saturateInPlace', () => {
  it('keeps luminance exactly and scales chroma about it', () => {
    const c = Float64Array.from([0.3, 0.2, 0.1]);
    saturateInPlace(c, 0, 1.5);
    expect(luminance(c)).toBeCloseTo(luminance([0.3, 0.2, 0.1]), 14);
    expect(chroma(c)).toBeCloseTo(0.3, 12);
  });

  it('limits a boost at the gamut edge instead of clipping a channel', () => {
    const c = Float64Array.from([0.9, 0.3, 0.05]);
    saturateInPlace(c, 0, 3);
    expect(Math.min(...c)).toBeGreaterThanOrEqual(-1e-12);
    expect(Math.max(...c)).toBeLessThanOrEqual(1 + 1e-12);
    expect(luminance(c)).toBeCloseTo(luminance([0.9, 0.3, 0.05]), 12);
  });

  it('is continuous where the limit starts to bind (no LUT seams)', () => {
    const at = (b: number) => {
      const c = Float64Array.from([0.6, 0.3, b]);
      saturateInPlace(c, 0, 2);
      return c;
    };
    const a = at(0.1);
    const b = at(0.1 + 1e-9);
    for (let i = 0; i < 3; i++) expect(Math.abs(a[i]! - b[i]!)).toBeLessThan(1e-7);
  });

  it('desaturates to grey at factor 0', () => {
    const c = Float64Array.from([0.8, 0.1, 0.3]);
    saturateInPlace(c, 0, 0);
    expect(chroma(c)).toBeCloseTo(0, 14);
  });
});

describe('skinWeight', () => {
  it('is high for skin, zero for greys and for blues and greens', () => {
    expect(skinWeight(0.6, 0.32, 0.21)).toBeGreaterThan(0.8);
    expect(skinWeight(0.4, 0.4, 0.4)).toBe(0);
    expect(skinWeight(0.1, 0.2, 0.6)).toBe(0);
    expect(skinWeight(0.1, 0.5, 0.2)).toBe(0);
  });
});

describe('applyChroma', () => {
  it('with vibrance moves muted colours more than vivid ones', () => {
    const vibrance = chromaOf(1, 1);
    const muted = run(vibrance, [0.25, 0.3, 0.35]);
    const vivid = run(vibrance, [0.05, 0.3, 0.8]);
    expect(chroma(muted) / 0.1).toBeGreaterThan(chroma(vivid) / 0.75 + 0.2);
  });

  it('with vibrance spares skin compared with an equally saturated non-skin colour', () => {
    const vibrance = chromaOf(1, 1);
    const skin = [0.6, 0.35, 0.25];
    const teal = [0.25, 0.5, 0.6];
    const gain = (c: number[]) => chroma(run(vibrance, c)) / chroma(c);
    expect(gain(teal) - 1).toBeGreaterThan(2 * (gain(skin) - 1));
  });

  it('keeps luminance for saturation and vibrance alike', () => {
    const out = run(chromaOf(1.4, 0.6), [0.2, 0.4, 0.3, 0.05, 0.05, 0.06]);
    expect(luminance(out)).toBeCloseTo(luminance([0.2, 0.4, 0.3]), 12);
    expect(luminance(out.subarray(3))).toBeCloseTo(luminance([0.05, 0.05, 0.06]), 12);
  });

  it('without vibrance is saturateInPlace on every colour, bit for bit, also when it only desaturates', () => {
    // Colours inside and outside 0..1 (split toning and lifts leave some outside), greys, black.
    const colours = [0.8, 0.1, 0.3, 0.6, 0.35, 0.25, -0.05, 0.4, 1.2, 0.5, 0.5, 0.5, 0, 0, 0, 1.4, -0.2, 0.01];
    for (const saturation of [0, 0.5, 0.85, 1, 1.3]) {
      const each = Float64Array.from(colours);
      for (let i = 0; i < each.length; i += 3) saturateInPlace(each, i, saturation);
      expect(Array.from(run(chromaOf(saturation, 0), colours))).toEqual(Array.from(each));
    }
  });

  it('leaves black alone', () => {
    expect(Array.from(run(chromaOf(2, 1), [0, 0, 0]))).toEqual([0, 0, 0]);
  });
});

describe('hueDirection', () => {
  it('has zero Rec.709 luma and points towards its hue', () => {
    for (let hue = 0; hue < 360; hue += 15) expect(luminance(hueDirection(hue))).toBeCloseTo(0, 12);
    const teal = hueDirection(185);
    expect(teal[0]).toBeLessThan(0);
    expect(teal[2]).toBeGreaterThan(0);
    const orange = hueDirection(30);
    expect(orange[0]).toBeGreaterThan(orange[1]);
    expect(orange[1]).toBeGreaterThan(orange[2]);
  });
});

describe('applySplitTone', () => {
  const kernel = splitTone({ shadowHue: 185, shadowAmount: 0.1, highlightHue: 30, highlightAmount: 0.1 });

  it('pushes shadows towards the shadow hue and highlights towards the highlight hue', () => {
    const dark = run(kernel, [0.15, 0.15, 0.15]);
    const light = run(kernel, [0.85, 0.85, 0.85]);
    expect(dark[2]).toBeGreaterThan(dark[0]!);
    expect(light[0]).toBeGreaterThan(light[2]!);
  });

  it('leaves encoded luma unchanged', () => {
    for (const v of [0.1, 0.5, 0.9]) expect(luminance(run(kernel, [v, v * 0.9, v * 0.8]))).toBeCloseTo(luminance([v, v * 0.9, v * 0.8]), 12);
  });
});
