import { describe, expect, it } from 'vitest';
import { applyLutToFloatRgba, sampleLut } from './apply-lut';
import { bakeLut, DEFAULT_LUT_SIZE, gradeLutSize } from './bake';
import { cubeFromLut, parseCube, writeCube } from './cube';
import { DEFAULT_GRADE } from './grade';
import { applyGradeToColors } from './grade-program';
import { lutFromBytes, lutToBytes } from './lut-bytes';
import { alignedLutSize, applyLutFileToTriplets, lutFileFromCube, lutFileTableError, lutFileToTable, MAX_SHAPER_SIZE } from './lut-file';
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

describe('a file with a shaper before its 3D table', () => {
  // As Resolve writes them: a log-like 10-point shaper over −0.1..3, then a 3-point table over the same range.
  const shaperRows = Array.from({ length: 10 }, (_, i) => {
    const x = -0.1 + (3.1 * i) / 9;
    const v = -0.1 + (3.1 * Math.log2(1 + 64 * ((x + 0.1) / 3.1))) / Math.log2(65);
    return `${v.toFixed(7)} ${(v * 0.9).toFixed(7)} ${(v * 0.8 + 0.1).toFixed(7)}`;
  });
  const table = tableOf(3, (r, g, b) => [0.9 * r + 0.1 * b, g * g, 1 - 0.5 * b + 0.2 * r]);
  const tableRows = Array.from({ length: 27 }, (_, i) => Array.from(table.data.slice(i * 3, i * 3 + 3), (v) => (-0.1 + 3.1 * v).toFixed(7)).join(' '));
  const file = cubeFile(['LUT_1D_SIZE 10', 'LUT_1D_INPUT_RANGE -0.1 3.0', 'LUT_3D_SIZE 3', 'LUT_3D_INPUT_RANGE -0.1 3.0', ...shaperRows, ...tableRows]);

  /** The largest difference from the file over the colours, both clamped to 0..1. */
  function worstAgainstFile(render: (pixels: Float32Array) => Float32Array): number {
    const pixels = colours(20000);
    const rendered = render(pixels);
    let worst = 0;
    for (let p = 0; p < pixels.length; p += 4) {
      const expected = applied(file, [pixels[p]!, pixels[p + 1]!, pixels[p + 2]!]);
      for (let c = 0; c < 3; c++) worst = Math.max(worst, Math.abs(rendered[p + c]! - unit(expected[c]!)));
    }
    return worst;
  }

  it('is kept as a shaper stage on a grid holding its bends, then its own table: exact, not resampled', () => {
    const result = lutFileToTable(file);
    expect(result.resampled).toBe(false);
    expect(result.lut.size).toBe(3);
    // Its bends inside 0..1 lie at (31k − 9)/90: a 91-point grid holds them all.
    expect(result.lut.shaper?.size).toBe(91);
    expect(worstAgainstFile((pixels) => applyLutToFloatRgba(result.lut, pixels))).toBeLessThan(1e-5);
  });

  it('renders in a grade exactly as the file, where a 65-point table without the stage was off by more than 1/255', () => {
    const { lut: customLut } = lutFileToTable(file);
    const grade = { ...DEFAULT_GRADE, customLook: 'shaped' };
    const baked = bakeLut(grade, gradeLutSize(customLut), { customLut });
    expect(baked.shaper).toBe(customLut.shaper);
    expect(worstAgainstFile((pixels) => applyLutToFloatRgba(baked, pixels))).toBeLessThan(1e-5);
    // A download asks for a plain table over the colour: no shaper, the file applied inside the engine.
    const plain = bakeLut(grade, 65, { customLut, withoutShaper: true });
    expect(plain.shaper).toBeUndefined();
    expect(worstAgainstFile((pixels) => applyLutToFloatRgba(plain, pixels))).toBeLessThan(2.5 / 255);
    const uniform = tableOf(65, (r, g, b) => applied(file, [r, g, b]) as [number, number, number]);
    expect(worstAgainstFile((pixels) => applyLutToFloatRgba(uniform, pixels))).toBeGreaterThan(1 / 255);
  });

  it('bakes a grade with anything before the LUT over the colour itself, with the stage inside the engine', () => {
    const { lut: customLut } = lutFileToTable(file);
    const grade = { ...DEFAULT_GRADE, customLook: 'shaped', lookStrength: 70, adjustments: { ...DEFAULT_GRADE.adjustments, exposure: 10, contrast: 20 } };
    const baked = bakeLut(grade, gradeLutSize(customLut), { customLut });
    expect(baked.shaper).toBeUndefined();
    expect(baked.size).toBe(65);
    const pixels = colours(5000);
    const rendered = applyLutToFloatRgba(baked, pixels);
    const triplets = Array.from({ length: 5000 }, (_, i) => [pixels[i * 4]!, pixels[i * 4 + 1]!, pixels[i * 4 + 2]!]).flat();
    const exact = applyGradeToColors(grade, triplets, { customLut });
    let worst = 0;
    for (let i = 0; i < 5000; i++) for (let c = 0; c < 3; c++) worst = Math.max(worst, Math.abs(rendered[i * 4 + c]! - exact[i * 3 + c]!));
    expect(worst).toBeLessThan(2 / 255);
  });

  it('keeps the finishing sliders after the LUT on its shaper grid', () => {
    const { lut: customLut } = lutFileToTable(file);
    const grade = { ...DEFAULT_GRADE, customLook: 'shaped', adjustments: { ...DEFAULT_GRADE.adjustments, contrast: 30, saturation: -20 } };
    const baked = bakeLut(grade, gradeLutSize(customLut), { customLut });
    expect(baked.shaper).toBe(customLut.shaper);
    const pixels = colours(5000);
    const rendered = applyLutToFloatRgba(baked, pixels);
    const triplets = Array.from({ length: 5000 }, (_, i) => [pixels[i * 4]!, pixels[i * 4 + 1]!, pixels[i * 4 + 2]!]).flat();
    const exact = applyGradeToColors(grade, triplets, { customLut });
    let worst = 0;
    for (let i = 0; i < 5000; i++) for (let c = 0; c < 3; c++) worst = Math.max(worst, Math.abs(rendered[i * 4 + c]! - exact[i * 3 + c]!));
    expect(worst).toBeLessThan(1 / 255);
  });

  it('samples a shaper whose bends no grid of up to 2048 points holds, and states the difference', () => {
    const bent = cubeFile(['LUT_1D_SIZE 3', 'LUT_1D_INPUT_RANGE 0 1.4142135', 'LUT_3D_SIZE 2', '0 0 0', '0.8 0.7 0.6', '1 1 1', '0 0 0', '1 0 0', '0 1 0', '1 1 0', '0 0 1', '1 0 1', '0 1 1', '1 1 1']);
    const result = lutFileToTable(bent);
    expect(result.lut.shaper?.size).toBe(MAX_SHAPER_SIZE);
    expect(result.resampled).toBe(true);
    expect(result.maxError).toBeGreaterThan(0);
    expect(result.maxError).toBeLessThan(0.1 / 255);
  });

  it('is written as a shaper file and as bytes, and both read back to the same stage and table', () => {
    const { lut } = lutFileToTable(file);
    const back = parseCube(writeCube(cubeFromLut(lut, 'shaped')));
    if (!back.ok) throw new Error(back.message);
    expect(back.cube.shaper?.lut.size).toBe(91);
    const reread = lutFileToTable(lutFileFromCube(back.cube)).lut;
    expect(reread.size).toBe(3);
    reread.data.forEach((v, i) => expect(Math.abs(v - lut.data[i]!)).toBeLessThan(1e-6));
    reread.shaper!.data.forEach((v, i) => expect(Math.abs(v - lut.shaper!.data[i]!)).toBeLessThan(1e-6));
    expect(lutFromBytes(3, lutToBytes(lut))).toEqual(lut);
    expect(lutFromBytes(3, lutToBytes({ size: 3, data: lut.data })).shaper).toBeUndefined();
  });
});
