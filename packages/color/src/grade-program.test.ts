import { describe, expect, it } from 'vitest';
import { DEFAULT_ADJUSTMENTS } from './adjustments';
import type { AdjustmentKey } from './adjustments';
import { REC709_LUMA } from './colorimetry';
import { DEFAULT_GRADE } from './grade';
import type { Grade } from './grade';
import { applyGradeToColors, compileGrade } from './grade-program';
import { MID_GREY_ENCODED } from './tone';
import { decodeGamma } from './transfer';

const withSlider = (key: AdjustmentKey, value: number, base: Grade = DEFAULT_GRADE): Grade => ({
  ...base,
  adjustments: { ...base.adjustments, [key]: value },
});
const apply = (grade: Grade, rgb: readonly number[]) => Array.from(applyGradeToColors(grade, rgb));
const grey = (v: number) => apply(DEFAULT_GRADE, [v, v, v]);
const linearLuminance = (c: readonly number[]) => REC709_LUMA.reduce((sum, k, i) => sum + k * decodeGamma(c[i]!), 0);
const chroma = (c: readonly number[]) => Math.max(...c) - Math.min(...c);

describe('compileGrade', () => {
  it('compiles the all-zero grade without a look to an empty program', () => {
    expect(compileGrade(DEFAULT_GRADE).isIdentity).toBe(true);
    expect(compileGrade({ ...DEFAULT_GRADE, look: 'warm', lookStrength: 0 }).isIdentity).toBe(true);
  });

  it('leaves clarity and vignette out of the global program', () => {
    expect(compileGrade(withSlider('clarity', 50, withSlider('vignette', -30))).isIdentity).toBe(true);
  });

  it('fuses the finishing sliders into few passes', () => {
    const all = { ...DEFAULT_ADJUSTMENTS, contrast: 10, highlights: 10, shadows: 10, brightness: 10, saturation: 10, vibrance: 10 };
    // tone curves + to-linear, chroma, to-encoded.
    expect(compileGrade({ ...DEFAULT_GRADE, adjustments: all }).passCount).toBe(3);
  });
});

