import { describe, expect, it } from 'vitest';
import { bakeLut } from './bake';
import { REC709_LUMA } from './colorimetry';
import { DEFAULT_GRADE, isIdentityGrade, parseGrade } from './grade';
import type { Grade } from './grade';
import { applyGradeToColors, compileGrade } from './grade-program';
import { parseCdl, writeCdl } from './cdl';
import { cdlToWheels, CdlRangeError, DEFAULT_WHEELS, wheelChannels, wheelFromShifts, wheelShifts, wheelsToCdl } from './wheels';
import type { Wheel, Wheels } from './wheels';

const withWheels = (wheels: Partial<Wheels>, base: Grade = DEFAULT_GRADE): Grade => ({ ...base, wheels: { ...DEFAULT_WHEELS, ...wheels } });
const master = (m: number): Wheel => ({ hue: 0, amount: 0, master: m });
const apply = (grade: Grade, rgb: readonly number[]) => Array.from(applyGradeToColors(grade, rgb));

describe('colour wheels at rest', () => {
  it('bake the same LUT as a grade without wheels, bit for bit, alone and with a look and sliders', () => {
    const graded: Grade = { ...DEFAULT_GRADE, look: 'warm', lookStrength: 70, adjustments: { ...DEFAULT_GRADE.adjustments, contrast: 30, exposure: -20 } };
    for (const base of [DEFAULT_GRADE, graded]) {
      const without = bakeLut(base, 17).data;
      const atRest = bakeLut(withWheels({}, base), 17).data;
      expect(atRest).toEqual(without);
    }
    expect(compileGrade(withWheels({})).isIdentity).toBe(true);
    expect(isIdentityGrade(withWheels({}))).toBe(true);
    expect(isIdentityGrade(withWheels({ lift: master(0.1) }))).toBe(false);
  });

  it('are left out of a parsed grade, so saved grades read back unchanged', () => {
    const parsed = parseGrade({ wheels: { gain: { hue: 10, amount: 0, master: 0 }, saturation: 1 } });
    expect(parsed).toEqual({ ok: true, grade: DEFAULT_GRADE });
  });
});

describe('wheelShifts (hue, amount, master → per channel)', () => {
  it('moves all channels alike with master and balances colour with amount (hue 0 = red)', () => {
    expect(wheelShifts('gain', master(0.5))).toEqual([1, 1, 1]);
    const [r, g, b] = wheelShifts('offset', { hue: 0, amount: 1, master: 0 });
    expect(r).toBeCloseTo(0.25, 12);
    expect(g).toBeCloseTo(-0.125, 12);
    expect(b).toBeCloseTo(-0.125, 12);
    const [r2, g2, b2] = wheelShifts('lift', { hue: 120, amount: 0.4, master: 0 });
    expect(g2).toBeCloseTo(0.1, 12);
    expect(r2).toBeCloseTo(-0.05, 12);
    expect(b2).toBeCloseTo(-0.05, 12);
  });

  it('is inverted exactly by wheelFromShifts', () => {
    const wheel: Wheel = { hue: 217.5, amount: 0.35, master: -0.2 };
    const back = wheelFromShifts('gamma', wheelShifts('gamma', wheel));
    expect(back.hue).toBeCloseTo(wheel.hue, 9);
    expect(back.amount).toBeCloseTo(wheel.amount, 9);
    expect(back.master).toBeCloseTo(wheel.master, 9);
  });
});

describe('wheelFromShifts near hue 0°', () => {
  it('gives a hue a grade accepts, never 360', () => {
    const wheel = wheelFromShifts('offset', [0.1, -0.05 - 1e-15, -0.05 + 1e-15]);
    expect(wheel.hue).toBe(0);
    expect(wheel.amount).toBeCloseTo(0.4, 12);
    expect(parseGrade({ wheels: { offset: wheel } }).ok).toBe(true);
  });
});

