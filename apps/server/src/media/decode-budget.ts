import type { MediaType } from '@cinegrade/contract';

/**
 * Memory one decoded picture may take. A still is decoded whole (thumbnail, analysis, export),
 * and a small file can declare a huge one: a 249 KB PNG of 16000×16000 decodes to hundreds of
 * MB. 256 MiB holds an 8K×8K RGBA still; a video frame may take 1 GiB (16K, 10-bit 4:4:4).
 */
export const DECODE_BUDGET_BYTES: Record<MediaType, number> = {
  image: 256 * 1024 * 1024,
  video: 1024 * 1024 * 1024,
};

/** Bytes per pixel of a decoded frame, from ffmpeg's pixel format and bit depth (unknown: RGBA, the worst common case). */
export function bytesPerPixel(pixelFormat: string | null, bitDepth: number | null): number {
  const format = pixelFormat ?? 'rgba';
  const wide = (bitDepth ?? 8) > 8 || /(?:16|48|64|p1[0246]|f32|f16)/.test(format) ? 2 : 1;
  let samples = 4;
  if (/^(?:gray|ya|mono|pal8)/.test(format)) samples = format.startsWith('ya') ? 2 : 1;
  else if (/^yuva?420/.test(format)) samples = format.startsWith('yuva') ? 2.5 : 1.5;
  else if (/^yuva?422/.test(format)) samples = format.startsWith('yuva') ? 3 : 2;
  else if (/a/.test(format.replace(/^yuv/, ''))) samples = 4;
  else samples = 3;
  return samples * wide;
}

/** What decoding one picture of this size costs, in bytes. */
export function decodedBytes(width: number, height: number, pixelFormat: string | null, bitDepth: number | null): number {
  return width * height * bytesPerPixel(pixelFormat, bitDepth);
}

/**
 * The size a PNG declares in its header (IHDR: width, height, bit depth, colour type), read
 * from the first 33 bytes before anything is decoded; null when the bytes are not a PNG header.
 */
export function pngDeclaredPicture(head: Uint8Array): { width: number; height: number; bytesPerPixel: number } | null {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (head.length < 33 || signature.some((b, i) => head[i] !== b)) return null;
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  if (String.fromCharCode(...head.subarray(12, 16)) !== 'IHDR') return null;
  const depth = head[24] ?? 8;
  const colourType = head[25] ?? 6;
  // Colour types: 0 grey, 2 RGB, 3 palette (decoded to RGB), 4 grey + alpha, 6 RGBA.
  const samples = { 0: 1, 2: 3, 3: 3, 4: 2, 6: 4 }[colourType] ?? 4;
  return { width: view.getUint32(16), height: view.getUint32(20), bytesPerPixel: samples * (depth > 8 ? 2 : 1) };
}

/** The refusal for a picture that would take more memory to decode than the budget, or null. */
export function overDecodeBudget(mediaType: MediaType, width: number, height: number, bytes: number): string | null {
  const budget = DECODE_BUDGET_BYTES[mediaType];
  if (bytes <= budget) return null;
  const mb = (n: number) => Math.round(n / (1024 * 1024));
  return `The picture is ${width}×${height}: decoding it would take about ${mb(bytes)} MB of memory, more than the ${mb(budget)} MB Cinegrade allows for ${mediaType === 'image' ? 'an image' : 'a video frame'}.`;
}
