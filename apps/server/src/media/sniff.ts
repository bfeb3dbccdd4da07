import { MESSAGES, type MediaType } from '@cinegrade/contract';

/**
 * Decides what a file is from its first bytes (magic numbers), never from its name or the
 * browser's Content-Type. The answer names the ffmpeg demuxer to force, so a hostile file
 * cannot steer ffmpeg into a playlist or concat demuxer that opens other files.
 */
export interface SniffedType {
  mediaType: MediaType;
  /** ffmpeg demuxer name, passed as `-f`. */
  demuxer: string;
  extension: string;
  mime: string;
  /**
   * Set for HEIF and AVIF stills, which ffmpeg does not read: heif-convert decodes them once, on
   * arrival, to a lossless PNG (the working original) that everything else reads, so `demuxer`
   * names the PNG's (see heif.ts and docs/architecture.md, 'Media').
   */
  decodedBy?: 'heif-convert';
}

const ascii = (bytes: Uint8Array, start: number, length: number) => String.fromCharCode(...bytes.subarray(start, start + length));

/** ISO-BMFF brands of HEIF image sequences (bursts, animations), and of HEIF and AVIF stills. */
const SEQUENCE_BRANDS = new Set(['msf1', 'hevc', 'hevx', 'hevm', 'hevs', 'avis']);
const AVIF_BRANDS = new Set(['avif']);
const HEIC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'mif1', 'miaf']);

function brandsOf(head: Uint8Array): string[] {
  const size = Math.min(new DataView(head.buffer, head.byteOffset, head.byteLength).getUint32(0), head.length);
  const brands = [ascii(head, 8, 4)];
  for (let at = 16; at + 4 <= size; at += 4) brands.push(ascii(head, at, 4));
  return brands;
}

/** A HEIF or AVIF still, by its major brand, else by a compatible one; null for anything else in an ISO-BMFF box. */
function heifStill(head: Uint8Array): SniffedType | null {
  const [major = '', ...compatible] = brandsOf(head);
  if (SEQUENCE_BRANDS.has(major)) return null;
  const still = (avif: boolean): SniffedType => ({ mediaType: 'image', demuxer: 'png_pipe', extension: avif ? 'avif' : 'heic', mime: avif ? 'image/avif' : 'image/heic', decodedBy: 'heif-convert' });
  if (AVIF_BRANDS.has(major)) return still(true);
  if (HEIC_BRANDS.has(major)) return still(compatible.includes('avif'));
  return null;
}

