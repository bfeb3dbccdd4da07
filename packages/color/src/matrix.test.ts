import { describe, expect, it } from 'vitest';
import { IDENTITY_MATRIX3, applyMatrix3, composeAffine, invertMatrix3, multiplyMatrix3 } from './matrix';
import type { Matrix3 } from './matrix';

const M: Matrix3 = [2, 1, 0, 0, 3, 1, 1, 0, 4];

describe('multiplyMatrix3', () => {
  it('multiplies row-major matrices', () => {
    expect(multiplyMatrix3(M, IDENTITY_MATRIX3)).toEqual(M);
    expect(multiplyMatrix3(M, M)).toEqual([4, 5, 1, 1, 9, 7, 6, 1, 16]);
  });
});

describe('invertMatrix3', () => {
  it('inverts, and refuses a singular matrix', () => {
    multiplyMatrix3(M, invertMatrix3(M)).forEach((v, i) => expect(v).toBeCloseTo(IDENTITY_MATRIX3[i]!, 14));
    expect(() => invertMatrix3([1, 2, 3, 2, 4, 6, 0, 0, 1])).toThrow(/singular/);
  });
});

describe('applyMatrix3', () => {
  it('applies to a column vector', () => {
    expect(applyMatrix3(M, [1, 2, 3])).toEqual([4, 9, 13]);
  });
});

describe('composeAffine', () => {
  it('applies the first map, then the second', () => {
    const first = { matrix: M, offset: [1, 0, 0] as const };
    const second = { matrix: IDENTITY_MATRIX3, offset: [0, 0, 2] as const };
    const both = composeAffine(first, second);
    const v = applyMatrix3(both.matrix, [1, 2, 3]).map((x, i) => x + both.offset[i]!);
    expect(v).toEqual([5, 9, 15]);
  });
});
