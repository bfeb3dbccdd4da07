/**
 * The stored and served form of an imported LUT's table: float32 RGB triplets, little-endian —
 * the size³ entries of the 3D table (red fastest), then, for a table with a shaper, the shaper's
 * points. The shaper's size follows from the length, so a table without one reads as before.
 */
import type { Lut3D } from './lut-types';

export function lutToBytes(lut: Lut3D): Uint8Array {
  const shaper = lut.shaper?.data ?? new Float32Array(0);
  const bytes = new Uint8Array((lut.data.length + shaper.length) * 4);
  const view = new DataView(bytes.buffer);
  lut.data.forEach((v, i) => view.setFloat32(i * 4, v, true));
  shaper.forEach((v, i) => view.setFloat32((lut.data.length + i) * 4, v, true));
  return bytes;
}

/** Reads {@link lutToBytes}'s form of a `size`-point table; throws, in words, on a length that does not fit. */
export function lutFromBytes(size: number, bytes: ArrayBuffer | Uint8Array): Lut3D {
  const view = bytes instanceof Uint8Array ? new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength) : new DataView(bytes);
  const tableValues = size ** 3 * 3;
  const shaperValues = view.byteLength / 4 - tableValues;
  if (!Number.isInteger(size) || size < 2 || view.byteLength % 12 !== 0 || shaperValues < 0 || shaperValues === 3) {
    throw new Error(`The LUT table has ${view.byteLength} bytes; a ${size}-point table has ${tableValues * 4}, or more with a shaper of at least 2 points.`);
  }
  const read = (from: number, count: number): Float32Array => {
    const data = new Float32Array(count);
    for (let i = 0; i < count; i++) data[i] = view.getFloat32((from + i) * 4, true);
    return data;
  };
  const data = read(0, tableValues);
  return shaperValues === 0 ? { size, data } : { size, data, shaper: { size: shaperValues / 3, data: read(tableValues, shaperValues) } };
}
