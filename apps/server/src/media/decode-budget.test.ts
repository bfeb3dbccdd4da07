import { describe, expect, it } from 'vitest';
import { bytesPerPixel, decodedBytes, overDecodeBudget, pngDeclaredPicture } from './decode-budget';

/** The first 33 bytes of a PNG: signature and IHDR. */
function pngHeader(width: number, height: number, depth = 8, colourType = 2): Uint8Array {
  const bytes = new Uint8Array(33);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  bytes[24] = depth;
  bytes[25] = colourType;
  return bytes;
}

describe('pngDeclaredPicture', () => {
  it('reads width, height and bytes per pixel from the header, and nothing from other bytes', () => {
    expect(pngDeclaredPicture(pngHeader(16000, 16000))).toEqual({ width: 16000, height: 16000, bytesPerPixel: 3 });
    expect(pngDeclaredPicture(pngHeader(10, 20, 16, 6))).toEqual({ width: 10, height: 20, bytesPerPixel: 8 });
    expect(pngDeclaredPicture(new Uint8Array(33))).toBeNull();
    expect(pngDeclaredPicture(pngHeader(1, 1).subarray(0, 20))).toBeNull();
  });
});

describe('bytesPerPixel', () => {
  it('counts samples and their width', () => {
    expect(bytesPerPixel('yuv420p', 8)).toBe(1.5);
    expect(bytesPerPixel('yuv422p10le', 10)).toBe(4);
    expect(bytesPerPixel('rgb24', 8)).toBe(3);
    expect(bytesPerPixel('rgba', 8)).toBe(4);
    expect(bytesPerPixel('rgb48be', 16)).toBe(6);
    expect(bytesPerPixel('gray', 8)).toBe(1);
    expect(bytesPerPixel(null, null)).toBe(4);
  });
});

describe('overDecodeBudget', () => {
  it('refuses a 16000×16000 RGB still and keeps an 8K still and a 16K video frame', () => {
    expect(overDecodeBudget('image', 16000, 16000, decodedBytes(16000, 16000, 'rgb24', 8))).toMatch(/^The picture is 16000×16000: decoding it would take about 732 MB/);
    expect(overDecodeBudget('image', 7680, 4320, decodedBytes(7680, 4320, 'rgba', 8))).toBeNull();
    expect(overDecodeBudget('video', 15360, 8640, decodedBytes(15360, 8640, 'yuv422p10le', 10))).toBeNull();
  });
});