describe('applyGradeToColors', () => {
  it('returns its input exactly for the identity grade, clamped to 0..1 with NaN as 0', () => {
    expect(grey(0.37)).toEqual([0.37, 0.37, 0.37]);
    expect(apply(DEFAULT_GRADE, [-0.2, 1.3, Number.NaN])).toEqual([0, 1, 0]);
  });

  it('exposure: +50 is one stop (twice the linear light), −100 two stops down', () => {
    const up = apply(withSlider('exposure', 50), [0.3, 0.3, 0.3]);
    expect(decodeGamma(up[0]!)).toBeCloseTo(2 * decodeGamma(0.3), 6);
    const down = apply(withSlider('exposure', -100), [0.6, 0.6, 0.6]);
    expect(decodeGamma(down[0]!)).toBeCloseTo(decodeGamma(0.6) / 4, 6);
  });

  it('temperature warms (+) and cools (−) neutrals without changing their luminance', () => {
    const warm = apply(withSlider('temperature', 50), [0.5, 0.5, 0.5]);
    const cool = apply(withSlider('temperature', -50), [0.5, 0.5, 0.5]);
    expect(warm[0]).toBeGreaterThan(warm[2]! + 0.05);
    expect(cool[2]).toBeGreaterThan(cool[0]! + 0.05);
    expect(linearLuminance(warm)).toBeCloseTo(linearLuminance([0.5, 0.5, 0.5]), 5);
  });

  it('tint: + magenta, − green', () => {
    const magenta = apply(withSlider('tint', 60), [0.5, 0.5, 0.5]);
    const green = apply(withSlider('tint', -60), [0.5, 0.5, 0.5]);
    expect(magenta[1]).toBeLessThan(Math.min(magenta[0]!, magenta[2]!));
    expect(green[1]).toBeGreaterThan(Math.max(green[0]!, green[2]!));
  });

  it('contrast pivots on mid-grey and keeps black and white', () => {
    const g = withSlider('contrast', 60);
    expect(apply(g, [MID_GREY_ENCODED, MID_GREY_ENCODED, MID_GREY_ENCODED])[0]).toBeCloseTo(MID_GREY_ENCODED, 9);
    expect(apply(g, [0.3, 0.3, 0.3])[0]).toBeLessThan(0.3);
    expect(apply(g, [0.7, 0.7, 0.7])[0]).toBeGreaterThan(0.7);
    expect(apply(g, [0, 0, 0])[0]).toBe(0);
    expect(apply(g, [1, 1, 1])[0]).toBe(1);
  });

  it('+highlights brightens the highlights, +shadows lifts the shadows, without moving the other end', () => {
    const highlights = (v: number) => apply(withSlider('highlights', 100), [v, v, v])[0]! - v;
    const shadows = (v: number) => apply(withSlider('shadows', 100), [v, v, v])[0]! - v;
    expect(highlights(0.75)).toBeGreaterThan(0.1);
    expect(highlights(0.1)).toBeLessThan(0.01);
    expect(highlights(1)).toBe(0);
    expect(shadows(0.25)).toBeGreaterThan(0.1);
    expect(shadows(0.9)).toBeLessThan(0.01);
    expect(shadows(0)).toBe(0);
  });

  it('brightness moves the mid-tones and keeps black and white', () => {
    expect(apply(withSlider('brightness', 100), [0.5, 0.5, 0.5])[0]).toBeCloseTo(0.65, 6);
    expect(apply(withSlider('brightness', -100), [1, 1, 1])[0]).toBe(1);
  });

  it('saturation keeps luminance; −100 is greyscale', () => {
    const colour = [0.7, 0.45, 0.3];
    const more = apply(withSlider('saturation', 60), colour);
    expect(chroma(more)).toBeGreaterThan(chroma(colour));
    expect(linearLuminance(more)).toBeCloseTo(linearLuminance(colour), 5);
    const none = apply(withSlider('saturation', -100), colour);
    expect(chroma(none)).toBeLessThan(1e-6);
    expect(linearLuminance(none)).toBeCloseTo(linearLuminance(colour), 5);
  });

  it('vibrance favours muted colours and spares skin', () => {
    const g = withSlider('vibrance', 100);
    const gain = (c: number[]) => chroma(apply(g, c)) / chroma(c);
    expect(gain([0.45, 0.5, 0.55])).toBeGreaterThan(gain([0.1, 0.4, 0.9]) + 0.3);
    expect(gain([0.35, 0.55, 0.65]) - 1).toBeGreaterThan(2 * (gain([0.78, 0.57, 0.45]) - 1));
  });

  it('dehaze +: deeper blacks and more colour; −: a lifted haze veil', () => {
    const dark = 0.12;
    expect(apply(withSlider('dehaze', 100), [dark, dark, dark])[0]).toBeLessThan(dark);
    expect(apply(withSlider('dehaze', -100), [0.02, 0.02, 0.02])[0]).toBeGreaterThan(0.2);
    const colour = [0.6, 0.45, 0.35];
    expect(chroma(apply(withSlider('dehaze', 100), colour))).toBeGreaterThan(chroma(colour));
  });

  it('look strength blends from the source (0) to the full look (100)', () => {
    const colour = [0.3, 0.45, 0.6];
    const full = apply({ ...DEFAULT_GRADE, look: 'black-white-classic' }, colour);
    const half = apply({ ...DEFAULT_GRADE, look: 'black-white-classic', lookStrength: 50 }, colour);
    expect(chroma(full)).toBeLessThan(1e-6);
    expect(chroma(half)).toBeGreaterThan(0.05);
    expect(chroma(half)).toBeLessThan(chroma(colour));
  });

  it('applies corrections before the look: exposure then a monochrome look stays monochrome', () => {
    const grade: Grade = { ...withSlider('exposure', 40), look: 'film-noir' };
    expect(chroma(apply(grade, [0.2, 0.5, 0.7]))).toBeLessThan(1e-6);
    // …and finishing after it: saturation after a monochrome look has nothing to saturate.
    expect(chroma(apply({ ...grade, adjustments: { ...grade.adjustments, saturation: 100 } }, [0.2, 0.5, 0.7]))).toBeLessThan(1e-6);
  });
});
