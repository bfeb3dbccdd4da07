/**
 * `.cube` files, read and written per the Adobe Cube LUT Specification 1.0 (2013):
 * - lines are keyword lines, table data lines, comment lines (first non-blank character `#`) or
 *   blank lines; keywords precede the table data;
 * - `TITLE "text"`; `LUT_1D_SIZE N` (2..65536) or `LUT_3D_SIZE N` (2..256), exactly one of them;
 *   `DOMAIN_MIN r g b` / `DOMAIN_MAX r g b` (default 0 0 0 / 1 1 1, min < max per channel);
 * - data lines hold three numbers; a 3D table lists N³ lines with red changing fastest, then
 *   green, then blue; a 1D table lists N lines.
 * Also honoured: the vendor keywords `LUT_3D_INPUT_RANGE min max` and `LUT_1D_INPUT_RANGE min max`
 * (DaVinci Resolve), which set the domain for all three channels. Other keywords are reported as
 * warnings with their line numbers, never silently dropped; a malformed file is an error naming
 * the line. Nothing is guessed: no missing line is filled in and no extra line is ignored.
 */
import type { Lut3D } from './lut-types';
import type { Rgb } from './matrix';
import { sampleLut } from './apply-lut';

/** A 1D LUT: `size` RGB triplets, entry i for input i/(size − 1) of the domain. */
export interface Lut1D {
  readonly size: number;
  readonly data: Float32Array;
}

export interface CubeFile {
  readonly title: string | null;
  readonly domainMin: Rgb;
  readonly domainMax: Rgb;
  /** Exactly one of `lut3d` and `lut1d` is set. */
  readonly lut3d: Lut3D | null;
  readonly lut1d: Lut1D | null;
}

export interface CubeWarning {
  readonly line: number;
  readonly message: string;
}

export type CubeParseResult =
  | { readonly ok: true; readonly cube: CubeFile; readonly warnings: readonly CubeWarning[] }
  | { readonly ok: false; readonly line: number; readonly message: string };

export const CUBE_3D_SIZE_RANGE = [2, 256] as const;
export const CUBE_1D_SIZE_RANGE = [2, 65536] as const;

class CubeError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

/** A decimal number as the spec allows (optional sign, digits, fraction, exponent); no NaN/Infinity. */
const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

function parseNumber(token: string, line: number, what: string): number {
  if (!NUMBER.test(token)) throw new CubeError(line, `line ${line}: ${what} "${token}" is not a number`);
  const value = Number(token);
  if (!Number.isFinite(value)) throw new CubeError(line, `line ${line}: ${what} "${token}" is out of range`);
  return value;
}

function parseSize(tokens: readonly string[], line: number, keyword: string, [min, max]: readonly [number, number]): number {
  if (tokens.length !== 2) throw new CubeError(line, `line ${line}: ${keyword} takes one integer`);
  const token = tokens[1]!;
  const value = /^\d+$/.test(token) ? Number(token) : NaN;
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new CubeError(line, `line ${line}: ${keyword} must be an integer from ${min} to ${max} (got "${token}")`);
  }
  return value;
}

function parseTriplet(tokens: readonly string[], line: number, keyword: string): Rgb {
  if (tokens.length !== 4) throw new CubeError(line, `line ${line}: ${keyword} takes three numbers`);
  return [parseNumber(tokens[1]!, line, keyword), parseNumber(tokens[2]!, line, keyword), parseNumber(tokens[3]!, line, keyword)];
}

function parseRange(tokens: readonly string[], line: number, keyword: string): [number, number] {
  if (tokens.length !== 3) throw new CubeError(line, `line ${line}: ${keyword} takes two numbers (min max)`);
  return [parseNumber(tokens[1]!, line, keyword), parseNumber(tokens[2]!, line, keyword)];
}

