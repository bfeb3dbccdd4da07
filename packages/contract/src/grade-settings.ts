import { ADJUSTMENT_KEYS, BASE_GRADE_KEYS, DEFAULT_GRADE, GRADE_KEYS, isPremiumLook, parseGrade, type Grade } from '@cinegrade/color';
import type { ColorSettings } from './assets';

/**
 * How a grade is saved on an asset: the look in `selected_lut`, the
 * slider values, look strength and camera input in `color_settings`. The editor writes it, the
 * export and the editor read it back; both go through these two functions so they never disagree.
 * An imported LUT is saved in `selected_lut` as `custom:{id}`, so the column keeps meaning "the look".
 * The grade's optional pro parts (`wheels`, `curves` and any part the engine adds to its
 * `GRADE_KEYS`) are saved under their own name in `color_settings`, as the engine's objects.
 */
export interface SavedGrade {
  selected_lut: string | null;
  color_settings: ColorSettings;
}

const SETTINGS_EXTRA_KEYS = ['lookStrength', 'inputTransform'] as const;

/**
 * The grade's optional parts saved in `color_settings` under their own name: every field of the
 * engine's grade beyond the base ones, so a part the engine adds is saved without schema work.
 */
export const GRADE_PART_KEYS: readonly string[] = GRADE_KEYS.filter((key) => !BASE_GRADE_KEYS.includes(key));

/** `selected_lut` prefix of an imported LUT. */
export const CUSTOM_LOOK_PREFIX = 'custom:';

/** The imported LUT id a `selected_lut` value names, or null for a catalogue look or none. */
export function customLookOf(selectedLut: string | null | undefined): string | null {
  return selectedLut?.startsWith(CUSTOM_LOOK_PREFIX) ? selectedLut.slice(CUSTOM_LOOK_PREFIX.length) : null;
}

export function savedGradeFromGrade(grade: Grade): SavedGrade {
  const settings: ColorSettings = { lookStrength: grade.lookStrength, inputTransform: grade.inputTransform };
  for (const key of ADJUSTMENT_KEYS) settings[key] = grade.adjustments[key];
  const parts = grade as unknown as Readonly<Record<string, unknown>>;
  for (const key of GRADE_PART_KEYS) if (parts[key] !== undefined) settings[key] = parts[key] as ColorSettings[string];
  const selected = grade.customLook !== null ? `${CUSTOM_LOOK_PREFIX}${grade.customLook}` : grade.look;
  return { selected_lut: selected, color_settings: settings };
}

/**
 * The grade an asset saved. Keys this version does not know are dropped rather than failing the
 * whole grade (a row written by an older or newer editor still opens; one saved before the wheels
 * existed has none and opens with them at rest), but a value that is out of range fails with the
 * field named (`wheels.lift.amount`, `curves.red[2].x`), so nothing renders differently from what was saved.
 */
export function gradeFromSavedGrade(saved: { selected_lut: string | null; color_settings: ColorSettings | null | undefined }):
  | { ok: true; grade: Grade }
  | { ok: false; field: string; message: string } {
  const settings = saved.color_settings ?? {};
  const adjustments: Record<string, unknown> = {};
  for (const key of ADJUSTMENT_KEYS) if (settings[key] !== undefined && settings[key] !== null) adjustments[key] = settings[key];
  const customLook = customLookOf(saved.selected_lut);
  const input: Record<string, unknown> = customLook !== null ? { customLook, adjustments } : { look: saved.selected_lut, adjustments };
  for (const key of [...SETTINGS_EXTRA_KEYS, ...GRADE_PART_KEYS]) if (settings[key] !== undefined && settings[key] !== null) input[key] = settings[key];
  return parseGrade(input);
}

/**
 * The settings with only the keys a grade has (the sliders, look strength, camera input and the
 * engine's optional parts): what the server stores. `gradeFromSavedGrade` ignores other keys when
 * it reads, so storing them would only keep whatever a client sent, objects included, for nothing.
 */
export function knownSettings(settings: ColorSettings): ColorSettings {
  const kept: ColorSettings = {};
  for (const key of [...ADJUSTMENT_KEYS, ...SETTINGS_EXTRA_KEYS, ...GRADE_PART_KEYS]) if (settings[key] !== undefined) kept[key] = settings[key];
  return kept;
}

/** The grade of a new asset: the original, untouched. */
export const NEW_ASSET_GRADE: Grade = DEFAULT_GRADE;

/**
 * Where a grade field named by `gradeFromSavedGrade` lives in the saved form, for an error that
 * names the field of the request: the look (catalogue or imported) is the look column, anything
 * else a key of the settings object. The asset row calls them selected_lut / color_settings, the
 * processing request selectedLUT / colorSettings.
 */
export function savedGradeField(field: string, names: { look: string; settings: string }): string {
  if (field === 'look' || field === 'customLook') return names.look;
  return `${names.settings}.${field.replace(/^adjustments\./, '')}`;
}

/** Whether the grade's look is a premium one, locked for the Free tier. */
export function gradeNeedsPremium(grade: Grade): boolean {
  return grade.look !== null && isPremiumLook(grade.look);
}

