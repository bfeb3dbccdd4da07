import type { MediaType } from '@cinegrade/contract';

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
}

const ascii = (bytes: Uint8Array, start: number, length: number) => String.fromCharCode(...bytes.subarray(start, start + length));

/** QuickTime/ISO-BMFF brands that hold still images rather than video. */
const IMAGE_BRANDS = new Set(['heic', 'heix', 'mif1', 'msf1', 'avif']);

export function sniffMedia(head: Uint8Array): SniffedType | null {
  if (head.length < 12) return null;
  // ISO base media (MP4, MOV, M4V, 3GP): a box size then 'ftyp' (ISO/IEC 14496-12 §4.3).
  if (ascii(head, 4, 4) === 'ftyp') {
    const brand = ascii(head, 8, 4).trim();
    if (IMAGE_BRANDS.has(brand)) return null; // HEIF/AVIF stills: not decoded by our ffmpeg builds.
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
  if ((ascii(head, 0, 4) === 'II*\0' || ascii(head, 0, 4) === 'MM\0*')) return { mediaType: 'image', demuxer: 'tiff_pipe', extension: 'tiff', mime: 'image/tiff' };
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
  cube: 'text/plain',
};

/** Content-Type for a stored file, from the extension the server itself gave it. */
export function mimeForKey(key: string): string {
  const extension = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return MIME_BY_EXTENSION[extension] ?? 'application/octet-stream';
}
