/**
 * Stills with an embedded colour profile, and CMYK JPEGs, through the real server, tus and ffmpeg:
 * each is converted once on arrival to the working space (sRGB), and its preview, thumbnail and
 * export are held by pixels to an independent conversion: Little CMS (through ImageMagick) from
 * the file's own profile, and ImageMagick's CMYK to sRGB for the CMYK JPEG of the corpus. The
 * corpus iPhone HEIC (Display P3) is held to Little CMS in real-media-heif.test.ts.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bakeLut, cubeFromLut, DEFAULT_LUT_SIZE, writeCube } from '@cinegrade/color';
import { gradeFromSavedGrade, type Asset } from '@cinegrade/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { download, FFMPEG, finishedExport, probeFile, startExport } from './support/exports';
import { corpusMedia } from './support/media-corpus';
import { corpusProfile, lcmsToSrgb, magick, writeAdobeRgbProfile } from './support/icc-reference';
import { startTestServer, type TestServer } from './support/test-server';
import { TusTestClient } from './support/tus-client';
import { WAIT, waitFor } from './support/wait';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cinegrade-icc-'));
const LOOK = { selected_lut: 'vintage-film', color_settings: {} };

let server: TestServer;
let user: { cookie: string; email: string };
let srgbIcc: string;
let p3Icc: string;
let adobeIcc: string;
let lookCube: string;

beforeAll(async () => {
  server = await startTestServer('embedded');
  user = await server.signedInUser();
  await server.services.profiles.setTierByEmail(user.email, 'Premium');
  srgbIcc = corpusProfile('s13_ultrahdr_3072x4080.jpg', work);
  p3Icc = corpusProfile('s08_iphone.heic', work);
  adobeIcc = writeAdobeRgbProfile(path.join(work, 'AdobeRGB1998.icc'));
  const parsed = gradeFromSavedGrade(LOOK);
  if (!parsed.ok) throw new Error(parsed.message);
  lookCube = path.join(work, 'look.cube');
  fs.writeFileSync(lookCube, writeCube(cubeFromLut(bakeLut(parsed.grade, DEFAULT_LUT_SIZE), 'reference')));
}, WAIT.serverMs);
afterAll(async () => {
  await server?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

/** An sRGB test picture (testsrc2: saturated colours, gradients and edges) of this size, as a 16-bit PNG without a profile. */
function sourcePicture(name: string, width: number, height: number): string {
  const file = path.join(work, `${name}.source.png`);
  execFileSync(FFMPEG, ['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=s=${Math.ceil(width / 16) * 16}x${Math.ceil(height / 16) * 16}`, '-frames:v', '1', '-vf', `format=rgb48be,crop=${width}:${height}:0:0`, file]);
  return file;
}

/** The sRGB picture converted by Little CMS into the colour space of `profile`, which it embeds. */
function inProfile(source: string, profile: string, output: string, extra: string[] = []): string {
  magick([source, '-profile', srgbIcc, '-profile', profile, ...extra, output]);
  return output;
}

async function uploadedReady(file: string, name = path.basename(file)): Promise<Asset> {
  const response = await new TusTestClient(server, user.cookie).upload(file, name);
  expect(response.status, await response.clone().text()).toBe(200);
  const { id } = ((await response.json()) as { asset: Asset }).asset;
  return waitFor(
    `${name} prepared`,
    async () => {
      const answer = (await (await server.request(`/api/assets/${id}`, { cookie: user.cookie })).json()) as Asset;
      if (answer.processing_status === 'failed') throw new Error(`Preparing ${name} failed: ${answer.processing_error}`);
      return answer.processing_status === 'ready' ? answer : undefined;
    },
    WAIT.mediaMs,
  );
}

async function fetched(url: string | null, name: string): Promise<string> {
  return (await download(server, user.cookie, url ?? '', path.join(work, name))).file;
}

function size(file: string): { width: number; height: number } {
  const stream = probeFile(file).streams.find((s) => s.codec_type === 'video');
  return { width: stream?.width ?? 0, height: stream?.height ?? 0 };
}

/** A picture as 16-bit RGB at this size, after `filters` (ffmpeg ignores any embedded profile: these are the encoded values). */
function rgb(file: string, filters: string): Uint16Array {
  const raw = execFileSync(FFMPEG, ['-v', 'error', '-noautorotate', '-i', file, '-vf', `${filters},format=rgb48le`, '-frames:v', '1', '-f', 'rawvideo', 'pipe:1'], { maxBuffer: 1 << 30 });
  return new Uint16Array(raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.length));
}

/** The mean and the largest, over 8×8 blocks and channels, of the difference of the blocks' averages, in 1/255. */
function blockDifference(a: Uint16Array, b: Uint16Array, width: number, height: number): { mean: number; max: number } {
  expect(a.length).toBe(width * height * 3);
  expect(b.length).toBe(a.length);
  let total = 0;
  let max = 0;
  let count = 0;
  for (let by = 0; by + 8 <= height; by += 8) {
    for (let bx = 0; bx + 8 <= width; bx += 8) {
      for (let c = 0; c < 3; c++) {
        let sum = 0;
        for (let y = by; y < by + 8; y++) for (let x = bx; x < bx + 8; x++) sum += a[(y * width + x) * 3 + c]! - b[(y * width + x) * 3 + c]!;
        const difference = (Math.abs(sum / 64) / 65535) * 255;
        total += difference;
        max = Math.max(max, difference);
        count++;
      }
    }
  }
  return { mean: total / count, max };
}

/**
 * `actual` (already at its size, `actualFilters` first) against the reference turned and scaled to
 * that size (`referenceFilters` before the scale): within mean 1/255 on 8×8 blocks, and much closer
 * (`apart` times) than the picture taken without its profile, which is what the server showed before.
 */
function expectColoursOf(label: string, actual: string, reference: string, unconverted: string, referenceFilters = '', look = '', limit = 1, apart = 3): void {
  const { width, height } = size(actual);
  // As the export does: a picture made smaller is scaled (bicubic) before the look, one made larger after it (lanczos).
  const enlarging = width * height > size(reference).width * size(reference).height;
  const scale = enlarging
    ? `${referenceFilters}format=gbrpf32le${look},zscale=w=${width}:h=${height}:filter=lanczos,format=gbrpf32le`
    : `${referenceFilters}zscale=w=${width}:h=${height}:filter=bicubic,format=gbrpf32le${look}`;
  const mine = rgb(actual, 'null');
  const converted = blockDifference(mine, rgb(reference, scale), width, height);
  const ignored = blockDifference(mine, rgb(unconverted, scale), width, height);
  console.log(`${label} ${width}×${height}: 8×8 block difference from Little CMS mean ${converted.mean.toFixed(3)}/255, max ${converted.max.toFixed(2)}/255 (profile ignored: mean ${ignored.mean.toFixed(2)}/255)`);
  expect(converted.mean, label).toBeLessThanOrEqual(limit);
  expect(ignored.mean, `${label}, ignoring the profile`).toBeGreaterThan(converted.mean * apart);
}

async function exported(asset: Asset, outputFormat: 'jpeg' | 'png' | 'tiff', name: string): Promise<string> {
  const started = await startExport(server, user.cookie, { assetId: asset.id, selectedLUT: LOOK.selected_lut, colorSettings: LOOK.color_settings, outputFormat, quality: '720p' });
  const done = await finishedExport(server, user.cookie, started.predictionId);
  expect(done.status, done.error ?? '').toBe('succeeded');
  return fetched(done.downloadUrl, name);
}

const lut = () => `,lut3d=file=${lookCube}:interp=tetrahedral`;

describe('a Display P3 JPEG (portrait, EXIF orientation 6, odd sides)', () => {
  let file: string;
  let reference: string;
  let asset: Asset;

  beforeAll(async () => {
    file = inProfile(sourcePicture('p3', 961, 721), p3Icc, path.join(work, 'p3 photo.jpg'), ['-quality', '95']);
    execFileSync('exiftool', ['-q', '-overwrite_original', '-n', '-Orientation=6', file]);
    reference = lcmsToSrgb(file, srgbIcc, path.join(work, 'p3.lcms.png'));
    asset = await uploadedReady(file);
  }, WAIT.mediaMs + WAIT.serverMs);

  it('is converted once to sRGB; the editor shows an upright preview without a profile, and the metadata says so', async () => {
    expect(asset.metadata).toMatchObject({ width: 961, height: 721, orientation: 6, colorProfile: { name: 'Display P3', handling: 'converted' } });
    expect(asset.needs_proxy).toBe(true);
    const preview = await fetched(asset.media_url, 'p3-preview.png');
    expect(probeFile(preview).streams[0]).toMatchObject({ codec_name: 'png', width: 721, height: 961 });
    expect(execFileSync('exiftool', ['-s3', '-ProfileDescription', preview], { encoding: 'utf8' }).trim()).toBe('');
    expectColoursOf('P3 JPEG preview copy', preview, reference, file, 'transpose=clock,');
    const original = await fetched(asset.original_url, 'p3-original.jpg');
    expect(fs.readFileSync(original).equals(fs.readFileSync(file))).toBe(true);
  });

  it('has an upright thumbnail in sRGB', async () => {
    const thumbnail = await fetched(asset.thumbnail_url, 'p3-thumb.jpg');
    expect(size(thumbnail).height).toBeGreaterThan(size(thumbnail).width);
    // Thumbnails are small JPEGs: their compression of the test picture's sharp edges and text costs up to about 2/255 on its own.
    expectColoursOf('P3 JPEG thumbnail', thumbnail, reference, file, 'transpose=clock,', '', 2);
  });

  it('exports a PNG whose colours are the look applied to the sRGB picture', async () => {
    const exportFile = await exported(asset, 'png', 'p3-export.png');
    expect(size(exportFile)).toEqual({ width: 720, height: 960 });
    expectColoursOf('P3 JPEG → PNG export', exportFile, reference, file, 'transpose=clock,', lut());
  });
});

describe('Adobe RGB (1998) stills', () => {
  it('converts a 16-bit TIFF and exports it as a 16-bit TIFF matching Little CMS', async () => {
    const file = inProfile(sourcePicture('adobe', 1024, 768), adobeIcc, path.join(work, 'adobe.tiff'), ['-depth', '16', '-compress', 'none']);
    expect(execFileSync('exiftool', ['-s3', '-ProfileDescription', file], { encoding: 'utf8' }).trim()).toBe('Adobe RGB (1998)');
    const reference = lcmsToSrgb(file, srgbIcc, path.join(work, 'adobe.lcms.png'));
    const asset = await uploadedReady(file);
    expect(asset.metadata).toMatchObject({ pixelFormat: 'rgb48be', colorProfile: { name: 'Adobe RGB (1998)', handling: 'converted' } });
    const working = await fetched(asset.media_url, 'adobe-working.png');
    expect(probeFile(working).streams[0]).toMatchObject({ codec_name: 'png', pix_fmt: 'rgb48be', width: 1024, height: 768 });
    expectColoursOf('Adobe RGB TIFF working original', working, reference, file);
    expectColoursOf('Adobe RGB TIFF thumbnail', await fetched(asset.thumbnail_url, 'adobe-thumb.jpg'), reference, file, '', '', 2);
    const exportFile = await exported(asset, 'tiff', 'adobe-export.tiff');
    expect(probeFile(exportFile).streams[0]).toMatchObject({ width: 960, height: 720 });
    expectColoursOf('Adobe RGB TIFF → TIFF export', exportFile, reference, file, '', lut());
  });

  it('converts a PNG with transparency and keeps the alpha in a PNG export', async () => {
    const source = sourcePicture('adobe-alpha', 960, 720);
    const withAlpha = path.join(work, 'adobe-alpha.rgba.png');
    // Alpha: a ramp from a quarter opaque on the left to opaque on the right (never clear, so every colour counts).
    execFileSync(FFMPEG, ['-v', 'error', '-y', '-i', source, '-vf', "format=rgba,geq=r='r(X,Y)':g='g(X,Y)':b='b(X,Y)':a='64+X*191/W'", '-frames:v', '1', withAlpha]);
    const file = inProfile(withAlpha, adobeIcc, path.join(work, 'adobe-alpha.png'));
    const reference = lcmsToSrgb(file, srgbIcc, path.join(work, 'adobe-alpha.lcms.png'));
    const asset = await uploadedReady(file);
    expect(asset.metadata).toMatchObject({ colorProfile: { name: 'Adobe RGB (1998)', handling: 'converted' } });
    const working = await fetched(asset.media_url, 'adobe-alpha-working.png');
    expect(probeFile(working).streams[0]).toMatchObject({ pix_fmt: 'rgba64be' });
    const exportFile = await exported(asset, 'png', 'adobe-alpha-export.png');
    expect(probeFile(exportFile).streams[0]).toMatchObject({ pix_fmt: 'rgba', width: 960, height: 720 });
    expectColoursOf('Adobe RGB PNG with alpha → PNG export', exportFile, reference, file, '', lut());
    const alpha = (f: string) => execFileSync(FFMPEG, ['-v', 'error', '-i', f, '-vf', 'scale=64:48,format=rgba,alphaextract', '-f', 'rawvideo', 'pipe:1']);
    const [a, b] = [alpha(exportFile), alpha(file)];
    let worst = 0;
    for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs(a[i]! - b[i]!));
    expect(worst).toBeLessThanOrEqual(2);
  });
});

