/**
 * The CPU renderer against ffmpeg's lut3d filter (the server's renderer) on the same generated
 * image and the same `.cube` file. 16-bit RGB goes in and out of ffmpeg so that its 8-bit path,
 * which truncates instead of rounding (DESIGN.md §3), plays no part: what remains is float
 * rounding and ffmpeg's 16-bit truncation (under 2e-5).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_ADJUSTMENTS } from './adjustments';
import { applyLutToFloatRgba, applyLutToRgba } from './apply-lut';
import type { Interpolation } from './apply-lut';
import { bakeLut } from './bake';
import { cubeFromLut, writeCube } from './cube';
import { DEFAULT_GRADE } from './grade';
import type { Grade } from './grade';
import { applySpatial, spatialParams } from './spatial';
import type { SpatialParams } from './spatial';
import { findFfmpeg, runFfmpeg } from './testing/ffmpeg';
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

function ffmpegOrFail(): string {
  const found = findFfmpeg();
  if (!found) {
    const configured = process.env.FFMPEG_PATH ? ` (FFMPEG_PATH=${process.env.FFMPEG_PATH} does not exist)` : '';
    throw new Error(
      `No ffmpeg binary found for the lut3d parity test${configured}: set FFMPEG_PATH, install Debian ffmpeg (/usr/bin/ffmpeg), or install @ffmpeg-installer/ffmpeg.`,
    );
  }
  return found.path;
}

/** Runs the image through ffmpeg's lut3d and returns its output as floats 0..1 (RGB only). */
function ffmpegLut3d(image: Uint8ClampedArray, cubeText: string, interpolation: Interpolation): Float64Array {
  const cubePath = join(workDir, `${interpolation}.cube`);
  writeFileSync(cubePath, cubeText);
  const input = new Uint16Array(WIDTH * HEIGHT * 3);
  for (let p = 0; p < WIDTH * HEIGHT; p++) for (let c = 0; c < 3; c++) input[p * 3 + c] = image[p * 4 + c]! * 257;
  const output = runFfmpeg(
    ffmpegOrFail(),
    ['-f', 'rawvideo', '-pix_fmt', 'rgb48le', '-s', `${WIDTH}x${HEIGHT}`, '-i', 'pipe:0', '-vf', `lut3d=file=${cubePath}:interp=${interpolation}`, '-f', 'rawvideo', '-pix_fmt', 'rgb48le', 'pipe:1'],
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

describe('applyLutToRgba against ffmpeg lut3d', () => {
  it('gives the same 8-bit values as ffmpeg rounded, give or take 1 where a value sits on a rounding edge', () => {
    expect(compare('tetrahedral').bytes).toBeLessThanOrEqual(1);
  });
});

/**
 * The spatial formulas of spatial.ts written as an ffmpeg 5.1 filter graph on 16-bit planar RGB,
 * as the export job can build it: clarity with split + gblur + blend, vignette with a geq mask.
 * blend's expressions must clip themselves: a result outside 0..65535 wraps around.
 */
function spatialFilterGraph(p: SpatialParams): string {
  const steps: string[] = ['format=gbrp16le'];
  if (p.clarity) {
    const { amount, sigma } = p.clarity;
    steps.push(`split[a][b];[b]gblur=sigma=${sigma}:steps=6[blur];[a][blur]blend=all_expr='clip(A+${amount}*4*(B/65535)*(1-B/65535)*(A-B),0,65535)'`);
  }
  if (p.vignette) {
    // The gain as a generated mask multiplied in: geq's r(X,Y) would read the last row and column
    // from their neighbours (it clamps sample positions to width − 2 and height − 2).
    const { amount, centerX, centerY, cornerDistanceSquared } = p.vignette;
    const gain = `(1-${amount}*pow((pow(X+0.5-${centerX},2)+pow(Y+0.5-${centerY},2))/${cornerDistanceSquared},2))`;
    steps.push(`split[v][m];[m]geq=r='32768*${gain}':g='32768*${gain}':b='32768*${gain}'[mask];[v][mask]blend=all_expr='clip(A*B/32768,0,65535)'`);
  }
  return [...steps, 'format=rgb48le'].join(',');
}

function spatialDifference(clarity: number, vignette: number): { max: number; mean: number } {
  const [width, height] = [320, 180];
  const input = new Uint16Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      // Checkerboard edges plus a ripple: plenty of local contrast for clarity to act on.
      const v = 0.3 + 0.4 * ((Math.floor(x / 40) + Math.floor(y / 30)) % 2) + 0.1 * Math.sin(x / 7);
      input.set([v, 0.8 * v + 0.1, 1 - v].map((c) => Math.round(c * 65535)), (y * width + x) * 3);
    }
  }
  const image = { width, height, data: new Float32Array(width * height * 4) };
  for (let p = 0; p < width * height; p++) image.data.set([input[p * 3]! / 65535, input[p * 3 + 1]! / 65535, input[p * 3 + 2]! / 65535, 1], p * 4);
  const params = spatialParams({ ...DEFAULT_GRADE, adjustments: { ...DEFAULT_ADJUSTMENTS, clarity, vignette } }, width, height);
  applySpatial(image, params);
  const output = runFfmpeg(
    ffmpegOrFail(),
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

describe('applySpatial against an ffmpeg filter graph', () => {
  it('computes the same vignette as a geq mask blended in (within 16-bit rounding of the mask and product)', () => {
    expect(spatialDifference(0, 70).max).toBeLessThan(4 / 65535);
    expect(spatialDifference(0, -70).max).toBeLessThan(4 / 65535);
  });

  it("computes the same clarity as split + gblur(steps=6) + blend, within gblur's approximation of a Gaussian", () => {
    const { max, mean } = spatialDifference(80, 0);
    expect(max).toBeLessThan(3 / 255);
    expect(mean).toBeLessThan(0.5 / 255);
  });
});
