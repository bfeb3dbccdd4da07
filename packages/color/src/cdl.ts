/**
 * ASC CDL interchange: `.cc` (one ColorCorrection), `.ccc` (a ColorCorrectionCollection) and `.cdl`
 * (a ColorDecisionList of ColorDecisions), read and written as the ASC CDL XML schema describes
 * them (SOPNode: Slope, Offset, Power, three numbers each; SatNode: Saturation). `cdlToWheels` and
 * `wheelsToCdl` (`wheels.ts`) map a correction to and from the colour wheels.
 *
 * The reader is a small strict XML reader for this format only: elements, attributes, text,
 * comments, CDATA, the XML declaration and the five predefined entities and character references.
 * A DOCTYPE (and so any entity definition) is refused. Input is bounded before reading
 * ({@link CDL_MAX_CHARS}, {@link CDL_MAX_ELEMENTS}, {@link CDL_MAX_DEPTH}).
 */
import type { Rgb } from './matrix';
import type { Cdl } from './wheels';

/** Largest file read, in characters: real CDL files are a few kilobytes, a long collection a few hundred. */
export const CDL_MAX_CHARS = 1024 * 1024;
export const CDL_MAX_ELEMENTS = 50_000;
export const CDL_MAX_DEPTH = 32;

export type CdlFormat = 'cc' | 'ccc' | 'cdl';

export interface CdlCorrection {
  /** The correction's `id` attribute (ASC calls it the correction's name), or null. */
  readonly id: string | null;
  /** The Description elements of the correction and its SOP node, in order. */
  readonly descriptions: readonly string[];
  readonly cdl: Cdl;
}

export interface ParsedCdl {
  readonly format: CdlFormat;
  readonly corrections: readonly CdlCorrection[];
}

/** A file that is not a readable ASC CDL; `line` is where the problem is (1-based), when known. */
export class CdlParseError extends Error {
  constructor(
    message: string,
    readonly line: number | null = null,
  ) {
    super(line === null ? message : `line ${line}: ${message}`);
    this.name = 'CdlParseError';
  }
}

interface XmlElement {
  readonly name: string;
  readonly attributes: ReadonlyMap<string, string>;
  readonly children: XmlElement[];
  text: string;
  readonly line: number;
}

