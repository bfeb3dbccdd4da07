/**
 * Imported LUTs render as their files define them: every LUT of the real-media corpus (a 57-point
 * AgX, an HDR PQ table above 1.0, CRLF, a Resolve input range, Resolve shaper files, a 16-point
 * game LUT) is imported through the API, a 1280×720 test pattern (8×8 blocks of one colour each) is
 * exported graded with it as a 16-bit TIFF, and every block's mean is held to the file applied by
 * itself: by ffmpeg's lut3d (tetrahedral, on gbrpf32) where ffmpeg reads the file as written, else
 * by the engine's float application of the file (shaper, domain, 3D table). The bound is 1/255,
 * or for a file the import says it resampled, the difference it states (plus the 16-bit
 * rounding). The editor's CPU reference (the renderer the WebGL preview is held to) must agree
 * with the export within 1/255 too.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { applyLutFileToTriplets, DEFAULT_GRADE, lutFromBytes, parseLutFile, renderGradeFloat, type FloatImage } from '@cinegrade/color';
import { savedGradeFromGrade, type Asset, type UserLut } from '@cinegrade/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { download, FFMPEG, finishedExport, startExport } from './support/exports';
import { corpusLuts } from './support/media-corpus';
import { decodeFrame } from './support/parity';
import { startTestServer, type TestServer } from './support/test-server';
import { TusTestClient } from './support/tus-client';

const BLOCK = 8;
const COLUMNS = 160;
const ROWS = 90;
const WIDTH = COLUMNS * BLOCK;
const HEIGHT = ROWS * BLOCK;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cinegrade-real-luts-'));

/** The blocks' colours (8-bit): the cube's corners, a grey ramp, then a fixed pseudo-random spread. */
function patternColours(): [number, number, number][] {
  const colours: [number, number, number][] = [];
  for (let i = 0; i < 8; i++) colours.push([i & 1 ? 255 : 0, i & 2 ? 255 : 0, i & 4 ? 255 : 0]);
  for (let v = 0; v < 64; v++) colours.push([v * 4, v * 4, v * 4]);
  let seed = 12345;
  const next = (): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return Math.floor((seed / 2147483648) * 256);
  };
  while (colours.length < COLUMNS * ROWS) colours.push([next(), next(), next()]);
  return colours;
}

const COLOURS = patternColours();

function writePattern(file: string): void {
  const raw = Buffer.alloc(WIDTH * HEIGHT * 3);
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const colour = COLOURS[Math.floor(y / BLOCK) * COLUMNS + Math.floor(x / BLOCK)]!;
      raw.set(colour, (y * WIDTH + x) * 3);
    }
  }
  execFileSync(FFMPEG, ['-v', 'error', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', `${WIDTH}x${HEIGHT}`, '-i', 'pipe:0', '-frames:v', '1', '-y', file], { input: raw });
}

/** Each block's mean RGB (0..1), blocks in row order. */
function blockMeans(image: FloatImage): Float64Array {
  const means = new Float64Array(COLUMNS * ROWS * 3);
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const block = Math.floor(y / BLOCK) * COLUMNS + Math.floor(x / BLOCK);
      for (let c = 0; c < 3; c++) means[block * 3 + c]! += image.data[(y * WIDTH + x) * 4 + c]! / (BLOCK * BLOCK);
    }
  }
  return means;
}

function maxDifference(a: Float64Array, b: Float64Array): number {
  let worst = 0;
  for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs(a[i]! - b[i]!));
  return worst * 255;
}

/**
 * ffmpeg applying the file itself to the pattern: lut3d, tetrahedral, on gbrpf32, read back at 16
 * bits. zscale converts, as in the export: swscale's RGB conversions are off by up to 1/255.
 */
