/**
 * The CPU renderer against ffmpeg's lut3d filter (the server's renderer) on the same generated
 * image and the same `.cube` file. 16-bit RGB goes in and out of ffmpeg so that its 8-bit path,
 * which truncates instead of rounding (docs/color-engine.md, "ffmpeg's lut3d"), plays no part: what remains is float
 * rounding and ffmpeg's 16-bit truncation (under 2e-5).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_ADJUSTMENTS } from './adjustments';
import { applyLutToFloatRgba, applyLutToRgba } from './apply-lut';
import type { Interpolation } from './apply-lut';
import { bakeLut, gradeLutSize } from './bake';
import { cubeFromLut, cubeFromShaper, writeCube } from './cube';
import { lutFileToTable } from './lut-file';
import { parseLutFile } from './lut-formats';
import { DEFAULT_GRADE } from './grade';
import type { Grade } from './grade';
import { FFMPEG_SPATIAL_PIXEL_FORMAT, ffmpegSpatialFilters } from './ffmpeg-spatial';
import { applySpatial, spatialParams } from './spatial';
import type { SpatialParams } from './spatial';
import { ffmpegForTests, runFfmpeg } from './testing/ffmpeg';
import { random } from './testing/images';

const WIDTH = 128;
const HEIGHT = 64;
const GRADE: Grade = {
  look: 'blockbuster-teal-orange',
  customLook: null,
  lookStrength: 80,
  inputTransform: 'rec709',
  adjustments: { ...DEFAULT_ADJUSTMENTS, contrast: 25, temperature: 20, saturation: 15, shadows: 10 },
};

/** Every 8-bit grey, then pseudo-random colours: 8192 pixels covering the cube. */
function testImage(): Uint8ClampedArray {
  const rand = random(2024);
  const data = new Uint8ClampedArray(WIDTH * HEIGHT * 4);
  for (let p = 0; p < WIDTH * HEIGHT; p++) {
    const rgb = p < 256 ? [p, p, p] : [rand() * 256, rand() * 256, rand() * 256].map(Math.floor);
    data.set([...rgb, 255], p * 4);
  }
  return data;
}