const NAME = /^[A-Za-z_][\w.:-]*/;
const ENTITIES: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** Parses XML text into its root element (see the module comment for what is supported). */
function readXml(text: string): XmlElement {
  let pos = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  let elements = 0;
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;

  const advanceTo = (end: number): void => {
    for (let i = pos; i < end; i++) if (text.charCodeAt(i) === 10) line++;
    pos = end;
  };
  const decode = (raw: string, at: number): string =>
    raw.replace(/&(#x[0-9A-Fa-f]+|#[0-9]+|[A-Za-z]+);|&/g, (match, entity: string | undefined) => {
      if (entity === undefined) throw new CdlParseError('a bare "&" must be written as &amp;', at);
      if (entity.startsWith('#')) {
        const code = entity[1] === 'x' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
        if (!(code > 0 && code <= 0x10ffff)) throw new CdlParseError(`${match} is not a valid character`, at);
        return String.fromCodePoint(code);
      }
      const value = ENTITIES[entity];
      if (value === undefined) throw new CdlParseError(`unknown entity ${match}`, at);
      return value;
    });
  const expectEnd = (marker: string, what: string): number => {
    const end = text.indexOf(marker, pos);
    if (end < 0) throw new CdlParseError(`${what} is never closed (missing "${marker}")`, line);
    return end;
  };

  while (pos < text.length) {
    const lt = text.indexOf('<', pos);
    const chunkEnd = lt < 0 ? text.length : lt;
    if (chunkEnd > pos) {
      const chunk = text.slice(pos, chunkEnd);
      const at = line;
      const parent = stack[stack.length - 1];
      if (parent) parent.text += decode(chunk, at);
      else if (chunk.trim() !== '') throw new CdlParseError(root ? 'text after the end of the document' : 'the file does not start with an XML element', at);
      advanceTo(chunkEnd);
    }
    if (lt < 0) break;
    if (text.startsWith('<!--', pos)) {
      advanceTo(expectEnd('-->', 'a comment') + 3);
    } else if (text.startsWith('<![CDATA[', pos)) {
      const parent = stack[stack.length - 1];
      if (!parent) throw new CdlParseError('CDATA outside the root element', line);
      const end = expectEnd(']]>', 'a CDATA section');
      parent.text += text.slice(pos + 9, end);
      advanceTo(end + 3);
    } else if (text.startsWith('<?', pos)) {
      advanceTo(expectEnd('?>', 'the XML declaration') + 2);
    } else if (text.startsWith('<!', pos)) {
      throw new CdlParseError('DOCTYPE and other declarations are not allowed in a CDL file', line);
    } else if (text.startsWith('</', pos)) {
      const name = NAME.exec(text.slice(pos + 2, pos + 200))?.[0];
      const open = stack.pop();
      if (!name) throw new CdlParseError('a closing tag without a name', line);
      if (!open) throw new CdlParseError(`</${name}> closes an element that was never opened`, line);
      if (open.name !== name) throw new CdlParseError(`</${name}> found where </${open.name}> (opened on line ${open.line}) was expected`, line);
      const close = /^\s*>/.exec(text.slice(pos + 2 + name.length, pos + 2 + name.length + 100));
      if (!close) throw new CdlParseError(`</${name}> is not closed with ">"`, line);
      advanceTo(pos + 2 + name.length + close[0].length);
    } else {
      const start = line;
      const name = NAME.exec(text.slice(pos + 1, pos + 200))?.[0];
      if (!name) throw new CdlParseError('"<" must start a tag; write it as &lt; in text', line);
      if (root && stack.length === 0) throw new CdlParseError(`<${name}> after the end of the document (a file has one root element)`, line);
      if (++elements > CDL_MAX_ELEMENTS) throw new CdlParseError(`the file has more than ${CDL_MAX_ELEMENTS} elements`, line);
      if (stack.length >= CDL_MAX_DEPTH) throw new CdlParseError(`elements are nested more than ${CDL_MAX_DEPTH} deep`, line);
      advanceTo(pos + 1 + name.length);
      const attributes = new Map<string, string>();
      let selfClosing = false;
      for (;;) {
        const space = /^\s*/.exec(text.slice(pos, pos + 10_000))![0];
        advanceTo(pos + space.length);
        if (text.startsWith('/>', pos)) {
          selfClosing = true;
          advanceTo(pos + 2);
          break;
        }
        if (text.startsWith('>', pos)) {
          advanceTo(pos + 1);
          break;
        }
        if (pos >= text.length) throw new CdlParseError(`<${name}> is never closed with ">"`, start);
        const attr = /^([A-Za-z_][\w.:-]*)\s*=\s*("([^"<]*)"|'([^'<]*)')/.exec(text.slice(pos, pos + 10_000));
        if (!attr || space === '') throw new CdlParseError(`<${name}> has a malformed attribute (write name="value")`, line);
        const attrName = attr[1]!;
        if (attributes.has(attrName)) throw new CdlParseError(`<${name}> has the attribute ${attrName} twice`, line);
        attributes.set(attrName, decode(attr[3] ?? attr[4] ?? '', line));
        advanceTo(pos + attr[0].length);
      }
      const element: XmlElement = { name, attributes, children: [], text: '', line: start };
      const parent = stack[stack.length - 1];
      if (parent) parent.children.push(element);
      else root = element;
      if (!selfClosing) stack.push(element);
    }
  }
  const open = stack[stack.length - 1];
  if (open) throw new CdlParseError(`<${open.name}> (line ${open.line}) is never closed`, line);
  if (!root) throw new CdlParseError('the file holds no XML element; a CDL file starts with <ColorDecisionList>, <ColorCorrectionCollection> or <ColorCorrection>', 1);
  return root;
}

/** An element's name without a namespace prefix (`asc:Slope` → `Slope`). */
const localName = (element: XmlElement): string => element.name.slice(element.name.indexOf(':') + 1);

const childrenNamed = (element: XmlElement, ...names: string[]): XmlElement[] => element.children.filter((child) => names.includes(localName(child)));

