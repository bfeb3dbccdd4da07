/**
 * Look recommendations from measurements. Each rule looks at one property of the picture, and
 * when it holds proposes editor looks with a confidence that grows with how clearly it holds and a
 * reason quoting the measurement. Rules never propose skin looks for pictures without skin, and
 * never the looks named after ethnicities: skin colour alone says nothing about a person.
 */
import { isPremiumLook } from './look-catalogue';
import type { LookId } from './look-catalogue';
import type { LookTier } from './look-types';
import type { Recommendation } from './confidence';
import { FALLBACK_RECOMMENDATIONS } from './confidence';
import { greenBlueShare, sceneFacts, warmHueShare } from './scene-analysis';
import { brokenRules } from './scene-consistency';
import type { Claim, SceneFacts } from './scene-consistency';
import { CLIPPED_SHARE, kelvinWords, percent, readColour, readExposure, readLight, SKIN_SHARE } from './scene-reading';
import type { StatsSummary } from './stats-summary';

interface Proposal {
  readonly lut: LookId;
  readonly confidence: number;
  readonly reason: string;
  /** What the reason claims about the picture (checked against the scene's claims). */
  readonly claims?: readonly Claim[];
}

/** Maps a signal strength (0 = barely, 1 = clearly) to a confidence between `low` and `high`. */
function scale(strength: number, low: number, high: number): number {
  return low + (high - low) * Math.min(1, Math.max(0, strength));
}

/** Looks meant for skin; never proposed for a picture without skin. */
const SKIN_LOOKS: ReadonlySet<LookId> = new Set(['skin-glow', 'selfie-perfect', 'vogue-portrait', 'kodak-portra-800']);

type Rule = (s: StatsSummary) => Proposal[];

