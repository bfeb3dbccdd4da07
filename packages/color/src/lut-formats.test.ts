import { describe, expect, it } from 'vitest';
import { sampleLut } from './apply-lut';
import { applyLutFileToTriplets } from './lut-file';
import type { LutFile } from './lut-file';
import { declaredLutSize, lutFormatOfFileName, parseLutFile } from './lut-formats';
import type { LutFormat } from './lut-formats';

function read(text: string, format: LutFormat): { file: LutFile; warnings: readonly string[]; tableSize: number | null } {
  const result = parseLutFile(text, format);
  if (!result.ok) throw new Error(result.message);
  return result;
}

function failure(text: string, format: LutFormat): { line: number | null; message: string } {
  const result = parseLutFile(text, format);
  if (result.ok) throw new Error('expected an error');
  return result;
}

function applied(file: LutFile, rgb: [number, number, number]): number[] {
  const buffer = Float64Array.from(rgb);
  applyLutFileToTriplets(file, buffer);
  return Array.from(buffer);
}

/** A channel rotation with a curve: (r, g, b) → (g², b, r), a function no axis order hides. */
const rotate = (r: number, g: number, b: number): [number, number, number] => [g * g, b, r];

/** A .3dl of `size` points (blue fastest), values of `rotate` at `full` code, mesh as given. */
function threeDl(size: number, full: number, mesh: readonly number[], header: readonly string[] = []): string {
  const lines = [...header, mesh.join(' ')];
  for (let r = 0; r < size; r++) {
    for (let g = 0; g < size; g++) {
      for (let b = 0; b < size; b++) lines.push(rotate(r / (size - 1), g / (size - 1), b / (size - 1)).map((v) => Math.round(v * full)).join(' '));
    }
  }
  return `${lines.join('\n')}\n`;
}

const FLAME_MESH_17 = Array.from({ length: 17 }, (_, i) => Math.min(1023, i * 64));

