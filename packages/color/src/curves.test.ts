import { describe, expect, it } from 'vitest';
import { bakeLut } from './bake';
import { DEFAULT_CURVES, monotoneCurve } from './curves';
import type { CurvePoint, Curves } from './curves';
import { DEFAULT_GRADE, isIdentityGrade, parseGrade } from './grade';
import type { Grade } from './grade';
import { applyGradeToColors, compileGrade } from './grade-program';

const withCurves = (curves: Partial<Curves>, base: Grade = DEFAULT_GRADE): Grade => ({ ...base, curves: { ...DEFAULT_CURVES, ...curves } });
const p = (x: number, y: number): CurvePoint => ({ x, y });
const sample = (f: (x: number) => number, from = 0, to = 1, steps = 4000) => Array.from({ length: steps + 1 }, (_, i) => f(from + ((to - from) * i) / steps));

describe('monotoneCurve (Fritsch–Carlson)', () => {
  it('passes through its points and the implied corners', () => {
    const points = [p(0.25, 0.15), p(0.5, 0.5), p(0.75, 0.9)];
    const f = monotoneCurve(points);
    expect(f(0)).toBe(0);
    expect(f(1)).toBe(1);
    for (const q of points) expect(f(q.x)).toBeCloseTo(q.y, 12);
  });

  it('never overshoots with points close together: each piece stays between its two points', () => {
    // A step squeezed into 0.01: a natural or Catmull-Rom spline rings far past 0.2 and 0.8 here.
    const points = [p(0, 0), p(0.3, 0.2), p(0.31, 0.8), p(0.32, 0.8), p(0.6, 0.81), p(0.61, 0.2), p(1, 1)];
    const f = monotoneCurve(points);
    for (let k = 0; k + 1 < points.length; k++) {
      const a = points[k]!;
      const b = points[k + 1]!;
      const lo = Math.min(a.y, b.y) - 1e-12;
      const hi = Math.max(a.y, b.y) + 1e-12;
      const values = sample(f, a.x, b.x, 500);
      expect(Math.min(...values), `piece ${k}`).toBeGreaterThanOrEqual(lo);
      expect(Math.max(...values), `piece ${k}`).toBeLessThanOrEqual(hi);
      // …and is monotone there.
      const rising = b.y >= a.y;
      values.slice(1).forEach((v, i) => expect(rising ? v - values[i]! : values[i]! - v).toBeGreaterThanOrEqual(-1e-12));
    }
  });

  it('is the straight line for points on the diagonal, and flat outside 0..1', () => {
    const f = monotoneCurve([p(0.2, 0.2), p(0.7, 0.7)]);
    sample(f).forEach((v, i) => expect(v).toBeCloseTo(i / 4000, 12));
    const g = monotoneCurve([p(0, 0.3), p(0.5, 0.4), p(1, 0.6)]);
    expect(g(-0.5)).toBe(0.3);
    expect(g(1.5)).toBe(0.6);
    const implied = monotoneCurve([p(0.1, 0.3), p(0.9, 0.6)]);
    expect(implied(-0.5)).toBe(0);
    expect(implied(1.5)).toBe(1);
  });
});

describe('custom curves in the grade', () => {
  it('at rest (no points, or points on the diagonal) bake the LUT without curves bit for bit', () => {
    const base: Grade = { ...DEFAULT_GRADE, look: 'warm', adjustments: { ...DEFAULT_GRADE.adjustments, contrast: 20 } };
    for (const curves of [{}, { master: [p(0.5, 0.5)], blue: [p(0, 0), p(1, 1)] }]) {
      expect(bakeLut(withCurves(curves, base), 17).data).toEqual(bakeLut(base, 17).data);
      expect(isIdentityGrade(withCurves(curves))).toBe(true);
    }
    expect(compileGrade(withCurves({ red: [p(0.5, 0.5)] })).isIdentity).toBe(true);
  });

  it('apply the master curve to every channel, then each channel its own', () => {
    const master = [p(0.5, 0.6)];
    const red = [p(0.6, 0.4)];
    const m = monotoneCurve(master);
    const r = monotoneCurve(red);
    const out = Array.from(applyGradeToColors(withCurves({ master, red }), [0.5, 0.5, 0.3]));
    expect(out[0]).toBeCloseTo(r(m(0.5)), 12);
    expect(out[0]).toBeCloseTo(0.4, 12);
    expect(out[1]).toBeCloseTo(0.6, 12);
    expect(out[2]).toBeCloseTo(m(0.3), 12);
  });

  it('run after the finishing tone sliders: brightness moves a grey before the curve reads it', () => {
    const curves = { master: [p(0.25, 0.1), p(0.75, 0.9)] };
    const bright: Grade = { ...DEFAULT_GRADE, adjustments: { ...DEFAULT_GRADE.adjustments, brightness: 40 } };
    const afterBrightness = applyGradeToColors(bright, [0.5, 0.5, 0.5])[0]!;
    expect(applyGradeToColors(withCurves(curves, bright), [0.5, 0.5, 0.5])[0]).toBeCloseTo(monotoneCurve(curves.master)(afterBrightness), 12);
  });
});

describe('parseGrade with curves', () => {
  it('keeps points, leaves out empty curves, and names the field of a bad point', () => {
    expect(parseGrade({ curves: { red: [] } })).toEqual({ ok: true, grade: DEFAULT_GRADE });
    const parsed = parseGrade({ curves: { green: [{ x: 0.5, y: 0.5 }] } });
    expect(parsed.ok && parsed.grade.curves).toEqual({ ...DEFAULT_CURVES, green: [p(0.5, 0.5)] });
    expect(parseGrade({ curves: { red: [{ x: 0.5, y: 0.2 }, { x: 0.5, y: 0.4 }] } })).toMatchObject({
      ok: false,
      field: 'curves.red[1].x',
      message: "curves.red[1].x must be greater than the previous point's x (0.5); points go from left to right",
    });
    expect(parseGrade({ curves: { master: [{ x: 0.2, y: 1.2 }] } })).toMatchObject({ ok: false, field: 'curves.master[0].y' });
    expect(parseGrade({ curves: { luma: [] } })).toMatchObject({ ok: false, field: 'curves.luma' });
    expect(parseGrade({ curves: { blue: Array.from({ length: 17 }, (_, i) => ({ x: i / 16, y: i / 16 })) } })).toMatchObject({ ok: false, field: 'curves.blue', message: 'curves.blue has 17 points; a curve has at most 16' });
  });
});
