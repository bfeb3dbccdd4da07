import { DEFAULT_GRADE, type AdjustmentKey, type BATCH_ADJUSTMENT_KEYS, type Grade, type LookId } from '@cinegrade/color';
import { gradeFromSavedGrade, type ColorSettings } from '@cinegrade/contract';

/** The batch editor's six slider values (docs/product-rules.md, 'Sliders'). */
export type BatchSliders = Readonly<Record<(typeof BATCH_ADJUSTMENT_KEYS)[number], number>>;

export const ZERO_SLIDERS: BatchSliders = { brightness: 0, contrast: 0, saturation: 0, temperature: 0, tint: 0, exposure: 0 };

/** The grade of the batch editor's controls: the look and the six sliders, everything else at rest. */
export function batchGrade(look: LookId | null, sliders: BatchSliders): Grade {
  return { ...DEFAULT_GRADE, look, adjustments: { ...DEFAULT_GRADE.adjustments, ...sliders } };
}

/** The grade saved on an asset, or the original when it cannot be read (a card then shows the picture as it is). */
export function savedGradeOf(asset: { selected_lut: string | null; color_settings: ColorSettings | null }): Grade {
  const parsed = gradeFromSavedGrade(asset);
  return parsed.ok ? parsed.grade : DEFAULT_GRADE;
}

/** A short name for a grade: its look's name, else 'Custom' when any slider moved, else 'Original'. */
export function describeGrade(grade: Grade, lookName: (id: LookId) => string): string {
  if (grade.look !== null) return lookName(grade.look);
  if (grade.customLook !== null) return 'Imported LUT';
  const moved = (Object.keys(grade.adjustments) as AdjustmentKey[]).some((key) => grade.adjustments[key] !== 0);
  return moved ? 'Custom' : 'Original';
}
