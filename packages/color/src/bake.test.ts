import { describe, expect, it } from 'vitest';
import { DEFAULT_ADJUSTMENTS } from './adjustments';
import { bakeLut, identityLut, LUT_SIZES } from './bake';
import { DEFAULT_CURVES } from './curves';
import { DEFAULT_HUE_CURVES } from './hue-curves';
import { DEFAULT_GRADE } from './grade';
import type { Grade } from './grade';
import { applyGradeToColors, MissingCustomLutError } from './grade-program';
import { sampleLut } from './apply-lut';
import { LOOKS } from './look-catalogue';
import { DEFAULT_WHEELS } from './wheels';

const EVERYTHING: Grade = {
  look: 'blockbuster-teal-orange',
  customLook: null,
  lookStrength: 70,
  inputTransform: 'slog3',
  adjustments: { ...DEFAULT_ADJUSTMENTS, exposure: 20, temperature: 30, tint: -10, dehaze: 25, contrast: 30, highlights: -20, shadows: 25, brightness: 10, saturation: 20, vibrance: 30 },
};

/** Bakes `grade` and holds 600 of its grid points to direct evaluation (linear light within 2e-3). */
function expectDirectEvaluation(grade: Grade, size: number): Float32Array {
  const lut = bakeLut(grade, size);
  const points: number[] = [];
  const indices: number[] = [];
  for (let k = 0; k < 600; k++) {
    const index = (k * 104729) % size ** 3;
    indices.push(index);
    points.push((index % size) / (size - 1), (Math.floor(index / size) % size) / (size - 1), Math.floor(index / size / size) / (size - 1));
  }
  const direct = applyGradeToColors(grade, points);
  indices.forEach((index, k) => {
    for (let c = 0; c < 3; c++) expect(Math.abs(lut.data[index * 3 + c]! ** 2.4 - direct[k * 3 + c]! ** 2.4)).toBeLessThan(2e-3);
  });
  return lut.data;
}

describe('identityLut', () => {
  it('stores each grid coordinate exactly, red fastest', () => {
    const lut = identityLut(5);
    expect(Array.from(lut.data.subarray(0, 6))).toEqual([0, 0, 0, 0.25, 0, 0]);
    expect(Array.from(lut.data.subarray(15, 18))).toEqual([0, 0.25, 0]);
    expect(Array.from(lut.data.subarray(75, 78))).toEqual([0, 0, 0.25]);
  });
});

