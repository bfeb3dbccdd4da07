/**
 * `.cube` files, read and written per the Adobe Cube LUT Specification 1.0 (2013):
 * - lines are keyword lines, table data lines, comment lines (first non-blank character `#`) or
 *   blank lines; keywords precede the table data;
 * - `TITLE "text"`; `LUT_1D_SIZE N` (2..65536) or `LUT_3D_SIZE N` (2..256);
 *   `DOMAIN_MIN r g b` / `DOMAIN_MAX r g b` (default 0 0 0 / 1 1 1, min < max per channel);
 * - data lines hold three numbers; a 3D table lists N³ lines with red changing fastest, then
 *   green, then blue; a 1D table lists N lines.
 * Also honoured, from DaVinci Resolve: the keywords `LUT_3D_INPUT_RANGE min max` and
 * `LUT_1D_INPUT_RANGE min max`, which set a table's domain for all three channels, and the shaper
 * file: `LUT_1D_SIZE` and `LUT_3D_SIZE` together, the 1D table (the shaper, over
 * LUT_1D_INPUT_RANGE) listed first and applied first, its output looked up in the 3D table (over
 * LUT_3D_INPUT_RANGE). A shaper file sets its domains with those two keywords only, not with
 * DOMAIN_MIN/DOMAIN_MAX, which could not say which table they belong to. Other keywords are reported as
 * warnings with their line numbers, never silently dropped; a malformed file is an error naming
 * the line. Nothing is guessed: no missing line is filled in and no extra line is ignored.
 */
import type { Lut3D } from './lut-types';
import type { Rgb } from './matrix';

/** A 1D LUT: `size` RGB triplets, entry i for input i/(size − 1) of the domain. */
export interface Lut1D {
  readonly size: number;
  readonly data: Float32Array;
}

/** The 1D table a shaper file applies before its 3D table, with its own domain. */
export interface CubeShaper {
  readonly lut: Lut1D;
  readonly domainMin: Rgb;
  readonly domainMax: Rgb;
}

export interface CubeFile {
  readonly title: string | null;
  /** The domain of the main table (`lut3d`, else `lut1d`). */
  readonly domainMin: Rgb;
  readonly domainMax: Rgb;
  /** Exactly one of `lut3d` and `lut1d` is set. */
  readonly lut3d: Lut3D | null;
  readonly lut1d: Lut1D | null;
  /** A shaper file's 1D table, applied before `lut3d` (absent or null otherwise). */
  readonly shaper?: CubeShaper | null;
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
  inputRange1d: { range: [number, number]; line: number } | null;
  inputRange3d: { range: [number, number]; line: number } | null;
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
      header.inputRange3d = { range: parseRange(tokens, line, keyword), line };
      header.domainLine = line;
      return;
    case 'LUT_1D_INPUT_RANGE':
      header.inputRange1d = { range: parseRange(tokens, line, keyword), line };
      header.domainLine = line;
      return;
    default:
      warnings.push({ line, message: `line ${line}: unknown keyword ${keyword} was not applied` });
  }
}

function checkDomain(min: Rgb, max: Rgb, line: number): void {
  for (let c = 0; c < 3; c++) {
    if (!(min[c]! < max[c]!)) {
      throw new CubeError(line, `line ${line}: the domain minimum must be below the maximum on every channel (channel ${'RGB'[c]}: ${min[c]} ≥ ${max[c]})`);
    }
  }
}

function rangeDomain(range: { range: [number, number]; line: number }): { min: Rgb; max: Rgb } {
  const [lo, hi] = range.range;
  const domain = { min: [lo, lo, lo] as Rgb, max: [hi, hi, hi] as Rgb };
  checkDomain(domain.min, domain.max, range.line);
  return domain;
}

