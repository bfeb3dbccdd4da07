/**
 * 3×3 matrices and 3×4 affine transforms on RGB triplets, stored row-major in plain arrays so they
 * can be written as literal data, printed in tests and copied into a shader uniform unchanged.
 */

/** Row-major 3×3 matrix: [m00, m01, m02, m10, ..., m22]. */
export type Matrix3 = readonly [number, number, number, number, number, number, number, number, number];

/** An RGB triplet (any encoding; the function using it says which). */
export type Rgb = readonly [number, number, number];

export const IDENTITY_MATRIX3: Matrix3 = [1, 0, 0, 0, 1, 0, 0, 0, 1];

export function multiplyMatrix3(a: Matrix3, b: Matrix3): Matrix3 {
  const [a0, a1, a2, a3, a4, a5, a6, a7, a8] = a;
  const [b0, b1, b2, b3, b4, b5, b6, b7, b8] = b;
  return [
    a0 * b0 + a1 * b3 + a2 * b6,
    a0 * b1 + a1 * b4 + a2 * b7,
    a0 * b2 + a1 * b5 + a2 * b8,
    a3 * b0 + a4 * b3 + a5 * b6,
    a3 * b1 + a4 * b4 + a5 * b7,
    a3 * b2 + a4 * b5 + a5 * b8,
    a6 * b0 + a7 * b3 + a8 * b6,
    a6 * b1 + a7 * b4 + a8 * b7,
    a6 * b2 + a7 * b5 + a8 * b8,
  ];
}

export function invertMatrix3(m: Matrix3): Matrix3 {
  const [a, b, c, d, e, f, g, h, i] = m;
  const A = e * i - f * h;
  const B = -(d * i - f * g);
  const C = d * h - e * g;
  const det = a * A + b * B + c * C;
  if (det === 0 || !Number.isFinite(det)) throw new Error('matrix is singular');
  const k = 1 / det;
  return [
    A * k,
    -(b * i - c * h) * k,
    (b * f - c * e) * k,
    B * k,
    (a * i - c * g) * k,
    -(a * f - c * d) * k,
    C * k,
    -(a * h - b * g) * k,
    (a * e - b * d) * k,
  ];
}

export function applyMatrix3(m: Matrix3, v: Rgb): [number, number, number] {
  const [r, g, b] = v;
  return [m[0] * r + m[1] * g + m[2] * b, m[3] * r + m[4] * g + m[5] * b, m[6] * r + m[7] * g + m[8] * b];
}

export function diagonalMatrix3(r: number, g: number, b: number): Matrix3 {
  return [r, 0, 0, 0, g, 0, 0, 0, b];
}

/**
 * An affine map out = M·in + offset. Exposure, white balance, dehaze's black point and a look's
 * channel mixer are all affine in linear light, so consecutive ones fuse into one pass.
 */
export interface Affine3 {
  readonly matrix: Matrix3;
  readonly offset: Rgb;
}

/** The affine map that applies `first`, then `second`. */
export function composeAffine(first: Affine3, second: Affine3): Affine3 {
  const matrix = multiplyMatrix3(second.matrix, first.matrix);
  const moved = applyMatrix3(second.matrix, first.offset);
  return {
    matrix,
    offset: [moved[0] + second.offset[0], moved[1] + second.offset[1], moved[2] + second.offset[2]],
  };
}

/**
 * Applies `affine` to `count` RGB triplets of `from` starting at index `fromIndex`, writing them
 * to `to` from `toIndex`; `from` and `to` may be the same array (in place).
 */
export function applyAffineToTriplets(affine: Affine3, from: Float64Array, fromIndex: number, to: Float64Array, toIndex: number, count: number): void {
  const [m0, m1, m2, m3, m4, m5, m6, m7, m8] = affine.matrix;
  const [o0, o1, o2] = affine.offset;
  for (let i = fromIndex, j = toIndex, stop = fromIndex + count * 3; i < stop; i += 3, j += 3) {
    const r = from[i]!;
    const g = from[i + 1]!;
    const b = from[i + 2]!;
    to[j] = m0 * r + m1 * g + m2 * b + o0;
    to[j + 1] = m3 * r + m4 * g + m5 * b + o1;
    to[j + 2] = m6 * r + m7 * g + m8 * b + o2;
  }
}
