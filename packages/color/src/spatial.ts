/**
 * The spatial operations a LUT cannot hold: clarity and vignette. They run after the LUT, in this
 * order, on the LUT's output A (encoded Rec.709, 0..1 per channel), and are written so the WebGL2
 * preview and the server's ffmpeg 5.1 filter graph can compute exactly the same thing.
 *
 * CLARITY (local mid-tone contrast), per RGB channel:
 *   B   = Gaussian blur of A, standard deviation σ = 0.008 × frame height in pixels, separable,
 *         edges extended by repeating the border pixel;
 *   out = clamp(A + k · 4·B·(1 − B) · (A − B), 0, 1),   k = clarity / 100   (−1..1).
 *   4·B·(1 − B) is a mid-tone weight: 1 at B = ½, 0 at black and white, so detail in the
 *   mid-tones is boosted (k > 0) or smoothed towards the blur (k < 0) without touching the ends.
 *   ffmpeg: split[a][b]; [b]gblur=sigma=σ:steps=6[blur]; [a][blur]blend=all_expr='clip(…)'
 *   with A, B scaled to 0..1 by the pixel format's maximum; the clip is needed, as blend wraps
 *   results outside the format's range instead of saturating them.
 *
 * VIGNETTE (radial falloff), for the pixel at column x, row y of a W×H frame:
 *   d²   = ((x + ½ − W/2)² + (y + ½ − H/2)²) / ((W/2)² + (H/2)²)
 *          (square distance from the centre in pixels, so the falloff is circular whatever the
 *          aspect ratio, normalised to 1 at the corners);
 *   gain = 1 − v · d⁴,   v = 0.6 × vignette / 100   (+100 darkens the corners to 40 %,
 *          −100 brightens them by 60 %; the centre is untouched);
 *   out  = clamp(A × gain, 0, 1) on all three channels.
 *   ffmpeg: a mask made by geq from that expression (no pixel reads), multiplied in with blend;
 *   not geq's r(X,Y), which reads the last column and row from their neighbours.
 * `ffmpeg-parity.test.ts` runs both as an ffmpeg graph against this file: vignette within 16-bit
 * rounding, clarity within 3/255 (gblur approximates the Gaussian).
 */
import type { Grade } from './grade';

/** Blur standard deviation as a share of the frame height, so clarity looks the same at any size. */
export const CLARITY_SIGMA_PER_HEIGHT = 0.008;

/** Corner darkening at vignette +100. */
export const VIGNETTE_STRENGTH = 0.6;

export interface ClarityParams {
  /** k in the formula: clarity / 100. */
  readonly amount: number;
  /** σ in pixels for this frame: 0.008 × height. */
  readonly sigma: number;
}

export interface VignetteParams {
  /** v in the formula: 0.6 × vignette / 100. */
  readonly amount: number;
  readonly centerX: number;
  readonly centerY: number;
  /** (W/2)² + (H/2)², the squared distance that normalises d² to 1 at the corners. */
  readonly cornerDistanceSquared: number;
}

export interface SpatialParams {
  /** Null when clarity is 0 (nothing to do). */
  readonly clarity: ClarityParams | null;
  /** Null when vignette is 0. */
  readonly vignette: VignetteParams | null;
}

/** The numbers the renderers need for a frame of `width` × `height` pixels. */
export function spatialParams(grade: Grade, width: number, height: number): SpatialParams {
  if (!(width > 0 && height > 0)) throw new RangeError(`frame size must be positive (got ${width}×${height})`);
  const { clarity, vignette } = grade.adjustments;
  return {
    clarity: clarity === 0 ? null : { amount: clarity / 100, sigma: CLARITY_SIGMA_PER_HEIGHT * height },
    vignette:
      vignette === 0
        ? null
        : {
            amount: (VIGNETTE_STRENGTH * vignette) / 100,
            centerX: width / 2,
            centerY: height / 2,
            cornerDistanceSquared: (width / 2) ** 2 + (height / 2) ** 2,
          },
  };
}

