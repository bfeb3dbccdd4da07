import { describe, expect, it } from 'vitest';
import { canUsePremiumLooks, hasBatchAccess, normaliseTier } from './tiers';

describe('normaliseTier', () => {
  it('treats missing and unknown tiers as Free', () => {
    expect(normaliseTier(null)).toBe('Free');
    expect(normaliseTier(undefined)).toBe('Free');
    expect(normaliseTier('Gold')).toBe('Free');
    expect(normaliseTier('Enterprise')).toBe('Enterprise');
  });
});

describe('canUsePremiumLooks', () => {
  it('is true for any tier other than Free', () => {
    expect(canUsePremiumLooks('Free')).toBe(false);
    expect(canUsePremiumLooks(null)).toBe(false);
    expect(canUsePremiumLooks('Premium')).toBe(true);
    expect(canUsePremiumLooks('Enterprise')).toBe(true);
  });
});

describe('hasBatchAccess', () => {
  it('needs exactly Premium or Enterprise', () => {
    expect(hasBatchAccess('Premium')).toBe(true);
    expect(hasBatchAccess('Enterprise')).toBe(true);
    expect(hasBatchAccess('Free')).toBe(false);
    expect(hasBatchAccess('premium')).toBe(false);
  });
});
