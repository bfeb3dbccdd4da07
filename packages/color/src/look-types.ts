/**
 * What a look is: catalogue facts (id, name, category, description, tier) plus a recipe of ordinary grading
 * operations. The recipe is plain data; `look-program.ts` turns it into colour maths.
 */
import type { Matrix3, Rgb } from './matrix';
import type { SplitTone } from './kernels';
import type { ToneCurve } from './tone';

/** The editor catalogue's 17 categories (docs/product-rules.md, 'Looks'), also used for the other catalogues. */
export const LOOK_CATEGORIES = [
  'Social Media',
  'Beauty',
  'Lifestyle',
  'Retro',
  'Monochrome',
  'Urban',
  'Social Trends',
  'Cinematic',
  'Musical',
  'Skin Tones',
  'Film Emulation',
  'Documentary',
  'Nature',
  'Horror',
  'Music Video',
  'Fashion',
  'TV Series',
] as const;

export type LookCategory = (typeof LOOK_CATEGORIES)[number];

export type LookTier = 'free' | 'premium';

/** Which catalogue lists a look: the editor's 46, the 38 filter-recipe presets, the batch six. */
export type LookCatalogue = 'editor' | 'filter-preset' | 'batch';

/**
 * A look as a recipe, applied in this order (each step optional):
 * 1. `exposure` (stops), `temperature`/`tint` (same scale as the sliders) — linear light;
 * 2. `mixer` (3×3 channel mixer, rows give output R, G, B) or `mono` (weights of R, G, B that
 *    replace all three channels: a monochrome conversion through a coloured filter) — linear;
 * 3. `lift`/`gamma`/`gain` per channel: y = (lift + (gain − lift)·x)^(1/gamma) — encoded;
 * 4. `curve` on all channels, then `channelCurves` per channel — encoded (see `ToneCurve`);
 * 5. `splitTone` — encoded;
 * 6. `saturation` (factor, 1 = unchanged) and `vibrance` (−1..1) — linear, luminance-preserving.
 */
export interface LookRecipe {
  readonly exposure?: number;
  readonly temperature?: number;
  readonly tint?: number;
  readonly mixer?: Matrix3;
  readonly mono?: Rgb;
  readonly lift?: Rgb;
  readonly gamma?: Rgb;
  readonly gain?: Rgb;
  readonly curve?: ToneCurve;
  readonly channelCurves?: { readonly r?: ToneCurve; readonly g?: ToneCurve; readonly b?: ToneCurve };
  readonly splitTone?: SplitTone;
  readonly saturation?: number;
  readonly vibrance?: number;
}

/** A catalogue entry as written in the data files. */
export interface LookEntry {
  readonly id: string;
  readonly name: string;
  readonly category: LookCategory;
  readonly description: string;
  readonly tier: LookTier;
  readonly catalogues: readonly LookCatalogue[];
  readonly recipe: LookRecipe;
}
