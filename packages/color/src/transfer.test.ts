import { describe, expect, it } from 'vitest';
import { bt709InverseOetf, bt709Oetf, decodeGamma, decodeGammaFast, encodeGamma, encodeGammaFast } from './transfer';

describe('decodeGamma', () => {
  it('is the BT.1886 2.4 power', () => {
    expect(decodeGamma(0)).toBe(0);
    expect(decodeGamma(1)).toBe(1);
    expect(decodeGamma(0.5)).toBeCloseTo(0.189464571, 9);
  });

  it('extends oddly below zero and passes NaN through', () => {
    expect(decodeGamma(-0.5)).toBeCloseTo(-0.189464571, 9);
    expect(decodeGamma(Number.NaN)).toBeNaN();
  });
});

describe('encodeGamma', () => {
  it('inverts decodeGamma across and beyond 0..1', () => {
    for (const v of [0, 1e-6, 0.01, 0.18, 0.5, 1, 1.7, -0.3]) expect(encodeGamma(decodeGamma(v))).toBeCloseTo(v, 12);
  });

  it('puts 18 % grey at 0.4894', () => {
    expect(encodeGamma(0.18)).toBeCloseTo(0.48944, 5);
  });
});

describe('decodeGammaFast', () => {
  it('stays within 1e-8 of decodeGamma over -2..2 and is exact outside', () => {
    let worst = 0;
    for (let v = -2; v <= 2; v += 1 / 4093) worst = Math.max(worst, Math.abs(decodeGammaFast(v) - decodeGamma(v)));
    expect(worst).toBeLessThan(1e-8);
    expect(decodeGammaFast(3)).toBe(decodeGamma(3));
    expect(decodeGammaFast(Number.NaN)).toBeNaN();
  });
});

describe('encodeGammaFast', () => {
  it('stays within 1e-8 of encodeGamma and is exact outside its table', () => {
    let worst = 0;
    for (let e = -12; e <= 0.9; e += 0.001) {
      const l = 10 ** e;
      worst = Math.max(worst, Math.abs(encodeGammaFast(l) - encodeGamma(l)), Math.abs(encodeGammaFast(-l) - encodeGamma(-l)));
    }
    expect(worst).toBeLessThan(1e-8);
    expect(encodeGammaFast(0)).toBe(0);
    expect(encodeGammaFast(1e-13)).toBe(0);
    expect(encodeGammaFast(9)).toBe(encodeGamma(9));
  });
});

describe('bt709Oetf', () => {
  it('matches ITU-R BT.709 at reference points', () => {
    expect(bt709Oetf(0)).toBe(0);
    expect(bt709Oetf(1)).toBeCloseTo(1, 12);
    expect(bt709Oetf(0.18)).toBeCloseTo(0.40901, 5);
    // The two segments meet at L = 0.018 (V ≈ 0.081).
    expect(bt709Oetf(0.018)).toBeCloseTo(0.081, 3);
    expect(bt709Oetf(0.01799999)).toBeCloseTo(0.081, 3);
  });

  it('is odd below zero', () => {
    expect(bt709Oetf(-0.18)).toBeCloseTo(-0.40901, 5);
  });
});

describe('bt709InverseOetf', () => {
  it('inverts bt709Oetf', () => {
    for (const l of [0, 0.005, 0.018, 0.18, 0.9, 1]) expect(bt709InverseOetf(bt709Oetf(l))).toBeCloseTo(l, 6);
  });
});
