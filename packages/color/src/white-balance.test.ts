import { describe, expect, it } from 'vitest';
import { D65, REC709_TO_XYZ, chromaticityToUcs, correlatedColourTemperature, xyzToChromaticity } from './colorimetry';
import { IDENTITY_MATRIX3, applyMatrix3 } from './matrix';
import type { Rgb } from './matrix';
import { sliderValuesToNeutralise, whiteBalanceMatrix, whiteForSliders } from './white-balance';

const chromaticity = (rgb: Rgb) => xyzToChromaticity(applyMatrix3(REC709_TO_XYZ, rgb));
const luminance = (rgb: Rgb) => applyMatrix3(REC709_TO_XYZ, rgb)[1];

describe('whiteForSliders', () => {
  it('is exactly D65 at (0, 0)', () => {
    const w = whiteForSliders(0, 0);
    expect(w.x).toBeCloseTo(D65.x, 12);
    expect(w.y).toBeCloseTo(D65.y, 12);
  });

  it('moves 0.85 mired per step along the daylight locus', () => {
    // +50 → 153.75 + 42.5 mired ≈ 5095 K; −50 → 111.25 mired ≈ 8990 K (McCamy, ±120 K).
    expect(correlatedColourTemperature(whiteForSliders(50, 0))).toBeCloseTo(5095, -2.3);
    expect(correlatedColourTemperature(whiteForSliders(-50, 0))).toBeCloseTo(8990, -2.5);
  });

  it('moves across the locus by 0.00015 Duv per tint step', () => {
    const base = chromaticityToUcs(whiteForSliders(0, 0));
    const tinted = chromaticityToUcs(whiteForSliders(0, 100));
    expect(Math.hypot(tinted.u - base.u, tinted.v - base.v)).toBeCloseTo(0.015, 4);
    expect(tinted.v).toBeLessThan(base.v);
  });
});

describe('whiteBalanceMatrix', () => {
  it('is exactly the identity at (0, 0)', () => {
    expect(whiteBalanceMatrix(0, 0)).toBe(IDENTITY_MATRIX3);
  });

  it('warms neutrals for + temperature and cools them for −, keeping their luminance', () => {
    const warm = applyMatrix3(whiteBalanceMatrix(60, 0), [0.2, 0.2, 0.2]);
    const cool = applyMatrix3(whiteBalanceMatrix(-60, 0), [0.2, 0.2, 0.2]);
    expect(warm[0]).toBeGreaterThan(warm[1]);
    expect(warm[1]).toBeGreaterThan(warm[2]);
    expect(cool[2]).toBeGreaterThan(cool[0]);
    expect(luminance(warm)).toBeCloseTo(0.2, 10);
    expect(luminance(cool)).toBeCloseTo(0.2, 10);
  });

  it('is a white-balance gain, not a hue rotation: black stays black and pure blue stays blue', () => {
    expect(applyMatrix3(whiteBalanceMatrix(80, 40), [0, 0, 0])).toEqual([0, 0, 0]);
    const blue = applyMatrix3(whiteBalanceMatrix(80, 0), [0, 0, 0.5]);
    expect(blue[2]).toBeGreaterThan(Math.max(Math.abs(blue[0]), Math.abs(blue[1])) * 3);
  });

  it('turns + tint magenta (green below red and blue) and − tint green', () => {
    const magenta = applyMatrix3(whiteBalanceMatrix(0, 60), [0.3, 0.3, 0.3]);
    const green = applyMatrix3(whiteBalanceMatrix(0, -60), [0.3, 0.3, 0.3]);
    expect(magenta[1]).toBeLessThan(Math.min(magenta[0], magenta[2]));
    expect(green[1]).toBeGreaterThan(Math.max(green[0], green[2]));
  });
});

describe('sliderValuesToNeutralise', () => {
  it('finds the balance that makes a cast grey neutral again', () => {
    const cast = applyMatrix3(whiteBalanceMatrix(-45, 25), [0.5, 0.5, 0.5]);
    const { temperature, tint } = sliderValuesToNeutralise(cast);
    expect(temperature).toBeGreaterThan(30);
    expect(tint).toBeLessThan(-15);
    const fixed = chromaticityToUcs(chromaticity(applyMatrix3(whiteBalanceMatrix(temperature, tint), cast)));
    const target = chromaticityToUcs(D65);
    expect(Math.hypot(fixed.u - target.u, fixed.v - target.v)).toBeLessThan(1e-6);
  });

  it('returns zeros for a neutral, a black or a NaN input', () => {
    const neutral = sliderValuesToNeutralise([0.4, 0.4, 0.4]);
    expect(Math.abs(neutral.temperature) + Math.abs(neutral.tint)).toBeLessThan(1e-6);
    expect(sliderValuesToNeutralise([0, 0, 0])).toEqual({ temperature: 0, tint: 0 });
    expect(sliderValuesToNeutralise([Number.NaN, 1, 1])).toEqual({ temperature: 0, tint: 0 });
  });
});
