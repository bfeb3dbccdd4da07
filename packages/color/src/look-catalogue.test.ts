import { describe, expect, it } from 'vitest';
import { deltaE76, linearRec709ToLab, REC709_LUMA } from './colorimetry';
import { DEFAULT_GRADE } from './grade';
import { applyGradeToColors } from './grade-program';
import { BATCH_PRESETS, EDITOR_LOOK_IDS, FILTER_PRESET_IDS, LOOKS, editorCatalogueLooks, getLook, isLookId, isPremiumLook, looksInCatalogue } from './look-catalogue';
import type { LookId } from './look-catalogue';
import { LOOK_CATEGORIES } from './look-types';
import { colourChart } from './testing/images';
import { isMonotoneToneCurve } from './tone';
import type { ToneCurve } from './tone';
import { decodeGamma } from './transfer';

/** Minimum mean ΔE*ab over the chart between a look and the original: visible at a glance. */
const MIN_DIFFERENCE_FROM_IDENTITY = 3.5;
/** Minimum mean ΔE*ab over the chart between any two looks. */
const MIN_DIFFERENCE_BETWEEN_LOOKS = 3.0;

const FREE_EDITOR_IDS = [
  'instagram-warm', 'tiktok-vibrant', 'youtube-clean', 'skin-glow', 'selfie-perfect', 'food-delicious', 'travel-wanderlust', 'fitness-energy',
  'vintage-film', 'retro-80s', 'black-white-classic', 'street-urban', 'vsco-girl', 'cottagecore', 'dark-academia', 'y2k-aesthetic',
];
const PREMIUM_EDITOR_IDS = [
  'blockbuster-teal-orange', 'blade-runner-2049', 'mad-max-fury', 'joker-2019', 'matrix-green', 'interstellar-space', 'her-2013', 'la-la-land',
  'caucasian-natural', 'african-radiant', 'asian-luminous', 'latina-warm', 'middle-eastern-glow', 'kodak-vision3-500t', 'fuji-400h-pro',
  'kodak-portra-800', 'ilford-hp5', 'national-geographic', 'planet-earth', 'golden-hour-magic', 'ocean-deep', 'get-out-2017',
  'conjuring-universe', 'it-2017', 'music-video-neon', 'fashion-editorial', 'vogue-portrait', 'stranger-things', 'breaking-bad', 'game-of-thrones',
];

const chart = colourChart();
const toLab = (encoded: ArrayLike<number>) =>
  Array.from({ length: encoded.length / 3 }, (_, i) => linearRec709ToLab([decodeGamma(encoded[i * 3]!), decodeGamma(encoded[i * 3 + 1]!), decodeGamma(encoded[i * 3 + 2]!)]));
const meanDeltaE = (a: readonly (readonly [number, number, number])[], b: readonly (readonly [number, number, number])[]) =>
  a.reduce((sum, lab, i) => sum + deltaE76(lab, b[i]!), 0) / a.length;
const graded = (look: LookId, colours: readonly number[]) => applyGradeToColors({ ...DEFAULT_GRADE, look }, colours);