const RULES: readonly Rule[] = [
  (s) => {
    if (!s.greyscale) return [];
    const reason = `The picture is nearly colourless (mean saturation ${percent(s.saturation.mean)}): a true black-and-white look keeps it clean`;
    return [
      { lut: 'black-white-classic', confidence: 0.92, reason, claims: ['monochrome'] },
      { lut: 'ilford-hp5', confidence: 0.86, reason: `${reason}, with a film toe and shoulder`, claims: ['monochrome'] },
    ];
  },
  (s) => {
    if (s.greyscale || s.skinShare < SKIN_SHARE) return [];
    const c = scale((s.skinShare - SKIN_SHARE) / 0.2, 0.65, 0.9);
    const what = `Skin tones cover ${percent(s.skinShare)} of the frame`;
    return [
      { lut: 'skin-glow', confidence: c, reason: `${what}: warm, luminous skin with soft highlights`, claims: ['skin'] },
      { lut: 'selfie-perfect', confidence: c - 0.06, reason: `${what}: brighter, flattering mid-tones`, claims: ['skin'] },
      { lut: 'vogue-portrait', confidence: c - 0.03, reason: `${what}: polished portrait contrast`, claims: ['skin'] },
      { lut: 'kodak-portra-800', confidence: c - 0.08, reason: `${what}: a portrait film stock's honest skin`, claims: ['skin'] },
    ];
  },
  (s) => {
    const light = readLight(s);
    if (s.greyscale || light.verdict !== 'cool' || light.tint > -0.03) return [];
    const c = scale((-light.tint - 0.03) / 0.15, 0.6, 0.88);
    const reason = `Cool blue cast (${kelvinWords(light.kelvin)}; blue exceeds red by ${percent(-light.tint)} in the ${light.band})`;
    return [
      { lut: 'instagram-warm', confidence: c, reason: `${reason}: a warm look balances it`, claims: ['cool-light'] },
      { lut: 'golden-hour-magic', confidence: c - 0.04, reason: `${reason}: turn it into low evening sun`, claims: ['cool-light'] },
    ];
  },
  (s) => {
    const light = readLight(s);
    if (s.greyscale || light.verdict !== 'warm' || light.tint < 0.08) return [];
    const c = scale((light.tint - 0.08) / 0.2, 0.6, 0.85);
    const reason = `Strong warm cast (${kelvinWords(light.kelvin)}; red exceeds blue by ${percent(light.tint)} in the ${light.band})`;
    return [
      { lut: 'youtube-clean', confidence: c, reason: `${reason}: a clean, neutral look keeps whites white`, claims: ['warm-light'] },
      { lut: 'golden-hour-magic', confidence: c - 0.05, reason: `${reason}: lean into it as golden light`, claims: ['warm-light'] },
    ];
  },
  (s) => {
    if (s.luma.p50 >= 0.25) return [];
    const c = scale((0.25 - s.luma.p50) / 0.2, 0.6, 0.82);
    const reason = `Low-key frame (median brightness ${percent(s.luma.p50)})`;
    const light = readLight(s);
    // The tones are called warm only where the answer's light verdict does not say cool, and the
    // reverse (docs/product-rules.md, 'Smart Analyze').
    const warmTones = s.cast.midtones.warmth > 0.02 || s.cast.shadows.warmth > 0.02;
    const lean = light.verdict === 'mixed' ? light.tintLean : light.verdict === 'neutral' && warmTones ? 'warm' : light.verdict;
    const warm = lean === 'warm';
    const tones = `${lean} tones`;
    const claims: Claim[] = ['dark', ...(lean === 'warm' ? (['warm-tones'] as const) : lean === 'cool' ? (['cool-tones'] as const) : [])];
    return warm
      ? [
          { lut: 'dark-academia', confidence: c, reason: `${reason} with ${tones}: lamp-lit browns suit it`, claims },
          { lut: 'blade-runner-2049', confidence: c - 0.04, reason: `${reason} with ${tones}: a dusty orange haze`, claims },
        ]
      : [
          { lut: 'street-urban', confidence: c, reason: `${reason} with ${tones}: gritty contrast suits it`, claims },
          { lut: 'game-of-thrones', confidence: c - 0.04, reason: `${reason} with ${tones}: cold steel blue-grey`, claims },
        ];
  },
  (s) => {
    const e = readExposure(s);
    if (e.highlightsClipped < CLIPPED_SHARE) return [];
    const c = scale((e.highlightsClipped - CLIPPED_SHARE) / 0.3, 0.6, 0.84);
    const reason = `${percent(e.highlightsClipped)} of the frame has clipped highlights`;
    return [
      { lut: 'vintage-film', confidence: c, reason: `${reason}: a faded print's dimmed whites take the glare off them` },
      { lut: 'fuji-400h-pro', confidence: c - 0.05, reason: `${reason}: a soft film shoulder suits the bright frame` },
    ];
  },
  (s) => {
    if (s.tonalRange >= 0.45 || s.luma.p50 < 0.25) return [];
    const c = scale((0.45 - s.tonalRange) / 0.3, 0.6, 0.85);
    const reason = `Flat, low-contrast picture (tonal range ${percent(s.tonalRange)})`;
    return [
      { lut: 'tiktok-vibrant', confidence: c, reason: `${reason}: punchier contrast and colour` },
      { lut: 'blockbuster-teal-orange', confidence: c - 0.05, reason: `${reason}: cinematic contrast and colour separation` },
    ];
  },
  (s) => {
    const cool = greenBlueShare(s);
    if (s.greyscale || s.skinShare >= SKIN_SHARE || s.colourfulShare < 0.25 || cool < 0.45) return [];
    const c = scale((cool - 0.45) / 0.4, 0.62, 0.88);
    const reason = `Greens and blues hold ${percent(cool)} of the coloured pixels`;
    return [
      { lut: 'travel-wanderlust', confidence: c, reason: `${reason}: vivid skies and landscapes` },
      { lut: 'national-geographic', confidence: c - 0.02, reason: `${reason}: documentary richness` },
      { lut: 'planet-earth', confidence: c - 0.04, reason: `${reason}: lush natural-history colour` },
    ];
  },
  (s) => {
    const warm = warmHueShare(s);
    if (s.greyscale || s.skinShare >= SKIN_SHARE || s.colourfulShare < 0.3 || warm < 0.6) return [];
    const c = scale((warm - 0.6) / 0.35, 0.6, 0.82);
    return [{ lut: 'food-delicious', confidence: c, reason: `Reds, oranges and yellows hold ${percent(warm)} of the coloured pixels: rich appetising warmth` }];
  },
  (s) => {
    const colour = readColour(s);
    if (!colour.muted || colour.chroma < 0.01) return [];
    const reason = `Muted palette (mean colourfulness ${percent(colour.chroma)})`;
    return [
      { lut: 'vintage-film', confidence: 0.66, reason: `${reason}: suits a faded film print`, claims: ['muted'] },
      { lut: 'kodak-vision3-500t', confidence: 0.62, reason: `${reason}: suits a motion-picture film stock`, claims: ['muted'] },
    ];
  },
  (s) => {
    if (s.luma.p50 <= 0.62) return [];
    const c = scale((s.luma.p50 - 0.62) / 0.2, 0.6, 0.8);
    const reason = `Bright, high-key frame (median brightness ${percent(s.luma.p50)})`;
    return [
      { lut: 'vsco-girl', confidence: c, reason: `${reason}: airy pastel tones`, claims: ['bright'] },
      { lut: 'fuji-400h-pro', confidence: c - 0.03, reason: `${reason}: a pastel film stock`, claims: ['bright'] },
    ];
  },
];

