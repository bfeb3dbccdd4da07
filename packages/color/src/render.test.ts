import { describe, expect, it } from 'vitest';
import { DEFAULT_ADJUSTMENTS } from './adjustments';
import { applyLutToRgba } from './apply-lut';
import { bakeLut } from './bake';
import { DEFAULT_GRADE } from './grade';
import { renderGrade, renderGradeFloat } from './render';
import { landscapeScene } from './testing/images';

describe('renderGrade', () => {
  const scene = landscapeScene(64, 36);

  it('returns the image unchanged for the identity grade', () => {
    expect(renderGrade(scene, DEFAULT_GRADE).data).toEqual(scene.data);
  });

  it('equals applying the baked LUT when there is nothing spatial', () => {
    const grade = { ...DEFAULT_GRADE, look: 'golden-hour-magic' as const };
    const viaLut = applyLutToRgba(bakeLut(grade), scene.data);
    const rendered = renderGrade(scene, grade).data;
    for (let i = 0; i < viaLut.length; i++) expect(Math.abs(rendered[i]! - viaLut[i]!)).toBeLessThanOrEqual(1);
  });

  it('applies the vignette after the LUT and keeps alpha', () => {
    const withAlpha = { ...scene, data: scene.data.map((v, i) => (i % 4 === 3 ? 200 : v)) };
    const out = renderGrade(withAlpha, { ...DEFAULT_GRADE, adjustments: { ...DEFAULT_ADJUSTMENTS, vignette: 100 } });
    expect(out.data[0]).toBeLessThan(withAlpha.data[0]! * 0.6);
    expect(out.data[3]).toBe(200);
  });

  it('rejects data that does not match the size', () => {
    expect(() => renderGrade({ width: 3, height: 3, data: new Uint8ClampedArray(8) }, DEFAULT_GRADE)).toThrow(RangeError);
  });
});

describe('renderGradeFloat', () => {
  it('accepts a pre-baked LUT and keeps float precision', () => {
    const data = Float32Array.from([0.5004, 0.5004, 0.5004, 1]);
    const out = renderGradeFloat({ width: 1, height: 1, data }, DEFAULT_GRADE);
    expect(out.data[0]).toBeCloseTo(0.5004, 6);
  });
});
