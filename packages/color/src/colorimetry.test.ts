import { describe, expect, it } from 'vitest';
import {
  D65,
  REC709_PRIMARIES,
  chromaticAdaptationMatrix,
  chromaticityToUcs,
  correlatedColourTemperature,
  deltaE76,
  linearRec709ToLab,
  planckianNormal,
  planckianUcs,
  rgbToXyzMatrix,
  ucsToChromaticity,
} from './colorimetry';
import { applyMatrix3 } from './matrix';

const ILLUMINANT_A = { x: 0.44757, y: 0.40745 };

describe('rgbToXyzMatrix', () => {
  it('derives the Rec.709/sRGB matrix of IEC 61966-2-1 (to its 4 published decimals)', () => {
    const expected = [0.4124, 0.3576, 0.1805, 0.2126, 0.7152, 0.0722, 0.0193, 0.1192, 0.9505];
    rgbToXyzMatrix(REC709_PRIMARIES).forEach((v, i) => expect(v).toBeCloseTo(expected[i]!, 3.5));
  });

  it('maps RGB white to the white point at Y = 1', () => {
    const [x, y, z] = applyMatrix3(rgbToXyzMatrix(REC709_PRIMARIES), [1, 1, 1]);
    expect(y).toBeCloseTo(1, 12);
    expect(x / (x + y + z)).toBeCloseTo(D65.x, 12);
  });
});

describe('planckianUcs', () => {
  it('puts 2856 K on CIE illuminant A within 5e-4 in uv', () => {
    const a = chromaticityToUcs(ILLUMINANT_A);
    const p = planckianUcs(2856);
    expect(Math.hypot(p.u - a.u, p.v - a.v)).toBeLessThan(5e-4);
  });
});

describe('planckianNormal', () => {
  it('is a unit vector pointing to larger v (green side)', () => {
    const n = planckianNormal(6504);
    expect(Math.hypot(n.u, n.v)).toBeCloseTo(1, 12);
    expect(n.v).toBeGreaterThan(0);
  });
});

describe('ucsToChromaticity', () => {
  it('inverts chromaticityToUcs', () => {
    const back = ucsToChromaticity(chromaticityToUcs(ILLUMINANT_A));
    expect(back.x).toBeCloseTo(ILLUMINANT_A.x, 12);
    expect(back.y).toBeCloseTo(ILLUMINANT_A.y, 12);
  });
});

describe('correlatedColourTemperature', () => {
  it('gives about 6504 K for D65 and 2856 K for illuminant A', () => {
    expect(correlatedColourTemperature(D65)).toBeCloseTo(6504, -1.5);
    expect(correlatedColourTemperature(ILLUMINANT_A)).toBeCloseTo(2856, -1.5);
  });
});

describe('chromaticAdaptationMatrix', () => {
  it('is the identity between equal whites', () => {
    chromaticAdaptationMatrix(D65, D65).forEach((v, i) => expect(v).toBeCloseTo([1, 0, 0, 0, 1, 0, 0, 0, 1][i]!, 12));
  });

  it('sends white to the destination white, keeping its luminance', () => {
    const white = applyMatrix3(chromaticAdaptationMatrix(D65, ILLUMINANT_A), [1, 1, 1]);
    const xyz = applyMatrix3(rgbToXyzMatrix(REC709_PRIMARIES), white);
    const sum = xyz[0] + xyz[1] + xyz[2];
    expect(xyz[1]).toBeCloseTo(1, 10);
    expect(xyz[0] / sum).toBeCloseTo(ILLUMINANT_A.x, 10);
    expect(xyz[1] / sum).toBeCloseTo(ILLUMINANT_A.y, 10);
  });
});

describe('linearRec709ToLab', () => {
  it('gives L* 100 for white, 0 for black and about 50 for 18.4 % grey', () => {
    const [l, a, b] = linearRec709ToLab([1, 1, 1]);
    expect(l).toBeCloseTo(100, 6);
    expect(Math.abs(a) + Math.abs(b)).toBeLessThan(1e-6);
    expect(linearRec709ToLab([0, 0, 0])[0]).toBe(0);
    expect(linearRec709ToLab([0.1842, 0.1842, 0.1842])[0]).toBeCloseTo(50, 1);
  });
});

describe('deltaE76', () => {
  it('is the Euclidean distance in Lab', () => {
    expect(deltaE76([50, 0, 0], [53, 4, 0])).toBe(5);
  });
});