describe('a Display P3 WebP', () => {
  it('is converted to sRGB and exports a PNG matching Little CMS', async () => {
    const file = inProfile(sourcePicture('p3-webp', 800, 600), p3Icc, path.join(work, 'p3.webp'), ['-define', 'webp:lossless=true']);
    expect(execFileSync('exiftool', ['-s3', '-ProfileDescription', file], { encoding: 'utf8' }).trim()).toBe('Display P3');
    const reference = lcmsToSrgb(file, srgbIcc, path.join(work, 'p3-webp.lcms.png'));
    const asset = await uploadedReady(file);
    expect(asset.metadata).toMatchObject({ width: 800, height: 600, colorProfile: { name: 'Display P3', handling: 'converted' } });
    expectColoursOf('P3 WebP working original', await fetched(asset.media_url, 'p3-webp-working.png'), reference, file);
    const exportFile = await exported(asset, 'png', 'p3-webp-export.png');
    expect(size(exportFile)).toEqual({ width: 960, height: 720 });
    expectColoursOf('P3 WebP → PNG export', exportFile, reference, file, '', lut());
  });
});

describe('a profile that needs nothing', () => {
  it('uses an sRGB-profiled JPEG as uploaded, with no working copy', async () => {
    const file = inProfile(sourcePicture('srgb', 320, 240), srgbIcc, path.join(work, 'srgb.jpg'), ['-quality', '95']);
    const asset = await uploadedReady(file);
    expect(asset.metadata).toMatchObject({ colorProfile: { name: 'sRGB IEC61966-2.1', handling: 'srgb' } });
    const shown = await fetched(asset.media_url, 'srgb-shown.jpg');
    expect(fs.readFileSync(shown).equals(fs.readFileSync(file))).toBe(true);
  });
});

