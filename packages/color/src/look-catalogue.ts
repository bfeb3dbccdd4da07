/**
 * The look catalogue: every look of the three catalogues, once, with lookups. Each id names one
 * look; ids shared between catalogues name the same look.
 */
import { ProgramBuilder } from './program';
import { BATCH_ONLY_LOOKS, BATCH_PRESETS } from './looks-batch';
import { EDITOR_FREE_LOOKS } from './looks-editor-free';
import { EDITOR_PREMIUM_LOOKS } from './looks-editor-premium';
import { FILTER_PRESET_IDS, FILTER_PRESET_LOOKS } from './looks-filter-presets';
import { appendLook, isMonochromeRecipe } from './look-program';
import type { LookCatalogue, LookCategory, LookRecipe, LookTier } from './look-types';

const ENTRIES = [...EDITOR_FREE_LOOKS, ...EDITOR_PREMIUM_LOOKS, ...FILTER_PRESET_LOOKS, ...BATCH_ONLY_LOOKS];

export type LookId = (typeof ENTRIES)[number]['id'];

export interface LookDefinition {
  readonly id: LookId;
  readonly name: string;
  readonly category: LookCategory;
  readonly description: string;
  readonly tier: LookTier;
  readonly catalogues: readonly LookCatalogue[];
  readonly recipe: LookRecipe;
  /** True when the look leaves no chroma at all (a black-and-white look). */
  readonly monochrome: boolean;
  /**
   * CSS gradient for the catalogue card, computed from the look itself: a deep shadow, a skin
   * tone and a sky blue, each through the look.
   */
  readonly previewGradient: string;
}

/** Reference colours for the preview gradient (encoded Rec.709). */
const PREVIEW_COLOURS = [0.14, 0.14, 0.15, 0.82, 0.6, 0.48, 0.55, 0.72, 0.9];

function hex(v: number): string {
  const byte = Math.round(Math.min(1, Math.max(0, v)) * 255);
  return byte.toString(16).padStart(2, '0');
}

function previewGradient(recipe: LookRecipe): string {
  const builder = new ProgramBuilder();
  appendLook(builder, recipe);
  const colours = Float64Array.from(PREVIEW_COLOURS);
  builder.build().run(colours);
  const stops = [0, 1, 2].map((k) => `#${hex(colours[k * 3]!)}${hex(colours[k * 3 + 1]!)}${hex(colours[k * 3 + 2]!)} ${k * 50}%`);
  return `linear-gradient(135deg, ${stops.join(', ')})`;
}

export const LOOKS: readonly LookDefinition[] = ENTRIES.map(
  (entry): LookDefinition => ({
    ...entry,
    monochrome: isMonochromeRecipe(entry.recipe),
    previewGradient: previewGradient(entry.recipe),
  }),
);

const BY_ID = new Map<string, LookDefinition>(LOOKS.map((look) => [look.id, look]));

/** The editor catalogue's 46 ids in the spec's order: 16 free, then 30 premium. */
export const EDITOR_LOOK_IDS: readonly LookId[] = [...EDITOR_FREE_LOOKS, ...EDITOR_PREMIUM_LOOKS].map((look) => look.id);

export { FILTER_PRESET_IDS, BATCH_PRESETS };

export function isLookId(value: string): value is LookId {
  return BY_ID.has(value);
}

export function getLook(id: LookId): LookDefinition {
  const look = BY_ID.get(id);
  if (!look) throw new Error(`unknown look ${id}`);
  return look;
}

/** Whether a look needs a premium tier (premium looks are locked for Free). */
export function isPremiumLook(id: LookId): boolean {
  return getLook(id).tier === 'premium';
}

/** Looks of one catalogue, in catalogue order. */
export function looksInCatalogue(catalogue: LookCatalogue): readonly LookDefinition[] {
  switch (catalogue) {
    case 'editor':
      return EDITOR_LOOK_IDS.map(getLook);
    case 'filter-preset':
      return FILTER_PRESET_IDS.map(getLook);
    case 'batch':
      return BATCH_PRESETS.map((preset) => getLook(preset.look));
  }
}

/**
 * Every look the editor's Hollywood LUTs catalogue offers, each once: the editor's 46, then the
 * filter-recipe presets that are not editor looks (docs/product-rules.md, 'Looks'). The plans page
 * counts its free and premium looks from this list.
 */
export function editorCatalogueLooks(): readonly LookDefinition[] {
  const editor = looksInCatalogue('editor');
  const ids = new Set<string>(editor.map((look) => look.id));
  return [...editor, ...looksInCatalogue('filter-preset').filter((look) => !ids.has(look.id))];
}
