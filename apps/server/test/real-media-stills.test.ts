/**
 * Stills as photographers' files (docs/product-rules.md, 'Stills'), through the real server, tus
 * uploads, the derive job and the export worker:
 * - EXIF/TIFF orientation 1 to 8, on a generated asymmetric picture stored as each orientation
 *   defines (built here pixel by pixel from the EXIF definitions, not with ffmpeg's transpose) as
 *   JPEG and as TIFF, and on the corpus's phone photos: the thumbnail, the preview the editor loads
 *   and every export are upright, at the upright size and aspect.
 * - Odd sizes (a 1024×683 JPEG, a 600×315 WebP) export at the exact size asked for.
 * - A PNG's transparency is kept in PNG and TIFF exports and laid over white in JPEG.
 * - Exports are held against ffmpeg applying the same baked LUT to the upright source (8×8 block
 *   means within 1/255), and the editor's preview of the upright copy against the export (the CPU
 *   reference of the WebGL preview, within 2/255).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bakeLut, cubeFromLut, DEFAULT_LUT_SIZE, renderGradeFloat, writeCube, type FloatImage } from '@cinegrade/color';
import { gradeFromSavedGrade, type Asset, type ColorSettings, type StillExportFormat } from '@cinegrade/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { download, FFMPEG, finishedExport, probeFile, startExport } from './support/exports';
import { corpusMedia } from './support/media-corpus';
import { meanDifference, PARITY_GRADE } from './support/parity';
import { startTestServer, type TestServer } from './support/test-server';
import { TusTestClient } from './support/tus-client';
import { WAIT, waitFor } from './support/wait';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cinegrade-stills-'));
/** A look and sliders the LUT carries (no clarity or vignette), so ffmpeg's lut3d alone is the reference. */
const LOOK = { selected_lut: 'vintage-film', color_settings: { lookStrength: 85, exposure: 10, contrast: 15, saturation: 20 } as ColorSettings };

/** 16-bit RGB, three words a pixel, row by row. */
interface Picture {
  width: number;
  height: number;
  data: Uint16Array;
}

function ffmpegRaw(args: string[], input?: Buffer): Buffer {
  return execFileSync(FFMPEG, ['-v', 'error', ...args], { input, maxBuffer: 1 << 28 });
}

/** A file's first frame as 16-bit RGB: stills not turned (`-noautorotate`), YCbCr decoded by zscale from its tags as the export does. */
function decode(file: string, width: number, height: number, extra = ''): Picture {
  const tag = 'setparams=color_primaries=bt709:color_trc=bt709,';
  // Padded to even sides for zscale (a 4:2:0 picture may have odd ones) and cropped back.
  const even = `pad=ceil(iw/2)*2:ceil(ih/2)*2,zscale,format=gbrp16le,crop=${width}:${height}:0:0`;
  const raw = ffmpegRaw(['-noautorotate', '-i', file, '-frames:v', '1', '-vf', `${tag}${extra}${even},format=rgb48le`, '-f', 'rawvideo', 'pipe:1']);
  if (raw.length !== width * height * 6) throw new Error(`${file} is not ${width}×${height} (${raw.length} bytes)`);
  return { width, height, data: new Uint16Array(raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.length)) };
}

/**
 * Where the stored pixel (r, c) lies in the upright picture (w × h), by the EXIF definitions of
 * where the stored 0th row and 0th column lie: 2 top/right, 3 bottom/right, 4 bottom/left, 5
 * left/top, 6 right/top, 7 right/bottom, 8 left/bottom.
 */
function uprightPosition(orientation: number, w: number, h: number): (r: number, c: number) => [number, number] {
  const at: Record<number, (r: number, c: number) => [number, number]> = {
    1: (r, c) => [r, c],
    2: (r, c) => [r, w - 1 - c],
    3: (r, c) => [h - 1 - r, w - 1 - c],
    4: (r, c) => [h - 1 - r, c],
    5: (r, c) => [c, r],
    6: (r, c) => [c, w - 1 - r],
    7: (r, c) => [h - 1 - c, w - 1 - r],
    8: (r, c) => [h - 1 - c, r],
  };
  return at[orientation]!;
}