export function sniffMedia(head: Uint8Array): SniffedType | null {
  if (head.length < 12) return null;
  // ISO base media (MP4, MOV, M4V, 3GP): a box size then 'ftyp' (ISO/IEC 14496-12 §4.3).
  if (ascii(head, 4, 4) === 'ftyp') {
    const brand = ascii(head, 8, 4).trim();
    const heif = heifStill(head);
    if (heif) return heif;
    if (SEQUENCE_BRANDS.has(ascii(head, 8, 4)) || brand === 'crx') return null; // Explained by `unreadableFormat`.
    const quicktime = brand === 'qt';
    return { mediaType: 'video', demuxer: 'mov', extension: quicktime ? 'mov' : 'mp4', mime: quicktime ? 'video/quicktime' : 'video/mp4' };
  }
  // Older QuickTime files start with another top-level atom.
  if (['moov', 'mdat', 'wide', 'free', 'skip', 'pnot'].includes(ascii(head, 4, 4))) {
    return { mediaType: 'video', demuxer: 'mov', extension: 'mov', mime: 'video/quicktime' };
  }
  // EBML (Matroska and WebM): 1A 45 DF A3; the DocType says which.
  if (head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) {
    const webm = ascii(head, 0, Math.min(head.length, 64)).includes('webm');
    return { mediaType: 'video', demuxer: 'matroska', extension: webm ? 'webm' : 'mkv', mime: webm ? 'video/webm' : 'video/x-matroska' };
  }
  if (ascii(head, 0, 4) === 'RIFF') {
    const form = ascii(head, 8, 4);
    if (form === 'AVI ') return { mediaType: 'video', demuxer: 'avi', extension: 'avi', mime: 'video/x-msvideo' };
    if (form === 'WEBP') return { mediaType: 'image', demuxer: 'webp_pipe', extension: 'webp', mime: 'image/webp' };
    return null;
  }
  // MPEG transport stream: sync byte 0x47 every 188 bytes.
  if (head.length >= 377 && head[0] === 0x47 && head[188] === 0x47 && head[376] === 0x47) {
    return { mediaType: 'video', demuxer: 'mpegts', extension: 'ts', mime: 'video/mp2t' };
  }
  // BDAV MPEG-2 transport stream (AVCHD .MTS, Blu-ray .m2ts): each 188-byte packet follows a
  // 4-byte timestamp, so the sync bytes fall at 4, 196, 388. ffmpeg's mpegts demuxer reads both.
  if (head.length >= 389 && head[4] === 0x47 && head[196] === 0x47 && head[388] === 0x47) {
    return { mediaType: 'video', demuxer: 'mpegts', extension: 'm2ts', mime: 'video/mp2t' };
  }
  // MXF: the SMPTE universal label prefix 06 0E 2B 34.
  if (head[0] === 0x06 && head[1] === 0x0e && head[2] === 0x2b && head[3] === 0x34) {
    return { mediaType: 'video', demuxer: 'mxf', extension: 'mxf', mime: 'application/mxf' };
  }
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return { mediaType: 'image', demuxer: 'jpeg_pipe', extension: 'jpg', mime: 'image/jpeg' };
  if (head[0] === 0x89 && ascii(head, 1, 3) === 'PNG') return { mediaType: 'image', demuxer: 'png_pipe', extension: 'png', mime: 'image/png' };
  if (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a') return { mediaType: 'image', demuxer: 'gif', extension: 'gif', mime: 'image/gif' };
  if (ascii(head, 0, 2) === 'BM' && head.length >= 26) return { mediaType: 'image', demuxer: 'bmp_pipe', extension: 'bmp', mime: 'image/bmp' };
  if ((ascii(head, 0, 4) === 'II*\0' || ascii(head, 0, 4) === 'MM\0*') && !cameraRaw(head) && unreadableTiffCompression(head) === null) return { mediaType: 'image', demuxer: 'tiff_pipe', extension: 'tiff', mime: 'image/tiff' };
  return null;
}

/** TIFF tags read from the first IFD: Make (0x010F), SubIFDs (0x014A), DNGVersion (0xC612), Compression (0x0103). */
const MAKE_TAG = 0x010f;
const SUB_IFDS_TAG = 0x014a;
const DNG_VERSION_TAG = 0xc612;
const COMPRESSION_TAG = 0x0103;
const RAW_BY_MAKE: [RegExp, string][] = [
  [/^nikon/i, 'NEF'],
  [/^sony/i, 'ARW'],
  [/^pentax|^ricoh/i, 'PEF'],
  [/^canon/i, 'CR2'],
  [/^olympus|^om digital/i, 'ORF'],
  [/^panasonic/i, 'RW2'],
  [/^samsung/i, 'SRW'],
];

/** What a TIFF's first IFD says: its Make, whether it has SubIFDs or a DNGVersion, its Compression. */
function firstIfd(head: Uint8Array): { make: string; subIfds: boolean; dng: boolean; compression: number | null } | null {
  const little = ascii(head, 0, 2) === 'II';
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  const u16 = (at: number) => view.getUint16(at, little);
  const u32 = (at: number) => view.getUint32(at, little);
  const ifd = u32(4);
  if (ifd + 2 > head.length) return null;
  const found = { make: '', subIfds: false, dng: false, compression: null as number | null };
  for (let i = 0, count = u16(ifd); i < count && ifd + 2 + (i + 1) * 12 <= head.length; i++) {
    const entry = ifd + 2 + i * 12;
    const tag = u16(entry);
    if (tag === DNG_VERSION_TAG) found.dng = true;
    if (tag === SUB_IFDS_TAG) found.subIfds = true;
    if (tag === COMPRESSION_TAG) found.compression = u16(entry + 2) === 3 ? u16(entry + 8) : u32(entry + 8);
    if (tag === MAKE_TAG) {
      const length = u32(entry + 4);
      const at = length <= 4 ? entry + 8 : u32(entry + 8);
      if (at + length <= head.length) found.make = ascii(head, at, length);
    }
  }
  return found;
}

/**
 * Which camera RAW a TIFF-structured file is: DNG by its DNGVersion tag, Canon CR2 by its 'CR'
 * marker, others by a camera maker's Make beside SubIFDs (where RAW files keep the sensor data,
 * IFD0 holding a preview). Null for a plain TIFF.
 */
function cameraRaw(head: Uint8Array): string | null {
  if (ascii(head, 8, 2) === 'CR') return 'CR2';
  const ifd = firstIfd(head);
  if (!ifd) return null;
  if (ifd.dng) return 'DNG';
  return ifd.subIfds ? (RAW_BY_MAKE.find(([pattern]) => pattern.test(ifd.make))?.[1] ?? null) : null;
}

/**
 * TIFF compressions ffmpeg's decoder reads: none, CCITT (2, 3, 4), LZW, JPEG (6, 7), Deflate (8,
 * 32946), PackBits, SGI LogLuv (34676), lossy DNG JPEG (34892). Others (JPEG 2000, WebP, vendor
 * schemes) would pass the probe, which reads only the header, and fail at the first decode.
 */
const READABLE_TIFF_COMPRESSIONS = new Set([1, 2, 3, 4, 5, 6, 7, 8, 32773, 32946, 34676, 34892]);

/** A TIFF compression ffmpeg cannot decode, or null. */
function unreadableTiffCompression(head: Uint8Array): number | null {
  const compression = firstIfd(head)?.compression ?? null;
  return compression !== null && !READABLE_TIFF_COMPRESSIONS.has(compression) ? compression : null;
}

const convert = (what: string, to: string) => `This is ${what}, which Cinegrade cannot open. ${to}, then upload that.`;
const RAW_ADVICE = 'Export it from your camera\'s software or a RAW editor as a 16-bit TIFF or a JPEG';

/**
 * For a file that is not media Cinegrade reads but is recognisably something else: a sentence
 * naming the format and what to convert it to. Null when the bytes are not one of these.
 */
export function unreadableFormat(head: Uint8Array): string | null {
  if (head.length < 12) return null;
  if (ascii(head, 4, 4) === 'ftyp') {
    const [major = ''] = brandsOf(head);
    if (SEQUENCE_BRANDS.has(major)) {
      return convert(`a HEIF image sequence (${major.trim()}: a burst or an animation)`, 'Export the frame you want as a HEIC or JPEG photo, or the sequence as an MP4 video');
    }
    if (major === 'crx ') return convert('a camera RAW photo (Canon CR3)', RAW_ADVICE);
    return null;
  }
  if (ascii(head, 0, 4) === 'II*\0' || ascii(head, 0, 4) === 'MM\0*') {
    const raw = cameraRaw(head);
    if (raw) return convert(`a camera RAW photo (${raw})`, RAW_ADVICE);
    const compression = unreadableTiffCompression(head);
    return compression === null ? null : convert(`a TIFF compressed in a way this server cannot decode (compression ${compression})`, 'Save it as an uncompressed or LZW TIFF, or as a PNG or JPEG');
  }
  if (ascii(head, 0, 4) === 'IIRO' || ascii(head, 0, 4) === 'IIRS') return convert('a camera RAW photo (Olympus ORF)', RAW_ADVICE);
  if (ascii(head, 0, 4) === 'IIU\0') return convert('a camera RAW photo (Panasonic RW2)', RAW_ADVICE);
  if (ascii(head, 0, 15) === 'FUJIFILMCCD-RAW') return convert('a camera RAW photo (Fujifilm RAF)', RAW_ADVICE);
  if (ascii(head, 0, 4) === '8BPS') return convert('a Photoshop document (PSD)', 'Save a flattened copy from Photoshop as TIFF, PNG or JPEG');
  if ((head[0] === 0xff && head[1] === 0x0a) || (ascii(head, 4, 4) === 'JXL ' && head[3] === 0x0c)) return convert('a JPEG XL image', 'Convert it to PNG, TIFF or JPEG');
  if (ascii(head, 4, 4) === 'jP  ' && head[3] === 0x0c) return convert('a JPEG 2000 image', 'Convert it to PNG, TIFF or JPEG');
  if (ascii(head, 0, 5) === '%PDF-') return MESSAGES.pdfRefused;
  const text = ascii(head, 0, Math.min(head.length, 1024)).replace(/^\uFEFF|^\xEF\xBB\xBF/, '').trimStart();
  if (/^(?:<\?xml[^>]*>\s*(?:<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*)?<svg[\s>]/i.test(text)) return convert('an SVG drawing', 'Export it as PNG');
  return null;
}

const MIME_BY_EXTENSION: Record<string, string> = {
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  mkv: 'video/x-matroska',
  avi: 'video/x-msvideo',
  ts: 'video/mp2t',
  m2ts: 'video/mp2t',
  mxf: 'application/mxf',
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  bmp: 'image/bmp',
  tiff: 'image/tiff',
  tif: 'image/tiff',
  webp: 'image/webp',
  heic: 'image/heic',
  avif: 'image/avif',
  cube: 'text/plain',
};

/** Content-Type for a stored file, from the extension the server itself gave it. */
export function mimeForKey(key: string): string {
  const extension = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return MIME_BY_EXTENSION[extension] ?? 'application/octet-stream';
}
