import { describe, expect, it } from 'vitest';
import { DEFAULT_ADJUSTMENTS } from './adjustments';
import { bakeLut, identityLut } from './bake';
import { cubeFromLut, parseCube, writeCube } from './cube';
import { cubeToLut3D } from './lut-file';
import type { CubeFile } from './cube';
import { DEFAULT_GRADE } from './grade';

const IDENTITY_2 = ['0 0 0', '1 0 0', '0 1 0', '1 1 0', '0 0 1', '1 0 1', '0 1 1', '1 1 1'];

function parsed(text: string): CubeFile {
  const result = parseCube(text);
  if (!result.ok) throw new Error(result.message);
  return result.cube;
}

function failure(text: string): { line: number; message: string } {
  const result = parseCube(text);
  if (result.ok) throw new Error('expected an error');
  return result;
}

describe('parseCube', () => {
  it('reads a minimal 3D file, red fastest', () => {
    const cube = parsed(['LUT_3D_SIZE 2', ...IDENTITY_2].join('\n'));
    expect(cube.lut3d?.size).toBe(2);
    expect(Array.from(cube.lut3d!.data.subarray(3, 6))).toEqual([1, 0, 0]);
    expect(cube.domainMin).toEqual([0, 0, 0]);
    expect(cube.domainMax).toEqual([1, 1, 1]);
    expect(cube.title).toBeNull();
  });

  it('accepts a title, comments, blank lines, CRLF, a BOM, exponents and leading whitespace', () => {
    const text = '\uFEFF# made by hand\r\nTITLE "Hand made"\r\n\r\n  LUT_3D_SIZE 2\r\nDOMAIN_MIN 0 0 0\r\nDOMAIN_MAX 1.0 1.0 1.0\r\n# data\r\n' + IDENTITY_2.map((l) => l.replace(/1/g, '1e0')).join('\r\n') + '\r\n';
    const result = parseCube(text);
    expect(result).toMatchObject({ ok: true, warnings: [] });
    expect(result.ok && result.cube.title).toBe('Hand made');
  });

  it('reads a 1D table with its domain', () => {
    const cube = parsed(['LUT_1D_SIZE 3', 'DOMAIN_MIN -0.5 0 0', 'DOMAIN_MAX 1.5 2 1', '0 0 0', '0.5 0.5 0.5', '1 1 1'].join('\n'));
    expect(cube.lut3d).toBeNull();
    expect(cube.lut1d?.size).toBe(3);
    expect(cube.domainMin).toEqual([-0.5, 0, 0]);
    expect(cube.domainMax).toEqual([1.5, 2, 1]);
  });

  it('honours LUT_3D_INPUT_RANGE as the domain', () => {
    const cube = parsed(['LUT_3D_SIZE 2', 'LUT_3D_INPUT_RANGE 0 4', ...IDENTITY_2].join('\n'));
    expect(cube.domainMax).toEqual([4, 4, 4]);
  });

  it('reports unknown keywords as warnings with their line, never silently', () => {
    const result = parseCube(['TITLE "x"', 'LUT_IN_VIDEO_RANGE', 'LUT_3D_SIZE 2', ...IDENTITY_2].join('\n'));
    expect(result.ok && result.warnings).toEqual([{ line: 2, message: 'line 2: unknown keyword LUT_IN_VIDEO_RANGE was not applied' }]);
  });

  it('reads an unquoted title with a warning', () => {
    const result = parseCube(['TITLE Plain', 'LUT_3D_SIZE 2', ...IDENTITY_2].join('\n'));
    expect(result.ok && result.cube.title).toBe('Plain');
    expect(result.ok && result.warnings[0]?.line).toBe(1);
  });

  it.each([
    [['LUT_3D_SIZE 2', ...IDENTITY_2.slice(0, 7)], 8, /ends after 7 of 8 lines/],
    [['LUT_3D_SIZE 2', ...IDENTITY_2, '1 1 1'], 10, /more than the 8 table lines/],
    [['LUT_3D_SIZE 2', '0 0', ...IDENTITY_2.slice(1)], 2, /three numbers \(found 2 fields\)/],
    [['LUT_3D_SIZE 2', '0 0 x', ...IDENTITY_2.slice(1)], 2, /value "x" is not a number/],
    [['LUT_3D_SIZE 2', '0 0 NaN', ...IDENTITY_2.slice(1)], 2, /value "NaN" is not a number/],
    [['LUT_3D_SIZE 2', '0 0 1e999', ...IDENTITY_2.slice(1)], 2, /out of range/],
    [['LUT_3D_SIZE 2', ...IDENTITY_2.slice(0, 4), 'TITLE "late"', ...IDENTITY_2.slice(4)], 6, /after the table data began/],
    [['LUT_3D_SIZE 2', 'LUT_3D_SIZE 2', ...IDENTITY_2], 2, /appears twice/],
    [['LUT_3D_SIZE 1', ...IDENTITY_2], 1, /from 2 to 256/],
    [['LUT_3D_SIZE 257'], 1, /from 2 to 256/],
    [['LUT_3D_SIZE 2.5'], 1, /from 2 to 256/],
    [['LUT_1D_SIZE 65537'], 1, /from 2 to 65536/],
    [['LUT_1D_SIZE 2', 'LUT_3D_SIZE 2', 'DOMAIN_MAX 1 1 1', '0 0 0', '1 1 1', ...IDENTITY_2], 3, /LUT_1D_INPUT_RANGE and LUT_3D_INPUT_RANGE, not DOMAIN_MIN\/DOMAIN_MAX/],
    [['LUT_3D_SIZE 2', 'LUT_1D_SIZE 2', ...IDENTITY_2], 10, /the table ends after 8 of 10 lines/],
    [['LUT_1D_SIZE 2', 'LUT_3D_SIZE 2', 'LUT_1D_INPUT_RANGE 1 0', '0 0 0', '1 1 1', ...IDENTITY_2], 3, /below the maximum/],
    [[...IDENTITY_2], 1, /table data starts here, but no LUT_3D_SIZE or LUT_1D_SIZE line comes before it/],
    [['# a comment', ...IDENTITY_2, 'LUT_3D_SIZE 2'], 2, /table data starts here, but no LUT_3D_SIZE/],
    [[''], 1, /the file is empty/],
    [['', '   ', ''], 1, /the file is empty/],
    [['TITLE "no table"'], 1, /ends without a LUT_3D_SIZE or LUT_1D_SIZE line and without table data/],
    [['# only', '# comments', ''], 3, /ends without a LUT_3D_SIZE or LUT_1D_SIZE line and without table data/],
    [['LUT_3D_SIZE 2'], 1, /ends without table data \(LUT_3D_SIZE on line 1 declares 8 table lines\)/],
    [['TITLE "t"', 'LUT_1D_SIZE 4', '# no rows', ''], 4, /ends without table data \(LUT_1D_SIZE on line 2 declares 4 table lines\)/],
    [['LUT_3D_SIZE 2', 'DOMAIN_MIN 0 0', ...IDENTITY_2], 2, /DOMAIN_MIN takes three numbers/],
    [['LUT_3D_SIZE 2', 'DOMAIN_MIN 1 0 0', ...IDENTITY_2], 2, /below the maximum .*channel R/],
    [['LUT_3D_SIZE 2', 'LUT_1D_INPUT_RANGE 0 1', ...IDENTITY_2], 2, /does not match/],
    [['LUT_3D_SIZE 2', 'DOMAIN_MAX 2 2 2', 'LUT_3D_INPUT_RANGE 0 1', ...IDENTITY_2], 3, /contradicts/],
    [['TITLE "a" "b"', 'LUT_3D_SIZE 2', ...IDENTITY_2], 1, /one quoted string/],
  ])('rejects malformed input %# with the line number, in the message too', (lines, line, message) => {
    const error = failure(lines.join('\n'));
    expect(error.line).toBe(line);
    expect(error.message).toMatch(message);
    // A person reads only the message: it must say which line.
    expect(error.message.startsWith(`line ${line}: `)).toBe(true);
  });
});

