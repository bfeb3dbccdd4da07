import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixtures } from '../../test/support/fixtures';
import { corpusMedia } from '../../test/support/media-corpus';
import { mimeForKey, sniffMedia, unreadableFormat } from './sniff';

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
  });

  it('takes HEIC and AVIF stills, to be decoded by heif-convert into a PNG', () => {
    const heif = { mediaType: 'image', demuxer: 'png_pipe', decodedBy: 'heif-convert' };
    expect(sniffMedia(head(corpusMedia('s08_iphone.heic')))).toEqual({ ...heif, extension: 'heic', mime: 'image/heic' });
    expect(sniffMedia(head(corpusMedia('s09_avif_10bit_hdr_p3.avif')))).toEqual({ ...heif, extension: 'avif', mime: 'image/avif' });
    expect(sniffMedia(bytes(0, 0, 0, 24, 'ftypheix', 0, 0, 0, 0, 'mif1heix'))).toMatchObject({ ...heif, extension: 'heic' });
    expect(sniffMedia(bytes(0, 0, 0, 24, 'ftypmif1', 0, 0, 0, 0, 'mif1avif'))).toMatchObject({ ...heif, extension: 'avif' });
    expect(sniffMedia(bytes(0, 0, 0, 24, 'ftypisom', 0, 0, 0, 0, 'isomavc1'))).toMatchObject({ mediaType: 'video', demuxer: 'mov' });
  });
});

/** A little-endian TIFF whose first IFD holds `entries` ([tag, type, count, value]) and Make at byte 200. */
function tiff(entries: [number, number, number, number][], make = ''): Uint8Array {
  const out = new Uint8Array(400);
  const view = new DataView(out.buffer);
  out.set([0x49, 0x49, 0x2a, 0x00]);
  view.setUint32(4, 8, true);
  view.setUint16(8, entries.length, true);
  entries.forEach(([tag, type, count, value], i) => {
    const at = 10 + i * 12;
    view.setUint16(at, tag, true);
    view.setUint16(at + 2, type, true);
    view.setUint32(at + 4, count, true);
    view.setUint32(at + 8, value, true);
  });
  out.set([...make].map((c) => c.charCodeAt(0)), 200);
  return out;
}

