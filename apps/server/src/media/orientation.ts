import { isOrientation, type Orientation } from '@cinegrade/contract';

/**
 * A still's orientation (packages/contract still-picture.ts): read once from the file's own bytes
 * on upload, and turned into ffmpeg filter steps wherever a picture is made from the original.
 * ffmpeg 5.1 turns a JPEG by its EXIF orientation on decode but not a TIFF, PNG or WebP, and the
 * sizes it was given ignored the orientation: a portrait phone photo exported stretched. Stills are
 * now opened with `-noautorotate` (ffmpeg-args.ts inputArgs) and turned by these steps only, so the
 * orientation is applied once, for every format alike, and the sizes follow it (displayedSize).
 *
 * The reader is pure over a byte source (tested on buffers; the media adapter gives it the file),
 * reads only the few headers it needs, and answers 1 for anything it does not understand.
 */
export interface ByteSource {
  readonly size: number;
  read(offset: number, length: number): Promise<Uint8Array>;
}

/** Tag 0x0112 in IFD0 of a TIFF structure (a TIFF file, or the EXIF block of JPEG, PNG and WebP). */
const ORIENTATION_TAG = 0x0112;
/** Bounds against hostile files: headers walked and IFD entries read. */
const MAX_SEGMENTS = 64;
const MAX_IFD_ENTRIES = 512;

const ascii = (bytes: Uint8Array, start: number, length: number) => String.fromCharCode(...bytes.subarray(start, start + length));

/** The orientation in a TIFF structure starting at `base` of the source (TIFF 6.0 §2: header, then IFD0). */
async function tiffOrientation(source: ByteSource, base: number): Promise<Orientation> {
  const header = await source.read(base, 8);
  if (header.length < 8) return 1;
  const order = ascii(header, 0, 2);
  if (order !== 'II' && order !== 'MM') return 1;
  const view = new DataView(header.buffer, header.byteOffset, header.byteLength);
  const little = order === 'II';
  if (view.getUint16(2, little) !== 42) return 1;
  const ifd = base + view.getUint32(4, little);
  const countBytes = await source.read(ifd, 2);
  if (countBytes.length < 2) return 1;
  const count = Math.min(MAX_IFD_ENTRIES, new DataView(countBytes.buffer, countBytes.byteOffset, 2).getUint16(0, little));
  const entries = await source.read(ifd + 2, count * 12);
  const table = new DataView(entries.buffer, entries.byteOffset, entries.byteLength);
  for (let at = 0; at + 12 <= entries.length; at += 12) {
    if (table.getUint16(at, little) !== ORIENTATION_TAG) continue;
    // A SHORT (type 3): one value, in the first two bytes of the entry's value field.
    const value = table.getUint16(at + 2, little) === 3 ? table.getUint16(at + 8, little) : 0;
    return isOrientation(value) ? value : 1;
  }
  return 1;
}

/** JPEG: the APP1 segment that starts "Exif\0\0" holds a TIFF structure (EXIF 2.3 §4.5.4); searched up to the scan. */
async function jpegOrientation(source: ByteSource): Promise<Orientation> {
  let at = 2;
  for (let n = 0; n < MAX_SEGMENTS && at + 4 <= source.size; n++) {
    const marker = await source.read(at, 10);
    if (marker.length < 4 || marker[0] !== 0xff) return 1;
    const type = marker[1]!;
    if (type === 0xda || type === 0xd9) return 1; // start of scan, end of image
    const length = (marker[2]! << 8) | marker[3]!;
    if (type === 0xe1 && ascii(marker, 4, 6) === 'Exif\0\0') return tiffOrientation(source, at + 10);
    at += 2 + length;
  }
  return 1;
}

/** WebP (RIFF): the "EXIF" chunk, with or without a leading "Exif\0\0". */
async function webpOrientation(source: ByteSource): Promise<Orientation> {
  let at = 12;
  for (let n = 0; n < MAX_SEGMENTS && at + 8 <= source.size; n++) {
    const chunk = await source.read(at, 14);
    if (chunk.length < 8) return 1;
    const size = new DataView(chunk.buffer, chunk.byteOffset, 8).getUint32(4, true);
    if (ascii(chunk, 0, 4) === 'EXIF') return tiffOrientation(source, at + 8 + (ascii(chunk, 8, 6) === 'Exif\0\0' ? 6 : 0));
    at += 8 + size + (size % 2);
  }
  return 1;
}

/** PNG: the "eXIf" chunk (PNG 1.5 extensions §3.7). */
async function pngOrientation(source: ByteSource): Promise<Orientation> {
  let at = 8;
  for (let n = 0; n < MAX_SEGMENTS && at + 8 <= source.size; n++) {
    const chunk = await source.read(at, 8);
    if (chunk.length < 8) return 1;
    const size = new DataView(chunk.buffer, chunk.byteOffset, 8).getUint32(0, false);
    const type = ascii(chunk, 4, 4);
    if (type === 'eXIf') return tiffOrientation(source, at + 8);
    if (type === 'IEND') return 1;
    at += 12 + size;
  }
  return 1;
}

const READERS: Record<string, (source: ByteSource) => Promise<Orientation>> = {
  jpeg_pipe: jpegOrientation,
  tiff_pipe: (source) => tiffOrientation(source, 0),
  webp_pipe: webpOrientation,
  png_pipe: pngOrientation,
};

/** The still's orientation, by the demuxer the sniffer chose; 1 for other formats and for video. */
export async function readOrientation(source: ByteSource, demuxer: string): Promise<Orientation> {
  const reader = READERS[demuxer];
  return reader ? reader(source) : 1;
}

/**
 * ffmpeg filter steps that turn a picture stored with this orientation upright (EXIF 2.3, tag
 * Orientation): 2 mirrors, 3 turns 180°, 4 flips, 5 transposes (mirror across the main diagonal),
 * 6 turns 90° clockwise, 7 transverses (the other diagonal), 8 turns 90° counter-clockwise. They
 * run first in every graph, on the decoded picture, so everything after sees the upright size
 * (displayedSize).
 */
export function orientationFilters(orientation: Orientation): string[] {
  switch (orientation) {
    case 1:
      return [];
    case 2:
      return ['hflip'];
    case 3:
      return ['hflip', 'vflip'];
    case 4:
      return ['vflip'];
    case 5:
      return ['transpose=cclock_flip'];
    case 6:
      return ['transpose=clock'];
    case 7:
      return ['transpose=clock_flip'];
    case 8:
      return ['transpose=cclock'];
  }
}