function onlyChild(element: XmlElement, ...names: string[]): XmlElement | null {
  const found = childrenNamed(element, ...names);
  if (found.length > 1) throw new CdlParseError(`<${localName(element)}> has more than one <${names[0]}>`, found[1]!.line);
  return found[0] ?? null;
}

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

function readNumbers(element: XmlElement, count: number, what: string): number[] {
  const words = element.text.trim().split(/\s+/).filter((w) => w !== '');
  if (words.length !== count) {
    const expected = count === 3 ? 'three numbers (red green blue)' : 'one number';
    throw new CdlParseError(`<${localName(element)}> must hold ${expected}; found ${words.length === 0 ? 'nothing' : `"${words.join(' ').slice(0, 80)}"`}`, element.line);
  }
  return words.map((word) => {
    if (!NUMBER.test(word)) throw new CdlParseError(`"${word.slice(0, 40)}" in <${localName(element)}> is not a number`, element.line);
    const value = Number(word);
    if (!Number.isFinite(value)) throw new CdlParseError(`"${word.slice(0, 40)}" in <${localName(element)}> is too large`, element.line);
    if (what !== 'offset' && value < 0) throw new CdlParseError(`the ${what} cannot be negative (found ${word} in <${localName(element)}>)`, element.line);
    return value === 0 ? 0 : value;
  });
}

function readTriplet(sop: XmlElement, name: string, what: string): Rgb {
  const element = onlyChild(sop, name);
  if (!element) throw new CdlParseError(`<SOPNode> has no <${name}>; it needs <Slope>, <Offset> and <Power>`, sop.line);
  const [r, g, b] = readNumbers(element, 3, what) as [number, number, number];
  return [r, g, b];
}

const descriptionsOf = (element: XmlElement | null): string[] => (element ? childrenNamed(element, 'Description').map((d) => d.text.trim()) : []);

function readCorrection(element: XmlElement): CdlCorrection {
  const sop = onlyChild(element, 'SOPNode');
  // SatNode in ASC CDL 1.2; some tools write the older SATNode.
  const sat = onlyChild(element, 'SatNode', 'SATNode');
  const id = element.attributes.get('id') ?? null;
  const named = id === null ? '<ColorCorrection>' : `<ColorCorrection id="${id.slice(0, 60)}">`;
  if (!sop && !sat) throw new CdlParseError(`${named} has neither a <SOPNode> nor a <SatNode>`, element.line);
  let saturation = 1;
  if (sat) {
    const value = onlyChild(sat, 'Saturation');
    if (!value) throw new CdlParseError(`<${localName(sat)}> has no <Saturation>`, sat.line);
    saturation = readNumbers(value, 1, 'saturation')[0]!;
  }
  return {
    id,
    descriptions: [...descriptionsOf(element), ...descriptionsOf(sop)],
    cdl: {
      slope: sop ? readTriplet(sop, 'Slope', 'slope') : [1, 1, 1],
      offset: sop ? readTriplet(sop, 'Offset', 'offset') : [0, 0, 0],
      power: sop ? readTriplet(sop, 'Power', 'power') : [1, 1, 1],
      saturation,
    },
  };
}

/**
 * Reads a `.cc`, `.ccc` or `.cdl` file (the kind is taken from the root element). Throws
 * {@link CdlParseError} naming the line for anything malformed. A `.cdl` decision that refers to a
 * correction by `ColorCorrectionRef` is resolved within the same file; a reference to another file
 * is an error, since that file is not at hand.
 */
