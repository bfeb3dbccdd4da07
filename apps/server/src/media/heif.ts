/**
 * HEIF and AVIF stills (ISO/IEC 23008-12, ISO-BMFF boxes): what the file says about its primary
 * picture before anything is decoded, read from the first bytes as data. The size (`ispe`) is
 * checked against the decode budget before libheif runs; the bit depth (`pixi`) and the colour
 * description (`colr`: an nclx triple or an ICC profile) become the asset's metadata, since the
 * PNG that heif-convert writes keeps an ICC profile but drops nclx tags.
 */

export interface HeifNclx {
  primaries: number;
  transfer: number;
  matrix: number;
  fullRange: boolean;
}

export interface HeifPicture {
  /** The coded size of the primary item (before `irot`), as `ispe` gives it. */
  width: number;
  height: number;
  /** Bits per channel (`pixi`), null when the file does not say. */
  bitDepth: number | null;
  nclx: HeifNclx | null;
  hasIccProfile: boolean;
  /** The primary item's type: `hvc1` (HEVC), `av01` (AV1), `grid` (tiles), `jpeg`... */
  itemType: string | null;
  /** Quarter turns anticlockwise (`irot`) and mirroring (`imir`); libheif applies both when it decodes. */
  quarterTurns: number;
  mirrored: boolean;
}

interface Box {
  type: string;
  start: number;
  /** First byte of the payload (after the header, and after version and flags for a full box where asked). */
  body: number;
  end: number;
}

const fourCc = (bytes: Uint8Array, at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));

/** The boxes between `start` and `end`; stops at the first one that runs past what we have. */
function boxes(bytes: Uint8Array, start: number, end: number): Box[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const found: Box[] = [];
  let at = start;
  while (at + 8 <= end) {
    let size = view.getUint32(at);
    const type = fourCc(bytes, at + 4);
    let body = at + 8;
    if (size === 1) {
      if (at + 16 > end) break;
      size = Number(view.getBigUint64(at + 8));
      body = at + 16;
    } else if (size === 0) {
      size = end - at;
    }
    if (size < body - at || at + size > end) break;
    found.push({ type, start: at, body, end: at + size });
    at += size;
  }
  return found;
}

const child = (bytes: Uint8Array, parent: Box, type: string, fullBox: boolean) => boxes(bytes, parent.body + (fullBox ? 4 : 0), parent.end).find((b) => b.type === type);

/** The `ftyp` box's major and compatible brands, or null when the bytes do not start with one. */
export function heifBrands(bytes: Uint8Array): { major: string; compatible: string[] } | null {
  if (bytes.length < 16 || fourCc(bytes, 4) !== 'ftyp') return null;
  const size = Math.min(new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0), bytes.length);
  const compatible: string[] = [];
  for (let at = 16; at + 4 <= size; at += 4) compatible.push(fourCc(bytes, at));
  return { major: fourCc(bytes, 8), compatible };
}

/**
 * The primary picture's description from the file's `meta` box, or null when the box is not
 * within `bytes` or names no primary item with a size. Properties the primary item lacks (a grid's
 * bit depth and colour are often on its tiles) are taken from the first item that has them.
 */
