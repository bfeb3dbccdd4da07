import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FFMPEG } from '../../test/support/exports';
import { corpusMedia } from '../../test/support/media-corpus';
import { heifBrands, heifColourTags, heifConvertArgs, readHeifPicture } from './heif';
import { FfmpegError } from './ffmpeg-runner';
import { heifDecodeTimeoutMs, HeifTools, HEIF_MISSING_REASON, locateHeifConvert } from './heif-tools';

const head = (file: string) => new Uint8Array(fs.readFileSync(file).subarray(0, 1024 * 1024));
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cinegrade-heif-unit-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** A small picture encoded by libheif's own encoder (x265 for HEIC, aom for AVIF). */
function encoded(name: string, options: string[], sixteenBit = false): string {
  const png = path.join(work, `${name}.png`);
  execFileSync(FFMPEG, ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=s=96x64', '-frames:v', '1', ...(sixteenBit ? ['-pix_fmt', 'rgb48be'] : []), png]);
  const out = path.join(work, name);
  execFileSync('heif-enc', ['-q', '90', ...options, png, '-o', out]);
  return out;
}

describe('readHeifPicture', () => {
  it("reads an iPhone HEIC's grid size, bit depth and ICC profile from its boxes", () => {
    const bytes = head(corpusMedia('s08_iphone.heic'));
    expect(heifBrands(bytes)).toEqual({ major: 'heic', compatible: ['mif1', 'heic'] });
    expect(readHeifPicture(bytes)).toEqual({ width: 4032, height: 3024, bitDepth: 8, nclx: null, hasIccProfile: true, itemType: 'grid', quarterTurns: 0, mirrored: false });
  });

  it("reads a 10-bit HDR AVIF's nclx (Display P3 primaries, PQ transfer)", () => {
    const picture = readHeifPicture(head(corpusMedia('s09_avif_10bit_hdr_p3.avif')));
    expect(picture).toMatchObject({ width: 3681, height: 5594, bitDepth: 10, nclx: { primaries: 12, transfer: 16, matrix: 6, fullRange: true }, itemType: 'av01' });
    expect(heifColourTags(picture?.nclx ?? null)).toEqual({ colorPrimaries: 'smpte432', colorTransfer: 'smpte2084', colorSpace: 'gbr', colorRange: 'pc' });
  });

  it('reads the coded size before irot and imir, and the turn and mirror libheif applies', () => {
    expect(readHeifPicture(head(corpusMedia('s11_avif_irot90.avif')))).toMatchObject({ width: 427, height: 640, quarterTurns: 1, mirrored: true });
  });

  it('reads what heif-enc writes: 8-bit HEIC, 10-bit HEIC and 10-bit AVIF', () => {
    expect(readHeifPicture(head(encoded('eight.heic', [])))).toMatchObject({ width: 96, height: 64, bitDepth: 8, itemType: 'hvc1' });
    expect(readHeifPicture(head(encoded('ten.heic', ['-b', '10'], true)))).toMatchObject({ width: 96, height: 64, bitDepth: 10, itemType: 'hvc1' });
    const avif = readHeifPicture(head(encoded('ten.avif', ['-b', '10', '-p', 'chroma=422'], true)));
    expect(avif).toMatchObject({ width: 96, height: 64, bitDepth: 10, itemType: 'av01' });
  });

  it('answers null for bytes cut before the meta box ends, or no meta box at all', () => {
    const bytes = head(corpusMedia('s11_avif_irot90.avif'));
    expect(readHeifPicture(bytes.subarray(0, 200))).toBeNull();
    expect(readHeifPicture(new Uint8Array(64))).toBeNull();
    expect(heifBrands(new TextEncoder().encode('not a heif file at all'))).toBeNull();
  });
});

describe('heifColourTags', () => {
  it('names nclx code points as ffmpeg does, and leaves unknown ones and ICC-only files untagged', () => {
    expect(heifColourTags({ primaries: 9, transfer: 18, matrix: 9, fullRange: false })).toMatchObject({ colorPrimaries: 'bt2020', colorTransfer: 'arib-std-b67' });
    expect(heifColourTags({ primaries: 1, transfer: 13, matrix: 6, fullRange: true })).toMatchObject({ colorPrimaries: 'bt709', colorTransfer: 'iec61966-2-1' });
    expect(heifColourTags({ primaries: 2, transfer: 2, matrix: 2, fullRange: true })).toMatchObject({ colorPrimaries: null, colorTransfer: null });
    expect(heifColourTags(null)).toEqual({ colorPrimaries: null, colorTransfer: null, colorSpace: 'gbr', colorRange: 'pc' });
  });
});

describe('heif-convert arguments and limit', () => {
  it('decodes the primary picture to the PNG named, quietly', () => {
    expect(heifConvertArgs('/in/a.heic', '/work/decoded.png')).toEqual(['--quiet', '/in/a.heic', '/work/decoded.png']);
  });

  it('allows a minute plus four times the measured rate', () => {
    expect(heifDecodeTimeoutMs(0)).toBe(60_000);
    expect(heifDecodeTimeoutMs(3681 * 5594)).toBe(Math.round(60_000 + (4 * 3681 * 5594 * 1000) / 600_000));
  });
});

describe('HeifTools', () => {
  const real = locateHeifConvert();

  it('finds heif-convert on PATH or where HEIF_CONVERT_PATH says, and nothing when neither has it', () => {
    expect(real).toMatch(/heif-convert$/);
    expect(locateHeifConvert({ PATH: path.dirname(real ?? '') })).toBe(real);
    expect(locateHeifConvert({ PATH: work })).toBeNull();
    expect(locateHeifConvert({ PATH: path.dirname(real ?? ''), HEIF_CONVERT_PATH: path.join(work, 'none') })).toBeNull();
  });

  it('decodes a HEIC to PNG, and says in a person\'s words when it cannot', async () => {
    const tools = new HeifTools(real);
    const png = path.join(work, 'decoded.png');
    await tools.decode(encoded('tool.heic', []), png, 96 * 64);
    expect(fs.readFileSync(png).subarray(1, 4).toString()).toBe('PNG');
    const notHeif = path.join(work, 'not-heif.heic');
    fs.writeFileSync(notHeif, 'plain text, not a picture');
    await expect(tools.decode(notHeif, path.join(work, 'nothing.png'), 1)).rejects.toThrow('The photo could not be decoded: the file may be damaged or use a HEIF feature this server cannot read.');
    const missing = await new HeifTools(null).decode(notHeif, png, 1).catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(FfmpegError);
    expect(missing).toMatchObject({ message: HEIF_MISSING_REASON, notStarted: true });
  });
});