describe('writeCube', () => {
  it('round-trips a baked LUT within 1e-6', () => {
    const lut = bakeLut({ ...DEFAULT_GRADE, look: 'blockbuster-teal-orange', adjustments: { ...DEFAULT_ADJUSTMENTS, contrast: 20 } }, 17);
    const back = parsed(writeCube(cubeFromLut(lut, 'Teal & Orange'), ['Cinegrade', 'look: blockbuster-teal-orange']));
    expect(back.title).toBe('Teal & Orange');
    expect(back.lut3d?.size).toBe(17);
    let worst = 0;
    lut.data.forEach((v, i) => (worst = Math.max(worst, Math.abs(v - back.lut3d!.data[i]!))));
    expect(worst).toBeLessThan(1e-6);
  });

  it('round-trips a 1D table with a domain and values outside 0..1', () => {
    const cube: CubeFile = {
      title: 'say "hi"',
      domainMin: [-0.25, 0, 0],
      domainMax: [1.25, 1, 2],
      lut3d: null,
      lut1d: { size: 3, data: Float32Array.from([-0.1, 0, 0, 0.5, 0.4, 0.3, 1.2, 1, 0.9]) },
    };
    const text = writeCube(cube);
    expect(text).toContain('TITLE "say \'hi\'"');
    const back = parsed(text);
    expect(back.domainMin).toEqual([-0.25, 0, 0]);
    expect(back.domainMax).toEqual([1.25, 1, 2]);
    back.lut1d!.data.forEach((v, i) => expect(v).toBeCloseTo(cube.lut1d!.data[i]!, 6));
  });

  it('writes comments first, the size, the domain and one line per entry', () => {
    const lines = writeCube(cubeFromLut(identityLut(2)), ['two\nlines']).trimEnd().split('\n');
    expect(lines.slice(0, 5)).toEqual(['# two', '# lines', 'LUT_3D_SIZE 2', 'DOMAIN_MIN 0.0000000 0.0000000 0.0000000', 'DOMAIN_MAX 1.0000000 1.0000000 1.0000000']);
    expect(lines).toHaveLength(5 + 8);
    expect(lines[6]).toBe('1.0000000 0.0000000 0.0000000');
  });

  it('never writes negative zero', () => {
    const lut = { size: 2, data: new Float32Array(24).fill(-0) };
    expect(writeCube(cubeFromLut(lut))).not.toContain('-0.0');
  });
});

