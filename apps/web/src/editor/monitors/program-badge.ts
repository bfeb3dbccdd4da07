import { getLook, hasNoLook, isIdentityGrade, type Grade } from '@cinegrade/color';

/** PROGRAM's badge when the grade changes the picture without a look (sliders, wheels, curves, camera input, Auto Grade, Shot Match). */
export const GRADED_WITHOUT_LOOK = 'Graded (no look)';

/**
 * What PROGRAM's badge says (docs/product-rules.md, 'Editor and player'): the look's name (or the
 * imported LUT's) while a look is applied; 'Original' only when the grade changes nothing at all;
 * otherwise that the picture is graded without a look.
 */
export function programBadge(grade: Grade, importedLutName: (id: string) => string | null): string {
  if (!hasNoLook(grade)) {
    if (grade.customLook !== null) return importedLutName(grade.customLook) ?? 'Imported LUT';
    if (grade.look !== null) return getLook(grade.look).name;
  }
  return isIdentityGrade(grade) ? 'Original' : GRADED_WITHOUT_LOOK;
}
