import zlib from 'node:zlib';
import type { ByteSource } from './orientation';

/**
 * The ICC profile embedded in a still, read from the file's headers only, before any pixel is
 * decoded (docs/product-rules.md, 'Stills'): JPEG APP2 "ICC_PROFILE" segments (ICC.1:2010 Annex
 * B.4, a profile may be split over several, numbered), the PNG `iCCP` chunk (PNG 1.2 §4.2.2.4,
 * zlib-compressed), the TIFF tag 34675 of IFD0 (TIFF/EP, ICC.1 Annex B.3) and the WebP `ICCP`
 * chunk of an extended (VP8X) file (the WebP container's RIFF layout). Anything that does
 * not read cleanly answers null: the photo is then taken as it is encoded, never refused for it.
 */

/** Bounds against hostile files: headers walked, IFD entries read, and the profile's size. */
const MAX_SEGMENTS = 256;
const MAX_IFD_ENTRIES = 512;
export const MAX_PROFILE_BYTES = 4 * 1024 * 1024;
const ICC_TAG = 34675;

const ascii = (bytes: Uint8Array, start: number, length: number) => String.fromCharCode(...bytes.subarray(start, start + length));

/** JPEG: every APP2 segment that starts "ICC_PROFILE\0", then its number (from 1) and the count; searched up to the scan. */
async function jpegProfile(source: ByteSource): Promise<Uint8Array | null> {
  const chunks = new Map<number, Uint8Array>();
  let declared = 0;
  let at = 2;
  for (let n = 0; n < MAX_SEGMENTS && at + 4 <= source.size; n++) {
    const marker = await source.read(at, 4);
    if (marker.length < 4 || marker[0] !== 0xff) break;
    const type = marker[1]!;
    if (type === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (type === 0xda || type === 0xd9) break; // start of scan, end of image
    const length = (marker[2]! << 8) | marker[3]!;
    if (type === 0xe2 && length >= 16) {
      const segment = await source.read(at + 4, length - 2);
      if (segment.length === length - 2 && ascii(segment, 0, 12) === 'ICC_PROFILE\0') {
        const [sequence, count] = [segment[12]!, segment[13]!];
        if (sequence < 1 || count < 1 || (declared && declared !== count)) return null;
        declared = count;
        chunks.set(sequence, segment.subarray(14));
      }
    }
    at += 2 + length;
  }
  if (declared === 0) return null;
  const parts: Uint8Array[] = [];
  for (let sequence = 1; sequence <= declared; sequence++) {
    const part = chunks.get(sequence);
    if (!part) return null; // a missing piece: the profile cannot be trusted
    parts.push(part);
  }
  return Buffer.concat(parts);
}

/** PNG: the `iCCP` chunk (a name of 1 to 79 bytes, a zero, compression method 0, the zlib stream), before the first IDAT. */
async function pngProfile(source: ByteSource): Promise<Uint8Array | null> {
  let at = 8;
  for (let n = 0; n < MAX_SEGMENTS && at + 8 <= source.size; n++) {
    const chunk = await source.read(at, 8);
    if (chunk.length < 8) return null;
    const size = new DataView(chunk.buffer, chunk.byteOffset, 8).getUint32(0, false);
    const type = ascii(chunk, 4, 4);
    if (type === 'IDAT' || type === 'IEND') return null;
    if (type === 'iCCP') {
      if (size > MAX_PROFILE_BYTES) return null;
      const body = await source.read(at + 8, size);
      const nameEnd = body.indexOf(0);
      if (nameEnd < 1 || nameEnd > 79 || body[nameEnd + 1] !== 0) return null;
      try {
        return zlib.inflateSync(body.subarray(nameEnd + 2), { maxOutputLength: MAX_PROFILE_BYTES });
      } catch {
        return null;
      }
    }
    at += 12 + size;
  }
  return null;
}

/** TIFF: tag 34675 (UNDEFINED bytes) of IFD0. */
async function tiffProfile(source: ByteSource): Promise<Uint8Array | null> {
  const header = await source.read(0, 8);
  if (header.length < 8) return null;
  const order = ascii(header, 0, 2);
  if (order !== 'II' && order !== 'MM') return null;
  const little = order === 'II';
  const view = new DataView(header.buffer, header.byteOffset, header.byteLength);
  if (view.getUint16(2, little) !== 42) return null;
  const ifd = view.getUint32(4, little);
  const countBytes = await source.read(ifd, 2);
  if (countBytes.length < 2) return null;
  const count = Math.min(MAX_IFD_ENTRIES, new DataView(countBytes.buffer, countBytes.byteOffset, 2).getUint16(0, little));
  const entries = await source.read(ifd + 2, count * 12);
  const table = new DataView(entries.buffer, entries.byteOffset, entries.byteLength);
  for (let at = 0; at + 12 <= entries.length; at += 12) {
    if (table.getUint16(at, little) !== ICC_TAG) continue;
    const type = table.getUint16(at + 2, little);
    const length = table.getUint32(at + 4, little);
    if ((type !== 7 && type !== 1) || length < 132 || length > MAX_PROFILE_BYTES) return null;
    const profile = await source.read(table.getUint32(at + 8, little), length);
    return profile.length === length ? profile : null;
  }
  return null;
}

/**
 * WebP: a RIFF file whose chunks (a four-letter name, a little-endian size, the data padded to an
 * even length) follow "WEBP"; only an extended file (`VP8X` first) may carry an `ICCP` chunk, the
 * profile's bytes as they are, before the image data.
 */
async function webpProfile(source: ByteSource): Promise<Uint8Array | null> {
  const header = await source.read(0, 12);
  if (header.length < 12 || ascii(header, 0, 4) !== 'RIFF' || ascii(header, 8, 4) !== 'WEBP') return null;
  let at = 12;
  for (let n = 0; n < MAX_SEGMENTS && at + 8 <= source.size; n++) {
    const chunk = await source.read(at, 8);
    if (chunk.length < 8) return null;
    const type = ascii(chunk, 0, 4);
    const size = new DataView(chunk.buffer, chunk.byteOffset, 8).getUint32(4, true);
    if (n === 0 && type !== 'VP8X') return null;
    if (type === 'ICCP') {
      if (size < 132 || size > MAX_PROFILE_BYTES) return null;
      const profile = await source.read(at + 8, size);
      return profile.length === size ? profile : null;
    }
    if (type === 'VP8 ' || type === 'VP8L' || type === 'ANIM') return null;
    at += 8 + size + (size % 2);
  }
  return null;
}

const READERS: Record<string, (source: ByteSource) => Promise<Uint8Array | null>> = {
  jpeg_pipe: jpegProfile,
  png_pipe: pngProfile,
  tiff_pipe: tiffProfile,
  webp_pipe: webpProfile,
};

/** The embedded ICC profile's bytes, by the demuxer the sniffer chose; null when there is none or it cannot be read. */
export async function readIccProfile(source: ByteSource, demuxer: string): Promise<Uint8Array | null> {
  const reader = READERS[demuxer];
  if (!reader) return null;
  try {
    return await reader(source);
  } catch {
    return null;
  }
}

/** A ByteSource over bytes in memory (tests, and headers already read). */
export function bytesSource(bytes: Uint8Array): ByteSource {
  return { size: bytes.length, read: (offset, length) => Promise.resolve(bytes.subarray(offset, Math.min(bytes.length, offset + length))) };
}
