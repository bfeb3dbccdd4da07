import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixtures } from '../../test/support/fixtures';
import { mimeForKey, sniffMedia } from './sniff';

const head = (file: string) => new Uint8Array(fs.readFileSync(file).subarray(0, 4096));
const bytes = (...values: (number | string)[]) => {
  const out: number[] = [];
  for (const v of values) {
    if (typeof v === 'number') out.push(v);
    else out.push(...[...v].map((c) => c.charCodeAt(0)));
  }
  while (out.length < 400) out.push(0);
  return new Uint8Array(out);
};

describe('sniffMedia', () => {
  it('recognises real media by its bytes', () => {
    expect(sniffMedia(head(fixtures.h264Mp4))).toMatchObject({ mediaType: 'video', demuxer: 'mov', extension: 'mp4' });
    expect(sniffMedia(head(fixtures.proresMov))).toMatchObject({ mediaType: 'video', demuxer: 'mov', extension: 'mov' });
    expect(sniffMedia(head(fixtures.vp9Webm))).toMatchObject({ mediaType: 'video', demuxer: 'matroska', extension: 'webm' });
    expect(sniffMedia(head(fixtures.png))).toMatchObject({ mediaType: 'image', demuxer: 'png_pipe' });
    expect(sniffMedia(head(fixtures.jpeg))).toMatchObject({ mediaType: 'image', demuxer: 'jpeg_pipe' });
    expect(sniffMedia(head(fixtures.tiff))).toMatchObject({ mediaType: 'image', demuxer: 'tiff_pipe' });
  });

  it('recognises AVI, WebP, GIF, BMP and MPEG-TS headers', () => {
    expect(sniffMedia(bytes('RIFF', 0, 0, 0, 0, 'AVI LIST'))?.demuxer).toBe('avi');
    expect(sniffMedia(bytes('RIFF', 0, 0, 0, 0, 'WEBPVP8 '))?.demuxer).toBe('webp_pipe');
    expect(sniffMedia(bytes('GIF89a', 1, 0, 1, 0))?.mediaType).toBe('image');
    expect(sniffMedia(bytes('BM', 0, 0, 0, 0, 0, 0, 0, 0, 54, 0, 0, 0, 40))?.demuxer).toBe('bmp_pipe');
    const ts = new Uint8Array(400);
    ts[0] = ts[188] = ts[376] = 0x47;
    expect(sniffMedia(ts)?.demuxer).toBe('mpegts');
  });

  it('recognises a camcorder MTS / M2TS: 192-byte packets, a 4-byte timestamp before each sync byte', () => {
    const m2ts = new Uint8Array(400);
    m2ts[4] = m2ts[196] = m2ts[388] = 0x47;
    expect(sniffMedia(m2ts)).toMatchObject({ mediaType: 'video', demuxer: 'mpegts', extension: 'm2ts', mime: 'video/mp2t' });
    // One sync byte in the wrong place is not a stream.
    m2ts[196] = 0;
    expect(sniffMedia(m2ts)).toBeNull();
    expect(mimeForKey('u/1-a.m2ts')).toBe('video/mp2t');
  });

  it('refuses anything else whatever it is called', () => {
    expect(sniffMedia(head(fixtures.htmlAsMp4))).toBeNull();
    expect(sniffMedia(new Uint8Array())).toBeNull();
    expect(sniffMedia(bytes('%PDF-1.7'))).toBeNull();
    expect(sniffMedia(bytes('RIFF', 0, 0, 0, 0, 'WAVEfmt '))).toBeNull();
    expect(sniffMedia(bytes(0, 0, 0, 24, 'ftypheic'))).toBeNull();
  });
});

describe('mimeForKey', () => {
  it('answers the type of the extension the server gave a file', () => {
    expect(mimeForKey('u/1-a.proxy.mp4')).toBe('video/mp4');
    expect(mimeForKey('u/1-a.thumb.jpg')).toBe('image/jpeg');
    expect(mimeForKey('u/1-a.bin')).toBe('application/octet-stream');
  });
});
