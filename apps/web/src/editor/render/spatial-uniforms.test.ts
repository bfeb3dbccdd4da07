import { CLARITY_SIGMA_PER_HEIGHT, DEFAULT_GRADE, gaussianKernel, VIGNETTE_STRENGTH, vignetteGain, spatialParams, type Grade } from '@cinegrade/color';
import { describe, expect, it } from 'vitest';
import { programSize, spatialUniforms, splitColumn } from './spatial-uniforms';

function graded(adjustments: Partial<Grade['adjustments']>): Grade {
  return { ...DEFAULT_GRADE, adjustments: { ...DEFAULT_GRADE.adjustments, ...adjustments } };
}

describe('programSize', () => {
  it('keeps the source size up to 1920 wide and scales wider sources down', () => {
    expect(programSize(1920, 1080)).toEqual({ width: 1920, height: 1080 });
    expect(programSize(640, 360)).toEqual({ width: 640, height: 360 });
    expect(programSize(3840, 2160)).toEqual({ width: 1920, height: 1080 });
    expect(programSize(4096, 1716)).toEqual({ width: 1920, height: 804 });
    expect(() => programSize(0, 10)).toThrow(RangeError);
  });
});

describe('spatialUniforms', () => {
  it('has nothing to do for a grade without clarity or vignette', () => {
    expect(spatialUniforms(DEFAULT_GRADE, { width: 640, height: 360 })).toEqual({ clarity: null, vignette: null });
  });

  it('blurs with σ = 0.008 × the frame height and the engine kernel', () => {
    const { clarity } = spatialUniforms(graded({ clarity: 50 }), { width: 1920, height: 1080 });
    expect(clarity).not.toBeNull();
    expect(clarity!.amount).toBe(0.5);
    expect(clarity!.sigma).toBeCloseTo(CLARITY_SIGMA_PER_HEIGHT * 1080, 12);
    expect(clarity!.sigma).toBeCloseTo(8.64, 12);
    expect(clarity!.radius).toBe(26); // ⌈3σ⌉
    expect(clarity!.weights).toHaveLength(53);
    const engine = gaussianKernel(8.64);
    clarity!.weights.forEach((w, i) => expect(w).toBeCloseTo(engine[i]!, 7));
    expect(clarity!.weights.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 6);
    // Negative clarity smooths with the same kernel.
    expect(spatialUniforms(graded({ clarity: -100 }), { width: 1920, height: 1080 }).clarity!.amount).toBe(-1);
  });

  it('scales σ with the frame PROGRAM draws, not the screen', () => {
    expect(spatialUniforms(graded({ clarity: 10 }), { width: 640, height: 360 }).clarity!.sigma).toBeCloseTo(2.88, 12);
  });

  it('passes the vignette constants that give the engine gain at every pixel', () => {
    const grade = graded({ vignette: 100 });
    const size = { width: 800, height: 600 };
    const { vignette } = spatialUniforms(grade, size);
    expect(vignette).toEqual({ amount: VIGNETTE_STRENGTH, center: [400, 300], cornerDistanceSquared: 400 ** 2 + 300 ** 2 });
    // The shader's gain 1 − v·d⁴ with d² = |p + ½ − centre|² / corner², written out, against the engine.
    const shaderGain = (x: number, y: number) => {
      const dx = x + 0.5 - vignette!.center[0];
      const dy = y + 0.5 - vignette!.center[1];
      const d2 = (dx * dx + dy * dy) / vignette!.cornerDistanceSquared;
      return 1 - vignette!.amount * d2 * d2;
    };
    const engine = spatialParams(grade, size.width, size.height).vignette!;
    for (const [x, y] of [[0, 0], [399, 299], [799, 599], [123, 456]] as const) {
      expect(shaderGain(x, y)).toBeCloseTo(vignetteGain(engine, x, y), 12);
    }
    // +100 darkens the corners to 40 %, −100 brightens them by 60 %.
    expect(shaderGain(0, 0)).toBeCloseTo(0.4, 2);
    expect(spatialUniforms(graded({ vignette: -100 }), size).vignette!.amount).toBeCloseTo(-0.6, 12);
  });
});

describe('splitColumn', () => {
  it('shows the source left of the wipe, everywhere in bypass, nowhere when off', () => {
    expect(splitColumn({ mode: 'off' }, 640)).toBe(0);
    expect(splitColumn({ mode: 'bypass' }, 640)).toBe(640);
    expect(splitColumn({ mode: 'split', position: 0.25 }, 640)).toBe(160);
    expect(splitColumn({ mode: 'split', position: 3 }, 640)).toBe(640);
    expect(splitColumn({ mode: 'split', position: -1 }, 640)).toBe(0);
  });
});