function ffmpegApplied(pattern: string, lutFile: string): Float64Array {
  const out = path.join(work, `ffmpeg ${path.basename(lutFile)}.tiff`);
  const escaped = lutFile.replace(/\\/g, '/').replace(/'/g, "\\'").replace(/:/g, '\\:');
  execFileSync(FFMPEG, ['-v', 'error', '-i', pattern, '-vf', `zscale,format=gbrpf32le,lut3d=file='${escaped}':interp=tetrahedral,zscale,format=rgb48le`, '-frames:v', '1', '-y', out]);
  return blockMeans(decodeFrame(out, 0, false, WIDTH, HEIGHT));
}

/** The engine's float application of the file to the blocks' colours, clamped as any output is. */
function floatApplied(text: string): Float64Array {
  const parsed = parseLutFile(text, 'cube');
  if (!parsed.ok) throw new Error(parsed.message);
  const values = Float64Array.from(COLOURS.flat(), (v) => v / 255);
  applyLutFileToTriplets(parsed.file, values);
  return values.map((v) => Math.min(1, Math.max(0, v)));
}

/**
 * The copy of a `.cube` that ffmpeg reads as the product does, or null when ffmpeg cannot apply
 * the file itself: a shaper, or a domain other than 0..1. `LUT_3D_INPUT_RANGE 0 1` means the
 * default domain, which ffmpeg's reader does not take as a keyword, so the copy leaves it out.
 */
function ffmpegReadable(file: string, text: string): string | null {
  const parsed = parseLutFile(text, 'cube');
  if (!parsed.ok || parsed.file.shapers.length > 0 || !parsed.file.table) return null;
  const { domainMin, domainMax } = parsed.file.table;
  if (domainMin.some((v) => v !== 0) || domainMax.some((v) => v !== 1)) return null;
  const copy = path.join(work, `readable ${path.basename(file)}`);
  fs.writeFileSync(copy, text.replace(/^\s*LUT_3D_INPUT_RANGE\s+0(\.0*)?\s+1(\.0*)?\s*$/m, ''));
  return copy;
}

describe('imported LUTs of the real-media corpus render as their files define them', () => {
  let server: TestServer;
  let user: { cookie: string; email: string };
  let asset: Asset;
  const pattern = path.join(work, 'pattern.png');
  beforeAll(async () => {
    writePattern(pattern);
    server = await startTestServer('embedded');
    user = await server.signedInUser();
    await server.services.profiles.setTierByEmail(user.email, 'Premium');
    const response = await new TusTestClient(server, user.cookie).upload(pattern, 'pattern.png');
    asset = ((await response.json()) as { asset: Asset }).asset;
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it.each(corpusLuts().map((file) => [path.basename(file), file]))('%s', async (name, file) => {
    const text = fs.readFileSync(file, 'utf8');
    const imported = await server.request('/api/luts', { method: 'POST', cookie: user.cookie, json: { name: name.slice(0, 90), cube: text } });
    expect(imported.status, await imported.clone().text()).toBe(201);
    const lut = (await imported.json()) as UserLut;
    expect(lut.warnings ?? [], 'no file of the corpus is resampled').not.toContainEqual(expect.stringMatching(/differs from the file/));
    const bound = 1;

    const saved = savedGradeFromGrade({ ...DEFAULT_GRADE, customLook: lut.id });
    const started = await startExport(server, user.cookie, { assetId: asset.id, selectedLUT: saved.selected_lut, colorSettings: saved.color_settings, outputFormat: 'tiff', quality: '720p' });
    const done = await finishedExport(server, user.cookie, started.predictionId);
    expect(done.status, done.error ?? '').toBe('succeeded');
    const exportedFile = (await download(server, user.cookie, done.downloadUrl ?? '', path.join(work, `export ${name}.tiff`))).file;
    const exported = blockMeans(decodeFrame(exportedFile, 0, false, WIDTH, HEIGHT));

    const readable = ffmpegReadable(file, text);
    const reference = readable ? ffmpegApplied(pattern, readable) : Float64Array.from(floatApplied(text));
    const difference = maxDifference(exported, reference);

    // The editor's CPU reference, from the table the editor fetches.
    const table = await server.request(`/api/luts/${lut.id}/table`, { cookie: user.cookie });
    const customLut = lutFromBytes(Number(table.headers.get('x-lut-size')), await table.arrayBuffer());
    const source = decodeFrame(pattern, 0, false, WIDTH, HEIGHT);
    const preview = blockMeans(renderGradeFloat(source, { ...DEFAULT_GRADE, customLook: lut.id }, { customLut, interpolation: 'tetrahedral' }));
    const previewDifference = maxDifference(preview, exported);
    console.log(`${name}: stored ${lut.size} points${customLut.shaper ? ` behind a ${customLut.shaper.size}-point shaper` : ''}; export vs ${readable ? 'ffmpeg' : 'float'} reference ${difference.toFixed(3)}/255 (bound ${bound.toFixed(2)}), preview vs export ${previewDifference.toFixed(3)}/255`);
    expect(difference).toBeLessThanOrEqual(bound);
    expect(previewDifference).toBeLessThanOrEqual(1);
  });
});
