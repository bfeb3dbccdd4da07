import { describe, expect, it } from 'vitest';
import { applyLutToFloatRgba, sampleLut } from './apply-lut';
import { bakeLut, DEFAULT_LUT_SIZE, gradeLutSize } from './bake';
import { parseCube } from './cube';
import { DEFAULT_GRADE } from './grade';
import { alignedLutSize, applyLutFileToTriplets, lutFileFromCube, lutFileTableError, lutFileToTable } from './lut-file';
import type { LutFile } from './lut-file';
import type { Lut3D } from './lut-types';

function cubeFile(lines: readonly string[]): LutFile {
  const result = parseCube(lines.join('\n'));
  if (!result.ok) throw new Error(result.message);
  return lutFileFromCube(result.cube);
}

function applied(file: LutFile, rgb: readonly number[]): number[] {
  const buffer = Float64Array.from(rgb);
  applyLutFileToTriplets(file, buffer);
  return Array.from(buffer);
}

/** A table of `fn` at `size` points, red fastest. */
function tableOf(size: number, fn: (r: number, g: number, b: number) => [number, number, number]): Lut3D {
  const data = new Float32Array(size ** 3 * 3);
  let i = 0;
  for (let b = 0; b < size; b++) for (let g = 0; g < size; g++) for (let r = 0; r < size; r++) data.set(fn(r / (size - 1), g / (size - 1), b / (size - 1)), 3 * i++);
  return { size, data };
}

/** A film-like, strongly curved table whose highlights go above 1 (as an HDR LUT's do). */
const curved = (r: number, g: number, b: number): [number, number, number] => [
  1.15 * Math.sin((Math.PI / 2) * (0.7 * r + 0.3 * g)) ** 2,
  0.5 - 0.5 * Math.cos(Math.PI * (g * 0.8 + b * 0.2)) + 0.1 * r * g,
  Math.sqrt(b) * 1.1 - 0.05,
];

/** Fixed pseudo-random colours over the cube. */
function colours(count: number): Float32Array {
  const pixels = new Float32Array(count * 4);
  let seed = 7;
  for (let i = 0; i < pixels.length; i++) {
    seed = (seed * 16807) % 2147483647;
    pixels[i] = i % 4 === 3 ? 1 : seed / 2147483647;
  }
  return pixels;
}

const unit = (v: number): number => Math.min(1, Math.max(0, v));

const largest = (values: Float32Array): number => values.reduce((m, v) => Math.max(m, v), -Infinity);

describe('Resolve shaper files', () => {
  // Shaper over 0..2 (three points), then a 2-point identity 3D table over 0..1.
  const lines = ['LUT_1D_SIZE 3', 'LUT_1D_INPUT_RANGE 0 2', 'LUT_3D_SIZE 2', 'LUT_3D_INPUT_RANGE 0 1', '0 0 0', '0.25 0.5 0.75', '1 1 1', '0 0 0', '1 0 0', '0 1 0', '1 1 0', '0 0 1', '1 0 1', '0 1 1', '1 1 1'];

  it('reads the 1D shaper first, then the 3D table, each over its own input range', () => {
    const parsed = parseCube(lines.join('\r\n'));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.cube.shaper?.lut.size).toBe(3);
    expect(parsed.cube.shaper?.domainMax).toEqual([2, 2, 2]);
    expect(parsed.cube.lut3d?.size).toBe(2);
    expect(parsed.cube.domainMax).toEqual([1, 1, 1]);
  });

  it('applies the shaper, then the table: input 0.5 is a quarter into the shaper, halfway to its middle point', () => {
    const file = cubeFile(lines);
    const out = applied(file, [0.5, 0.5, 0.5]);
    expect(out[0]).toBeCloseTo(0.125, 12);
    expect(out[1]).toBeCloseTo(0.25, 12);
    expect(out[2]).toBeCloseTo(0.375, 12);
    // Outside the shaper's range an input takes the end value; the table's domain clamps likewise.
    expect(applied(file, [-1, 5, 1.5])).toEqual([0, 1, 0.75 + 0.25 * 0.5]);
  });
});

