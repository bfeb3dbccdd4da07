/**
 * How the engine's spatial formulas (packages/color spatial.ts: clarity after the LUT, then the
 * vignette) reach the shader: the same constants, the same Gaussian kernel, in the pixel units of
 * the frame PROGRAM draws. Pure, so the numbers are tested without a GPU.
 */
import { gaussianKernel, spatialParams, type Grade } from '@cinegrade/color';

/** PROGRAM draws at the source's own size, at most this wide, so tests compare pixel for pixel. */
export const PROGRAM_MAX_WIDTH = 1920;

export interface FrameSize {
  readonly width: number;
  readonly height: number;
}

/** The size PROGRAM renders a `width` × `height` source at. */
export function programSize(width: number, height: number): FrameSize {
  if (!(width > 0 && height > 0)) throw new RangeError(`frame size must be positive (got ${width}×${height})`);
  if (width <= PROGRAM_MAX_WIDTH) return { width: Math.round(width), height: Math.round(height) };
  return { width: PROGRAM_MAX_WIDTH, height: Math.max(1, Math.round((height * PROGRAM_MAX_WIDTH) / width)) };
}

export interface ClarityUniforms {
  /** k = clarity / 100. */
  readonly amount: number;
  /** σ in pixels (0.008 × height), for reference and tests. */
  readonly sigma: number;
  /** The kernel radius in pixels: taps run from −radius to +radius. */
  readonly radius: number;
  /** The engine's normalised Gaussian weights, 2·radius + 1 of them, uploaded as a float texture. */
  readonly weights: Float32Array;
}

export interface VignetteUniforms {
  /** v = 0.6 × vignette / 100. */
  readonly amount: number;
  readonly center: readonly [number, number];
  /** (W/2)² + (H/2)². */
  readonly cornerDistanceSquared: number;
}

export interface SpatialUniforms {
  readonly clarity: ClarityUniforms | null;
  readonly vignette: VignetteUniforms | null;
}

/** The shader's spatial uniforms for `grade` on a frame of `size`; nulls where the slider is 0. */
export function spatialUniforms(grade: Grade, size: FrameSize): SpatialUniforms {
  const params = spatialParams(grade, size.width, size.height);
  let clarity: ClarityUniforms | null = null;
  if (params.clarity) {
    const kernel = gaussianKernel(params.clarity.sigma);
    clarity = {
      amount: params.clarity.amount,
      sigma: params.clarity.sigma,
      radius: (kernel.length - 1) / 2,
      weights: Float32Array.from(kernel),
    };
  }
  const vignette = params.vignette
    ? {
        amount: params.vignette.amount,
        center: [params.vignette.centerX, params.vignette.centerY] as const,
        cornerDistanceSquared: params.vignette.cornerDistanceSquared,
      }
    : null;
  return { clarity, vignette };
}

/**
 * Where the compare wipe puts the boundary, in output pixels: columns left of it show the
 * ungraded source. Bypass shows the source everywhere; off shows the grade everywhere.
 */
export type CompareMode = { mode: 'off' } | { mode: 'bypass' } | { mode: 'split'; position: number };

export function splitColumn(compare: CompareMode, width: number): number {
  switch (compare.mode) {
    case 'off':
      return 0;
    case 'bypass':
      return width;
    case 'split':
      return Math.min(1, Math.max(0, compare.position)) * width;
  }
}