describe('colour wheels against hand-computed values', () => {
  it('gain is a slope: master 0.5 is one stop, ×2', () => {
    const [r, g, b] = apply(withWheels({ gain: master(0.5) }), [0.2, 0.3, 0.45]);
    expect(r).toBeCloseTo(0.4, 9);
    expect(g).toBeCloseTo(0.6, 9);
    expect(b).toBeCloseTo(0.9, 9);
  });

  it('offset adds: master 0.4 adds 0.1; a red balance adds to red and takes from green and blue', () => {
    expect(apply(withWheels({ offset: master(0.4) }), [0.2, 0.5, 0.95]).map((v) => +v.toFixed(9))).toEqual([0.3, 0.6, 1]);
    const [r, g, b] = apply(withWheels({ offset: { hue: 0, amount: 0.4, master: 0 } }), [0.5, 0.5, 0.5]);
    expect(r).toBeCloseTo(0.6, 9);
    expect(g).toBeCloseTo(0.45, 9);
    expect(b).toBeCloseTo(0.45, 9);
  });

  it('lift raises black and keeps white: y = x + lift·(1 − x)', () => {
    const [black, mid, white] = apply(withWheels({ lift: master(0.4) }), [0, 0.5, 1]);
    expect(black).toBeCloseTo(0.1, 9);
    expect(mid).toBeCloseTo(0.55, 9);
    expect(white).toBeCloseTo(1, 9);
  });

  it('gamma is a power that keeps black and white: master 1 is power 1/2', () => {
    const [black, quarter, white] = apply(withWheels({ gamma: master(1) }), [0, 0.25, 1]);
    expect(black).toBe(0);
    expect(quarter).toBeCloseTo(0.5, 9);
    expect(white).toBeCloseTo(1, 9);
  });

  it('saturation mixes with Rec.709 luma on encoded values', () => {
    const c = [0.6, 0.4, 0.2];
    const luma = REC709_LUMA[0] * 0.6 + REC709_LUMA[1] * 0.4 + REC709_LUMA[2] * 0.2;
    const out = apply(withWheels({ saturation: 0.5 }), c);
    out.forEach((v, i) => expect(v).toBeCloseTo(luma + 0.5 * (c[i]! - luma), 9));
  });
});

describe('order of the wheels: gain, offset, lift, gamma, saturation', () => {
  it('applies gain before offset', () => {
    // (0.2·2) + 0.1 = 0.5; offset first would give (0.2 + 0.1)·2 = 0.6.
    expect(apply(withWheels({ gain: master(0.5), offset: master(0.4) }), [0.2, 0.2, 0.2])[0]).toBeCloseTo(0.5, 9);
  });

  it('applies lift after offset and gamma last', () => {
    // offset 0.1 → 0.3; lift 0.2 → 0.3 + 0.2·0.7 = 0.44; power 1/2 → √0.44.
    const out = apply(withWheels({ offset: master(0.4), lift: master(0.8), gamma: master(1) }), [0.2, 0.2, 0.2]);
    expect(out[0]).toBeCloseTo(Math.sqrt(0.44), 9);
  });

  it('clamps before the power, as ASC CDL v1.2 does', () => {
    expect(apply(withWheels({ offset: master(-1), gamma: master(1) }), [0.1, 0.1, 0.1])[0]).toBe(0);
  });

  it('runs before the finishing sliders: saturation −100 makes the wheels\' colour grey', () => {
    const grade = withWheels({ offset: { hue: 0, amount: 1, master: 0 } }, { ...DEFAULT_GRADE, adjustments: { ...DEFAULT_GRADE.adjustments, saturation: -100 } });
    const [r, g, b] = apply(grade, [0.5, 0.5, 0.5]);
    expect(Math.abs(r! - g!)).toBeLessThan(1e-6);
    expect(Math.abs(g! - b!)).toBeLessThan(1e-6);
  });
});

