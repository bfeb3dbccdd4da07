import { describe, expect, it } from 'vitest';
import { isShortDerive, MEDIA_DERIVE_EXPIRY_SECONDS, PROXY_PIXELS_PER_SECOND, proxyTimeoutMs, SHORT_DERIVE_EXPIRY_SECONDS } from './media-tools';

const minutes = (ms: number) => ms / 60_000;

describe("the preview encode's time limit", () => {
  it('is about the floor for a short clip', () => {
    expect(minutes(proxyTimeoutMs({ width: 640, height: 360, durationSeconds: 2, frameRate: 25 }))).toBeCloseTo(5, 1);
  });

  it('grows with pixels × frames, not with the clip length alone', () => {
    const small = proxyTimeoutMs({ width: 640, height: 360, durationSeconds: 600, frameRate: 25 });
    const large = proxyTimeoutMs({ width: 3840, height: 2160, durationSeconds: 600, frameRate: 25 });
    const lowRate = proxyTimeoutMs({ width: 3840, height: 2160, durationSeconds: 600, frameRate: 1 });
    expect(large).toBeGreaterThan(small * 5);
    expect(lowRate).toBeLessThan(large / 5);
    // Ten minutes of 1080p at 25 fps: four times the measured throughput plus the floor.
    const expected = 5 + (4 * (1920 * 1080 * 600 * 25)) / PROXY_PIXELS_PER_SECOND / 60;
    expect(minutes(proxyTimeoutMs({ width: 1920, height: 1080, durationSeconds: 600, frameRate: 25 }))).toBeCloseTo(expected, 1);
    // A PQ source is tone-mapped on the way: twice the work.
    const pq = proxyTimeoutMs({ width: 1920, height: 1080, durationSeconds: 600, frameRate: 25, hdr: true, colorTransfer: 'smpte2084' });
    expect(minutes(pq)).toBeCloseTo(5 + 2 * (expected - 5), 1);
  });

  it("never runs past the job's expiry", () => {
    expect(proxyTimeoutMs({ width: 7680, height: 4320, durationSeconds: 36_000, frameRate: 60 })).toBeLessThan(MEDIA_DERIVE_EXPIRY_SECONDS * 1000);
  });
});

describe('the short lane', () => {
  it('takes uploads needing no preview copy, and previews expected to take a minute or less', () => {
    expect(isShortDerive({ width: 3840, height: 2160, durationSeconds: 3600, frameRate: 30 }, false, 'video')).toBe(true);
    expect(isShortDerive({ width: 640, height: 360, durationSeconds: 60, frameRate: 25 }, true, 'video')).toBe(true);
    // A still's preview copy is one frame, however large: a 16K photo turned upright is short work.
    expect(isShortDerive({ width: 16384, height: 16384, durationSeconds: null, frameRate: 25 }, true, 'image')).toBe(true);
    expect(isShortDerive({ width: 640, height: 360, durationSeconds: 600, frameRate: 25 }, true, 'video')).toBe(false);
    expect(isShortDerive({ width: 1920, height: 1080, durationSeconds: 120, frameRate: 30 }, true, 'video')).toBe(false);
  });

  it("expires after the longest preview limit of short work", () => {
    // The largest short work: a minute of it at the measured throughput.
    expect(proxyTimeoutMs({ width: 1000, height: 1000, durationSeconds: (60 * PROXY_PIXELS_PER_SECOND) / 1e6 / 30, frameRate: 30 })).toBeLessThan(SHORT_DERIVE_EXPIRY_SECONDS * 1000);
  });
});
