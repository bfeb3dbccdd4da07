/**
 * HEIC and AVIF stills through the real server, tus and ffmpeg: an iPhone HEIC (a grid of HEVC
 * tiles with a Display P3 ICC profile), a 10-bit HDR AVIF (PQ, P3 nclx), an AVIF with irot and
 * imir, and files libheif's own encoder makes here (8- and 10-bit HEIC and AVIF, an HDR AVIF, a
 * HEIC whose Exif says "rotate 90" without an irot). Each is decoded once on arrival to a PNG; its
 * thumbnail, preview and export are held to heif-convert's own decode of the same file, by pixels
 * (the iPhone's converted from its Display P3 profile to sRGB by Little CMS).
 * Files Cinegrade cannot read are refused with a sentence naming their format.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bakeLut, cubeFromLut, DEFAULT_LUT_SIZE, writeCube } from '@cinegrade/color';
import { gradeFromSavedGrade, type Asset } from '@cinegrade/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { download, FFMPEG, finishedExport, probeFile, startExport } from './support/exports';
import { corpusProfile, lcmsToSrgb } from './support/icc-reference';
import { corpusMedia } from './support/media-corpus';
import { storageUsage } from './support/storage';
import { startTestServer, type TestServer } from './support/test-server';
import { TusTestClient } from './support/tus-client';
import { WAIT, waitFor } from './support/wait';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cinegrade-heif-'));
const LOOK = { selected_lut: 'vintage-film', color_settings: {} };

let server: TestServer;
let user: { cookie: string; email: string };

beforeAll(async () => {
  server = await startTestServer('embedded');
  user = await server.signedInUser();
  await server.services.profiles.setTierByEmail(user.email, 'Premium');
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

/** A testsrc2 picture of this size as PNG (16-bit when asked), encoded by heif-enc with `options`. */
function heifEnc(name: string, size: string, options: string[], sixteenBit = false): string {
  const png = path.join(work, `${name}.source.png`);
  execFileSync(FFMPEG, ['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=s=${size}`, '-frames:v', '1', ...(sixteenBit ? ['-pix_fmt', 'rgb48be'] : []), png]);
  const out = path.join(work, name);
  execFileSync('heif-enc', ['-q', '92', ...options, png, '-o', out]);
  return out;
}

/** heif-convert's own decode of a file: the reference every derived picture is held to. */
function libheifDecode(file: string): string {
  const out = path.join(work, `${path.basename(file)}.libheif.png`);
  execFileSync('heif-convert', ['--quiet', file, out]);
  return out;
}

async function upload(file: string, name = path.basename(file)): Promise<Response> {
  return new TusTestClient(server, user.cookie).upload(file, name);
}

async function uploaded(file: string): Promise<Asset> {
  const response = await upload(file);
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { asset: Asset }).asset;
}

async function ready(asset: Asset, timeoutMs: number = WAIT.mediaMs): Promise<Asset> {
  return waitFor(
    `${asset.media_file_name} to be prepared`,
    async () => {
      const answer = (await (await server.request(`/api/assets/${asset.id}`, { cookie: user.cookie })).json()) as Asset;
      if (answer.processing_status === 'failed') throw new Error(`Preparing ${asset.media_file_name} failed: ${answer.processing_error}`);
      return answer.processing_status === 'ready' ? answer : undefined;
    },
    timeoutMs,
  );
}

async function fetched(url: string | null, name: string): Promise<string> {
  return (await download(server, user.cookie, url ?? '', path.join(work, name))).file;
}

function size(file: string): { width: number; height: number } {
  const stream = probeFile(file).streams.find((s) => s.codec_type === 'video');
  return { width: stream?.width ?? 0, height: stream?.height ?? 0 };
}

/** A picture as 8-bit RGB at this size (scaled with `filters` first, when given). */
function rgb(file: string, width: number, height: number, filters = `scale=${width}:${height}:flags=bicubic`): Buffer {
  return execFileSync(FFMPEG, ['-v', 'error', '-i', file, '-vf', `${filters},format=rgb24`, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'], { maxBuffer: 1 << 30 });
}

/** The mean, over 8×8 blocks and channels, of the difference of the blocks' averages, in 1/255. */
function blockDifference(a: Buffer, b: Buffer, width: number, height: number): number {
  expect(a.length).toBe(width * height * 3);
  expect(b.length).toBe(a.length);
  let total = 0;
  let count = 0;
  for (let by = 0; by + 8 <= height; by += 8) {
    for (let bx = 0; bx + 8 <= width; bx += 8) {
      for (let c = 0; c < 3; c++) {
        let sum = 0;
        for (let y = by; y < by + 8; y++) for (let x = bx; x < bx + 8; x++) sum += (a[(y * width + x) * 3 + c] ?? 0) - (b[(y * width + x) * 3 + c] ?? 0);
        total += Math.abs(sum / 64);
        count++;
      }
    }
  }
  return total / count;
}

/** Within 1 % of the reference's aspect ratio, and not its transpose. */
function expectAspect(actual: { width: number; height: number }, reference: { width: number; height: number }): void {
  expect(Math.abs(actual.width / actual.height / (reference.width / reference.height) - 1)).toBeLessThan(0.01);
}

/** The thumbnail has the upright aspect and the pixels of heif-convert's decode scaled to its size, not of that decode mirrored. */
function expectThumbnailOf(thumbnail: string, reference: string): void {
  const { width, height } = size(thumbnail);
  expectAspect({ width, height }, size(reference));
  const upright = blockDifference(rgb(thumbnail, width, height, 'null'), rgb(reference, width, height), width, height);
  console.log(`${path.basename(reference)}: thumbnail ${width}×${height}, mean block difference ${upright.toFixed(2)}/255`);
  expect(upright).toBeLessThanOrEqual(4);
  // Mirrored, it would be far off: the check sees a flip that the aspect ratio cannot.
  const mirrored = blockDifference(rgb(thumbnail, width, height, 'null'), rgb(reference, width, height, `hflip,scale=${width}:${height}:flags=bicubic`), width, height);
  expect(mirrored).toBeGreaterThan(upright * 3);
}

/** The graded look as the export bakes it, written as a .cube for ffmpeg's lut3d. */
function lookCube(): string {
  const parsed = gradeFromSavedGrade(LOOK);
  if (!parsed.ok) throw new Error(parsed.message);
  const file = path.join(work, 'look.cube');
  fs.writeFileSync(file, writeCube(cubeFromLut(bakeLut(parsed.grade, DEFAULT_LUT_SIZE), 'reference')));
  return file;
}

async function exported(asset: Asset, outputFormat: 'jpeg' | 'png' | 'tiff', name: string): Promise<string> {
  const started = await startExport(server, user.cookie, { assetId: asset.id, selectedLUT: LOOK.selected_lut, colorSettings: LOOK.color_settings, outputFormat, quality: '720p' });
  const done = await finishedExport(server, user.cookie, started.predictionId);
  expect(done.status, done.error ?? '').toBe('succeeded');
  return fetched(done.downloadUrl, name);
}

/** The export's size is the upright picture's at 720 lines, and its colours those of the look applied to heif-convert's decode. */
function expectExportOf(exportFile: string, reference: string, before = ''): void {
  const source = size(reference);
  const { width, height } = size(exportFile);
  expect(height).toBe(720);
  expectAspect({ width, height }, source);
  const filters = `${before}zscale=w=${width}:h=${height}:filter=${height > source.height ? 'lanczos' : 'bicubic'},format=gbrpf32le,lut3d=file=${lookCube()}:interp=tetrahedral`;
  const difference = blockDifference(rgb(exportFile, width, height, 'null'), rgb(reference, width, height, filters), width, height);
  console.log(`${path.basename(exportFile)}: ${width}×${height}, mean block difference from the look on heif-convert's decode ${difference.toFixed(3)}/255`);
  expect(difference).toBeLessThanOrEqual(1);
}

describe('an iPhone HEIC (a grid of HEVC tiles, Display P3 ICC profile)', () => {
  const file = corpusMedia('s08_iphone.heic');
  let asset: Asset;
  /** libheif's decode (Display P3 values, the profile in iCCP) converted to sRGB by Little CMS: the reference. */
  let decoded: string;
  let reference: string;

  beforeAll(async () => {
    decoded = libheifDecode(file);
    reference = lcmsToSrgb(decoded, corpusProfile('s13_ultrahdr_3072x4080.jpg', work), path.join(work, 'iphone.lcms.png'));
    asset = await ready(await uploaded(file));
  }, WAIT.mediaMs + WAIT.serverMs);

  it('is kept as uploaded, described from its boxes, and decoded once to a PNG converted from Display P3 to sRGB, which the preview shows', async () => {
    expect(asset.metadata).toMatchObject({ container: 'heif', videoCodec: 'hevc', width: 4032, height: 3024, bitDepth: 8, rotation: 0, hdr: false, colorPrimaries: null, colorProfile: { name: 'Display P3', handling: 'converted' } });
    expect(asset.needs_proxy).toBe(false);
    expect(asset.metadata).not.toHaveProperty('decodedOriginal');
    expect(asset.metadata).not.toHaveProperty('demuxer');
    const original = await fetched(asset.original_url, 'iphone-original.heic');
    expect(fs.readFileSync(original).equals(fs.readFileSync(file))).toBe(true);
    const preview = await fetched(asset.media_url, 'iphone-preview.png');
    expect(probeFile(preview).streams[0]).toMatchObject({ codec_name: 'png', width: 4032, height: 3024, pix_fmt: 'rgb48be' });
    const converted = blockDifference(rgb(preview, 504, 378), rgb(reference, 504, 378), 504, 378);
    const unconverted = blockDifference(rgb(preview, 504, 378), rgb(decoded, 504, 378), 504, 378);
    console.log(`iPhone HEIC preview: mean block difference from Little CMS ${converted.toFixed(3)}/255 (from the P3 values taken as sRGB ${unconverted.toFixed(2)}/255)`);
    expect(converted).toBeLessThanOrEqual(0.25);
    expect(unconverted).toBeGreaterThan(1);
  });

  it('counts the decoded PNG towards the storage quota', async () => {
    const working = fs.statSync(path.join(work, 'iphone-preview.png')).size;
    const { used_bytes } = await storageUsage(server, user.cookie);
    expect(used_bytes).toBeGreaterThanOrEqual(fs.statSync(file).size + working);
  });

  it('has an upright 4:3 thumbnail matching libheif, converted to sRGB, by pixels', async () => {
    expectThumbnailOf(await fetched(asset.thumbnail_url, 'iphone-thumb.jpg'), reference);
  });

  it('exports a PNG at 720 lines with the look applied to the full decode in sRGB', async () => {
    expectExportOf(await exported(asset, 'png', 'iphone-export.png'), reference);
  });
});

describe('AVIF with irot and imir', () => {
  const file = corpusMedia('s11_avif_irot90.avif');
  let asset: Asset;

  beforeAll(async () => {
    asset = await ready(await uploaded(file));
  }, WAIT.mediaMs + WAIT.serverMs);

  it('is turned and mirrored once, by libheif, and carries no rotation of its own', async () => {
    expect(asset.metadata).toMatchObject({ container: 'avif', videoCodec: 'av1', width: 640, height: 427, rotation: 0, colorPrimaries: 'bt709', colorTransfer: 'iec61966-2-1' });
    expectThumbnailOf(await fetched(asset.thumbnail_url, 'irot-thumb.jpg'), libheifDecode(file));
  });

  it('exports a JPEG upright, matching the look on libheif decode', async () => {
    expectExportOf(await exported(asset, 'jpeg', 'irot-export.jpg'), libheifDecode(file));
  });

  it('goes with its decoded original, thumbnail and exports when deleted', async () => {
    const row = await server.services.database.db.selectFrom('projects').select(['media_file_path', 'thumbnail_path', 'metadata']).where('id', '=', asset.id).executeTakeFirstOrThrow();
    const decoded = (row.metadata as { decodedOriginal?: string }).decodedOriginal ?? '';
    expect(decoded).toMatch(/\.decoded\.png$/);
    const keys = [row.media_file_path ?? '', row.thumbnail_path ?? '', decoded];
    for (const key of keys) expect(await server.services.storage.size(key), key).toBeGreaterThan(0);
    expect((await server.request(`/api/assets/${asset.id}`, { method: 'DELETE', cookie: user.cookie })).status).toBe(204);
    await waitFor('the files to be deleted', async () => ((await Promise.all(keys.map((key) => server.services.storage.size(key)))).every((size) => size === null) ? true : undefined));
  });
});

describe('a HEIC whose Exif orientation says "rotate 90" and has no irot', () => {
  it('is shown as libheif decodes it: the Exif tag in a HEIF file is not applied', async () => {
    const file = heifEnc('exif-6.heic', '320x180', []);
    execFileSync('exiftool', ['-q', '-overwrite_original', '-n', '-Orientation=6', file]);
    expect(execFileSync('exiftool', ['-s3', '-n', '-Orientation', file]).toString().trim()).toBe('6');
    const asset = await ready(await uploaded(file));
    expect(asset.metadata).toMatchObject({ width: 320, height: 180, rotation: 0 });
    const thumbnail = await fetched(asset.thumbnail_url, 'exif-6-thumb.jpg');
    expect(size(thumbnail)).toEqual({ width: 320, height: 180 });
    expectThumbnailOf(thumbnail, libheifDecode(file));
  });
});

describe('10-bit HEIC and AVIF', () => {
  it('keeps the depth (a 16-bit decoded PNG) and exports a TIFF matching the look on libheif decode', async () => {
    const file = heifEnc('ten-bit.heic', '1280x720', ['-b', '10'], true);
    const asset = await ready(await uploaded(file));
    expect(asset.metadata).toMatchObject({ container: 'heif', bitDepth: 10, width: 1280, height: 720 });
    const preview = await fetched(asset.media_url, 'ten-bit-preview.png');
    expect(probeFile(preview).streams[0]).toMatchObject({ codec_name: 'png', pix_fmt: 'rgb48be' });
    expectExportOf(await exported(asset, 'tiff', 'ten-bit-export.tiff'), libheifDecode(file));
  });

  it('tone-maps a 10-bit PQ AVIF (BT.2020 nclx) for its preview copy and its export', async () => {
    const file = heifEnc('pq.avif', '1280x720', ['-b', '10', '-p', 'chroma=422'], true);
    // heif-enc 1.15 writes nclx 2/2 (unspecified) whatever it is asked; the box is set to BT.2020 and PQ here.
    const bytes = fs.readFileSync(file);
    const nclx = bytes.indexOf('colrnclx') + 8;
    expect(nclx).toBeGreaterThan(8);
    bytes.writeUInt16BE(9, nclx);
    bytes.writeUInt16BE(16, nclx + 2);
    fs.writeFileSync(file, bytes);
    const asset = await ready(await uploaded(file));
    expect(asset.metadata).toMatchObject({ container: 'avif', bitDepth: 10, colorPrimaries: 'bt2020', colorTransfer: 'smpte2084', hdr: true });
    expect(asset.needs_proxy).toBe(true);
    const reference = libheifDecode(file);
    const toneMap = 'setparams=color_primaries=bt2020:color_trc=smpte2084,zscale=transfer=linear:npl=100,format=gbrpf32le,zscale=primaries=709,tonemap=tonemap=hable:desat=0,zscale=transfer=709,format=gbrpf32le,';
    // The preview copy is the tone-mapped picture, not the PQ code values the browser would show as they are.
    const preview = await fetched(asset.media_url, 'pq-preview.png');
    const toneMapped = rgb(reference, 1280, 720, `${toneMap}zscale`);
    const fromToneMapped = blockDifference(rgb(preview, 1280, 720, 'null'), toneMapped, 1280, 720);
    const fromCodeValues = blockDifference(rgb(preview, 1280, 720, 'null'), rgb(reference, 1280, 720, 'null'), 1280, 720);
    console.log(`PQ AVIF preview copy: ${fromToneMapped.toFixed(3)}/255 from the tone-mapped decode, ${fromCodeValues.toFixed(3)}/255 from the PQ code values`);
    expect(fromToneMapped).toBeLessThanOrEqual(1);
    expect(fromCodeValues).toBeGreaterThan(2 * fromToneMapped + 1);
    // So is the thumbnail, made from the preview copy.
    const thumbnail = await fetched(asset.thumbnail_url, 'pq-thumb.jpg');
    expect(size(thumbnail)).toEqual({ width: 320, height: 180 });
    const thumbToneMapped = blockDifference(rgb(thumbnail, 320, 180, 'null'), rgb(reference, 320, 180, `${toneMap}zscale=w=320:h=180`), 320, 180);
    const thumbCodeValues = blockDifference(rgb(thumbnail, 320, 180, 'null'), rgb(reference, 320, 180), 320, 180);
    console.log(`PQ AVIF thumbnail: ${thumbToneMapped.toFixed(3)}/255 from the tone-mapped decode, ${thumbCodeValues.toFixed(3)}/255 from the PQ code values`);
    expect(thumbToneMapped).toBeLessThan(thumbCodeValues);
    expectExportOf(await exported(asset, 'jpeg', 'pq-export.jpg'), reference, toneMap);
  });

  it('reads the 3681×5594 10-bit HDR P3 AVIF of a phone: P3 and PQ from its nclx, an upright thumbnail', async () => {
    const file = corpusMedia('s09_avif_10bit_hdr_p3.avif');
    // 20.6 million 10-bit pixels: about 30 s to decode on arrival and 100 s to tone-map its preview copy on two busy cores.
    const asset = await ready(await uploaded(file), WAIT.mediaMs * 2);
    expect(asset.metadata).toMatchObject({ container: 'avif', width: 3681, height: 5594, bitDepth: 10, colorPrimaries: 'smpte432', colorTransfer: 'smpte2084', hdr: true });
    expect(asset.needs_proxy).toBe(true);
    const thumbnail = await fetched(asset.thumbnail_url, 'p3-thumb.jpg');
    expectAspect(size(thumbnail), { width: 3681, height: 5594 });
    expect(size(thumbnail).height).toBe(320);
  }, WAIT.mediaMs * 3);
});

describe('files Cinegrade cannot read', () => {
  /** Uploads these bytes; answers the refusal's message. */
  async function refusal(name: string, bytes: Uint8Array): Promise<string> {
    const file = path.join(work, name);
    fs.writeFileSync(file, bytes);
    const response = await upload(file, name);
    expect(response.status).toBe(415);
    return ((await response.json()) as { message: string }).message;
  }
  const padded = (text: string, ...extra: number[]) => {
    const out = new Uint8Array(2048);
    out.set([...text].map((c) => c.charCodeAt(0)));
    out.set(extra, text.length);
    return out;
  };

  it('names the format and what to convert it to', async () => {
    expect(await refusal('layers.psd', padded('8BPS'))).toBe('This is a Photoshop document (PSD), which Cinegrade cannot open. Save a flattened copy from Photoshop as TIFF, PNG or JPEG, then upload that.');
    expect(await refusal('page.pdf', padded('%PDF-1.7\n'))).toContain('This is a PDF document');
    expect(await refusal('logo.svg', padded('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toContain('This is an SVG drawing');
    expect(await refusal('photo.jxl', padded('', 0xff, 0x0a, 0xfa, 0x7f))).toContain('This is a JPEG XL image');
    expect(await refusal('IMG_0001.CR2', padded('II*\0\x10\0\0\0CR\x02\0'))).toContain('This is a camera RAW photo (CR2)');
    expect(await refusal('burst.heic', padded('\0\0\0\x18ftypmsf1\0\0\0\0msf1hevc'))).toContain('This is a HEIF image sequence');
    const tiff = Buffer.alloc(400);
    tiff.write('II*\0', 0, 'latin1');
    tiff.writeUInt32LE(8, 4);
    tiff.writeUInt16LE(1, 8);
    tiff.writeUInt16LE(0x0103, 10); // Compression: 34713 (Nikon's), which ffprobe passes and ffmpeg cannot decode.
    tiff.writeUInt16LE(3, 12);
    tiff.writeUInt32LE(1, 14);
    tiff.writeUInt16LE(34713, 18);
    expect(await refusal('scan.tif', tiff)).toContain('This is a TIFF compressed in a way this server cannot decode (compression 34713)');
    expect(await refusal('notes.txt', padded('plain words'))).toBe(
      'This file is not a video or an image Cinegrade can read. Upload a video (MP4, MOV, WebM, AVI, MKV) or an image (JPEG, PNG, WebP, TIFF, HEIC, AVIF).',
    );
  });

  it('refuses a HEIC whose picture libheif cannot decode, saying what to convert it to', async () => {
    const whole = fs.readFileSync(heifEnc('damaged.heic', '320x180', []));
    // Cut short: the item's extent points past the end of the file.
    const damaged = whole.subarray(0, whole.length - 600);
    const message = await refusal('damaged.heic', damaged);
    expect(message).toMatch(/could not be decoded.*Convert the HEIC photo to JPEG or PNG, then upload that\.$/);
  });

  it('refuses a HEIC declaring a picture over the decode budget by its size, before libheif decodes it', async () => {
    const bytes = Buffer.from(fs.readFileSync(heifEnc('huge.heic', '320x180', [])));
    const ispe = bytes.indexOf('ispe') + 8;
    expect(ispe).toBeGreaterThan(8);
    bytes.writeUInt32BE(12000, ispe);
    bytes.writeUInt32BE(9000, ispe + 4);
    const file = path.join(work, 'huge-declared.heic');
    fs.writeFileSync(file, bytes);
    const response = await upload(file);
    expect(response.status).toBe(413);
    expect(((await response.json()) as { message: string }).message).toBe(
      'The picture is 12000×9000: decoding it would take about 309 MB of memory, more than the 256 MB Cinegrade allows for an image.',
    );
  });

  it('refuses HEIC and AVIF on a server without heif-convert, saying so, and reports it on /api/health', async () => {
    const before = process.env.HEIF_CONVERT_PATH;
    process.env.HEIF_CONVERT_PATH = path.join(work, 'no-heif-convert');
    let bare: TestServer | undefined;
    try {
      bare = await startTestServer('embedded');
      const health = (await (await bare.request('/api/health')).json()) as { media: { features: Record<string, { available: boolean; reason: string | null }> } };
      expect(health.media.features.heifUploads).toEqual({ available: false, reason: 'Opening uploaded HEIC and AVIF photos is off: the server has no heif-convert (on Debian the package libheif-examples).' });
      const someone = await bare.signedInUser();
      const response = await new TusTestClient(bare, someone.cookie).upload(corpusMedia('s11_avif_irot90.avif'), 'photo.avif');
      expect(response.status).toBe(415);
      expect(((await response.json()) as { message: string }).message).toBe('This is an AVIF photo, but this server cannot open AVIF files (it has no heif-convert). Convert the photo to JPEG or PNG, then upload that.');
    } finally {
      if (before === undefined) delete process.env.HEIF_CONVERT_PATH;
      else process.env.HEIF_CONVERT_PATH = before;
      await bare?.close();
    }
    const health = (await (await server.request('/api/health')).json()) as { media: { features: Record<string, { available: boolean }> } };
    expect(health.media.features.heifUploads?.available).toBe(true);
  });
});