const workDir = mkdtempSync(join(tmpdir(), 'cinegrade-parity-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

/** Runs the image through ffmpeg's lut3d and returns its output as floats 0..1 (RGB only). */
function ffmpegLut3d(image: Uint8ClampedArray, cubeText: string, interpolation: Interpolation, shaperText?: string): Float64Array {
  const cubePath = join(workDir, `${interpolation}.cube`);
  writeFileSync(cubePath, cubeText);
  const shaperPath = join(workDir, 'shaper.cube');
  if (shaperText !== undefined) writeFileSync(shaperPath, shaperText);
  const shaperStep = shaperText !== undefined ? `lut1d=file=${shaperPath}:interp=linear,` : '';
  const input = new Uint16Array(WIDTH * HEIGHT * 3);
  for (let p = 0; p < WIDTH * HEIGHT; p++) for (let c = 0; c < 3; c++) input[p * 3 + c] = image[p * 4 + c]! * 257;
  const output = runFfmpeg(
    ffmpegForTests(),
    ['-f', 'rawvideo', '-pix_fmt', 'rgb48le', '-s', `${WIDTH}x${HEIGHT}`, '-i', 'pipe:0', '-vf', `${shaperStep}lut3d=file=${cubePath}:interp=${interpolation}`, '-f', 'rawvideo', '-pix_fmt', 'rgb48le', 'pipe:1'],
    new Uint8Array(input.buffer),
  );
  expect(output.length).toBe(input.byteLength);
  const words = new Uint16Array(output.buffer.slice(output.byteOffset, output.byteOffset + output.length));
  return Float64Array.from(words, (w) => w / 65535);
}

function compare(interpolation: Interpolation): { float: number; bytes: number } {
  const image = testImage();
  const lut = bakeLut(GRADE, 33);
  const cubeText = writeCube(cubeFromLut(lut, 'parity'));
  const theirs = ffmpegLut3d(image, cubeText, interpolation);
  const oursFloat = applyLutToFloatRgba(lut, Float32Array.from(image, (v) => v / 255), interpolation);
  const oursBytes = applyLutToRgba(lut, image, interpolation);
  let float = 0;
  let bytes = 0;
  for (let p = 0; p < WIDTH * HEIGHT; p++) {
    for (let c = 0; c < 3; c++) {
      const reference = theirs[p * 3 + c]!;
      float = Math.max(float, Math.abs(oursFloat[p * 4 + c]! - reference));
      bytes = Math.max(bytes, Math.abs(oursBytes[p * 4 + c]! - Math.round(reference * 255)));
    }
  }
  return { float, bytes };
}

describe('applyLutToFloatRgba against ffmpeg lut3d', () => {
  it('agrees within 1/255 per channel with interp=tetrahedral (in practice within 1e-4)', () => {
    const { float } = compare('tetrahedral');
    expect(float).toBeLessThan(1 / 255);
    expect(float).toBeLessThan(1e-4);
  });

  it('agrees within 1/255 per channel with interp=trilinear', () => {
    expect(compare('trilinear').float).toBeLessThan(1 / 255);
  });
});

describe('a LUT with a shaper against ffmpeg lut1d then lut3d (the export of a grade starting with a shaper file)', () => {
  it('agrees within 1e-4 per channel: the shaper linear between its points, then the table tetrahedrally', () => {
    // A 3-point table behind a log-like 16-point shaper, with contrast after it, baked on the table's grid.
    const shaperRows = Array.from({ length: 16 }, (_, i) => [0, 1, 2].map((c) => (Math.log2(1 + (16 << c) * (i / 15)) / Math.log2(1 + (16 << c))).toFixed(7)).join(' '));
    const tableRows: string[] = [];
    for (let b = 0; b < 3; b++) for (let g = 0; g < 3; g++) for (let r = 0; r < 3; r++) tableRows.push([0.8 * b + 0.1 * r, (g / 2) ** 2, r / 2].map((v) => v.toFixed(7)).join(' '));
    const parsed = parseLutFile(['LUT_1D_SIZE 16', 'LUT_3D_SIZE 3', ...shaperRows, ...tableRows].join('\n'), 'cube');
    if (!parsed.ok) throw new Error(parsed.message);
    const customLut = lutFileToTable(parsed.file).lut;
    const grade: Grade = { ...DEFAULT_GRADE, customLook: 'shaped', adjustments: { ...DEFAULT_ADJUSTMENTS, contrast: 25 } };
    const lut = bakeLut(grade, gradeLutSize(customLut), { customLut });
    expect(lut.shaper).toBeDefined();
    const image = testImage();
    const theirs = ffmpegLut3d(image, writeCube(cubeFromLut({ size: lut.size, data: lut.data }, 'parity')), 'tetrahedral', writeCube(cubeFromShaper(lut.shaper!, 'parity shaper')));
    const ours = applyLutToFloatRgba(lut, Float32Array.from(image, (v) => v / 255));
    let worst = 0;
    for (let p = 0; p < WIDTH * HEIGHT; p++) for (let c = 0; c < 3; c++) worst = Math.max(worst, Math.abs(ours[p * 4 + c]! - theirs[p * 3 + c]!));
    expect(worst).toBeLessThan(1e-4);
  });
});

describe('applyLutToRgba against ffmpeg lut3d', () => {
  it('gives the same 8-bit values as ffmpeg rounded, give or take 1 where a value sits on a rounding edge', () => {
    expect(compare('tetrahedral').bytes).toBeLessThanOrEqual(1);
  });
});

/**
 * The export's spatial fragment between conversions from and to 16-bit RGB. zscale converts (as
 * the export does): swscale's float conversions are off by up to 3.5/65535 on their own.
 */
function spatialFilterGraph(p: SpatialParams): string {
  const fragment = ffmpegSpatialFilters(p);
  if (!fragment) throw new Error('the test grade has no spatial operation');
  return `zscale,format=${FFMPEG_SPATIAL_PIXEL_FORMAT},${fragment},zscale,format=gbrp16le,format=rgb48le`;
}

/**
 * Runs a generated frame through both. `contrast` sets how far the checkerboard's squares sit
 * from mid-grey: 0.2 keeps every result inside 0..1, 0.48 pushes clarity past black and white so
 * the clamps are exercised.
 */
function spatialDifference(clarity: number, vignette: number, contrast = 0.2): { max: number; mean: number } {
  const [width, height] = [320, 180];
  const input = new Uint16Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      // Checkerboard edges plus a ripple: plenty of local contrast for clarity to act on.
      const square = (Math.floor(x / 40) + Math.floor(y / 30)) % 2 === 0 ? -contrast : contrast;
      const v = Math.min(1, Math.max(0, 0.5 + square + 0.1 * Math.sin(x / 7)));
      input.set([v, 0.8 * v + 0.1, 1 - v].map((c) => Math.round(c * 65535)), (y * width + x) * 3);
    }
  }
  const image = { width, height, data: new Float32Array(width * height * 4) };
  for (let p = 0; p < width * height; p++) image.data.set([input[p * 3]! / 65535, input[p * 3 + 1]! / 65535, input[p * 3 + 2]! / 65535, 1], p * 4);
  const params = spatialParams({ ...DEFAULT_GRADE, adjustments: { ...DEFAULT_ADJUSTMENTS, clarity, vignette } }, width, height);
  applySpatial(image, params);
  const output = runFfmpeg(
    ffmpegForTests(),
    ['-f', 'rawvideo', '-pix_fmt', 'rgb48le', '-s', `${width}x${height}`, '-i', 'pipe:0', '-filter_complex', spatialFilterGraph(params), '-f', 'rawvideo', '-pix_fmt', 'rgb48le', 'pipe:1'],
    new Uint8Array(input.buffer),
  );
  const words = new Uint16Array(output.buffer.slice(output.byteOffset, output.byteOffset + output.length));
  let max = 0;
  let sum = 0;
  for (let p = 0; p < width * height; p++) {
    for (let c = 0; c < 3; c++) {
      const d = Math.abs(words[p * 3 + c]! / 65535 - image.data[p * 4 + c]!);
      max = Math.max(max, d);
      sum += d;
    }
  }
  return { max, mean: sum / (width * height * 3) };
}

describe('ffmpegSpatialFilters against applySpatial', () => {
  it('computes the same vignette as a geq mask multiplied in (within 16-bit rounding)', () => {
    expect(spatialDifference(0, 70).max).toBeLessThan(4 / 65535);
    expect(spatialDifference(0, -70).max).toBeLessThan(4 / 65535);
  });

  it("computes the same clarity with gblur(steps=6) and blend's float modes, within gblur's approximation of a Gaussian", () => {
    for (const clarity of [80, -80]) {
      const { max, mean } = spatialDifference(clarity, 0);
      expect(max).toBeLessThan(3 / 255);
      expect(mean).toBeLessThan(0.5 / 255);
    }
  });

  it('clamps like the formula where clarity pushes past black and white, with a brightening vignette after it', () => {
    // gblur's error grows with the edge it blurs (4.7/255 at clarity 100 on a black-to-white edge)
    // and is then multiplied by the vignette's gain (up to 1.6); a wrong clamp would be off by
    // tenths over whole squares, which the mean would show.
    const { max, mean } = spatialDifference(100, -100, 0.48);
    expect(max).toBeLessThan(6 / 255);
    expect(mean).toBeLessThan(0.5 / 255);
  });
});
