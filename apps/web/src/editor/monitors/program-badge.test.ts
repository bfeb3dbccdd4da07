import { DEFAULT_ADJUSTMENTS, DEFAULT_CURVES, DEFAULT_GRADE, DEFAULT_WHEELS, type Grade } from '@cinegrade/color';
import { describe, expect, it } from 'vitest';
import { GRADED_WITHOUT_LOOK, programBadge } from './program-badge';

const noLuts = () => null;

describe("PROGRAM's badge", () => {
  it("says 'Original' only for a grade that changes nothing", () => {
    expect(programBadge(DEFAULT_GRADE, noLuts)).toBe('Original');
    // A look at strength 0 changes nothing either.
    expect(programBadge({ ...DEFAULT_GRADE, look: 'vintage-film', lookStrength: 0 }, noLuts)).toBe('Original');
  });

  it('names the look, or the imported LUT, while one is applied', () => {
    expect(programBadge({ ...DEFAULT_GRADE, look: 'vintage-film' }, noLuts)).toBe('Vintage Film');
    expect(programBadge({ ...DEFAULT_GRADE, look: 'vintage-film', adjustments: { ...DEFAULT_ADJUSTMENTS, contrast: 20 } }, noLuts)).toBe('Vintage Film');
    expect(programBadge({ ...DEFAULT_GRADE, customLook: 'abc' }, (id) => (id === 'abc' ? 'My Kodak' : null))).toBe('My Kodak');
    expect(programBadge({ ...DEFAULT_GRADE, customLook: 'gone' }, noLuts)).toBe('Imported LUT');
  });

  it('says the picture is graded when no look is chosen but a slider, wheel, curve or camera input changes it', () => {
    const graded: Grade[] = [
      { ...DEFAULT_GRADE, adjustments: { ...DEFAULT_ADJUSTMENTS, contrast: 20 } },
      // What Auto Grade and Shot Match set, among others: sliders the panel does not show.
      { ...DEFAULT_GRADE, adjustments: { ...DEFAULT_ADJUSTMENTS, exposure: 10, tint: -5 } },
      { ...DEFAULT_GRADE, wheels: { ...DEFAULT_WHEELS, gain: { hue: 30, amount: 0.2, master: 0 } } },
      { ...DEFAULT_GRADE, curves: { ...DEFAULT_CURVES, red: [{ x: 0.5, y: 0.6 }] } },
      { ...DEFAULT_GRADE, inputTransform: 'slog3' },
      { ...DEFAULT_GRADE, look: 'vintage-film', lookStrength: 0, adjustments: { ...DEFAULT_ADJUSTMENTS, saturation: -40 } },
    ];
    for (const grade of graded) expect(programBadge(grade, noLuts)).toBe(GRADED_WITHOUT_LOOK);
  });
});
