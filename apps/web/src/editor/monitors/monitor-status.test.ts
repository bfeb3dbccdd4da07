import { describe, expect, it } from 'vitest';
import { monitorStatus } from './monitor-status';

const base = { hasMedia: true, restoring: false, url: '/f', mediaType: 'video' as const, player: 'ready' as const, imageState: 'loading' as const };

describe('monitorStatus', () => {
  it('follows the media and the player', () => {
    expect(monitorStatus({ ...base, hasMedia: false })).toBe('no-media');
    expect(monitorStatus({ ...base, restoring: true })).toBe('restoring');
    expect(monitorStatus({ ...base, url: null })).toBe('preparing');
    expect(monitorStatus({ ...base, player: 'idle' })).toBe('loading');
    expect(monitorStatus({ ...base, player: 'loading' })).toBe('loading');
    expect(monitorStatus({ ...base, player: 'error' })).toBe('failed');
    for (const player of ['ready', 'playing', 'paused', 'ended'] as const) expect(monitorStatus({ ...base, player })).toBe('ready');
  });

  it('follows the image load for stills', () => {
    const image = { ...base, mediaType: 'image' as const };
    expect(monitorStatus(image)).toBe('loading');
    expect(monitorStatus({ ...image, imageState: 'loaded' })).toBe('ready');
    expect(monitorStatus({ ...image, imageState: 'failed' })).toBe('image-failed');
  });
});
