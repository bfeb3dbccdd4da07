import { describe, expect, it } from 'vitest';
import { bakeLut } from './bake';
import type { CurvePoint } from './curves';
import { DEFAULT_GRADE, isIdentityGrade, parseGrade } from './grade';
import type { Grade } from './grade';
import { applyGradeToColors, compileGrade } from './grade-program';
import { DEFAULT_HUE_CURVES, hueCurveFunction, hueOf } from './hue-curves';
import type { HueCurves } from './hue-curves';

const p = (x: number, y: number): CurvePoint => ({ x, y });
const withHue = (curves: Partial<HueCurves>, base: Grade = DEFAULT_GRADE): Grade => ({ ...base, hueCurves: { ...DEFAULT_HUE_CURVES, ...curves } });
/** The same value at red, green and blue: the periodic curve through them is that constant. */
const flat = (y: number): CurvePoint[] => [p(0, y), p(1 / 3, y), p(2 / 3, y)];
const luma = (r: number, g: number, b: number) => 0.2126 * r + 0.7152 * g + 0.0722 * b;
const apply = (grade: Grade, ...rgb: number[]) => Array.from(applyGradeToColors(grade, rgb));

describe('hue curves', () => {
  it('at rest (no points, or every point on the neutral line) add no stage: the LUT is the identity bit for bit', () => {
    const neutral = withHue({ hueVsHue: [p(0.1, 0.5), p(0.6, 0.5)], hueVsSat: [], hueVsLum: [p(0.3, 0.5)], lumVsSat: [p(0, 0.5), p(1, 0.5)] });
    expect(isIdentityGrade(neutral)).toBe(true);
    expect(compileGrade(neutral).isIdentity).toBe(true);
    expect(bakeLut(neutral, 17).data).toEqual(bakeLut(DEFAULT_GRADE, 17).data);
    // With other controls active, neutral hue curves change nothing either.
    const graded: Grade = { ...DEFAULT_GRADE, look: 'cross-process', adjustments: { ...DEFAULT_GRADE.adjustments, contrast: 30 } };
    expect(bakeLut(withHue(neutral.hueCurves!, graded), 17).data).toEqual(bakeLut(graded, 17).data);
  });

  it('Hue vs Hue turns the hue by (y − 0.5) of a circle, keeping max and min', () => {
    // +1/3 of a circle everywhere: red becomes green, green blue.
    const grade = withHue({ hueVsHue: flat(0.5 + 1 / 3) });
    const [r, g, b] = apply(grade, 0.8, 0.2, 0.2);
    expect([r, g, b].map((v) => v!.toFixed(4))).toEqual(['0.2000', '0.8000', '0.2000']);
    // Orange (hue 30°) turned by 120° is hue 150°: (0.2, 0.8, 0.5).
    const orange = apply(grade, 0.8, 0.5, 0.2);
    expect(orange.map((v) => v.toFixed(4))).toEqual(['0.2000', '0.8000', '0.5000']);
  });

  it('Hue vs Sat scales chroma around Rec.709 luma by 2y, only at the hues it is raised', () => {
    const grade = withHue({ hueVsSat: flat(0.75) });
    const [r, g, b] = apply(grade, 0.6, 0.3, 0.3);
    const y = luma(0.6, 0.3, 0.3);
    expect(r).toBeCloseTo(y + 1.5 * (0.6 - y), 6);
    expect(g).toBeCloseTo(y + 1.5 * (0.3 - y), 6);
    expect(b).toBeCloseTo(y + 1.5 * (0.3 - y), 6);
    // Down to 0: the colour becomes its luma grey.
    const grey = apply(withHue({ hueVsSat: flat(0) }), 0.6, 0.3, 0.3);
    for (const v of grey) expect(v).toBeCloseTo(y, 6);
    // A point raising only red (neutral at green and blue) leaves pure green and blue alone.
    const redOnly = withHue({ hueVsSat: [p(0, 0.8), p(1 / 3, 0.5), p(2 / 3, 0.5)] });
    // (Within the table's interpolation: 1/512 of a circle around hues 1/3 and 2/3.)
    apply(redOnly, 0.2, 0.6, 0.2).forEach((v, c) => expect(v).toBeCloseTo([0.2, 0.6, 0.2][c]!, 5));
    apply(redOnly, 0.2, 0.2, 0.6).forEach((v, c) => expect(v).toBeCloseTo([0.2, 0.2, 0.6][c]!, 5));
    const redder = apply(redOnly, 0.6, 0.3, 0.3);
    expect(redder[0]! - redder[1]!).toBeGreaterThan(0.3);
  });

  it('Hue vs Lum moves all channels by (y − 0.5)·chroma, and never moves a grey', () => {
    const grade = withHue({ hueVsLum: flat(0.7) });
    const out = apply(grade, 0.7, 0.4, 0.3);
    // chroma 0.4, shift 0.2·0.4 = 0.08
    expect(out.map((v) => v.toFixed(4))).toEqual(['0.7800', '0.4800', '0.3800']);
    expect(apply(grade, 0.4, 0.4, 0.4)).toEqual([0.4, 0.4, 0.4]);
  });

  it('Lum vs Sat scales chroma by the luma the colour has', () => {
    // Desaturate the darks (luma 0 → factor 0), leave the brights (luma ≥ 0.5 → factor 1).
    const grade = withHue({ lumVsSat: [p(0, 0), p(0.5, 0.5)] });
    const bright = apply(grade, 0.9, 0.6, 0.6);
    expect(bright.map((v) => v.toFixed(4))).toEqual(['0.9000', '0.6000', '0.6000']);
    const dark = apply(grade, 0.2, 0.1, 0.1);
    const y = luma(0.2, 0.1, 0.1);
    const f = 2 * hueCurveFunction('lumVsSat', [p(0, 0), p(0.5, 0.5)])(y);
    expect(f).toBeLessThan(0.6);
    expect(dark[0]).toBeCloseTo(y + f * (0.2 - y), 3);
  });

  it('wraps around 0/360°: points just below 360° shape the curve just above 0°', () => {
    const points = [p(0.5, 0.5), p(0.95, 0.9)];
    const f = hueCurveFunction('hueVsSat', points);
    expect(f(0.95)).toBeCloseTo(0.9, 12);
    expect(f(0.999999)).toBeCloseTo(f(0), 5);
    // The wrapped curve rises from 0.5 at hue 0.5 to 0.9 at 0.95 both ways round: 0.05 of a circle
    // past 360° (hue 0.0) is still well above neutral, and equal to the same distance before 0.95
    // mirrored… only the values matter here: hue 0.02 is affected, hue 0.5 is not.
    expect(f(0.02)).toBeGreaterThan(0.7);
    expect(f(0.5)).toBe(0.5);
    const grade = withHue({ hueVsSat: points });
    const nearRed = apply(grade, 0.6, 0.33, 0.3);
    expect(hueOf(0.6, 0.33, 0.3)).toBeLessThan(0.03);
    expect(nearRed[0]! - nearRed[2]!).toBeGreaterThan(0.3 * 1.4);
  });

  it('never overshoots: between two points the curve stays within their values, around the wrap too', () => {
    const points = [p(0.02, 0.9), p(0.05, 0.1), p(0.4, 0.5), p(0.41, 1), p(0.97, 0)];
    for (const name of ['hueVsHue', 'hueVsSat', 'hueVsLum'] as const) {
      const f = hueCurveFunction(name, points);
      const knots = [...points, { x: points[0]!.x + 1, y: points[0]!.y }];
      for (let k = 0; k + 1 < knots.length; k++) {
        const a = knots[k]!;
        const b = knots[k + 1]!;
        for (let s = 0; s <= 200; s++) {
          const v = f(a.x + ((b.x - a.x) * s) / 200);
          expect(v).toBeGreaterThanOrEqual(Math.min(a.y, b.y) - 1e-12);
          expect(v).toBeLessThanOrEqual(Math.max(a.y, b.y) + 1e-12);
        }
      }
    }
  });

  it('bakes into the same LUT, close to the direct evaluation', () => {
    const grade = withHue({ hueVsHue: [p(0.1, 0.6), p(0.5, 0.45)], hueVsSat: [p(0.6, 0.7), p(0.9, 0.4)], hueVsLum: [p(0.3, 0.6)], lumVsSat: [p(0.2, 0.4), p(0.8, 0.6)] });
    const lut = bakeLut(grade, 17);
    // Grid point (r, g, b) = (12, 4, 2)/16.
    const at = (12 + 4 * 17 + 2 * 17 * 17) * 3;
    const direct = apply(grade, 12 / 16, 4 / 16, 2 / 16);
    for (let c = 0; c < 3; c++) expect(lut.data[at + c]).toBeCloseTo(direct[c]!, 4);
    expect(direct).not.toEqual(apply(DEFAULT_GRADE, 12 / 16, 4 / 16, 2 / 16));
  });

  it('re-bakes a dragged point with its new value, and the same points on another curve keep that curve’s effect', () => {
    // Tables are kept by each curve's points across bakes: dragging back must give the first LUT again.
    const dragged = (y: number) => withHue({ hueVsSat: [p(0.1, y), p(0.6, 0.5)] });
    const first = bakeLut(dragged(0.7), 17).data;
    const moved = bakeLut(dragged(0.72), 17).data;
    expect(moved).not.toEqual(first);
    expect(bakeLut(dragged(0.7), 17).data).toEqual(first);
    // flat(0.75) on Hue vs Sat scales chroma by 1.5; on Hue vs Lum it lifts every channel by 0.25·c.
    const saturated = apply(withHue({ hueVsSat: flat(0.75) }), 0.6, 0.3, 0.3);
    const lifted = apply(withHue({ hueVsLum: flat(0.75) }), 0.6, 0.3, 0.3);
    expect(saturated[0]! - saturated[1]!).toBeCloseTo(0.45, 6);
    expect(lifted.map((v) => v.toFixed(4))).toEqual(['0.6750', '0.3750', '0.3750']);
  });

  it('parseGrade validates them, naming the field, and leaves neutral-free grades without them', () => {
    const points = [p(0, 0.6), p(0.5, 0.4)];
    expect(parseGrade({ hueCurves: { hueVsSat: points } })).toEqual({ ok: true, grade: { ...DEFAULT_GRADE, hueCurves: { ...DEFAULT_HUE_CURVES, hueVsSat: points } } });
    expect(parseGrade({ hueCurves: {} })).toEqual({ ok: true, grade: DEFAULT_GRADE });
    expect(parseGrade({ hueCurves: { hueVsHue: [p(1, 0.5)] } })).toEqual({ ok: false, field: 'hueCurves.hueVsHue[0].x', message: 'hueCurves.hueVsHue[0].x must be a number from 0 to below 1 (got 1)' });
    // Lum vs Sat is not periodic: x = 1 (white) is a place on it.
    expect(parseGrade({ hueCurves: { lumVsSat: [p(1, 0.2)] } })).toMatchObject({ ok: true });
    expect(parseGrade({ hueCurves: { hueVsSat: [p(0.2, 1.5)] } })).toMatchObject({ ok: false, field: 'hueCurves.hueVsSat[0].y' });
    expect(parseGrade({ hueCurves: { satVsSat: [] } })).toEqual({
      ok: false,
      field: 'hueCurves.satVsSat',
      message: 'hueCurves.satVsSat is not a hue curve; expected one of hueVsHue, hueVsSat, hueVsLum, lumVsSat',
    });
    expect(parseGrade({ hueCurves: { hueVsLum: [p(0.5, 0.5), p(0.4, 0.5)] } })).toMatchObject({ ok: false, field: 'hueCurves.hueVsLum[1].x' });
    expect(parseGrade({ hueCurves: [] })).toMatchObject({ ok: false, field: 'hueCurves' });
  });
});