describe('LOOKS', () => {
  it('defines each id once, with a name, a description, a category of the 17, a tier and a gradient', () => {
    expect(new Set(LOOKS.map((l) => l.id)).size).toBe(LOOKS.length);
    for (const look of LOOKS) {
      expect(look.name.length).toBeGreaterThan(2);
      expect(look.description.length).toBeGreaterThan(20);
      expect(LOOK_CATEGORIES).toContain(look.category);
      expect(['free', 'premium']).toContain(look.tier);
      expect(look.previewGradient).toMatch(/^linear-gradient\(135deg, #[0-9a-f]{6} 0%, #[0-9a-f]{6} 50%, #[0-9a-f]{6} 100%\)$/);
    }
  });

  it(`makes every look differ from the original by a mean ΔE*ab of at least ${MIN_DIFFERENCE_FROM_IDENTITY} on the chart`, () => {
    const original = toLab(chart.flat());
    for (const look of LOOKS) expect([look.id, meanDeltaE(toLab(graded(look.id, chart.flat())), original)]).toEqual([look.id, expect.any(Number)]);
    const weakest = Math.min(...LOOKS.map((look) => meanDeltaE(toLab(graded(look.id, chart.flat())), original)));
    expect(weakest).toBeGreaterThanOrEqual(MIN_DIFFERENCE_FROM_IDENTITY);
  });

  it(`makes every two looks differ by a mean ΔE*ab of at least ${MIN_DIFFERENCE_BETWEEN_LOOKS} on the chart`, () => {
    const labs = LOOKS.map((look) => ({ id: look.id, lab: toLab(graded(look.id, chart.flat())) }));
    let closest = { pair: '', difference: Infinity };
    for (let i = 0; i < labs.length; i++) {
      for (let j = i + 1; j < labs.length; j++) {
        const difference = meanDeltaE(labs[i]!.lab, labs[j]!.lab);
        if (difference < closest.difference) closest = { pair: `${labs[i]!.id} / ${labs[j]!.id}`, difference };
      }
    }
    expect(closest.difference, closest.pair).toBeGreaterThanOrEqual(MIN_DIFFERENCE_BETWEEN_LOOKS);
  });

  it('leaves no chroma at all in monochrome looks', () => {
    const mono = LOOKS.filter((l) => l.monochrome).map((l) => l.id);
    expect(mono.sort()).toEqual(['black-white-classic', 'black-white-dramatic', 'black-white-soft', 'film-noir', 'ilford-hp5']);
    for (const id of mono) {
      const out = graded(id, chart.flat());
      for (let i = 0; i < out.length; i += 3) expect(Math.max(out[i]!, out[i + 1]!, out[i + 2]!) - Math.min(out[i]!, out[i + 1]!, out[i + 2]!)).toBeLessThan(1e-9);
    }
  });

  it('never inverts the order of tones on a grey ramp', () => {
    const ramp = Array.from({ length: 256 }, (_, i) => [i / 255, i / 255, i / 255]).flat();
    for (const look of LOOKS) {
      const out = graded(look.id, ramp);
      const luminance = (i: number) => REC709_LUMA.reduce((sum, k, c) => sum + k * decodeGamma(out[i * 3 + c]!), 0);
      for (let i = 1; i < 256; i++) expect(luminance(i), `${look.id} at ${i}`).toBeGreaterThanOrEqual(luminance(i - 1) - 1e-9);
    }
  });

  it('uses only monotone tone curves', () => {
    for (const look of LOOKS) {
      const curves: ToneCurve[] = [look.recipe.curve, look.recipe.channelCurves?.r, look.recipe.channelCurves?.g, look.recipe.channelCurves?.b].filter(
        (c): c is ToneCurve => c !== undefined,
      );
      for (const curve of curves) expect(isMonotoneToneCurve(curve), look.id).toBe(true);
    }
  });

  it('gives film emulations a film toe and shoulder: flatter at both ends than in the mid-tones', () => {
    for (const look of LOOKS.filter((l) => l.category === 'Film Emulation')) {
      const at = (v: number) => graded(look.id, [v, v, v]).reduce((a, b) => a + b, 0) / 3;
      const slope = (a: number, b: number) => (at(b) - at(a)) / (b - a);
      const mid = slope(0.4, 0.6);
      expect(slope(0.0, 0.06), look.id).toBeLessThan(mid);
      expect(slope(0.94, 1.0), look.id).toBeLessThan(mid);
    }
  });

  it('teal & orange pushes shadows to teal and skin to orange', () => {
    const [shadow, skin] = [graded('blockbuster-teal-orange', [0.15, 0.15, 0.15]), graded('blockbuster-teal-orange', [0.78, 0.57, 0.45])];
    expect(shadow[2]).toBeGreaterThan(shadow[0]! + 0.03);
    expect(shadow[1]).toBeGreaterThan(shadow[0]!);
    expect(skin[0]! - skin[2]!).toBeGreaterThan(0.78 - 0.45);
  });

  it('follows the spec’s Film Noir recipe: greyscale, contrast 1.4 about mid-grey, brightness 0.9', () => {
    const at = (v: number) => graded('film-noir', [v, v, v])[0]!;
    const css = (v: number) => 0.9 * (1.4 * (v - 0.5) + 0.5);
    expect(at(0.5)).toBeCloseTo(css(0.5), 6);
    expect(at(1)).toBeCloseTo(0.9, 6);
    expect(at(0)).toBe(0);
    expect((at(0.51) - at(0.49)) / 0.02).toBeCloseTo(0.9 * 1.4, 2);
    for (const v of [0.4, 0.6]) expect(at(v)).toBeCloseTo(css(v), 1.5);
  });
});

describe('EDITOR_LOOK_IDS', () => {
  it('lists the spec’s 46 editor looks: 16 free and 30 premium, in the spec’s order', () => {
    expect(EDITOR_LOOK_IDS).toEqual([...FREE_EDITOR_IDS, ...PREMIUM_EDITOR_IDS]);
    for (const id of FREE_EDITOR_IDS) expect(isLookId(id) && isPremiumLook(id)).toBe(false);
    for (const id of PREMIUM_EDITOR_IDS) expect(isLookId(id) && isPremiumLook(id)).toBe(true);
  });

  it('covers exactly the 17 categories', () => {
    expect(new Set(EDITOR_LOOK_IDS.map((id) => getLook(id).category))).toEqual(new Set(LOOK_CATEGORIES));
    expect(LOOK_CATEGORIES).toHaveLength(17);
  });
});

describe('FILTER_PRESET_IDS', () => {
  it('lists 38 distinct ids, including every id the spec names', () => {
    expect(new Set(FILTER_PRESET_IDS).size).toBe(38);
    const named = ['black-white-classic', 'black-white-dramatic', 'black-white-soft', 'kodak-portra', 'fuji-velvia', 'ilford-hp5', 'tiktok-vibrant', 'vsco-classic',
      'warm-sunset', 'cool-winter', 'golden-hour', 'blue-hour', 'hollywood-classic', 'netflix-drama', 'commercial-bright', 'music-video',
      'cross-process', 'bleach-bypass', 'day-for-night', 'warm', 'cool', 'vintage', 'cinematic'];
    for (const id of named) expect(FILTER_PRESET_IDS).toContain(id);
    for (const family of ['cinematic-', 'vintage-', 'retro-', 'modern-', 'instagram-']) {
      expect(FILTER_PRESET_IDS.filter((id) => id.startsWith(family)).length).toBeGreaterThanOrEqual(3);
    }
  });
});

describe('BATCH_PRESETS', () => {
  it('names the six batch presets in the spec’s order, each a known look', () => {
    expect(BATCH_PRESETS.map((p) => p.name)).toEqual(['Cinematic', 'Vintage', 'Modern', 'Film Noir', 'Warm Sunset', 'Cool Blue']);
    for (const preset of BATCH_PRESETS) expect(isLookId(preset.look)).toBe(true);
  });
});

describe('looksInCatalogue', () => {
  it('returns each catalogue in order with the catalogue marked on its looks', () => {
    expect(looksInCatalogue('editor')).toHaveLength(46);
    expect(looksInCatalogue('filter-preset')).toHaveLength(38);
    expect(looksInCatalogue('batch').map((l) => l.id)).toEqual(BATCH_PRESETS.map((p) => p.look));
    for (const catalogue of ['editor', 'filter-preset', 'batch'] as const) {
      for (const look of looksInCatalogue(catalogue)) expect(look.catalogues).toContain(catalogue);
    }
  });
});

describe('getLook', () => {
  it('throws for an unknown id', () => {
    expect(() => getLook('nope' as LookId)).toThrow(/unknown look/);
  });
});

describe('editorCatalogueLooks', () => {
  it("lists the editor's 46 looks, then the 32 preset-only ones, each once: 78, of which 16 free", () => {
    const looks = editorCatalogueLooks();
    expect(looks).toHaveLength(78);
    expect(new Set(looks.map((look) => look.id)).size).toBe(78);
    expect(looks.slice(0, 46).map((look) => look.id)).toEqual(EDITOR_LOOK_IDS);
    expect(looks.filter((look) => !isPremiumLook(look.id))).toHaveLength(16);
  });
});
