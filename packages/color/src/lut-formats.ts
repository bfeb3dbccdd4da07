/**
 * The LUT file formats the product imports, read into the common model (`lut-file.ts`):
 *
 * - `.cube` (Adobe, with DaVinci Resolve's shaper and input ranges): `cube.ts`.
 * - `.3dl` (Autodesk Lustre and Flame): an optional header (`3DMESH`, `Mesh <inputBits> <outputBits>`,
 *   `LUT8`, `gamma`), a line of N integers giving the input level of each grid point (the mesh),
 *   then N³ lines of three integers, blue changing fastest, then green, then red. Integers are
 *   scaled by the output's full code: 2^outputBits − 1 from the `Mesh` line when there is one,
 *   else the smallest of 2^10, 2^12, 2^14, 2^16 (minus 1) that holds the table's largest value.
 *   The mesh's full code is the smallest 2^b − 1 that holds its last value; a mesh within one code
 *   of evenly spaced is read as even (Flame writes 0 64 … 960 1023), any other is applied as a
 *   shaper before the table.
 * - `.csp` (Rising Sun Research cineSpace): `CSPLUTV100`, `1D` or `3D`, an optional
 *   `BEGIN METADATA` … `END METADATA` block, then for each of red, green and blue a pre-LUT (a
 *   count, a line of inputs, a line of outputs: a piecewise-linear curve), then the table: for 3D
 *   a line `N N N` and N³ lines red fastest over 0..1; for 1D a count and that many lines.
 *
 * ASC CDL files (`.cc`, `.ccc`, `.cdl`) are not LUTs: they set the colour wheels (`cdl.ts`).
 */
import { CUBE_3D_SIZE_RANGE, parseCube } from './cube';
import { lutFileFromCube } from './lut-file';
import type { LutFile, ShaperCurve, ShaperCurves } from './lut-file';

export type LutFormat = 'cube' | '3dl' | 'csp';

export const LUT_FORMATS: readonly LutFormat[] = ['cube', '3dl', 'csp'];

export type LutFileParseResult =
  | { readonly ok: true; readonly file: LutFile; readonly warnings: readonly string[]; readonly tableSize: number | null }
  | { readonly ok: false; readonly line: number | null; readonly message: string };

/** The format a file name says (by its extension), or null for another file. */
export function lutFormatOfFileName(name: string): LutFormat | null {
  const ext = /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase();
  return ext === 'cube' || ext === '3dl' || ext === 'csp' ? ext : null;
}

class FormatError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`line ${line}: ${message}`);
  }
}

const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

function number(token: string, line: number): number {
  const value = NUMBER.test(token) ? Number(token) : NaN;
  if (!Number.isFinite(value)) throw new FormatError(line, `"${token}" is not a number`);
  return value;
}

function integer(token: string, line: number): number {
  if (!/^\d+$/.test(token)) throw new FormatError(line, `"${token}" is not a whole number`);
  return Number(token);
}

/** Non-blank lines with their 1-based line numbers; `#` starts a comment line when `comments`. */
function contentLines(text: string, comments: boolean): { line: number; tokens: string[]; raw: string }[] {
  return text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\r|\n/)
    .map((raw, index) => ({ line: index + 1, raw: raw.trim(), tokens: raw.trim().split(/\s+/) }))
    .filter(({ raw }) => raw !== '' && !(comments && raw.startsWith('#')));
}

function checkSize(size: number, line: number): void {
  const [min, max] = CUBE_3D_SIZE_RANGE;
  if (size < min || size > max) throw new FormatError(line, `a 3D table of ${size} points per side is outside ${min} to ${max}`);
}

/** The smallest 2^b − 1 (b ≥ 1) at or above v. */
function fullCode(v: number): number {
  let code = 1;
  while (code < v) code = code * 2 + 1;
  return code;
}