describe('a CMYK JPEG (Adobe, YCCK, from the corpus)', () => {
  it('is accepted, converted to RGB as ImageMagick does, previewed and exported', async () => {
    const file = corpusMedia('s07_jpeg_cmyk.jpg');
    const reference = path.join(work, 'cmyk.magick.png');
    magick([file, '-colorspace', 'sRGB', '-depth', '16', reference]);
    const asset = await uploadedReady(file, 's07.jpg');
    expect(asset.metadata).toMatchObject({ width: 100, height: 100, convertedFromCmyk: true, pixelFormat: 'rgb24' });
    const working = await fetched(asset.media_url, 'cmyk-working.png');
    expect(probeFile(working).streams[0]).toMatchObject({ codec_name: 'png', pix_fmt: 'rgb24' });
    const compare = (label: string, actual: string, look = '', limit = 1) => {
      const { width, height } = size(actual);
      const scale = width > 100 ? `format=gbrpf32le${look},zscale=w=${width}:h=${height}:filter=lanczos,format=gbrpf32le` : `zscale=w=${width}:h=${height}:filter=bicubic,format=gbrpf32le${look}`;
      const difference = blockDifference(rgb(actual, 'null'), rgb(reference, scale), width, height);
      console.log(`CMYK ${label} ${width}×${height}: 8×8 block difference from ImageMagick mean ${difference.mean.toFixed(3)}/255, max ${difference.max.toFixed(2)}/255`);
      expect(difference.mean, label).toBeLessThanOrEqual(limit);
    };
    // ffmpeg's decoder applies K to Y, Cb and Cr before the conversion to RGB (no clipping between), libjpeg to C, M and Y after it: they differ by a little at saturated edges.
    compare('working original', working, '', 1.5);
    // The picture is red lettering on black: a wrong conversion (inverted, or K taken as alpha) is far off.
    const pixels = rgb(working, 'null');
    expect(Math.max(...pixels.filter((_, i) => i % 3 === 0))).toBeGreaterThan(60000);
    compare('thumbnail', await fetched(asset.thumbnail_url, 'cmyk-thumb.jpg'), '', 2.5);
    const exportFile = await exported(asset, 'jpeg', 'cmyk-export.jpg');
    expect(size(exportFile)).toEqual({ width: 720, height: 720 });
    compare('→ JPEG export', exportFile, lut(), 2);
  });
});
