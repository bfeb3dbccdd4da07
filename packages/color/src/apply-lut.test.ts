import { describe, expect, it } from 'vitest';
import { applyLutToFloatRgba, applyLutToRgba, INTERPOLATIONS, sampleLut } from './apply-lut';
import { bakeLut, identityLut } from './bake';
import type { Lut3D } from './lut-types';
import { DEFAULT_GRADE } from './grade';

/** A LUT of an affine map, which both interpolations reproduce exactly. */
function affineLut(size: number): Lut3D {
  const lut = identityLut(size);
  const data = new Float32Array(lut.data.length);
  for (let i = 0; i < data.length; i += 3) {
    const [r, g, b] = [lut.data[i]!, lut.data[i + 1]!, lut.data[i + 2]!];
    data[i] = 0.1 + 0.5 * r + 0.2 * g;
    data[i + 1] = 0.8 * g + 0.1 * b;
    data[i + 2] = 0.05 + 0.3 * r + 0.6 * b;
  }
  return { size, data };
}

/** A LUT of a function that mixes channels non-linearly (to tell the interpolations apart). */
function curvedLut(size: number): Lut3D {
  const lut = identityLut(size);
  const data = new Float32Array(lut.data.length);
  for (let i = 0; i < data.length; i += 3) {
    const [r, g, b] = [lut.data[i]!, lut.data[i + 1]!, lut.data[i + 2]!];
    data.set([r * g, Math.sqrt(g * b), (r + b) / 2], i);
  }
  return { size, data };
}

describe('sampleLut', () => {
  it.each(INTERPOLATIONS)('reproduces an affine LUT exactly between grid points (%s)', (interpolation) => {
    const lut = affineLut(5);
    const [r, g, b] = sampleLut(lut, 0.33, 0.71, 0.12, interpolation);
    expect(r).toBeCloseTo(0.1 + 0.5 * 0.33 + 0.2 * 0.71, 6);
    expect(g).toBeCloseTo(0.8 * 0.71 + 0.1 * 0.12, 6);
    expect(b).toBeCloseTo(0.05 + 0.3 * 0.33 + 0.6 * 0.12, 6);
  });

  it('returns grid entries exactly at grid points, and the two interpolations differ in between', () => {
    const lut = curvedLut(5);
    expect(sampleLut(lut, 0.5, 0.25, 1)).toEqual([0.125, 0.5, 0.75]);
    const tetra = sampleLut(lut, 0.6, 0.1, 0.35, 'tetrahedral');
    const tri = sampleLut(lut, 0.6, 0.1, 0.35, 'trilinear');
    expect(Math.abs(tetra[0] - tri[0])).toBeGreaterThan(1e-4);
  });

  it('clamps inputs to 0..1 and treats NaN as 0', () => {
    const lut = affineLut(3);
    expect(sampleLut(lut, -1, 2, Number.NaN)).toEqual(sampleLut(lut, 0, 1, 0));
  });

  it('rejects a LUT whose data does not match its size', () => {
    expect(() => sampleLut({ size: 3, data: new Float32Array(10) }, 0, 0, 0)).toThrow(RangeError);
  });
});

describe('applyLutToRgba', () => {
  it.each(INTERPOLATIONS)('leaves every 8-bit value unchanged through the identity LUT (%s)', (interpolation) => {
    const source = new Uint8ClampedArray(256 * 4);
    for (let v = 0; v < 256; v++) source.set([v, 255 - v, (v * 7) % 256, v], v * 4);
    expect(applyLutToRgba(identityLut(33), source, interpolation)).toEqual(source);
  });

  it('matches the float renderer to within rounding and copies alpha', () => {
    const lut = bakeLut({ ...DEFAULT_GRADE, look: 'la-la-land' }, 17);
    const source = new Uint8ClampedArray(4 * 500);
    for (let i = 0; i < source.length; i++) source[i] = (i * 7919) % 256;
    const bytes = applyLutToRgba(lut, source);
    const floats = applyLutToFloatRgba(lut, Float32Array.from(source, (v) => v / 255));
    for (let i = 0; i < source.length; i++) {
      if (i % 4 === 3) expect(bytes[i]).toBe(source[i]);
      else expect(Math.abs(bytes[i]! - floats[i]! * 255)).toBeLessThanOrEqual(0.5 + 1e-4);
    }
  });

  it('writes into a given target, even the source itself', () => {
    const source = Uint8ClampedArray.from([10, 20, 30, 40]);
    expect(applyLutToRgba(identityLut(5), source, 'tetrahedral', source)).toBe(source);
    expect(() => applyLutToRgba(identityLut(5), source, 'tetrahedral', new Uint8ClampedArray(2))).toThrow(RangeError);
  });
});

describe('applyLutToFloatRgba', () => {
  it('clamps out-of-range and NaN inputs and keeps alpha', () => {
    const out = applyLutToFloatRgba(identityLut(9), Float32Array.from([-0.5, 1.5, Number.NaN, 0.25]));
    expect(Array.from(out)).toEqual([0, 1, 0, 0.25]);
  });

  it('clamps LUT outputs outside 0..1 (imported files may hold them)', () => {
    const lut = { size: 2, data: new Float32Array(24).fill(1.4) };
    expect(Array.from(applyLutToFloatRgba(lut, Float32Array.from([0.3, 0.3, 0.3, 1])))).toEqual([1, 1, 1, 1]);
  });
});