function parse3dl(text: string): { file: LutFile; warnings: string[]; tableSize: number } {
  const warnings: string[] = [];
  let outputBits: number | null = null;
  let mesh: number[] | null = null;
  let meshLine = 0;
  const rows: { line: number; values: number[] }[] = [];
  for (const { line, tokens } of contentLines(text, true)) {
    const first = tokens[0]!;
    if (/[A-Za-z]/.test(first)) {
      if (rows.length > 0) throw new FormatError(line, `keyword ${first} after the table data began`);
      if (first === 'Mesh') {
        if (tokens.length !== 3) throw new FormatError(line, 'Mesh takes two whole numbers (input bits, output bits)');
        outputBits = integer(tokens[2]!, line);
        if (outputBits < 1 || outputBits > 32) throw new FormatError(line, `an output of ${outputBits} bits is not supported`);
      } else if (first !== '3DMESH' && first !== 'LUT8' && first !== 'gamma') {
        warnings.push(`line ${line}: unknown keyword ${first} was not applied`);
      }
      continue;
    }
    const values = tokens.map((token) => integer(token, line));
    if (mesh === null) {
      if (values.length < 2 || values.length === 3) throw new FormatError(line, 'a .3dl file starts with a line giving the input level of each grid point (the mesh), such as 0 64 128 … 1023');
      mesh = values;
      meshLine = line;
      continue;
    }
    if (values.length !== 3) throw new FormatError(line, `a table line holds three whole numbers (found ${values.length})`);
    rows.push({ line, values });
  }
  if (mesh === null) throw new FormatError(1, 'the file holds no mesh line and no table');
  const size = mesh.length;
  checkSize(size, meshLine);
  for (let i = 1; i < size; i++) if (!(mesh[i]! > mesh[i - 1]!)) throw new FormatError(meshLine, 'the mesh must rise from point to point');
  const expected = size ** 3;
  if (rows.length !== expected) {
    const at = rows.length > expected ? rows[expected]!.line : (rows.at(-1)?.line ?? meshLine);
    throw new FormatError(at, `the mesh has ${size} points, so the table holds ${expected} lines (found ${rows.length})`);
  }
  const largest = rows.reduce((m, row) => Math.max(m, ...row.values), 0);
  const outMax = outputBits !== null ? 2 ** outputBits - 1 : [1023, 4095, 16383, 65535].find((code) => largest <= code);
  if (outMax === undefined || largest > outMax) throw new FormatError(rows.find((row) => Math.max(...row.values) === largest)!.line, `the value ${largest} is above the output's full code ${outMax ?? 65535}`);
  const data = new Float32Array(expected * 3);
  // .3dl lists blue fastest; the table stores red fastest.
  for (let index = 0; index < expected; index++) {
    const r = Math.floor(index / (size * size));
    const g = Math.floor(index / size) % size;
    const b = index % size;
    const at = 3 * (r + size * (g + size * b));
    const { values } = rows[index]!;
    for (let c = 0; c < 3; c++) data[at + c] = values[c]! / outMax;
  }
  const inMax = fullCode(mesh[size - 1]!);
  const even = mesh.every((v, i) => Math.abs(v - (i * inMax) / (size - 1)) <= 1);
  const shapers: ShaperCurves[] = [];
  if (!even) {
    const curve: ShaperCurve = { inputs: Float64Array.from(mesh, (v) => v / inMax), outputs: Float64Array.from(mesh, (_, i) => i / (size - 1)) };
    shapers.push([curve, curve, curve]);
  }
  return { file: { title: null, shapers, table: { lut: { size, data }, domainMin: [0, 0, 0], domainMax: [1, 1, 1] } }, warnings, tableSize: size };
}