describe('cubeToLut3D', () => {
  it('returns a unit-domain 3D table of the same size as it is', () => {
    const lut = identityLut(5);
    expect(cubeToLut3D(cubeFromLut(lut))).toBe(lut);
  });

  it('applies a 1D table per channel over its domain, clamping outside it', () => {
    const cube = parsed(['LUT_1D_SIZE 2', 'DOMAIN_MIN 0 0 0', 'DOMAIN_MAX 0.5 1 1', '0 0 0', '1 0.5 0.25'].join('\n'));
    const lut = cubeToLut3D(cube, 3);
    // Entry (r=0.5, g=1, b=1): red at its domain maximum → 1; green 1 → 0.5; blue 1 → 0.25.
    const last = lut.data.subarray(lut.data.length - 3);
    expect(Array.from(last)).toEqual([1, 0.5, 0.25]);
    // Entry (r=0.5, g=0, b=0) is index 1; red 0.5 is the domain maximum.
    expect(lut.data[3]).toBeCloseTo(1, 6);
  });

  it('resamples a 3D table to another size', () => {
    const lut = cubeToLut3D(cubeFromLut(identityLut(2)), 9);
    const identity = identityLut(9);
    lut.data.forEach((v, i) => expect(v).toBeCloseTo(identity.data[i]!, 6));
  });
});
