import { describe, expect, it } from 'vitest';
import { orientationFilters, readOrientation, type ByteSource } from './orientation';

const bytes = (...parts: (number[] | string | Uint8Array)[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : [...p])));
const be16 = (v: number) => [v >> 8, v & 255];
const le16 = (v: number) => [v & 255, v >> 8];
const be32 = (v: number) => [...be16(v >>> 16), ...be16(v & 0xffff)];
const le32 = (v: number) => [...le16(v & 0xffff), ...le16(v >>> 16)];

/** A TIFF structure whose IFD0 holds a few entries, the orientation among them. */
function tiff(orientation: number, little: boolean): Uint8Array {
  const s16 = little ? le16 : be16;
  const s32 = little ? le32 : be32;
  const entry = (tag: number, type: number, value: number) => [...s16(tag), ...s16(type), ...s32(1), ...(type === 3 ? [...s16(value), 0, 0] : s32(value))];
  return bytes(little ? 'II' : 'MM', s16(42), s32(8), s16(3), entry(0x0100, 4, 640), entry(0x0112, 3, orientation), entry(0x0101, 4, 480), s32(0));
}

const source = (data: Uint8Array): ByteSource => ({ size: data.length, read: (offset, length) => Promise.resolve(data.subarray(offset, offset + length)) });

function jpeg(orientation: number): Uint8Array {
  const exif = bytes('Exif\0\0', tiff(orientation, false));
  const app0 = bytes([0xff, 0xe0], be16(16), 'JFIF\0', [1, 1, 0, 0, 1, 0, 1, 0, 0]);
  return bytes([0xff, 0xd8], app0, [0xff, 0xe1], be16(exif.length + 2), exif, [0xff, 0xda, 0, 2, 0xff, 0xd9]);
}

describe('readOrientation', () => {
  it('reads the EXIF orientation of a JPEG, after other segments', async () => {
    for (const o of [1, 2, 3, 4, 5, 6, 7, 8]) expect(await readOrientation(source(jpeg(o)), 'jpeg_pipe')).toBe(o);
  });

  it('reads a TIFF of either byte order, with the IFD anywhere in the file', async () => {
    expect(await readOrientation(source(tiff(6, true)), 'tiff_pipe')).toBe(6);
    expect(await readOrientation(source(tiff(8, false)), 'tiff_pipe')).toBe(8);
  });

  it('reads the EXIF chunk of a WebP and the eXIf chunk of a PNG', async () => {
    const exif = tiff(5, true);
    const webp = bytes('RIFF', le32(0), 'WEBP', 'VP8X', le32(10), new Uint8Array(10), 'EXIF', le32(exif.length), exif);
    expect(await readOrientation(source(webp), 'webp_pipe')).toBe(5);
    const png = bytes([0x89], 'PNG\r\n\x1a\n', be32(13), 'IHDR', new Uint8Array(13), be32(0), be32(exif.length), 'eXIf', exif, be32(0), be32(0), 'IEND', be32(0));
    expect(await readOrientation(source(png), 'png_pipe')).toBe(5);
  });

  it('answers 1 (upright) for no EXIF, values out of range, cut-off files and other formats', async () => {
    expect(await readOrientation(source(bytes([0xff, 0xd8, 0xff, 0xda, 0, 2])), 'jpeg_pipe')).toBe(1);
    expect(await readOrientation(source(jpeg(9)), 'jpeg_pipe')).toBe(1);
    expect(await readOrientation(source(jpeg(6).subarray(0, 40)), 'jpeg_pipe')).toBe(1);
    expect(await readOrientation(source(jpeg(6)), 'mov')).toBe(1);
  });
});

describe('orientationFilters', () => {
  it('turns each orientation upright with transpose, hflip and vflip; nothing for 1', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((o) => orientationFilters(o as 1).join(','))).toEqual([
      '',
      'hflip',
      'hflip,vflip',
      'vflip',
      'transpose=cclock_flip',
      'transpose=clock',
      'transpose=clock_flip',
      'transpose=cclock',
    ]);
  });
});
