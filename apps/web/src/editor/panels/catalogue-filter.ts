import { editorCatalogueLooks, LOOK_CATEGORIES, looksInCatalogue, type LookCategory, type LookDefinition } from '@cinegrade/color';
import type { UserLut } from '@cinegrade/contract';
import { customSwatchKey } from './look-swatches';

/**
 * What the Hollywood LUTs catalogue lists (docs/product-rules.md, 'Looks'): the editor's 46
 * looks, then the filter-recipe presets that are not editor looks, and the person's imported
 * LUTs; filtered by a chip (All, Recommended, a category, Presets, My LUTs) and a search.
 */

export const EDITOR_LOOKS = looksInCatalogue('editor');
/** The whole filter-recipe catalogue, the "Presets" chip (six of them are editor looks too). */
export const PRESET_LOOKS = looksInCatalogue('filter-preset');
/** Every look the catalogue offers, each once: the editor's, then the presets that are only presets. */
export const CATALOGUE_LOOKS: readonly LookDefinition[] = editorCatalogueLooks();

export type CatalogueChip = 'All' | 'Recommended' | LookCategory | 'Presets' | 'My LUTs';

/** The chips in order; Recommended only while Smart Analyze has results for the open media. */
export function catalogueChips(hasRecommendations: boolean): CatalogueChip[] {
  const categories = LOOK_CATEGORIES.filter((category) => EDITOR_LOOKS.some((look) => look.category === category));
  return [...(hasRecommendations ? (['Recommended'] as const) : []), 'All', ...categories, 'Presets', 'My LUTs'];
}

export type CatalogueItem = { readonly kind: 'look'; readonly key: string; readonly look: LookDefinition } | { readonly kind: 'lut'; readonly key: string; readonly lut: UserLut };

function matches(query: string, ...texts: string[]): boolean {
  return query === '' || texts.some((text) => text.toLowerCase().includes(query));
}

/**
 * The items of a chip matching `search` (case-insensitive, in the name or the category). A
 * category chip lists the editor looks of that category; Recommended lists them best first.
 */
export function catalogueItems(chip: CatalogueChip, search: string, luts: readonly UserLut[], recommended: readonly string[]): CatalogueItem[] {
  const query = search.trim().toLowerCase();
  const lutItems = luts.filter((lut) => matches(query, lut.name, 'My LUTs')).map((lut): CatalogueItem => ({ kind: 'lut', key: customSwatchKey(lut.id), lut }));
  const lookItems = (looks: readonly LookDefinition[]) =>
    looks.filter((look) => matches(query, look.name, look.category)).map((look): CatalogueItem => ({ kind: 'look', key: look.id, look }));
  if (chip === 'All') return [...lutItems, ...lookItems(CATALOGUE_LOOKS)];
  if (chip === 'My LUTs') return lutItems;
  if (chip === 'Presets') return lookItems(PRESET_LOOKS);
  if (chip === 'Recommended') return lookItems(recommended.flatMap((id) => CATALOGUE_LOOKS.filter((look) => look.id === id)));
  return lookItems(EDITOR_LOOKS.filter((look) => look.category === chip));
}