function parseTitle(raw: string, line: number, warnings: CubeWarning[]): string {
  const rest = raw.replace(/^TITLE\s*/, '');
  const quoted = /^"([^"]*)"\s*$/.exec(rest);
  if (quoted) return quoted[1]!;
  if (rest.includes('"')) throw new CubeError(line, `line ${line}: TITLE must be one quoted string`);
  warnings.push({ line, message: `line ${line}: TITLE is not quoted as the specification requires; read as "${rest.trim()}"` });
  return rest.trim();
}

interface Header {
  title: string | null;
  size3d: number | null;
  size1d: number | null;
  /** Line of the size keyword, for errors about the table it declares. */
  sizeLine: number;
  domainMin: Rgb | null;
  domainMax: Rgb | null;
  /** Line of the last keyword that set the domain, for errors about it. */
  domainLine: number;
  inputRange: { keyword: string; range: [number, number]; line: number } | null;
}

const KNOWN_ONCE = ['TITLE', 'LUT_3D_SIZE', 'LUT_1D_SIZE', 'DOMAIN_MIN', 'DOMAIN_MAX', 'LUT_3D_INPUT_RANGE', 'LUT_1D_INPUT_RANGE'];

function readKeyword(header: Header, tokens: readonly string[], raw: string, line: number, warnings: CubeWarning[]): void {
  const keyword = tokens[0]!;
  switch (keyword) {
    case 'TITLE':
      header.title = parseTitle(raw, line, warnings);
      return;
    case 'LUT_3D_SIZE':
      header.size3d = parseSize(tokens, line, keyword, CUBE_3D_SIZE_RANGE);
      header.sizeLine = line;
      return;
    case 'LUT_1D_SIZE':
      header.size1d = parseSize(tokens, line, keyword, CUBE_1D_SIZE_RANGE);
      header.sizeLine = line;
      return;
    case 'DOMAIN_MIN':
      header.domainMin = parseTriplet(tokens, line, keyword);
      header.domainLine = line;
      return;
    case 'DOMAIN_MAX':
      header.domainMax = parseTriplet(tokens, line, keyword);
      header.domainLine = line;
      return;
    case 'LUT_3D_INPUT_RANGE':
    case 'LUT_1D_INPUT_RANGE':
      header.inputRange = { keyword, range: parseRange(tokens, line, keyword), line };
      header.domainLine = line;
      return;
    default:
      warnings.push({ line, message: `line ${line}: unknown keyword ${keyword} was not applied` });
  }
}

function resolveDomain(header: Header): { min: Rgb; max: Rgb } {
  let min = header.domainMin ?? [0, 0, 0];
  let max = header.domainMax ?? [1, 1, 1];
  const range = header.inputRange;
  if (range) {
    const expected = header.size3d !== null ? 'LUT_3D_INPUT_RANGE' : 'LUT_1D_INPUT_RANGE';
    if (range.keyword !== expected) throw new CubeError(range.line, `line ${range.line}: ${range.keyword} does not match the file's table (${expected})`);
    const [lo, hi] = range.range;
    const fromRange: [Rgb, Rgb] = [
      [lo, lo, lo],
      [hi, hi, hi],
    ];
    const same = (a: Rgb, b: Rgb): boolean => a[0] === b[0] && a[1] === b[1] && a[2] === b[2];
    if ((header.domainMin && !same(header.domainMin, fromRange[0])) || (header.domainMax && !same(header.domainMax, fromRange[1]))) {
      throw new CubeError(range.line, `line ${range.line}: ${range.keyword} contradicts DOMAIN_MIN/DOMAIN_MAX`);
    }
    [min, max] = fromRange;
  }
  for (let c = 0; c < 3; c++) {
    if (!(min[c]! < max[c]!)) {
      const line = header.domainLine;
      throw new CubeError(line, `line ${line}: the domain minimum must be below the maximum on every channel (channel ${'RGB'[c]}: ${min[c]} ≥ ${max[c]})`);
    }
  }
  return { min, max };
}