describe('unreadableFormat', () => {
  const says = (head: Uint8Array) => {
    expect(sniffMedia(head)).toBeNull();
    return unreadableFormat(head);
  };

  it('names camera RAW files, TIFF-structured or not, and says to export a TIFF or JPEG', () => {
    const raw = /^This is a camera RAW photo \((.+)\), which Cinegrade cannot open\. Export it from your camera's software or a RAW editor as a 16-bit TIFF or a JPEG, then upload that\.$/;
    expect(says(tiff([[0xc612, 1, 4, 0x00000401]]))).toMatch(raw);
    expect(says(tiff([[0xc612, 1, 4, 0x00000401]]))).toContain('(DNG)');
    expect(says(tiff([[0x010f, 2, 6, 200], [0x014a, 4, 1, 300]], 'NIKON\0'))).toContain('(NEF)');
    expect(says(tiff([[0x010f, 2, 5, 200], [0x014a, 4, 2, 300]], 'SONY\0'))).toContain('(ARW)');
    expect(says(bytes('II*', 0, 16, 0, 0, 0, 'CR', 2, 0))).toContain('(CR2)');
    expect(says(bytes(0, 0, 0, 24, 'ftypcrx ', 0, 0, 0, 1, 'crx isom'))).toContain('(Canon CR3)');
    expect(says(bytes('FUJIFILMCCD-RAW 0201'))).toContain('(Fujifilm RAF)');
    expect(says(bytes('IIRO', 8, 0, 0, 0))).toContain('(Olympus ORF)');
  });

  it('keeps a plain TIFF, even one a camera maker wrote without sensor data', () => {
    expect(sniffMedia(tiff([[0x0100, 3, 1, 64]]))).toMatchObject({ demuxer: 'tiff_pipe' });
    expect(sniffMedia(tiff([[0x010f, 2, 6, 200]], 'NIKON\0'))).toMatchObject({ demuxer: 'tiff_pipe' });
    expect(unreadableFormat(tiff([[0x0100, 3, 1, 64]]))).toBeNull();
    expect(sniffMedia(tiff([[0x0103, 3, 1, 5]]))).toMatchObject({ demuxer: 'tiff_pipe' });
  });

  it('names a TIFF whose compression ffmpeg cannot decode, which its probe would pass', () => {
    expect(says(tiff([[0x0103, 3, 1, 34713]]))).toBe(
      'This is a TIFF compressed in a way this server cannot decode (compression 34713), which Cinegrade cannot open. Save it as an uncompressed or LZW TIFF, or as a PNG or JPEG, then upload that.',
    );
    expect(says(tiff([[0x0103, 3, 1, 34712]]))).toContain('(compression 34712)');
  });

  it('names HEIF sequences, PSD, JPEG XL, JPEG 2000, PDF and SVG, each with what to convert it to', () => {
    expect(says(bytes(0, 0, 0, 24, 'ftypmsf1', 0, 0, 0, 0, 'msf1hevc'))).toBe(
      'This is a HEIF image sequence (msf1: a burst or an animation), which Cinegrade cannot open. Export the frame you want as a HEIC or JPEG photo, or the sequence as an MP4 video, then upload that.',
    );
    expect(says(bytes(0, 0, 0, 24, 'ftyphevc', 0, 0, 0, 0, 'mif1hevc'))).toContain('HEIF image sequence (hevc');
    expect(says(bytes(0, 0, 0, 24, 'ftypavis', 0, 0, 0, 0, 'avifavis'))).toContain('HEIF image sequence (avis');
    expect(says(bytes('8BPS', 0, 1))).toBe('This is a Photoshop document (PSD), which Cinegrade cannot open. Save a flattened copy from Photoshop as TIFF, PNG or JPEG, then upload that.');
    expect(says(bytes(0xff, 0x0a, 0xfa))).toBe('This is a JPEG XL image, which Cinegrade cannot open. Convert it to PNG, TIFF or JPEG, then upload that.');
    expect(says(bytes(0, 0, 0, 0x0c, 'JXL ', 0x0d, 0x0a, 0x87, 0x0a))).toContain('JPEG XL');
    expect(says(bytes(0, 0, 0, 0x0c, 'jP  ', 0x0d, 0x0a, 0x87, 0x0a))).toContain('JPEG 2000');
    expect(says(bytes('%PDF-1.7'))).toBe('This is a PDF document, which Cinegrade cannot open. Export the page or picture you want as PNG or JPEG, then upload that.');
    expect(says(bytes('<?xml version="1.0"?>\n<!-- drawn -->\n<svg xmlns="http://www.w3.org/2000/svg">'))).toBe('This is an SVG drawing, which Cinegrade cannot open. Export it as PNG, then upload that.');
    expect(says(bytes('<svg width="10">'))).toContain('SVG');
  });

  it('says nothing of a file it does not recognise', () => {
    expect(unreadableFormat(head(fixtures.htmlAsMp4))).toBeNull();
    expect(unreadableFormat(bytes('RIFF', 0, 0, 0, 0, 'WAVEfmt '))).toBeNull();
    expect(unreadableFormat(new Uint8Array())).toBeNull();
  });
});

describe('mimeForKey', () => {
  it('answers the type of the extension the server gave a file', () => {
    expect(mimeForKey('u/1-a.proxy.mp4')).toBe('video/mp4');
    expect(mimeForKey('u/1-a.thumb.jpg')).toBe('image/jpeg');
    expect(mimeForKey('u/1-a.heic')).toBe('image/heic');
    expect(mimeForKey('u/1-a.avif')).toBe('image/avif');
    expect(mimeForKey('u/1-a.bin')).toBe('application/octet-stream');
  });
});