function parseCsp(text: string): { file: LutFile; warnings: string[]; tableSize: number | null } {
  const lines = contentLines(text, false);
  let at = 0;
  const next = (what: string): { line: number; tokens: string[]; raw: string } => {
    const line = lines[at++];
    if (!line) throw new FormatError(lines.at(-1)?.line ?? 1, `the file ends before ${what}`);
    return line;
  };
  const magic = next('the CSPLUTV100 line');
  if (magic.raw !== 'CSPLUTV100') throw new FormatError(magic.line, 'a .csp file starts with CSPLUTV100');
  const kind = next('the 1D or 3D line');
  if (kind.raw !== '1D' && kind.raw !== '3D') throw new FormatError(kind.line, 'the second line of a .csp file is 1D or 3D');
  let title: string | null = null;
  if (lines[at]?.raw === 'BEGIN METADATA') {
    at++;
    for (;;) {
      const meta = next('END METADATA');
      if (meta.raw === 'END METADATA') break;
      title ??= meta.raw;
    }
  }
  const preluts: ShaperCurve[] = [];
  for (const channel of ['red', 'green', 'blue']) {
    const countLine = next(`the ${channel} pre-LUT`);
    if (countLine.tokens.length !== 1) throw new FormatError(countLine.line, `the ${channel} pre-LUT starts with its number of points`);
    const count = integer(countLine.tokens[0]!, countLine.line);
    if (count < 2 || count > 65536) throw new FormatError(countLine.line, `the ${channel} pre-LUT has ${count} points; 2 to 65536 are allowed`);
    const read = (what: string): Float64Array => {
      const row = next(`the ${channel} pre-LUT's ${what}`);
      if (row.tokens.length !== count) throw new FormatError(row.line, `the ${channel} pre-LUT's ${what} line holds ${count} numbers (found ${row.tokens.length})`);
      return Float64Array.from(row.tokens, (token) => number(token, row.line));
    };
    const inputsLine = lines[at]?.line ?? 0;
    const inputs = read('inputs');
    for (let i = 1; i < count; i++) if (!(inputs[i]! > inputs[i - 1]!)) throw new FormatError(inputsLine, `the ${channel} pre-LUT's inputs must rise from point to point`);
    preluts.push({ inputs, outputs: read('outputs') });
  }
  const prelut = preluts as unknown as ShaperCurves;
  const sizeLine = next('the table size');
  const readRows = (count: number): Float32Array => {
    const data = new Float32Array(count * 3);
    for (let i = 0; i < count; i++) {
      const row = next(`table line ${i + 1} of ${count}`);
      if (row.tokens.length !== 3) throw new FormatError(row.line, `a table line holds three numbers (found ${row.tokens.length})`);
      for (let c = 0; c < 3; c++) data[i * 3 + c] = number(row.tokens[c]!, row.line);
    }
    if (at < lines.length) throw new FormatError(lines[at]!.line, `more than the ${count} table lines the size declares`);
    return data;
  };
  if (kind.raw === '3D') {
    const sizes = sizeLine.tokens.map((token) => integer(token, sizeLine.line));
    if (sizes.length !== 3) throw new FormatError(sizeLine.line, 'the 3D table size is three whole numbers (red, green, blue)');
    if (sizes[0] !== sizes[1] || sizes[1] !== sizes[2]) throw new FormatError(sizeLine.line, `a 3D table of ${sizes.join(' × ')} points is not supported; the sizes must be equal`);
    const size = sizes[0]!;
    checkSize(size, sizeLine.line);
    const data = readRows(size ** 3);
    return { file: { title, shapers: [prelut], table: { lut: { size, data }, domainMin: [0, 0, 0], domainMax: [1, 1, 1] } }, warnings: [], tableSize: size };
  }
  if (sizeLine.tokens.length !== 1) throw new FormatError(sizeLine.line, 'the 1D table starts with its number of points');
  const count = integer(sizeLine.tokens[0]!, sizeLine.line);
  if (count < 2 || count > 65536) throw new FormatError(sizeLine.line, `the 1D table has ${count} points; 2 to 65536 are allowed`);
  const data = readRows(count);
  const curve = (c: number): ShaperCurve => ({ inputs: Float64Array.from({ length: count }, (_, i) => i / (count - 1)), outputs: Float64Array.from({ length: count }, (_, i) => data[i * 3 + c]!) });
  return { file: { title, shapers: [prelut, [curve(0), curve(1), curve(2)]], table: null }, warnings: [], tableSize: null };
}

/**
 * The 3D table size a file declares, read from its header without parsing the table, so an import
 * can refuse an oversized table before reading (and allocating) it; null when none is found (the
 * parser then decides). `.cube`: the LUT_3D_SIZE line; `.3dl`: the number of values on the mesh
 * line; `.csp`: the largest of the three sizes on its `N N N` line.
 */
export function declaredLutSize(text: string, format: LutFormat): number | null {
  const head = text.slice(0, 64 * 1024);
  if (format === 'cube') {
    const size = /^[ \t]*LUT_3D_SIZE[ \t]+(\d+)[ \t]*\r?$/m.exec(head)?.[1];
    return size === undefined ? null : Number(size);
  }
  if (format === '3dl') {
    const mesh = /^[ \t]*(\d+(?:[ \t]+\d+)+)[ \t]*\r?$/m.exec(head)?.[1];
    return mesh === undefined ? null : mesh.trim().split(/\s+/).length;
  }
  if (!/^\s*CSPLUTV100\s+3D\b/.test(head)) return null;
  let largest: number | null = null;
  for (const match of head.matchAll(/^[ \t]*(\d+)[ \t]+(\d+)[ \t]+(\d+)[ \t]*\r?$/gm)) largest = Math.max(largest ?? 0, Number(match[1]), Number(match[2]), Number(match[3]));
  return largest;
}

const FORMAT_NAMES: Record<LutFormat, string> = { cube: '.cube', '3dl': '.3dl', csp: '.csp' };

/** The format's name as people know it: ".cube", ".3dl", ".csp". */
export function lutFormatName(format: LutFormat): string {
  return FORMAT_NAMES[format];
}

/**
 * Reads a LUT file of the given format into the common model. `tableSize` is the 3D table's
 * points per side as the file declares it (null for 1D files), for the import's size limit.
 */
export function parseLutFile(text: string, format: LutFormat): LutFileParseResult {
  if (format === 'cube') {
    const parsed = parseCube(text);
    if (!parsed.ok) return parsed;
    return { ok: true, file: lutFileFromCube(parsed.cube), warnings: parsed.warnings.map((w) => w.message), tableSize: parsed.cube.lut3d?.size ?? null };
  }
  try {
    return { ok: true, ...(format === '3dl' ? parse3dl(text) : parseCsp(text)) };
  } catch (error) {
    if (error instanceof FormatError) return { ok: false, line: error.line, message: error.message };
    throw error;
  }
}