describe('bakeLut', () => {
  it.each(LUT_SIZES)('bakes the all-zero grade to the exact identity at size %i', (size) => {
    const identity = identityLut(size).data;
    const same = (data: Float32Array) => data.length === identity.length && data.every((v, i) => v === identity[i]);
    expect(same(bakeLut(DEFAULT_GRADE, size).data)).toBe(true);
    expect(same(bakeLut({ ...DEFAULT_GRADE, adjustments: { ...DEFAULT_ADJUSTMENTS, clarity: 80, vignette: 50 } }, size).data)).toBe(true);
    expect(identity[3]).toBe(Math.fround(1 / (size - 1)));
  });

  it('rejects sizes outside 2..256', () => {
    for (const size of [1, 257, 16.5, Number.NaN]) expect(() => bakeLut(DEFAULT_GRADE, size)).toThrow(RangeError);
  });

  it('keeps every entry finite and inside 0..1', () => {
    const lut = bakeLut(EVERYTHING, 17);
    expect(lut.data.every((v) => v >= 0 && v <= 1)).toBe(true);
  });

  it('agrees with direct evaluation at the grid points (linear light within 2e-3)', () => {
    const wheels: Grade = {
      ...EVERYTHING,
      wheels: { lift: { hue: 200, amount: 0.3, master: 0.2 }, gamma: { hue: 40, amount: 0.2, master: -0.3 }, gain: { hue: 330, amount: 0.25, master: 0.1 }, offset: { hue: 90, amount: 0.1, master: -0.05 }, saturation: 1.3 },
    };
    for (const grade of [EVERYTHING, wheels, { ...DEFAULT_GRADE, look: 'cross-process' as const }, { ...DEFAULT_GRADE, inputTransform: 'logc3' as const }]) {
      for (const size of [33, 65]) expectDirectEvaluation(grade, size);
    }
  });

  it('bakes a camera grade the same every time, never from another camera\'s or size\'s kept grid', () => {
    // The grid after a camera transform is kept across bakes (program.ts); baking another camera
    // and another size in between must not change what a grade bakes to.
    const sony: Grade = { ...EVERYTHING, inputTransform: 'slog3' };
    const arri: Grade = { ...EVERYTHING, inputTransform: 'logc3' };
    const first = bakeLut(sony, 33).data;
    const other = bakeLut(arri, 33).data;
    bakeLut(sony, 17);
    const again = bakeLut(sony, 33).data;
    expect(again.every((v, i) => v === first[i])).toBe(true);
    expect(other.some((v, i) => Math.abs(v - first[i]!) > 0.01)).toBe(true);
    // A camera and hue curves alone: the grid is kept just before the last step, which stores the LUT itself.
    const hueOnly: Grade = { ...DEFAULT_GRADE, inputTransform: 'vlog', hueCurves: { ...DEFAULT_HUE_CURVES, hueVsHue: [{ x: 0.3, y: 0.6 }] } };
    const kept = bakeLut(hueOnly, 33).data;
    expect(bakeLut(hueOnly, 33).data.every((v, i) => v === kept[i])).toBe(true);
    expectDirectEvaluation(hueOnly, 33);
  });

  it('bakes a grade the same after bakes with other wheels, curves and sliders, never from their kept tables', () => {
    // Tables of the wheels' and finishing curves are kept under their values (channel-pass.ts):
    // a bake in between with any of them changed must bake its own values (held to direct
    // evaluation), and must not change what the first grade bakes to.
    const graded: Grade = {
      ...EVERYTHING,
      wheels: { ...DEFAULT_WHEELS, gain: { hue: 330, amount: 0.25, master: 0.1 }, gamma: { hue: 40, amount: 0.2, master: -0.3 }, saturation: 1.2 },
      curves: { ...DEFAULT_CURVES, master: [{ x: 0.25, y: 0.2 }, { x: 0.75, y: 0.82 }], red: [{ x: 0.5, y: 0.53 }] },
    };
    const first = expectDirectEvaluation(graded, 33);
    const variants: Grade[] = [
      { ...graded, wheels: { ...graded.wheels!, gain: { hue: 330, amount: 0.25, master: 0.6 } } },
      { ...graded, adjustments: { ...graded.adjustments, contrast: 70 } },
      { ...graded, adjustments: { ...graded.adjustments, shadows: 70 } },
      { ...graded, curves: { ...graded.curves!, red: [{ x: 0.5, y: 0.75 }] } },
    ];
    for (const variant of variants) expect(expectDirectEvaluation(variant, 33).some((v, i) => Math.abs(v - first[i]!) > 0.02)).toBe(true);
    bakeLut(graded, 65);
    expect(bakeLut(graded, 33).data.every((v, i) => v === first[i])).toBe(true);
  });

  it('bakes every look without NaN', () => {
    for (const look of LOOKS) expect(bakeLut({ ...DEFAULT_GRADE, look: look.id }, 17).data.every(Number.isFinite)).toBe(true);
  });

  describe('with an imported LUT', () => {
    // A "vendor" LUT unlike any catalogue look: channels rotated and the blue lifted.
    const vendor = identityLut(17);
    for (let i = 0; i < vendor.data.length; i += 3) {
      const [r, g, b] = [vendor.data[i]!, vendor.data[i + 1]!, vendor.data[i + 2]!];
      vendor.data[i] = g;
      vendor.data[i + 1] = b;
      vendor.data[i + 2] = 0.2 + 0.8 * r;
    }
    const withVendor: Grade = { ...DEFAULT_GRADE, customLook: 'vendor-lut' };

    it('applies the imported table where the look goes', () => {
      const baked = bakeLut(withVendor, 33, { customLut: vendor });
      for (const [r, g, b] of [[0.1, 0.5, 0.9], [0.75, 0.2, 0.3], [1, 1, 1]] as const) {
        const expected = sampleLut(vendor, r, g, b);
        const got = sampleLut(baked, r, g, b);
        for (let c = 0; c < 3; c++) expect(got[c]).toBeCloseTo(expected[c]!, 2);
      }
    });

    it('blends it by look strength, and strength 0 is the identity', () => {
      const half = bakeLut({ ...withVendor, lookStrength: 50 }, 17, { customLut: vendor });
      const full = bakeLut(withVendor, 17, { customLut: vendor });
      const white = (lut: typeof full) => sampleLut(lut, 1, 1, 1);
      // White: the vendor table keeps it white, so any strength does too.
      white(half).forEach((v, c) => expect(v).toBeCloseTo(white(full)[c]!, 5));
      const black = sampleLut(half, 0, 0, 0)[2];
      expect(black).toBeGreaterThan(0.05);
      expect(black).toBeLessThan(sampleLut(full, 0, 0, 0)[2]);
      const none = bakeLut({ ...withVendor, lookStrength: 0 }, 17, { customLut: vendor }).data;
      expect(none.every((v, i) => v === identityLut(17).data[i])).toBe(true);
    });

    it('refuses to bake without the table rather than silently dropping the look', () => {
      expect(() => bakeLut(withVendor, 17)).toThrow(MissingCustomLutError);
    });
  });
});

