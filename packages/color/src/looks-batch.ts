/**
 * The batch editor's six built-in presets (docs/product-rules.md, 'Looks'): Cinematic, Vintage, Modern, Film Noir,
 * Warm Sunset, Cool Blue. Cinematic, Vintage and Warm Sunset are the filter-recipe presets of the
 * same name; the other three exist only here. The batch editor is a Premium feature, so these are
 * premium looks.
 */
import type { LookEntry } from './look-types';

const BATCH = ['batch'] as const;

export const BATCH_ONLY_LOOKS = [
  {
    id: 'modern',
    name: 'Modern',
    category: 'Urban',
    tier: 'premium',
    catalogues: BATCH,
    description: 'Contemporary clean contrast with cool neutrals and lively colour.',
    recipe: { temperature: -10, curve: { contrast: 1.3, toe: 0.7, shoulder: 0.6 }, vibrance: 0.55 },
  },
  {
    // The spec's recipe is CSS `grayscale(1) contrast(1.4) brightness(0.9)`, i.e. 0.9·(1.4(x − ½) + ½).
    // Here: Rec.709 luminance weights, then that line's slope (1.26) and level at x = ½ (0.45) with a
    // soft toe and shoulder instead of CSS's hard clip, white at 0.9.
    id: 'film-noir',
    name: 'Film Noir',
    category: 'Monochrome',
    tier: 'premium',
    catalogues: BATCH,
    description: 'Hard-boiled black and white: greyscale, contrast 1.4 and brightness 0.9.',
    recipe: {
      mono: [0.2126, 0.7152, 0.0722],
      curve: { pivot: 0.5, pivotOutput: 0.45, contrast: 1.26, toe: 0.3, shoulder: 0.3, white: 0.9 },
    },
  },
  {
    id: 'cool-blue',
    name: 'Cool Blue',
    category: 'Social Media',
    tier: 'premium',
    catalogues: BATCH,
    description: 'Clean blue cast with cooler shadows and a touch of extra contrast.',
    recipe: {
      temperature: -42,
      tint: 6,
      curve: { contrast: 1.08 },
      splitTone: { shadowHue: 225, shadowAmount: 0.05, highlightHue: 210, highlightAmount: 0 },
    },
  },
] as const satisfies readonly LookEntry[];

/** The batch editor's presets in the spec's order, with the look each one applies. */
export const BATCH_PRESETS = [
  { name: 'Cinematic', look: 'cinematic' },
  { name: 'Vintage', look: 'vintage' },
  { name: 'Modern', look: 'modern' },
  { name: 'Film Noir', look: 'film-noir' },
  { name: 'Warm Sunset', look: 'warm-sunset' },
  { name: 'Cool Blue', look: 'cool-blue' },
] as const;
