import { describe, expect, it } from 'vitest';
import {
  MID_GREY_ENCODED,
  brightnessFunction,
  contrastCurve,
  isMonotoneToneCurve,
  shadowsHighlightsFunction,
  toneCurveFunction,
} from './tone';

const ramp = Array.from({ length: 1001 }, (_, i) => i / 1000);

function isMonotone(f: (x: number) => number): boolean {
  return ramp.every((x, i) => i === 0 || f(x) >= f(ramp[i - 1]!) - 1e-12);
}

describe('toneCurveFunction', () => {
  it('is the identity with default parameters', () => {
    const f = toneCurveFunction({});
    for (const x of ramp) expect(f(x)).toBeCloseTo(x, 12);
  });

  it('passes through black, pivot and white with the chosen slopes', () => {
    const f = toneCurveFunction({ black: 0.05, white: 0.9, toe: 0.5, contrast: 1.4, shoulder: 0.3 });
    expect(f(0)).toBe(0.05);
    expect(f(1)).toBe(0.9);
    expect(f(MID_GREY_ENCODED)).toBeCloseTo(MID_GREY_ENCODED, 12);
    const h = 1e-6;
    expect((f(MID_GREY_ENCODED + h) - f(MID_GREY_ENCODED - h)) / (2 * h)).toBeCloseTo(1.4, 5);
    expect((f(h) - f(0)) / h).toBeCloseTo(0.5, 4);
    expect((f(1) - f(1 - h)) / h).toBeCloseTo(0.3, 4);
  });

  it('continues along its end slopes outside 0..1', () => {
    const f = toneCurveFunction({ toe: 0.5, shoulder: 0.25 });
    expect(f(-0.2)).toBeCloseTo(-0.1, 12);
    expect(f(1.4)).toBeCloseTo(1.1, 12);
  });
});

describe('isMonotoneToneCurve', () => {
  it('accepts film curves and rejects a curve that overshoots', () => {
    expect(isMonotoneToneCurve({ toe: 0.4, contrast: 1.6, shoulder: 0.4 })).toBe(true);
    expect(isMonotoneToneCurve({ toe: 2.5, contrast: 2.5 })).toBe(false);
    expect(isMonotoneToneCurve({ black: 0.6 })).toBe(false);
  });

  it('agrees with sampling on the curves it accepts', () => {
    for (const curve of [contrastCurve(1), contrastCurve(-1), { black: 0.1, white: 0.9, toe: 0.3, contrast: 1.3, shoulder: 0.3 }]) {
      expect(isMonotoneToneCurve(curve)).toBe(true);
      expect(isMonotone(toneCurveFunction(curve))).toBe(true);
    }
  });
});

describe('contrastCurve', () => {
  it('steepens the mid-tones around mid-grey and keeps black and white', () => {
    const up = toneCurveFunction(contrastCurve(1));
    const down = toneCurveFunction(contrastCurve(-1));
    expect(up(0)).toBe(0);
    expect(up(1)).toBe(1);
    expect(up(MID_GREY_ENCODED)).toBeCloseTo(MID_GREY_ENCODED, 12);
    expect(up(0.3)).toBeLessThan(0.3);
    expect(up(0.7)).toBeGreaterThan(0.7);
    expect(down(0.3)).toBeGreaterThan(0.3);
    expect(down(0.7)).toBeLessThan(0.7);
  });
});

describe('shadowsHighlightsFunction', () => {
  it('+shadows lifts the dark tones (by 0.13 at 1/3) far more than the bright ones, ends fixed', () => {
    const f = shadowsHighlightsFunction(1, 0);
    expect(f(1 / 3) - 1 / 3).toBeCloseTo(0.13, 12);
    expect(f(0.25) - 0.25).toBeGreaterThan(3 * (f(0.85) - 0.85));
    expect(f(0)).toBe(0);
    expect(f(1)).toBe(1);
  });

  it('+highlights brightens the bright tones (by 0.13 at 2/3) far more than the dark ones, ends fixed', () => {
    const f = shadowsHighlightsFunction(0, 1);
    expect(f(2 / 3) - 2 / 3).toBeCloseTo(0.13, 12);
    expect(f(0.8) - 0.8).toBeGreaterThan(3 * (f(0.15) - 0.15));
    expect(f(1)).toBe(1);
    expect(f(0)).toBe(0);
  });

  it('stays monotone at every extreme combination', () => {
    for (const s of [-1, 0, 1]) for (const h of [-1, 0, 1]) expect(isMonotone(shadowsHighlightsFunction(s, h))).toBe(true);
  });
});

describe('brightnessFunction', () => {
  it('moves 0.5 to 0.5 ± 0.15 and keeps black and white, monotonically', () => {
    expect(brightnessFunction(1)(0.5)).toBeCloseTo(0.65, 12);
    expect(brightnessFunction(-1)(0.5)).toBeCloseTo(0.35, 12);
    for (const b of [-1, 1]) {
      expect(brightnessFunction(b)(0)).toBe(0);
      expect(brightnessFunction(b)(1)).toBe(1);
      expect(isMonotone(brightnessFunction(b))).toBe(true);
    }
  });
});