/**
 * The error for a file that ends without table data. Table data before any size keyword is
 * reported where it starts (in parseCube); here there is none, so: line 1 of a file with nothing
 * but blank lines, else the line where the file ends, naming the size keyword's line if there is one.
 */
function missingTable(header: Header, lines: readonly string[], lastLine: number): CubeError {
  const keyword = header.size3d !== null ? 'LUT_3D_SIZE' : header.size1d !== null ? 'LUT_1D_SIZE' : null;
  if (keyword === null) {
    if (lines.every((line) => line.trim() === '')) return new CubeError(1, 'line 1: the file is empty; a .cube file holds a LUT_3D_SIZE or LUT_1D_SIZE line and a table');
    return new CubeError(lastLine, `line ${lastLine}: the file ends without a LUT_3D_SIZE or LUT_1D_SIZE line and without table data`);
  }
  const size = header.size3d ?? header.size1d!;
  const expected = header.size3d !== null ? size ** 3 : size;
  return new CubeError(lastLine, `line ${lastLine}: the file ends without table data (${keyword} on line ${header.sizeLine} declares ${expected} table lines)`);
}

/**
 * Parses the text of a `.cube` file. Returns the table with any warnings (unknown keywords, an
 * unquoted title), or the first error with its line number.
 */
export function parseCube(text: string): CubeParseResult {
  const warnings: CubeWarning[] = [];
  try {
    const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
    const header: Header = { title: null, size3d: null, size1d: null, sizeLine: 0, domainMin: null, domainMax: null, domainLine: 0, inputRange: null };
    const seen = new Set<string>();
    let values: Float32Array | null = null;
    let expected = 0;
    let count = 0;
    for (let index = 0; index < lines.length; index++) {
      const line = index + 1;
      const raw = lines[index]!.trim();
      if (raw === '' || raw.startsWith('#')) continue;
      const tokens = raw.split(/\s+/);
      const first = tokens[0]!;
      if (/^[A-Za-z_]/.test(first)) {
        if (values) throw new CubeError(line, `line ${line}: keyword ${first} after the table data began`);
        if (KNOWN_ONCE.includes(first)) {
          if (seen.has(first)) throw new CubeError(line, `line ${line}: ${first} appears twice`);
          seen.add(first);
        }
        readKeyword(header, tokens, raw, line, warnings);
        continue;
      }
      if (!values) {
        if (header.size3d !== null && header.size1d !== null) throw new CubeError(line, `line ${line}: a file holds either LUT_1D_SIZE or LUT_3D_SIZE, not both`);
        const size = header.size3d ?? header.size1d;
        if (size === null) throw new CubeError(line, `line ${line}: the table data starts here, but no LUT_3D_SIZE or LUT_1D_SIZE line comes before it`);
        expected = header.size3d !== null ? size ** 3 : size;
        values = new Float32Array(expected * 3);
      }
      if (tokens.length !== 3) throw new CubeError(line, `line ${line}: a table line holds three numbers (found ${tokens.length} fields)`);
      if (count >= expected) throw new CubeError(line, `line ${line}: more than the ${expected} table lines the size declares`);
      for (let c = 0; c < 3; c++) values[count * 3 + c] = parseNumber(tokens[c]!, line, 'value');
      count++;
    }
    // What is missing at the end is reported at the line where the file ends.
    const lastLine = lines.length;
    if (!values) throw missingTable(header, lines, lastLine);
    if (count < expected) throw new CubeError(lastLine, `line ${lastLine}: the table ends after ${count} of ${expected} lines`);
    const domain = resolveDomain(header);
    const table = { size: (header.size3d ?? header.size1d)!, data: values };
    const cube: CubeFile = {
      title: header.title,
      domainMin: domain.min,
      domainMax: domain.max,
      lut3d: header.size3d !== null ? table : null,
      lut1d: header.size3d === null ? table : null,
    };
    return { ok: true, cube, warnings };
  } catch (error) {
    if (error instanceof CubeError) return { ok: false, line: error.line, message: error.message };
    throw error;
  }
}