export interface RecommendOptions {
  /** The user's look tier: 'free' users get looks they can use first, premium ones after. */
  readonly tier: LookTier;
  /** How many to return (default 5). */
  readonly limit?: number;
  /**
   * What the scene analysis of the same answer claims (`describeSceneWithClaims`): a reason whose
   * claims would contradict it, or the measurements, by the consistency table is left out.
   */
  readonly sceneClaims?: ReadonlySet<Claim>;
}

/**
 * Ranked recommendations. Premium users get the most confident first; free users get every usable
 * (free) look first, then the premium ones, marked. When the rules find fewer than three, the
 * spec's fallback list fills in (without skin looks for a picture without skin).
 */
export function recommendLooks(summary: StatsSummary, options: RecommendOptions): Recommendation[] {
  const best = new Map<LookId, Proposal>();
  const facts: SceneFacts = sceneFacts(summary);
  const scene = [...(options.sceneClaims ?? [])];
  for (const rule of RULES) {
    for (const proposal of rule(summary)) {
      if (SKIN_LOOKS.has(proposal.lut) && (summary.skinShare < SKIN_SHARE || summary.greyscale)) continue;
      if (brokenRules([...scene, ...(proposal.claims ?? [])], facts).length > 0) continue;
      const known = best.get(proposal.lut);
      if (!known || known.confidence < proposal.confidence) best.set(proposal.lut, proposal);
    }
  }
  for (const fallback of FALLBACK_RECOMMENDATIONS) {
    if (best.size >= 3) break;
    if (SKIN_LOOKS.has(fallback.lut) && (summary.skinShare < SKIN_SHARE || summary.greyscale)) continue;
    if (!best.has(fallback.lut)) best.set(fallback.lut, fallback);
  }
  const ranked = [...best.values()]
    .map((p): Recommendation => ({ lut: p.lut, confidence: Math.round(p.confidence * 100) / 100, reason: p.reason, premium: isPremiumLook(p.lut) }))
    .sort((a, b) => (options.tier === 'free' && a.premium !== b.premium ? (a.premium ? 1 : -1) : b.confidence - a.confidence));
  return ranked.slice(0, options.limit ?? 5);
}