export function parseCdl(text: string): ParsedCdl {
  if (text.length > CDL_MAX_CHARS) throw new CdlParseError(`the file is larger than ${CDL_MAX_CHARS / 1024 / 1024} MiB of text; a CDL file is a few kilobytes`);
  const root = readXml(text);
  const kind = localName(root);
  if (kind === 'ColorCorrection') return { format: 'cc', corrections: [readCorrection(root)] };
  if (kind === 'ColorCorrectionCollection') {
    const corrections = childrenNamed(root, 'ColorCorrection').map(readCorrection);
    if (corrections.length === 0) throw new CdlParseError('<ColorCorrectionCollection> holds no <ColorCorrection>', root.line);
    return { format: 'ccc', corrections };
  }
  if (kind === 'ColorDecisionList') {
    const decisions = childrenNamed(root, 'ColorDecision');
    if (decisions.length === 0) throw new CdlParseError('<ColorDecisionList> holds no <ColorDecision>', root.line);
    const inline = decisions.map((decision) => onlyChild(decision, 'ColorCorrection'));
    const byId = new Map<string, CdlCorrection>();
    const read = inline.map((element) => (element ? readCorrection(element) : null));
    read.forEach((correction) => {
      if (correction?.id) byId.set(correction.id, correction);
    });
    const corrections = decisions.map((decision, i) => {
      const own = read[i];
      if (own) return own;
      const ref = onlyChild(decision, 'ColorCorrectionRef');
      if (!ref) throw new CdlParseError('<ColorDecision> holds no <ColorCorrection>', decision.line);
      const target = ref.attributes.get('ref') ?? '';
      const found = byId.get(target);
      if (!found) throw new CdlParseError(`<ColorCorrectionRef ref="${target.slice(0, 60)}"> refers to a correction that is not in this file; import the .ccc file that holds it`, ref.line);
      return found;
    });
    return { format: 'cdl', corrections };
  }
  throw new CdlParseError(`the file is not an ASC CDL: its root element is <${root.name}>, not <ColorDecisionList>, <ColorCorrectionCollection> or <ColorCorrection>`, root.line);
}

const NAMESPACE = 'urn:ASC:CDL:v1.01';

const escapeXml = (value: string): string => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Six decimals, as grading tools write them; −0 written as 0. */
const formatNumber = (value: number): string => {
  const text = value.toFixed(6);
  return /^-0\.0+$/.test(text) ? text.slice(1) : text;
};

function writeCorrection(correction: CdlCorrection, indent: string, xmlns: boolean): string[] {
  const { slope, offset, power, saturation } = correction.cdl;
  const attrs = `${xmlns ? ` xmlns="${NAMESPACE}"` : ''}${correction.id !== null ? ` id="${escapeXml(correction.id)}"` : ''}`;
  const i1 = `${indent}  `;
  const i2 = `${indent}    `;
  return [
    `${indent}<ColorCorrection${attrs}>`,
    ...correction.descriptions.map((d) => `${i1}<Description>${escapeXml(d)}</Description>`),
    `${i1}<SOPNode>`,
    `${i2}<Slope>${slope.map(formatNumber).join(' ')}</Slope>`,
    `${i2}<Offset>${offset.map(formatNumber).join(' ')}</Offset>`,
    `${i2}<Power>${power.map(formatNumber).join(' ')}</Power>`,
    `${i1}</SOPNode>`,
    `${i1}<SatNode>`,
    `${i2}<Saturation>${formatNumber(saturation)}</Saturation>`,
    `${i1}</SatNode>`,
    `${indent}</ColorCorrection>`,
  ];
}

/**
 * Writes corrections as a `.cc` (exactly one), `.ccc` or `.cdl` file: ASC CDL XML with six
 * decimals (a round trip through {@link parseCdl} is within 5e-7).
 */
export function writeCdl(corrections: readonly CdlCorrection[], format: CdlFormat): string {
  if (corrections.length === 0) throw new RangeError('a CDL file needs at least one correction');
  if (format === 'cc' && corrections.length !== 1) throw new RangeError(`a .cc file holds exactly one correction (got ${corrections.length})`);
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>'];
  if (format === 'cc') {
    lines.push(...writeCorrection(corrections[0]!, '', true));
  } else if (format === 'ccc') {
    lines.push(`<ColorCorrectionCollection xmlns="${NAMESPACE}">`, ...corrections.flatMap((c) => writeCorrection(c, '  ', false)), '</ColorCorrectionCollection>');
  } else {
    lines.push(
      `<ColorDecisionList xmlns="${NAMESPACE}">`,
      ...corrections.flatMap((c) => ['  <ColorDecision>', ...writeCorrection(c, '    ', false), '  </ColorDecision>']),
      '</ColorDecisionList>',
    );
  }
  return `${lines.join('\n')}\n`;
}
