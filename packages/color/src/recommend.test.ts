import { describe, expect, it } from 'vitest';
import { recommendLooks } from './recommend';
import type { StatsSummary } from './stats-summary';

const neutralCast = { mean: [0.45, 0.45, 0.45] as const, warmth: 0, greenness: 0, share: 0.33 };

/** A well-exposed, neutral, moderately colourful picture without skin: nothing stands out. */
const ORDINARY: StatsSummary = {
  luma: { mean: 0.45, p01: 0.04, p05: 0.08, p50: 0.45, p95: 0.85, p99: 0.93 },
  tonalRange: 0.77,
  clipping: { shadows: 0, highlights: 0 },
  cast: { shadows: neutralCast, midtones: neutralCast, highlights: neutralCast },
  saturation: { mean: 0.25, p90: 0.5 },
  chroma: { mean: 0.15, vividShare: 0.1 },
  colourfulShare: 0.2,
  skinShare: 0,
  skinLuma: null,
  dominantHues: [],
  neutral: [1, 1, 1],
  greyscale: false,
};

describe('recommendLooks', () => {
  it('falls back to the spec’s list when nothing stands out, leaving out the skin look without skin', () => {
    expect(recommendLooks(ORDINARY, { tier: 'free' }).map((r) => [r.lut, r.confidence, r.reason])).toEqual([
      ['instagram-warm', 0.7, 'Warm social media filter - safe choice for most content'],
      ['youtube-clean', 0.5, 'Clean professional look for content creation'],
    ]);
  });

  it('keeps the fallback’s skin look for a picture with skin', () => {
    const withSkin = { ...ORDINARY, skinShare: 0.05, skinLuma: 0.6 };
    expect(recommendLooks(withSkin, { tier: 'premium' }).map((r) => r.lut)).toContain('skin-glow');
  });

  it('cites the measurement that triggered a rule', () => {
    const flat = { ...ORDINARY, tonalRange: 0.3, luma: { ...ORDINARY.luma, p05: 0.35, p95: 0.65 } };
    const top = recommendLooks(flat, { tier: 'free' })[0];
    expect(top).toMatchObject({ lut: 'tiktok-vibrant', premium: false });
    expect(top?.reason).toBe('Flat, low-contrast picture (tonal range 30%): punchier contrast and colour');
  });

  it('keeps the strongest proposal when two rules propose the same look', () => {
    const warmAndDark = { ...ORDINARY, luma: { ...ORDINARY.luma, p50: 0.12 }, cast: { ...ORDINARY.cast, midtones: { ...neutralCast, warmth: 0.25 } } };
    const looks = recommendLooks(warmAndDark, { tier: 'premium', limit: 10 }).map((r) => r.lut);
    expect(new Set(looks).size).toBe(looks.length);
  });
});
