import { describe, expect, it } from 'vitest';
import { DEFAULT_ADJUSTMENTS } from './adjustments';
import { DEFAULT_GRADE, hasNoLook, isIdentityGrade, parseAdjustments, parseGrade } from './grade';

describe('parseGrade', () => {
  it('fills in defaults for an empty object', () => {
    expect(parseGrade({})).toEqual({ ok: true, grade: DEFAULT_GRADE });
  });

  it('accepts a full grade and the batch editor’s partial slider set', () => {
    const result = parseGrade({ look: 'blockbuster-teal-orange', lookStrength: 40, inputTransform: 'slog3', adjustments: { brightness: -5, tint: 12 } });
    expect(result).toEqual({
      ok: true,
      grade: { look: 'blockbuster-teal-orange', customLook: null, lookStrength: 40, inputTransform: 'slog3', adjustments: { ...DEFAULT_ADJUSTMENTS, brightness: -5, tint: 12 } },
    });
  });

  it('treats an empty or null look as none', () => {
    expect(parseGrade({ look: '' })).toMatchObject({ ok: true, grade: { look: null } });
    expect(parseGrade({ look: null })).toMatchObject({ ok: true, grade: { look: null } });
  });

  it('accepts an imported LUT id as the look, and treats an empty one as none', () => {
    expect(parseGrade({ customLook: '6f1c2a9e-0b4d-4c1e-9a57-3f0e2d1c4b5a', lookStrength: 60 })).toMatchObject({
      ok: true,
      grade: { look: null, customLook: '6f1c2a9e-0b4d-4c1e-9a57-3f0e2d1c4b5a', lookStrength: 60 },
    });
    expect(parseGrade({ customLook: '' })).toMatchObject({ ok: true, grade: { customLook: null } });
  });

  it.each([
    [{ look: 'vintage-film', customLook: 'abc' }, 'customLook', /either a catalogue look or an imported LUT/],
    [{ customLook: '../etc/passwd' }, 'customLook', /not the id of an imported LUT/],
    [{ customLook: 12 }, 'customLook', /not the id of an imported LUT/],
    [{ adjustments: { contrast: 101 } }, 'adjustments.contrast', /integer from -100 to 100 \(got 101\)/],
    [{ adjustments: { shadows: -100.5 } }, 'adjustments.shadows', /got -100.5/],
    [{ adjustments: { saturation: 2.5 } }, 'adjustments.saturation', /integer/],
    [{ adjustments: { clarity: '10' } }, 'adjustments.clarity', /got "10"/],
    [{ adjustments: { exposure: Number.NaN } }, 'adjustments.exposure', /got NaN/],
    [{ adjustments: { sharpness: 3 } }, 'adjustments.sharpness', /not an adjustment/],
    [{ adjustments: [] }, 'adjustments', /object of slider values/],
    [{ look: 'no-such-look' }, 'look', /not a known look/],
    [{ look: 7 }, 'look', /not a known look/],
    [{ lookStrength: 101 }, 'lookStrength', /integer from 0 to 100/],
    [{ lookStrength: -1 }, 'lookStrength', /integer from 0 to 100/],
    [{ inputTransform: 'slog2' }, 'inputTransform', /one of rec709, slog3/],
    [{ colour: 1 }, 'colour', /not part of a grade/],
    [null, 'grade', /must be an object/],
    ['teal', 'grade', /must be an object/],
  ])('rejects %j naming the field', (input, field, message) => {
    const result = parseGrade(input);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.field).toBe(field);
    expect(result.message).toMatch(message);
  });

  it('normalises -0 to 0', () => {
    const result = parseGrade({ adjustments: { contrast: -0 } });
    expect(result.ok && Object.is(result.grade.adjustments.contrast, 0)).toBe(true);
  });
});

describe('parseAdjustments', () => {
  it('accepts the editor’s nine keys and defaults the rest', () => {
    const result = parseAdjustments({ contrast: 10, highlights: -20, shadows: 30, temperature: 5, saturation: 0, vibrance: 1, clarity: 2, dehaze: 3, vignette: 100 });
    expect(result.ok && result.value.exposure).toBe(0);
    expect(result.ok && result.value.vignette).toBe(100);
  });

  it('reports the field path it was given', () => {
    expect(parseAdjustments({ tint: 200 }, 'color_settings')).toMatchObject({ ok: false, field: 'color_settings.tint' });
  });
});

describe('hasNoLook', () => {
  it('is true without a look or at strength 0', () => {
    expect(hasNoLook(DEFAULT_GRADE)).toBe(true);
    expect(hasNoLook({ ...DEFAULT_GRADE, look: 'warm', lookStrength: 0 })).toBe(true);
    expect(hasNoLook({ ...DEFAULT_GRADE, look: 'warm' })).toBe(false);
  });
});

describe('isIdentityGrade', () => {
  it('is true only when nothing would change', () => {
    expect(isIdentityGrade(DEFAULT_GRADE)).toBe(true);
    expect(isIdentityGrade({ ...DEFAULT_GRADE, look: 'warm', lookStrength: 0 })).toBe(true);
    expect(isIdentityGrade({ ...DEFAULT_GRADE, inputTransform: 'vlog' })).toBe(false);
    expect(isIdentityGrade({ ...DEFAULT_GRADE, adjustments: { ...DEFAULT_ADJUSTMENTS, vignette: 1 } })).toBe(false);
  });
});