describe('lutFileToTable', () => {
  it('keeps a plain 3D file over 0..1 as written: the same table, values above 1 included', () => {
    const lut = tableOf(57, curved);
    const file: LutFile = { title: null, shapers: [], table: { lut, domainMin: [0, 0, 0], domainMax: [1, 1, 1] } };
    expect(lutFileToTable(file)).toEqual({ lut, resampled: false, maxError: 0 });
    expect(largest(lut.data)).toBeGreaterThan(1);
  });

  it('reproduces a 1D file of up to 65 points exactly on a grid holding its points', () => {
    const rows = Array.from({ length: 16 }, (_, i) => {
      const x = i / 15;
      return `${(x ** 0.45).toFixed(6)} ${(x * x).toFixed(6)} ${(1 - x).toFixed(6)}`;
    });
    const file = cubeFile(['LUT_1D_SIZE 16', ...rows]);
    const { lut, resampled } = lutFileToTable(file);
    expect(resampled).toBe(false);
    expect(lut.size).toBe(46);
    const pixels = colours(2000);
    for (let p = 0; p < pixels.length; p += 4) {
      const rgb = [pixels[p]!, pixels[p + 1]!, pixels[p + 2]!];
      const expected = applied(file, rgb);
      sampleLut(lut, rgb[0]!, rgb[1]!, rgb[2]!).forEach((v, c) => expect(Math.abs(v - expected[c]!)).toBeLessThan(1e-6));
    }
    expect(lutFileTableError(file, lut)).toBeLessThan(1e-6);
  });

  it('samples a file with another domain, and states an error no 8-bit colour exceeds', () => {
    const file: LutFile = { title: null, shapers: [], table: { lut: tableOf(17, curved), domainMin: [-0.1, -0.1, -0.1], domainMax: [1.2, 1.2, 1.2] } };
    const result = lutFileToTable(file);
    expect(result.resampled).toBe(true);
    expect(result.lut.size).toBe(65);
    expect(result.maxError).toBeGreaterThan(0);
    expect(result.maxError).toBeLessThan(1 / 255);
    const pixels = colours(5000).map((v) => Math.round(v * 255) / 255);
    let worst = 0;
    for (let p = 0; p < pixels.length; p += 4) {
      const rgb = [pixels[p]!, pixels[p + 1]!, pixels[p + 2]!];
      const expected = applied(file, rgb);
      sampleLut(result.lut, rgb[0]!, rgb[1]!, rgb[2]!).forEach((v, c) => (worst = Math.max(worst, Math.abs(unit(v) - unit(expected[c]!)))));
    }
    expect(worst).toBeLessThanOrEqual(result.maxError + 1e-9);
  });
});

describe('a grade with an imported LUT', () => {
  it('bakes on a grid holding every point of the table', () => {
    expect([2, 4, 9, 16, 17, 25, 33, 57, 65].map(alignedLutSize)).toEqual([33, 34, 33, 46, 33, 49, 33, 57, 65]);
    expect(gradeLutSize(null)).toBe(DEFAULT_LUT_SIZE);
    expect(gradeLutSize(tableOf(57, curved))).toBe(57);
  });

  it('renders the 57-point table exactly as the file, unclamped before interpolation, where a 33-point clamped bake was far off', () => {
    const customLut = tableOf(57, curved);
    const grade = { ...DEFAULT_GRADE, customLook: 'imported' };
    const baked = bakeLut(grade, gradeLutSize(customLut), { customLut });
    expect(largest(baked.data)).toBeGreaterThan(1);
    const pixels = colours(20000);
    const rendered = applyLutToFloatRgba(baked, pixels);
    const clampedAt33 = applyLutToFloatRgba({ size: 33, data: bakeLut(grade, 33, { customLut }).data.map(unit) }, pixels);
    let worst = 0;
    let worstAt33 = 0;
    for (let p = 0; p < pixels.length; p += 4) {
      sampleLut(customLut, pixels[p]!, pixels[p + 1]!, pixels[p + 2]!).forEach((v, c) => {
        worst = Math.max(worst, Math.abs(rendered[p + c]! - unit(v)));
        worstAt33 = Math.max(worstAt33, Math.abs(clampedAt33[p + c]! - unit(v)));
      });
    }
    expect(worst).toBeLessThan(1e-5);
    expect(worstAt33 * 255).toBeGreaterThan(1);
  });

  it('leaves a grade without an imported LUT clamped to 0..1 as before', () => {
    const baked = bakeLut({ ...DEFAULT_GRADE, adjustments: { ...DEFAULT_GRADE.adjustments, exposure: 100 } }, 17);
    expect(largest(baked.data)).toBe(1);
  });
});
