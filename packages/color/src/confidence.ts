/**
 * Recommendation values and the product's constants for showing them: the fallback list and the
 * confidence colour (docs/product-rules.md, 'Smart Analyze').
 */
import type { LookId } from './look-catalogue';

export interface Recommendation {
  readonly lut: LookId;
  /** 0..1. */
  readonly confidence: number;
  /** Why, in words that cite what was measured. */
  readonly reason: string;
  /** True when the look needs a premium tier. */
  readonly premium: boolean;
}

/** The built-in list used when analysis fails, in the product's order. */
export const FALLBACK_RECOMMENDATIONS: readonly Recommendation[] = [
  { lut: 'instagram-warm', confidence: 0.7, reason: 'Warm social media filter - safe choice for most content', premium: false },
  { lut: 'skin-glow', confidence: 0.6, reason: 'Natural enhancement for portraits and people', premium: false },
  { lut: 'youtube-clean', confidence: 0.5, reason: 'Clean professional look for content creation', premium: false },
];

export type ConfidenceColor = 'green' | 'yellow' | 'orange';

/** 0.8 and above green, 0.6 and above yellow, otherwise orange. */
export function confidenceColor(confidence: number): ConfidenceColor {
  if (confidence >= 0.8) return 'green';
  if (confidence >= 0.6) return 'yellow';
  return 'orange';
}

/** The confidence as a rounded percentage, e.g. 0.726 → "73%". NaN shows as "0%". */
export function formatConfidence(confidence: number): string {
  const clamped = Number.isFinite(confidence) ? Math.min(1, Math.max(0, confidence)) : 0;
  return `${Math.round(clamped * 100)}%`;
}