describe('.3dl', () => {
  it('reads a Flame 17-point 12-bit file: blue fastest, scaled by the largest value\'s full code, the 0 64 … 1023 mesh read as even', () => {
    const { file, tableSize } = read(`# Flame\n${threeDl(17, 4095, FLAME_MESH_17)}`, '3dl');
    expect(tableSize).toBe(17);
    expect(file.shapers).toEqual([]);
    const lut = file.table!.lut;
    // Red fastest in the stored table: entry (r = 1, g = 0, b = 0) is rotate(1, 0, 0) = (0, 0, 1).
    expect(Array.from(lut.data.subarray(48, 51))).toEqual([0, 0, 1]);
    for (const [r, g, b] of [
      [0.3, 0.7, 0.1],
      [0.9, 0.2, 0.55],
    ] as const) {
      const out = applied(file, [r, g, b]);
      expect(out[1]).toBeCloseTo(b, 3);
      expect(out[2]).toBeCloseTo(r, 3);
    }
  });

  it('takes the output depth from the Mesh line, and applies an uneven mesh as a shaper', () => {
    const header = ['3DMESH', 'Mesh 2 16'];
    const even = read(threeDl(5, 65535, [0, 256, 512, 768, 1023], header), '3dl').file;
    expect(even.shapers).toEqual([]);
    expect(Math.max(...even.table!.lut.data)).toBe(1);
    const mesh = [0, 64, 256, 640, 1023];
    const uneven = read(threeDl(5, 65535, mesh, header), '3dl').file;
    expect(uneven.shapers).toHaveLength(1);
    // An input on a mesh level lands on that grid point; between levels, linearly between them.
    const position = (x: number): number => {
      const i = mesh.findIndex((level, k) => x * 1023 >= level && x * 1023 <= mesh[k + 1]!);
      return (i + (x * 1023 - mesh[i]!) / (mesh[i + 1]! - mesh[i]!)) / 4;
    };
    const out = applied(uneven, [0.2, 256 / 1023, 0.9]);
    expect(out[0]).toBeCloseTo(0.25, 4); // g on the middle point: (0.5)²
    expect(out).toEqual(sampleLut(uneven.table!.lut, position(0.2), 0.5, position(0.9)).map((v, c) => (c === 0 ? out[0] : v)));
  });

  it.each([
    ['0 256 512 768 1023\n0 0 0\n', 2, /holds 125 lines \(found 1\)/],
    ['0 0 0\n', 1, /starts with a line giving the input level of each grid point/],
    ['Mesh 2 10\n0 256 512 768 1023\n' + '2000 0 0\n'.repeat(125), 3, /value 2000 is above the output's full code 1023/],
    ['0 256 512 768 1023\n0 x 0\n', 2, /"x" is not a whole number/],
    ['0 600 512 768 1023\n', 1, /must rise/],
  ])('refuses a malformed file %#, naming the line', (text, line, message) => {
    const error = failure(text, '3dl');
    expect(error.line).toBe(line);
    expect(error.message).toMatch(message);
    expect(error.message.startsWith(`line ${line}: `)).toBe(true);
  });
});

function csp3d(prelut: readonly string[], size: number): string {
  const lines = ['CSPLUTV100', '3D', '', 'BEGIN METADATA', 'Rotate test', 'END METADATA', '', ...prelut, '', `${size} ${size} ${size}`];
  for (let b = 0; b < size; b++) {
    for (let g = 0; g < size; g++) {
      for (let r = 0; r < size; r++) lines.push(rotate(r / (size - 1), g / (size - 1), b / (size - 1)).map((v) => v.toFixed(6)).join(' '));
    }
  }
  return lines.join('\r\n');
}

const IDENTITY_PRELUT = ['2', '0.0 1.0', '0.0 1.0', '2', '0.0 1.0', '0.0 1.0', '2', '0.0 1.0', '0.0 1.0'];

describe('.csp', () => {
  it('reads a 3D file with its metadata title, and applies its pre-LUT before the table', () => {
    const plain = read(csp3d(IDENTITY_PRELUT, 9), 'csp');
    expect(plain.tableSize).toBe(9);
    expect(plain.file.title).toBe('Rotate test');
    expect(applied(plain.file, [0.25, 0.5, 0.75])).toEqual(sampleLut(plain.file.table!.lut, 0.25, 0.5, 0.75));
    // A pre-LUT over 0..4 on red: input 2 → 0.5 into the table.
    const hdr = ['3', '0.0 1.0 4.0', '0.0 0.25 1.0', ...IDENTITY_PRELUT.slice(3)];
    const shaped = read(csp3d(hdr, 9), 'csp').file;
    expect(applied(shaped, [2, 0.5, 0.75])[2]).toBeCloseTo(0.25 + (0.75 * (2 - 1)) / 3, 6);
  });

  it('reads a 1D file as its pre-LUT, then the 1D table', () => {
    const text = ['CSPLUTV100', '1D', ...IDENTITY_PRELUT.slice(0, 3), '3', '0 0.5 1', '0 0.25 1', ...IDENTITY_PRELUT.slice(6), '3', '0 0 0', '0.1 0.2 0.3', '1 1 1'].join('\n');
    const { file, tableSize } = read(text, 'csp');
    expect(tableSize).toBeNull();
    expect(file.table).toBeNull();
    const out = applied(file, [0.5, 0.5, 0.5]);
    expect(out[0]).toBeCloseTo(0.1, 6);
    expect(out[1]).toBeCloseTo(0.1, 6); // green's pre-LUT takes 0.5 to 0.25, halfway to the table's middle
    expect(out[2]).toBeCloseTo(0.3, 6);
  });

  it.each([
    ['CSPLUT\n3D\n', 1, /starts with CSPLUTV100/],
    ['CSPLUTV100\n2D\n', 2, /1D or 3D/],
    [['CSPLUTV100', '3D', ...IDENTITY_PRELUT, '2 2 3'].join('\n'), 12, /sizes must be equal/],
    [['CSPLUTV100', '3D', '2', '0 1 2', '0 1'].join('\n'), 4, /inputs line holds 2 numbers \(found 3\)/],
    [['CSPLUTV100', '3D', '2', '1 0', '0 1'].join('\n'), 4, /must rise/],
    [['CSPLUTV100', '3D', ...IDENTITY_PRELUT, '2 2 2', '0 0 0'].join('\n'), 13, /ends before table line 2 of 8/],
  ])('refuses a malformed file %#, naming the line', (text, line, message) => {
    const error = failure(text, 'csp');
    expect(error.line).toBe(line);
    expect(error.message).toMatch(message);
  });
});

describe('lutFormatOfFileName', () => {
  it('knows the formats by extension, in any case, and nothing else', () => {
    expect(['a.cube', 'B.CUBE', 'film.3dl', 'x.CSP', 'grade.cdl', 'cube', 'a.cube.txt'].map(lutFormatOfFileName)).toEqual(['cube', 'cube', '3dl', 'csp', null, null, null]);
  });
});

describe('declaredLutSize', () => {
  it('reads the declared 3D size from the header alone, in each format', () => {
    expect(declaredLutSize('TITLE "x"\r\n# c\r\nLUT_3D_SIZE 256\r\n0 0 0', 'cube')).toBe(256);
    expect(declaredLutSize('LUT_1D_SIZE 1024\n0 0 0', 'cube')).toBeNull();
    expect(declaredLutSize(`3DMESH\nMesh 6 12\n${Array.from({ length: 65 }, (_, i) => i * 16).join(' ')}\n0 0 0`, '3dl')).toBe(65);
    expect(declaredLutSize(csp3d(IDENTITY_PRELUT, 9), 'csp')).toBe(9);
    expect(declaredLutSize(['CSPLUTV100', '3D', ...IDENTITY_PRELUT, '2 2 129'].join('\n'), 'csp')).toBe(129);
  });
});
