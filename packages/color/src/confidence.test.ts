import { describe, expect, it } from 'vitest';
import { FALLBACK_RECOMMENDATIONS, confidenceColor, formatConfidence } from './confidence';

describe('FALLBACK_RECOMMENDATIONS', () => {
  it('is the spec’s three-item list', () => {
    expect(FALLBACK_RECOMMENDATIONS.map(({ lut, confidence, reason }) => ({ lut, confidence, reason }))).toEqual([
      { lut: 'instagram-warm', confidence: 0.7, reason: 'Warm social media filter - safe choice for most content' },
      { lut: 'skin-glow', confidence: 0.6, reason: 'Natural enhancement for portraits and people' },
      { lut: 'youtube-clean', confidence: 0.5, reason: 'Clean professional look for content creation' },
    ]);
  });
});

describe('confidenceColor', () => {
  it('is green from 0.8, yellow from 0.6, orange below', () => {
    expect([1, 0.8, 0.79, 0.6, 0.59, 0, Number.NaN].map(confidenceColor)).toEqual(['green', 'green', 'yellow', 'yellow', 'orange', 'orange', 'orange']);
  });
});

describe('formatConfidence', () => {
  it('shows a rounded percentage, clamped, with NaN as 0%', () => {
    expect([0.726, 0.7, 0.005, 1, 1.3, -0.2, Number.NaN].map(formatConfidence)).toEqual(['73%', '70%', '1%', '100%', '100%', '0%', '0%']);
  });
});
