import { DEFAULT_CURVES, DEFAULT_GRADE, DEFAULT_HUE_CURVES, DEFAULT_WHEELS, type Grade } from '@cinegrade/color';
import { describe, expect, it } from 'vitest';
import { customLookOf, GRADE_PART_KEYS, gradeFromSavedGrade, gradeNeedsPremium, knownSettings, savedGradeField, savedGradeFromGrade } from './grade-settings';

const graded: Grade = {
  look: 'blockbuster-teal-orange',
  customLook: null,
  lookStrength: 70,
  inputTransform: 'slog3',
  adjustments: { ...DEFAULT_GRADE.adjustments, contrast: 20, temperature: -35, vignette: 40, exposure: 10 },
};

describe('savedGradeFromGrade / gradeFromSavedGrade', () => {
  it('round-trips a grade through the asset fields', () => {
    const saved = savedGradeFromGrade(graded);
    expect(saved.selected_lut).toBe('blockbuster-teal-orange');
    expect(saved.color_settings).toMatchObject({ contrast: 20, temperature: -35, vignette: 40, lookStrength: 70, inputTransform: 'slog3' });
    expect(gradeFromSavedGrade(saved)).toEqual({ ok: true, grade: graded });
  });

  it('saves an imported LUT as custom:{id} and reads it back', () => {
    const withImported: Grade = { ...graded, look: null, customLook: 'a1b2c3' };
    const saved = savedGradeFromGrade(withImported);
    expect(saved.selected_lut).toBe('custom:a1b2c3');
    expect(customLookOf(saved.selected_lut)).toBe('a1b2c3');
    expect(customLookOf('vintage-film')).toBeNull();
    expect(gradeFromSavedGrade(saved)).toEqual({ ok: true, grade: withImported });
  });

  it('reads an empty row as the original picture', () => {
    expect(gradeFromSavedGrade({ selected_lut: null, color_settings: {} })).toEqual({ ok: true, grade: DEFAULT_GRADE });
  });

  it('drops keys it does not know instead of refusing the asset', () => {
    const result = gradeFromSavedGrade({ selected_lut: null, color_settings: { contrast: 5, sparkle: 3 } });
    expect(result.ok && result.grade.adjustments.contrast).toBe(5);
  });

  it('stores only the keys a grade has: every part of a full grade, nothing a client made up', () => {
    const saved = savedGradeFromGrade({ ...graded, wheels: { ...DEFAULT_WHEELS, saturation: 1.2 }, curves: { ...DEFAULT_CURVES, red: [{ x: 0.5, y: 0.6 }] } });
    expect(knownSettings(saved.color_settings)).toEqual(saved.color_settings);
    expect(knownSettings({ ...saved.color_settings, sparkle: 3, payload: { big: ['x'] } })).toEqual(saved.color_settings);
  });

  it('names the field of an out-of-range saved value', () => {
    const result = gradeFromSavedGrade({ selected_lut: null, color_settings: { contrast: 140 } });
    expect(result).toMatchObject({ ok: false, field: 'adjustments.contrast' });
  });

  it('saves the wheels and curves in color_settings and reads them back', () => {
    const pro: Grade = {
      ...graded,
      wheels: { ...DEFAULT_WHEELS, lift: { hue: 200, amount: 0.4, master: -0.2 }, saturation: 1.3 },
      curves: { ...DEFAULT_CURVES, master: [{ x: 0.25, y: 0.2 }, { x: 0.75, y: 0.85 }] },
    };
    const saved = savedGradeFromGrade(pro);
    expect(saved.color_settings.wheels).toEqual(pro.wheels);
    expect(saved.color_settings.curves).toEqual(pro.curves);
    // Through JSON, as the server stores and answers it.
    expect(gradeFromSavedGrade(JSON.parse(JSON.stringify(saved)) as typeof saved)).toEqual({ ok: true, grade: pro });
    expect(GRADE_PART_KEYS).toEqual(expect.arrayContaining(['wheels', 'curves']));
  });

  it('saves the hue curves too, and names the field of a bad hue curve point', () => {
    const hue: Grade = { ...graded, hueCurves: { ...DEFAULT_HUE_CURVES, hueVsSat: [{ x: 0.05, y: 0.8 }, { x: 0.925, y: 0.5 }] } };
    const saved = savedGradeFromGrade(hue);
    expect(saved.color_settings.hueCurves).toEqual(hue.hueCurves);
    expect(gradeFromSavedGrade(JSON.parse(JSON.stringify(saved)) as typeof saved)).toEqual({ ok: true, grade: hue });
    expect(gradeFromSavedGrade({ selected_lut: null, color_settings: { hueCurves: { hueVsHue: [{ x: 1, y: 0.5 }] } } })).toMatchObject({ ok: false, field: 'hueCurves.hueVsHue[0].x' });
  });

  it('reads a grade saved before the wheels existed with them at rest', () => {
    const result = gradeFromSavedGrade({ selected_lut: 'vintage-film', color_settings: { contrast: 5, lookStrength: 80 } });
    expect(result.ok && result.grade.wheels).toBeUndefined();
    expect(result.ok && result.grade.curves).toBeUndefined();
    expect(result.ok && result.grade.lookStrength).toBe(80);
  });

  it('names the field of an out-of-range wheel or curve value', () => {
    const wheel = gradeFromSavedGrade({ selected_lut: null, color_settings: { wheels: { lift: { hue: 0, amount: 2, master: 0 } } } });
    expect(wheel).toMatchObject({ ok: false, field: 'wheels.lift.amount' });
    expect(!wheel.ok && savedGradeField(wheel.field, { look: 'selected_lut', settings: 'color_settings' })).toBe('color_settings.wheels.lift.amount');
    const curve = gradeFromSavedGrade({ selected_lut: null, color_settings: { curves: { red: [{ x: 0.5, y: 1.5 }] } } });
    expect(curve).toMatchObject({ ok: false, field: 'curves.red[0].y' });
  });

  it('refuses a look that does not exist', () => {
    expect(gradeFromSavedGrade({ selected_lut: 'no-such-look', color_settings: {} })).toMatchObject({ ok: false, field: 'look' });
  });
});

describe('savedGradeField', () => {
  const row = { look: 'selected_lut', settings: 'color_settings' };
  it('names the look column for a catalogue look or an imported LUT, and a settings key for the rest', () => {
    expect(savedGradeField('look', row)).toBe('selected_lut');
    expect(savedGradeField('customLook', row)).toBe('selected_lut');
    expect(savedGradeField('adjustments.contrast', row)).toBe('color_settings.contrast');
    expect(savedGradeField('lookStrength', { look: 'selectedLUT', settings: 'colorSettings' })).toBe('colorSettings.lookStrength');
  });
});

describe('gradeNeedsPremium', () => {
  it('is true only for a premium catalogue look', () => {
    expect(gradeNeedsPremium({ ...DEFAULT_GRADE, look: 'blockbuster-teal-orange' })).toBe(true);
    expect(gradeNeedsPremium({ ...DEFAULT_GRADE, look: 'vintage-film' })).toBe(false);
    expect(gradeNeedsPremium({ ...DEFAULT_GRADE, customLook: 'mine' })).toBe(false);
    expect(gradeNeedsPremium(DEFAULT_GRADE)).toBe(false);
  });
});

