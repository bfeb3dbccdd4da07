import { describe, expect, it } from 'vitest';
import { sourcePixelSecondsLimit, sourceWorkRefusal } from './media-limits';

describe('the source work limit', () => {
  it('accepts up to the tier’s picture size for its minutes, and the same work at other sizes', () => {
    expect(sourceWorkRefusal('Free', { width: 1920, height: 1080, durationSeconds: 600 })).toBeNull();
    expect(sourceWorkRefusal('Free', { width: 960, height: 540, durationSeconds: 2400 })).toBeNull();
    expect(sourceWorkRefusal('Free', { width: 1920, height: 1080, durationSeconds: 601 })).not.toBeNull();
    expect(sourceWorkRefusal('Premium', { width: 3840, height: 2160, durationSeconds: 1800 })).toBeNull();
    expect(sourceWorkRefusal('Enterprise', { width: 3840, height: 2160, durationSeconds: 3601 })).not.toBeNull();
    expect(sourcePixelSecondsLimit('unknown')).toBe(sourcePixelSecondsLimit('Free'));
  });

  it('names the plan’s limit and the longest clip at this size', () => {
    const message = sourceWorkRefusal('Free', { width: 3840, height: 2160, durationSeconds: 3600 });
    expect(message).toContain('60 minutes at 3840×2160');
    expect(message).toContain('up to 10 minutes at 1920×1080');
    expect(message).toContain('at this size, up to 2.5 minutes');
  });

  it('leaves stills and files without a duration to the other limits', () => {
    expect(sourceWorkRefusal('Free', { width: 16000, height: 16000, durationSeconds: null })).toBeNull();
  });
});
