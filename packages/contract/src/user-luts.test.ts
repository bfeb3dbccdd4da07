import { describe, expect, it } from 'vitest';
import { userLutLimit, userLutLimitMessage, USER_LUT_LIMITS } from './user-luts';

describe('userLutLimit', () => {
  it('lets Free keep a few imported LUTs and paid tiers many more', () => {
    expect(userLutLimit('Free')).toBe(USER_LUT_LIMITS.Free);
    expect(userLutLimit(null)).toBe(USER_LUT_LIMITS.Free);
    expect(userLutLimit('Premium')).toBeGreaterThan(userLutLimit('Free'));
    expect(userLutLimit('Enterprise')).toBeGreaterThanOrEqual(userLutLimit('Premium'));
  });
});

describe('userLutLimitMessage', () => {
  it('names the limit, and for Free the way to a larger one', () => {
    expect(userLutLimitMessage('Free')).toBe('Free accounts can keep 3 imported LUTs. Delete one, or upgrade to Premium to keep up to 50.');
    expect(userLutLimitMessage('Premium')).toBe('You can keep 50 imported LUTs. Delete one to import another.');
  });
});