/** Normalised Gaussian kernel, radius ⌈3σ⌉ (weights beyond 3σ are below 1.1 % of the centre's). */
export function gaussianKernel(sigma: number): Float64Array {
  const radius = Math.max(1, Math.ceil(3 * sigma));
  const kernel = new Float64Array(2 * radius + 1);
  let sum = 0;
  for (let i = -radius; i <= radius; i++) {
    const w = Math.exp(-(i * i) / (2 * sigma * sigma));
    kernel[i + radius] = w;
    sum += w;
  }
  for (let i = 0; i < kernel.length; i++) kernel[i]! /= sum;
  return kernel;
}

/** Convolves one plane with `kernel` along its rows or its columns, repeating edge pixels. */
function blurLine(src: Float32Array, dst: Float32Array, width: number, height: number, kernel: Float64Array, horizontal: boolean): void {
  const radius = (kernel.length - 1) / 2;
  const lines = horizontal ? height : width;
  const length = horizontal ? width : height;
  const stride = horizontal ? 1 : width;
  const lineStep = horizontal ? width : 1;
  for (let line = 0; line < lines; line++) {
    const base = line * lineStep;
    for (let i = 0; i < length; i++) {
      let sum = 0;
      for (let k = -radius; k <= radius; k++) {
        const j = i + k < 0 ? 0 : i + k >= length ? length - 1 : i + k;
        sum += kernel[k + radius]! * src[base + j * stride]!;
      }
      dst[base + i * stride] = sum;
    }
  }
}

/** Gaussian blur of one plane (width × height floats), separable, edges repeated. */
export function gaussianBlurPlane(plane: Float32Array, width: number, height: number, sigma: number): Float32Array {
  const kernel = gaussianKernel(sigma);
  const temp = new Float32Array(plane.length);
  const out = new Float32Array(plane.length);
  blurLine(plane, temp, width, height, kernel, true);
  blurLine(temp, out, width, height, kernel, false);
  return out;
}

/** Float RGBA image, 0..1 per channel, rows top to bottom. */
export interface FloatImage {
  readonly width: number;
  readonly height: number;
  readonly data: Float32Array;
}

function clamp01(v: number): number {
  return v > 0 ? (v < 1 ? v : 1) : 0;
}

/** Applies clarity in place (see the formula at the top of this file). */
export function applyClarity(image: FloatImage, params: ClarityParams): void {
  const { width, height, data } = image;
  const k = params.amount;
  const plane = new Float32Array(width * height);
  for (let c = 0; c < 3; c++) {
    for (let p = 0; p < plane.length; p++) plane[p] = data[p * 4 + c]!;
    const blurred = gaussianBlurPlane(plane, width, height, params.sigma);
    for (let p = 0; p < plane.length; p++) {
      const a = plane[p]!;
      const b = blurred[p]!;
      data[p * 4 + c] = clamp01(a + k * 4 * b * (1 - b) * (a - b));
    }
  }
}

/** The vignette gain at pixel (x, y) (see the formula at the top of this file). */
export function vignetteGain(params: VignetteParams, x: number, y: number): number {
  const dx = x + 0.5 - params.centerX;
  const dy = y + 0.5 - params.centerY;
  const d2 = (dx * dx + dy * dy) / params.cornerDistanceSquared;
  return 1 - params.amount * d2 * d2;
}

/** Applies the vignette in place. */
export function applyVignette(image: FloatImage, params: VignetteParams): void {
  const { width, height, data } = image;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const gain = vignetteGain(params, x, y);
      const i = (y * width + x) * 4;
      data[i] = clamp01(data[i]! * gain);
      data[i + 1] = clamp01(data[i + 1]! * gain);
      data[i + 2] = clamp01(data[i + 2]! * gain);
    }
  }
}

/** Applies the grade's spatial operations in place: clarity, then vignette. */
export function applySpatial(image: FloatImage, params: SpatialParams): void {
  if (params.clarity) applyClarity(image, params.clarity);
  if (params.vignette) applyVignette(image, params.vignette);
}
