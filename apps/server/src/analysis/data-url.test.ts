import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/http-error';
import { pictureFromDataUrl } from './data-url';

const dataUrl = (type: string, bytes: number[]) => `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;
const padded = (...head: number[]) => [...head, ...new Array<number>(32).fill(0)];

describe('pictureFromDataUrl', () => {
  it('decides the decoder from the bytes, not the declared type', () => {
    const png = padded(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
    expect(pictureFromDataUrl(dataUrl('image/jpeg', png), 'imageData').demuxer).toBe('png_pipe');
    expect(pictureFromDataUrl(dataUrl('image/png', padded(0xff, 0xd8, 0xff, 0xe0)), 'imageData').demuxer).toBe('jpeg_pipe');
  });

  it('refuses bytes that are not a JPEG, PNG or WebP picture, in words for a person, naming the field for a program', () => {
    const gif = [...'GIF89a'].map((c) => c.charCodeAt(0));
    for (const bytes of [padded(...gif), padded(0x1a, 0x45, 0xdf, 0xa3), padded(1, 2, 3)]) {
      let caught: unknown;
      try {
        pictureFromDataUrl(dataUrl('image/jpeg', bytes), 'extraFrames.2');
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(HttpError);
      expect(caught).toMatchObject({ status: 422, extra: { field: 'extraFrames.2' }, message: 'Frame 4 of this video could not be read: it is not a JPEG, PNG or WebP picture.' });
    }
  });
});