describe('wheels as one ASC CDL', () => {
  it('folds lift into slope and offset, giving the same picture', () => {
    const wheels: Wheels = { lift: { hue: 200, amount: 0.3, master: 0.2 }, gamma: { hue: 40, amount: 0.2, master: -0.3 }, gain: { hue: 330, amount: 0.25, master: 0.1 }, offset: { hue: 90, amount: 0.1, master: -0.05 }, saturation: 1.3 };
    const cdl = wheelsToCdl(wheels);
    const c = wheelChannels(wheels);
    expect(cdl.slope[1]).toBeCloseTo(c.slope[1] * (1 - c.lift[1]), 12);
    const imported = cdlToWheels(cdl);
    expect(imported.lift).toEqual({ hue: 0, amount: 0, master: 0 });
    const colors = [0.1, 0.5, 0.9, 0.7, 0.2, 0.4, 0.33, 0.33, 0.33];
    const a = apply(withWheels(wheels), colors);
    const b = apply(withWheels(imported), colors);
    a.forEach((v, i) => expect(v).toBeCloseTo(b[i]!, 9));
  });

  it('round-trips every grade the wheels make through an exported .cdl, strong Lift included', () => {
    // A grid over each wheel's master and colour (amount, hue), wheels at their ends included.
    const values: Wheel[] = [];
    for (const m of [-1, -0.5, 0, 0.5, 1]) for (const amount of [0, 0.5, 1]) for (const hue of amount === 0 ? [0] : [0, 75, 200, 300]) values.push({ hue, amount, master: m });
    const pick = (i: number, salt: number) => values[(i * salt + salt) % values.length]!;
    const colors = [0, 0, 0, 1, 1, 1, 0.1, 0.5, 0.9, 0.7, 0.2, 0.4, 0.33, 0.33, 0.33, 0.02, 0.05, 0.01];
    let checked = 0;
    for (let i = 0; i < values.length; i++) {
      for (const salt of [1, 7, 13, 29]) {
        const wheels: Wheels = { lift: values[i]!, gain: pick(i, salt), offset: pick(i, salt + 3), gamma: pick(i, salt + 11), saturation: [0, 1, 2.5, 4][salt % 4]! };
        const file = writeCdl([{ id: 'shot', descriptions: [], cdl: wheelsToCdl(wheels) }], 'cdl');
        const read = parseCdl(file).corrections[0]!.cdl;
        const imported = cdlToWheels(read);
        expect(parseGrade({ wheels: imported }).ok, JSON.stringify(imported)).toBe(true);
        const again = wheelsToCdl(imported);
        for (const key of ['slope', 'offset', 'power'] as const) again[key].forEach((v, c) => expect(Math.abs(v - read[key][c]!)).toBeLessThan(2e-5 * Math.max(1, Math.abs(v))));
        const a = apply(withWheels(wheels), colors);
        const b = apply(withWheels(imported), colors);
        a.forEach((v, k) => expect(Math.abs(v - b[k]!), `${JSON.stringify(wheels)} colour ${k}`).toBeLessThan(2e-4));
        checked++;
      }
    }
    expect(checked).toBe(values.length * 4);
  });

  it('gives a strong Lift back to the Lift wheel when Gain and Offset cannot hold it alone', () => {
    const wheels: Wheels = { ...DEFAULT_WHEELS, lift: { hue: 0, amount: 0, master: -1 }, gain: master(1) };
    // Folded: slope 4 × (1 + 0.25) = 5, beyond the Gain wheel's ×4.
    expect(wheelsToCdl(wheels).slope[0]).toBeCloseTo(5, 12);
    const imported = cdlToWheels(wheelsToCdl(wheels));
    expect(imported.lift.master).toBeLessThan(0);
    expect(Math.abs(imported.gain.master)).toBeLessThanOrEqual(1);
  });

  it('refuses CDL values the wheels cannot hold, in words', () => {
    expect(() => cdlToWheels({ slope: [1, 0, 1], offset: [0, 0, 0], power: [1, 1, 1], saturation: 1 })).toThrow(new CdlRangeError('The green slope is 0; the Gain wheel needs a slope above 0.'));
    expect(() => cdlToWheels({ slope: [1, 1, 1], offset: [0.9, 0.9, 0.9], power: [1, 1, 1], saturation: 1 })).toThrow(/offset values go beyond what the Offset wheel reaches \(master 3\.6, from −1 to 1\)/);
  });
});

describe('parseGrade with wheels', () => {
  it('names the field of a bad wheel value', () => {
    expect(parseGrade({ wheels: { gamma: { master: 2 } } })).toMatchObject({ ok: false, field: 'wheels.gamma.master' });
    expect(parseGrade({ wheels: { gain: { hue: 360 } } })).toMatchObject({ ok: false, field: 'wheels.gain.hue' });
    expect(parseGrade({ wheels: { gian: {} } })).toMatchObject({ ok: false, field: 'wheels.gian' });
    expect(parseGrade({ wheels: { saturation: -1 } })).toMatchObject({ ok: false, field: 'wheels.saturation', message: 'wheels.saturation must be a number from 0 to 4 (got -1)' });
  });

  it('fills missing wheels and keys at rest', () => {
    const parsed = parseGrade({ wheels: { lift: { master: 0.2 } } });
    expect(parsed.ok && parsed.grade.wheels).toEqual({ ...DEFAULT_WHEELS, lift: { hue: 0, amount: 0, master: 0.2 } });
  });
});
