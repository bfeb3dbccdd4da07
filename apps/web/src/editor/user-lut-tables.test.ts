import { describe, expect, it } from 'vitest';
import { lutFromBytes } from './user-lut-tables';

describe('lutFromBytes', () => {
  it('reads little-endian float32 triplets, red fastest', () => {
    const values = Float32Array.from({ length: 2 ** 3 * 3 }, (_, i) => i / 100);
    const bytes = new ArrayBuffer(values.length * 4);
    const view = new DataView(bytes);
    values.forEach((v, i) => view.setFloat32(i * 4, v, true));
    const lut = lutFromBytes(2, bytes);
    expect(lut.size).toBe(2);
    expect(Array.from(lut.data)).toEqual(Array.from(values));
  });

  it('refuses a table whose length does not fit its size', () => {
    expect(() => lutFromBytes(3, new ArrayBuffer(12))).toThrow(/a 3-point table has 324/);
    expect(() => lutFromBytes(Number.NaN, new ArrayBuffer(12))).toThrow();
  });
});