export function readHeifPicture(bytes: Uint8Array): HeifPicture | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const meta = boxes(bytes, 0, bytes.length).find((b) => b.type === 'meta');
  if (!meta) return null;
  const pitm = child(bytes, meta, 'pitm', true);
  const iprp = child(bytes, meta, 'iprp', true);
  if (!pitm || !iprp) return null;
  const primary = bytes[pitm.body] === 0 ? view.getUint16(pitm.body + 4) : view.getUint32(pitm.body + 4);
  const ipco = child(bytes, iprp, 'ipco', false);
  if (!ipco) return null;
  const properties = boxes(bytes, ipco.body, ipco.end);
  const primaryIndices = new Set<number>();
  for (const ipma of boxes(bytes, iprp.body, iprp.end).filter((b) => b.type === 'ipma')) {
    const version = bytes[ipma.body] ?? 0;
    const wideIndex = ((bytes[ipma.body + 3] ?? 0) & 1) === 1;
    let at = ipma.body + 4;
    const count = view.getUint32(at);
    at += 4;
    for (let entry = 0; entry < count && at < ipma.end; entry++) {
      const item = version < 1 ? view.getUint16(at) : view.getUint32(at);
      at += version < 1 ? 2 : 4;
      const associations = bytes[at] ?? 0;
      at += 1;
      for (let a = 0; a < associations; a++) {
        const index = wideIndex ? view.getUint16(at) & 0x7fff : (bytes[at] ?? 0) & 0x7f;
        at += wideIndex ? 2 : 1;
        if (item === primary && index > 0) primaryIndices.add(index);
      }
    }
  }
  const ofPrimary = properties.filter((_, i) => primaryIndices.has(i + 1));
  const pick = (type: string, where: (box: Box) => boolean = () => true) => ofPrimary.find((b) => b.type === type && where(b)) ?? properties.find((b) => b.type === type && where(b));
  const ispe = ofPrimary.find((b) => b.type === 'ispe');
  if (!ispe || ispe.body + 12 > ispe.end) return null;
  const pixi = pick('pixi');
  const nclxBox = pick('colr', (b) => fourCc(bytes, b.body) === 'nclx');
  const iccBox = pick('colr', (b) => ['prof', 'rICC'].includes(fourCc(bytes, b.body)));
  const irot = ofPrimary.find((b) => b.type === 'irot');
  const imir = ofPrimary.find((b) => b.type === 'imir');
  return {
    width: view.getUint32(ispe.body + 4),
    height: view.getUint32(ispe.body + 8),
    bitDepth: pixi && (bytes[pixi.body + 4] ?? 0) > 0 ? (bytes[pixi.body + 5] ?? null) : null,
    nclx: nclxBox && nclxBox.body + 11 <= nclxBox.end
      ? { primaries: view.getUint16(nclxBox.body + 4), transfer: view.getUint16(nclxBox.body + 6), matrix: view.getUint16(nclxBox.body + 8), fullRange: ((bytes[nclxBox.body + 10] ?? 0) & 0x80) !== 0 }
      : null,
    hasIccProfile: iccBox !== undefined,
    itemType: primaryItemType(bytes, meta, primary),
    quarterTurns: irot ? (bytes[irot.body] ?? 0) & 3 : 0,
    mirrored: imir !== undefined,
  };
}

/** The primary item's type from `iinf`/`infe` (version 2 or 3), or null. */
function primaryItemType(bytes: Uint8Array, meta: Box, primary: number): string | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const iinf = child(bytes, meta, 'iinf', true);
  if (!iinf) return null;
  const countBytes = bytes[iinf.body] === 0 ? 2 : 4;
  for (const infe of boxes(bytes, iinf.body + 4 + countBytes, iinf.end).filter((b) => b.type === 'infe')) {
    const version = bytes[infe.body] ?? 0;
    if (version < 2) continue;
    const id = version === 2 ? view.getUint16(infe.body + 4) : view.getUint32(infe.body + 4);
    const typeAt = infe.body + 4 + (version === 2 ? 2 : 4) + 2;
    if (id === primary && typeAt + 4 <= infe.end) return fourCc(bytes, typeAt);
  }
  return null;
}

/** nclx code points (ITU-T H.273) as ffmpeg names them; codes ffmpeg has no name for are left out. */
const PRIMARIES: Record<number, string> = { 1: 'bt709', 4: 'bt470m', 5: 'bt470bg', 6: 'smpte170m', 7: 'smpte240m', 8: 'film', 9: 'bt2020', 10: 'smpte428', 11: 'smpte431', 12: 'smpte432', 22: 'ebu3213' };
const TRANSFERS: Record<number, string> = {
  1: 'bt709',
  4: 'gamma22',
  5: 'gamma28',
  6: 'smpte170m',
  7: 'smpte240m',
  8: 'linear',
  13: 'iec61966-2-1',
  14: 'bt2020-10',
  15: 'bt2020-12',
  16: 'smpte2084',
  18: 'arib-std-b67',
};

/**
 * The colour tags of the RGB that heif-convert decodes: primaries and transfer from the nclx box
 * (the matrix and range are spent in the decode to RGB, so the picture is full-range RGB). Without
 * nclx (an ICC profile, or nothing) primaries and transfer stay unknown, as for a JPEG or PNG.
 */
export function heifColourTags(nclx: HeifNclx | null): { colorPrimaries: string | null; colorTransfer: string | null; colorSpace: string; colorRange: string } {
  return {
    colorPrimaries: nclx ? (PRIMARIES[nclx.primaries] ?? null) : null,
    colorTransfer: nclx ? (TRANSFERS[nclx.transfer] ?? null) : null,
    colorSpace: 'gbr',
    colorRange: 'pc',
  };
}

/** heif-convert's arguments: decode the primary picture of `input` to the PNG `output` (16-bit when the source has more than 8 bits). */
export function heifConvertArgs(input: string, output: string): string[] {
  return ['--quiet', input, output];
}