/** Formats a value with 7 decimals, enough for a read-back within 1e-6, without "-0". */
function formatValue(v: number): string {
  const text = v.toFixed(7);
  return /^-0\.0+$/.test(text) ? text.slice(1) : text;
}

/** A cube file holding `lut` over the default 0..1 domain. */
export function cubeFromLut(lut: Lut3D, title: string | null = null): CubeFile {
  return { title, domainMin: [0, 0, 0], domainMax: [1, 1, 1], lut3d: lut, lut1d: null };
}

/**
 * Writes a `.cube` file: optional comment lines, TITLE, the size keyword, DOMAIN_MIN/DOMAIN_MAX
 * and the table, values with 7 decimals. Quotes in the title become apostrophes (the format has
 * no escape for them).
 */
export function writeCube(cube: CubeFile, comments: readonly string[] = []): string {
  const table = cube.lut3d ?? cube.lut1d;
  if (!table || (cube.lut3d && cube.lut1d)) throw new Error('a cube file holds exactly one table');
  const out: string[] = comments.flatMap((comment) => comment.split(/\r\n|\r|\n/)).map((comment) => `# ${comment}`);
  if (cube.title !== null) out.push(`TITLE "${cube.title.replace(/"/g, "'").replace(/[\r\n]+/g, ' ')}"`);
  out.push(cube.lut3d ? `LUT_3D_SIZE ${cube.lut3d.size}` : `LUT_1D_SIZE ${table.size}`);
  out.push(`DOMAIN_MIN ${cube.domainMin.map(formatValue).join(' ')}`);
  out.push(`DOMAIN_MAX ${cube.domainMax.map(formatValue).join(' ')}`);
  const data = table.data;
  for (let i = 0; i < data.length; i += 3) out.push(`${formatValue(data[i]!)} ${formatValue(data[i + 1]!)} ${formatValue(data[i + 2]!)}`);
  return `${out.join('\n')}\n`;
}

function sample1d(lut: Lut1D, channel: number, t: number): number {
  const x = Math.min(1, Math.max(0, t)) * (lut.size - 1);
  const i = Math.min(Math.floor(x), lut.size - 2);
  const f = x - i;
  const a = lut.data[i * 3 + channel]!;
  return a + (lut.data[(i + 1) * 3 + channel]! - a) * f;
}

/**
 * Resamples any cube file into a `size`³ LUT over 0..1, the form the renderers take: a 1D table
 * is applied per channel (linear interpolation), a 3D table tetrahedrally; inputs outside the
 * file's domain are clamped to it, as the specification says. A 3D file already over 0..1 at the
 * requested size is returned as it is.
 */
export function cubeToLut3D(cube: CubeFile, size = cube.lut3d?.size ?? 33): Lut3D {
  const unitDomain = cube.domainMin.every((v) => v === 0) && cube.domainMax.every((v) => v === 1);
  if (cube.lut3d && unitDomain && cube.lut3d.size === size) return cube.lut3d;
  const data = new Float32Array(size ** 3 * 3);
  const norm = (v: number, c: number): number => (v - cube.domainMin[c]!) / (cube.domainMax[c]! - cube.domainMin[c]!);
  let i = 0;
  for (let b = 0; b < size; b++) {
    for (let g = 0; g < size; g++) {
      for (let r = 0; r < size; r++) {
        const rgb = [r / (size - 1), g / (size - 1), b / (size - 1)];
        const [nr, ng, nb] = rgb.map((v, c) => norm(v, c)) as [number, number, number];
        const out = cube.lut3d ? sampleLut(cube.lut3d, nr, ng, nb) : [0, 1, 2].map((c) => sample1d(cube.lut1d!, c, [nr, ng, nb][c]!));
        data[i++] = out[0]!;
        data[i++] = out[1]!;
        data[i++] = out[2]!;
      }
    }
  }
  return { size, data };
}
