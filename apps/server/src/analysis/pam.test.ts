import { describe, expect, it } from 'vitest';
import { parsePam } from './pam';

function pam(header: string, pixels: number[]): Uint8Array {
  const text = new TextEncoder().encode(header);
  const out = new Uint8Array(text.length + pixels.length);
  out.set(text);
  out.set(pixels, text.length);
  return out;
}

describe('parsePam', () => {
  it('reads the size and the RGBA rows of an 8-bit RGBA PAM', () => {
    const frame = parsePam(pam('P7\nWIDTH 2\nHEIGHT 1\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\nENDHDR\n', [1, 2, 3, 255, 4, 5, 6, 128]));
    expect(frame.width).toBe(2);
    expect(frame.height).toBe(1);
    expect(Array.from(frame.data)).toEqual([1, 2, 3, 255, 4, 5, 6, 128]);
  });

  it('refuses other forms and short data', () => {
    expect(() => parsePam(pam('P6\n2 1\n255\n', [0, 0, 0, 0, 0, 0]))).toThrow('not a PAM file');
    expect(() => parsePam(pam('P7\nWIDTH 1\nHEIGHT 1\nDEPTH 3\nMAXVAL 255\nENDHDR\n', [0, 0, 0]))).toThrow('not 8-bit RGBA');
    expect(() => parsePam(pam('P7\nWIDTH 2\nHEIGHT 2\nDEPTH 4\nMAXVAL 255\nENDHDR\n', [0, 0, 0, 0]))).toThrow('short');
    expect(() => parsePam(pam('P7\nHEIGHT 2\nDEPTH 4\nMAXVAL 255\nENDHDR\n', []))).toThrow('size missing');
  });
});