/** The domains of a shaper file: the shaper's from LUT_1D_INPUT_RANGE, the 3D table's from LUT_3D_INPUT_RANGE. */
function resolveShaperDomains(header: Header): { shaper: { min: Rgb; max: Rgb }; table: { min: Rgb; max: Rgb } } {
  if (header.domainMin || header.domainMax) {
    const line = header.domainLine;
    throw new CubeError(line, `line ${line}: a file with a 1D shaper and a 3D table sets their domains with LUT_1D_INPUT_RANGE and LUT_3D_INPUT_RANGE, not DOMAIN_MIN/DOMAIN_MAX`);
  }
  const unit = { min: [0, 0, 0] as Rgb, max: [1, 1, 1] as Rgb };
  return {
    shaper: header.inputRange1d ? rangeDomain(header.inputRange1d) : unit,
    table: header.inputRange3d ? rangeDomain(header.inputRange3d) : unit,
  };
}

function resolveDomain(header: Header): { min: Rgb; max: Rgb } {
  let min = header.domainMin ?? [0, 0, 0];
  let max = header.domainMax ?? [1, 1, 1];
  const is3d = header.size3d !== null;
  const wrong = is3d ? header.inputRange1d : header.inputRange3d;
  if (wrong) {
    const [keyword, expected] = is3d ? ['LUT_1D_INPUT_RANGE', 'LUT_3D_INPUT_RANGE'] : ['LUT_3D_INPUT_RANGE', 'LUT_1D_INPUT_RANGE'];
    throw new CubeError(wrong.line, `line ${wrong.line}: ${keyword} does not match the file's table (${expected})`);
  }
  const range = is3d ? header.inputRange3d : header.inputRange1d;
  if (range) {
    const keyword = is3d ? 'LUT_3D_INPUT_RANGE' : 'LUT_1D_INPUT_RANGE';
    const [lo, hi] = range.range;
    const fromRange: [Rgb, Rgb] = [
      [lo, lo, lo],
      [hi, hi, hi],
    ];
    const same = (a: Rgb, b: Rgb): boolean => a[0] === b[0] && a[1] === b[1] && a[2] === b[2];
    if ((header.domainMin && !same(header.domainMin, fromRange[0])) || (header.domainMax && !same(header.domainMax, fromRange[1]))) {
      throw new CubeError(range.line, `line ${range.line}: ${keyword} contradicts DOMAIN_MIN/DOMAIN_MAX`);
    }
    [min, max] = fromRange;
  }
  checkDomain(min, max, header.domainLine);
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
  const expected = (header.size1d ?? 0) + (header.size3d ?? 0) ** 3;
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
    const header: Header = { title: null, size3d: null, size1d: null, sizeLine: 0, domainMin: null, domainMax: null, domainLine: 0, inputRange1d: null, inputRange3d: null };
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
        if (header.size3d === null && header.size1d === null) throw new CubeError(line, `line ${line}: the table data starts here, but no LUT_3D_SIZE or LUT_1D_SIZE line comes before it`);
        // A shaper file lists its 1D table first, then its 3D table.
        expected = (header.size1d ?? 0) + (header.size3d ?? 0) ** 3;
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
    if (header.size3d !== null && header.size1d !== null) return { ok: true, cube: shaperCube(header, values, header.size1d, header.size3d), warnings };
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

function shaperCube(header: Header, values: Float32Array, size1d: number, size3d: number): CubeFile {
  const domains = resolveShaperDomains(header);
  return {
    title: header.title,
    domainMin: domains.table.min,
    domainMax: domains.table.max,
    lut3d: { size: size3d, data: values.slice(size1d * 3) },
    lut1d: null,
    shaper: { lut: { size: size1d, data: values.slice(0, size1d * 3) }, domainMin: domains.shaper.min, domainMax: domains.shaper.max },
  };
}

/** Formats a value with 7 decimals, enough for a read-back within 1e-6, without "-0". */
function formatValue(v: number): string {
  const text = v.toFixed(7);
  return /^-0\.0+$/.test(text) ? text.slice(1) : text;
}

/**
 * A cube file holding `lut` over the default 0..1 domain; a LUT with a shaper (`Lut3D.shaper`)
 * becomes a shaper file (the 1D table over 0..1 first, then the 3D table over 0..1).
 */
export function cubeFromLut(lut: Lut3D, title: string | null = null): CubeFile {
  const table: Lut3D = lut.shaper ? { size: lut.size, data: lut.data } : lut;
  const shaper = lut.shaper ? { lut: { size: lut.shaper.size, data: lut.shaper.data }, domainMin: [0, 0, 0] as Rgb, domainMax: [1, 1, 1] as Rgb } : null;
  return { title, domainMin: [0, 0, 0], domainMax: [1, 1, 1], lut3d: table, lut1d: null, ...(shaper ? { shaper } : {}) };
}

/** A `.cube` file of a LUT's shaper alone, as a 1D table over 0..1 (what ffmpeg's lut1d reads). */
export function cubeFromShaper(shaper: Lut1D, title: string | null = null): CubeFile {
  return { title, domainMin: [0, 0, 0], domainMax: [1, 1, 1], lut3d: null, lut1d: { size: shaper.size, data: shaper.data } };
}

const sameOnEveryChannel = (v: Rgb): boolean => v[0] === v[1] && v[1] === v[2];

/**
 * Writes a `.cube` file: optional comment lines, TITLE, the size keyword, DOMAIN_MIN/DOMAIN_MAX
 * and the table, values with 7 decimals. Quotes in the title become apostrophes (the format has
 * no escape for them).
 */
export function writeCube(cube: CubeFile, comments: readonly string[] = []): string {
  const table = cube.lut3d ?? cube.lut1d;
  if (!table || (cube.lut3d && cube.lut1d) || (cube.shaper && !cube.lut3d)) throw new Error('the writer writes a cube file of exactly one table, or a shaper and a 3D table');
  const out: string[] = comments.flatMap((comment) => comment.split(/\r\n|\r|\n/)).map((comment) => `# ${comment}`);
  if (cube.title !== null) out.push(`TITLE "${cube.title.replace(/"/g, "'").replace(/[\r\n]+/g, ' ')}"`);
  const shaper = cube.shaper;
  if (shaper && cube.lut3d) {
    // Resolve's shaper form: the domains only as LUT_1D_INPUT_RANGE / LUT_3D_INPUT_RANGE, one range for all channels.
    if (![shaper.domainMin, shaper.domainMax, cube.domainMin, cube.domainMax].every(sameOnEveryChannel)) throw new Error('a shaper file has one input range for all three channels');
    out.push(`LUT_1D_SIZE ${shaper.lut.size}`, `LUT_1D_INPUT_RANGE ${formatValue(shaper.domainMin[0])} ${formatValue(shaper.domainMax[0])}`);
    out.push(`LUT_3D_SIZE ${cube.lut3d.size}`, `LUT_3D_INPUT_RANGE ${formatValue(cube.domainMin[0])} ${formatValue(cube.domainMax[0])}`);
    for (const data of [shaper.lut.data, cube.lut3d.data]) {
      for (let i = 0; i < data.length; i += 3) out.push(`${formatValue(data[i]!)} ${formatValue(data[i + 1]!)} ${formatValue(data[i + 2]!)}`);
    }
    return `${out.join('\n')}\n`;
  }
  out.push(cube.lut3d ? `LUT_3D_SIZE ${cube.lut3d.size}` : `LUT_1D_SIZE ${table.size}`);
  out.push(`DOMAIN_MIN ${cube.domainMin.map(formatValue).join(' ')}`);
  out.push(`DOMAIN_MAX ${cube.domainMax.map(formatValue).join(' ')}`);
  const data = table.data;
  for (let i = 0; i < data.length; i += 3) out.push(`${formatValue(data[i]!)} ${formatValue(data[i + 1]!)} ${formatValue(data[i + 2]!)}`);
  return `${out.join('\n')}\n`;
}