/** Copies pixels between a stored picture (sw × sh) and its upright one (w × h), either way. */
function remap(from: Picture, orientation: number, toStored: boolean): Picture {
  const swap = orientation >= 5;
  const [w, h] = toStored ? [from.width, from.height] : swap ? [from.height, from.width] : [from.width, from.height];
  const [sw, sh] = swap ? [h, w] : [w, h];
  const position = uprightPosition(orientation, w, h);
  const data = new Uint16Array(w * h * 3);
  for (let r = 0; r < sh; r++) {
    for (let c = 0; c < sw; c++) {
      const [ur, uc] = position(r, c);
      const [storedAt, uprightAt] = [(r * sw + c) * 3, (ur * w + uc) * 3];
      if (toStored) data.set(from.data.subarray(uprightAt, uprightAt + 3), storedAt);
      else data.set(from.data.subarray(storedAt, storedAt + 3), uprightAt);
    }
  }
  return toStored ? { width: sw, height: sh, data } : { width: w, height: h, data };
}

/** The picture a file stores for an orientation, from the upright one. */
const stored = (picture: Picture, orientation: number) => remap(picture, orientation, true);
/** The upright picture of a stored one. */
const upright = (picture: Picture, orientation: number) => remap(picture, orientation, false);

/** Writes a picture through ffmpeg from raw 16-bit RGB. */
function encode(picture: Picture, file: string, codec: string[]): string {
  ffmpegRaw(['-f', 'rawvideo', '-pix_fmt', 'rgb48le', '-s', `${picture.width}x${picture.height}`, '-i', 'pipe:0', '-frames:v', '1', ...codec, '-y', file], Buffer.from(picture.data.buffer));
  return file;
}

const JPEG = ['-vf', 'scale=out_color_matrix=bt601:out_range=full', '-c:v', 'mjpeg', '-q:v', '1', '-pix_fmt', 'yuvj420p'];
const TIFF = ['-c:v', 'tiff', '-pix_fmt', 'rgb24'];

function tagOrientation(file: string, orientation: number): string {
  execFileSync('exiftool', ['-q', '-overwrite_original', '-n', `-Orientation=${orientation}`, file]);
  return file;
}

/** testsrc2: gradients, edges, colours and text; no two orientations of it look alike. */
function testPicture(width: number, height: number): Picture {
  const raw = ffmpegRaw(['-f', 'lavfi', '-i', `testsrc2=size=${width + (width % 2)}x${height + (height % 2)}`, '-frames:v', '1', '-vf', `format=rgb48le,crop=${width}:${height}:0:0`, '-f', 'rawvideo', 'pipe:1']);
  return { width, height, data: new Uint16Array(raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.length)) };
}

/** Mean absolute difference, in 1/255, of the 8×8 block means of two pictures of one size. */
function blockDifference(a: Picture, b: Picture): number {
  expect([a.width, a.height]).toEqual([b.width, b.height]);
  let sum = 0;
  let count = 0;
  for (let by = 0; by + 8 <= a.height; by += 8) {
    for (let bx = 0; bx + 8 <= a.width; bx += 8) {
      for (let ch = 0; ch < 3; ch++) {
        let da = 0;
        let db = 0;
        for (let y = by; y < by + 8; y++) {
          for (let x = bx; x < bx + 8; x++) {
            da += a.data[(y * a.width + x) * 3 + ch]!;
            db += b.data[(y * a.width + x) * 3 + ch]!;
          }
        }
        sum += Math.abs(da - db) / 64;
        count++;
      }
    }
  }
  return (sum / count / 65535) * 255;
}

/** Mean absolute difference per pixel, in 1/255. */
function pixelDifference(a: Picture, b: Picture): number {
  expect([a.width, a.height]).toEqual([b.width, b.height]);
  let sum = 0;
  for (let i = 0; i < a.data.length; i++) sum += Math.abs(a.data[i]! - b.data[i]!);
  return (sum / a.data.length / 65535) * 255;
}

/** ffmpeg's own render of the reference: the upright picture scaled (lanczos up, bicubic down) then the baked LUT, as 16-bit RGB. */
function lutReference(source: Picture, width: number, height: number, cube: string): Picture {
  const enlarge = width * height > source.width * source.height;
  const scale = width === source.width && height === source.height ? 'zscale' : `zscale=w=${width}:h=${height}:filter=${enlarge ? 'lanczos' : 'bicubic'}`;
  const order = enlarge ? `format=gbrpf32le,lut3d=file=${cube}:interp=tetrahedral,${scale}` : `${scale},format=gbrpf32le,lut3d=file=${cube}:interp=tetrahedral`;
  const raw = ffmpegRaw(
    ['-f', 'rawvideo', '-pix_fmt', 'rgb48le', '-s', `${source.width}x${source.height}`, '-i', 'pipe:0', '-vf', `${order},zscale,format=gbrp16le,format=rgb48le`, '-f', 'rawvideo', 'pipe:1'],
    Buffer.from(source.data.buffer),
  );
  return { width, height, data: new Uint16Array(raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.length)) };
}

const toFloat = (p: Picture): FloatImage => {
  const data = new Float32Array(p.width * p.height * 4);
  for (let i = 0; i < p.width * p.height; i++) data.set([p.data[i * 3]! / 65535, p.data[i * 3 + 1]! / 65535, p.data[i * 3 + 2]! / 65535, 1], i * 4);
  return { width: p.width, height: p.height, data };
};

describe('stills as photographers’ files', () => {
  let server: TestServer;
  let user: { cookie: string; email: string };
  let cube: string;

  beforeAll(async () => {
    server = await startTestServer('embedded');
    user = await server.signedInUser();
    await server.services.profiles.setTierByEmail(user.email, 'Premium');
    const parsed = gradeFromSavedGrade(LOOK);
    if (!parsed.ok) throw new Error(parsed.message);
    cube = path.join(work, 'look.cube');
    fs.writeFileSync(cube, writeCube(cubeFromLut(bakeLut(parsed.grade, DEFAULT_LUT_SIZE))));
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  async function uploadReady(file: string, name = path.basename(file)): Promise<Asset> {
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

  async function exported(asset: Asset, format: StillExportFormat, grade: { selected_lut: string; color_settings: ColorSettings } = LOOK): Promise<string> {
    const started = await startExport(server, user.cookie, { assetId: asset.id, selectedLUT: grade.selected_lut, colorSettings: grade.color_settings, outputFormat: format, quality: '720p' });
    const done = await finishedExport(server, user.cookie, started.predictionId);
    expect(done.status, done.error ?? '').toBe('succeeded');
    return fetched(done.downloadUrl, `${asset.id}.${format}`);
  }

  const videoStream = (file: string) => probeFile(file).streams.find((s) => s.codec_type === 'video')!;

  /** The thumbnail: the upright aspect within 1 %, and the upright picture (by pixels, not only size). */
  async function expectUprightThumbnail(asset: Asset, reference: Picture): Promise<void> {
    const thumb = await fetched(asset.thumbnail_url, `${asset.id}-thumb.jpg`);
    const { width, height } = videoStream(thumb);
    expect(Math.abs(width! / height! / (reference.width / reference.height) - 1)).toBeLessThan(0.01);
    const scaled = lutFree(reference, width!, height!);
    const difference = blockDifference(decode(thumb, width!, height!), scaled);
    expect(difference, `thumbnail of ${asset.name}`).toBeLessThan(6);
  }

  /** A picture scaled (bicubic) to a size, no LUT. */
  function lutFree(source: Picture, width: number, height: number): Picture {
    if (width === source.width && height === source.height) return source;
    const raw = ffmpegRaw(
      ['-f', 'rawvideo', '-pix_fmt', 'rgb48le', '-s', `${source.width}x${source.height}`, '-i', 'pipe:0', '-vf', `zscale=w=${width}:h=${height}:filter=bicubic,format=rgb48le`, '-f', 'rawvideo', 'pipe:1'],
      Buffer.from(source.data.buffer),
    );
    return { width, height, data: new Uint16Array(raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.length)) };
  }

  /** An export: the exact size, square pixels, and the LUT on the upright source within 1/255 on 8×8 blocks. */
  async function expectUprightExport(asset: Asset, format: StillExportFormat, reference: Picture, size: { width: number; height: number }): Promise<string> {
    const file = await exported(asset, format);
    const stream = videoStream(file);
    expect({ width: stream.width, height: stream.height }).toEqual(size);
    expect(['1:1', undefined, '0:1']).toContain(stream.sample_aspect_ratio);
    const difference = blockDifference(decode(file, size.width, size.height), lutReference(reference, size.width, size.height, cube));
    console.log(`${asset.name} → ${format} ${size.width}×${size.height}: 8×8 block mean difference ${difference.toFixed(3)}/255`);
    expect(difference).toBeLessThanOrEqual(1);
    return file;
  }

  const base = testPicture(240, 160);
  const FORMATS: StillExportFormat[] = ['jpeg', 'png', 'tiff'];

  describe.each([
    { kind: 'JPEG', extension: 'jpg', codec: JPEG },
    { kind: 'TIFF', extension: 'tiff', codec: TIFF },
  ])('EXIF orientation 1 to 8 in a $kind', ({ kind, extension, codec }) => {
    it.each([1, 2, 3, 4, 5, 6, 7, 8])('orientation %i: thumbnail, preview and export upright', async (orientation) => {
      const file = tagOrientation(encode(stored(base, orientation), path.join(work, `${kind}-o${orientation}.${extension}`), codec), orientation);
      const asset = await uploadReady(file);
      expect(asset.metadata?.orientation ?? 1).toBe(orientation);
      const decoded = decode(file, orientation >= 5 ? 160 : 240, orientation >= 5 ? 240 : 160);
      const reference = upright(decoded, orientation);
      // The coded picture itself is the test picture, turned: a check on this test's own construction.
      expect(pixelDifference(upright(decode(file, decoded.width, decoded.height), orientation), lutFree(base, 240, 160))).toBeLessThan(kind === 'JPEG' ? 6 : 1);
      await expectUprightThumbnail(asset, reference);
      // The editor loads media_url: an upright copy without EXIF whenever there is an orientation.
      expect(asset.needs_proxy).toBe(kind === 'TIFF' || orientation !== 1);
      if (asset.needs_proxy) {
        const preview = await fetched(asset.media_url, `${asset.id}-preview.png`);
        expect(execFileSync('exiftool', ['-s3', '-Orientation', preview]).toString().trim()).toBe('');
        expect(pixelDifference(decode(preview, 240, 160), reference)).toBeLessThan(0.5);
      }
      await expectUprightExport(asset, FORMATS[orientation % 3]!, reference, { width: 1080, height: 720 });
    }, 180_000);
  });

  it('shows in the editor the upright picture the export writes: preview (CPU reference of the upright copy) equals export within 2/255', async () => {
    const big = testPicture(1080, 720);
    const file = tagOrientation(encode(stored(big, 6), path.join(work, 'portrait phone.jpg'), JPEG), 6);
    const asset = await uploadReady(file);
    expect(asset.metadata).toMatchObject({ width: 720, height: 1080, orientation: 6 });
    const preview = decode(await fetched(asset.media_url, 'portrait-preview.png'), 1080, 720);
    const parsed = gradeFromSavedGrade(PARITY_GRADE);
    if (!parsed.ok) throw new Error(parsed.message);
    const shown = renderGradeFloat(toFloat(preview), parsed.grade, { lutSize: 33, interpolation: 'tetrahedral' });
    const exportedFile = await exported(asset, 'png', PARITY_GRADE);
    expect(videoStream(exportedFile)).toMatchObject({ width: 1080, height: 720 });
    const difference = meanDifference(toFloat(decode(exportedFile, 1080, 720)), shown);
    console.log(`portrait phone JPEG (orientation 6), preview vs PNG export: mean difference ${difference.toFixed(3)}/255`);
    expect(difference).toBeLessThanOrEqual(2);
  }, 180_000);

  it.each([
    { name: 's01_jpeg_exif_orient6.jpg', stored: [1200, 1800], orientation: 6, output: { width: 1080, height: 720 } },
    { name: 's03_jpeg_exif_orient3.jpg', stored: [1800, 1200], orientation: 3, output: { width: 1080, height: 720 } },
    { name: 's04_jpeg_gray_orient6.jpg', stored: [700, 840], orientation: 6, output: { width: 864, height: 720 } },
  ])('a phone photo from the corpus, $name, is upright everywhere', async ({ name, stored: [w, h], orientation, output }) => {
    const file = corpusMedia(name);
    const asset = await uploadReady(file, name);
    expect(asset.metadata).toMatchObject({ width: w, height: h, orientation });
    const reference = upright(decode(file, w!, h!), orientation);
    await expectUprightThumbnail(asset, reference);
    expect(pixelDifference(decode(await fetched(asset.media_url, `${name}-preview.png`), reference.width, reference.height), reference)).toBeLessThan(0.5);
    await expectUprightExport(asset, 'jpeg', reference, output);
    await expectUprightExport(asset, 'tiff', reference, output);
  }, 300_000);

  it('exports the corpus’s 16-bit TIFF and Ultra HDR JPEG at their exact sizes', async () => {
    const tiff = await uploadReady(corpusMedia('s06_tiff_16bit_rgb.tiff'), 's06.tiff');
    await expectUprightExport(tiff, 'tiff', decode(corpusMedia('s06_tiff_16bit_rgb.tiff'), 100, 40), { width: 1800, height: 720 });
    const hdr = await uploadReady(corpusMedia('s13_ultrahdr_3072x4080.jpg'), 's13.jpg');
    expect(hdr.metadata?.orientation ?? 1).toBe(1);
    const file = await exported(hdr, 'jpeg');
    expect(videoStream(file)).toMatchObject({ width: 720, height: 956 });
  }, 300_000);

  it.each([
    { name: 'odd 1024x683.jpg', width: 1024, height: 683, codec: JPEG, output: { width: 1079, height: 720 } },
    { name: 'odd 600x315.webp', width: 600, height: 315, codec: ['-c:v', 'libwebp', '-lossless', '0', '-quality', '95', '-pix_fmt', 'yuv420p'], output: { width: 1371, height: 720 } },
  ])('exports $name at the exact size asked for, in every still format', async ({ name, width, height, codec, output }) => {
    const file = encode(testPicture(width, height), path.join(work, name), codec);
    const asset = await uploadReady(file, name);
    expect(asset.metadata).toMatchObject({ width, height });
    const reference = decode(file, width, height);
    for (const format of FORMATS) await expectUprightExport(asset, format, reference, output);
  }, 300_000);

  it('keeps a PNG’s transparency in PNG and TIFF exports and lays it over white in JPEG', async () => {
    const [w, h] = [360, 240];
    const colour = testPicture(w, h);
    // Alpha: a left-to-right ramp, fully clear in the left quarter.
    const rgba = new Uint16Array(w * h * 4);
    const alphaAt = (x: number) => Math.round(65535 * Math.min(1, Math.max(0, (x - w / 4) / (w / 2))));
    for (let p = 0; p < w * h; p++) rgba.set([...colour.data.subarray(p * 3, p * 3 + 3), alphaAt(p % w)], p * 4);
    const file = path.join(work, 'logo with alpha.png');
    ffmpegRaw(['-f', 'rawvideo', '-pix_fmt', 'rgba64le', '-s', `${w}x${h}`, '-i', 'pipe:0', '-frames:v', '1', '-pix_fmt', 'rgba', '-y', file], Buffer.from(rgba.buffer));
    const asset = await uploadReady(file);
    const output = { width: 1080, height: 720 };
    const reference = lutReference(decode(file, w, h), output.width, output.height, cube);
    const alphaOf = (exportedFile: string): number[] => {
      const raw = ffmpegRaw(['-i', exportedFile, '-vf', 'alphaextract,format=gray', '-f', 'rawvideo', 'pipe:1']);
      return [...raw.subarray(0, output.width)];
    };
    for (const format of ['png', 'tiff'] as const) {
      const exportedFile = await exported(asset, format);
      expect(videoStream(exportedFile)).toMatchObject({ ...output, pix_fmt: format === 'png' ? 'rgba' : 'rgba64le' });
      const alpha = alphaOf(exportedFile);
      expect(alpha.slice(0, 200).every((a) => a === 0)).toBe(true);
      expect(alpha.slice(-200).every((a) => a === 255)).toBe(true);
      const opaque = decode(exportedFile, output.width, output.height);
      expect(blockDifference(opaque, reference)).toBeLessThanOrEqual(1);
    }
    const jpeg = await exported(asset, 'jpeg');
    expect(videoStream(jpeg)).toMatchObject({ ...output, pix_fmt: 'yuvj444p' });
    const flat = decode(jpeg, output.width, output.height);
    // The clear quarter is white; the opaque right side is the graded picture.
    for (const x of [10, 100, 200]) expect([...flat.data.subarray((300 * output.width + x) * 3, (300 * output.width + x) * 3 + 3)].every((v) => v > 64_000)).toBe(true);
    const right = (p: Picture) => ({ width: 256, height: output.height, data: Uint16Array.from({ length: 256 * output.height * 3 }, (_, i) => p.data[(Math.floor(i / 768) * output.width + 810) * 3 + (i % 768)]!) });
    expect(blockDifference(right(flat), right(reference))).toBeLessThanOrEqual(1);
  }, 300_000);
});
