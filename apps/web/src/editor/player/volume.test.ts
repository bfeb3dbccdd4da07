import { describe, expect, it } from 'vitest';
import { INITIAL_VOLUME, setVolume, snapVolume, toggleMute } from './volume';

describe('snapVolume', () => {
  it('keeps 0..1 on the 0.1 grid', () => {
    expect(snapVolume(0.34)).toBe(0.3);
    expect(snapVolume(0.35)).toBe(0.4);
    expect(snapVolume(0.7)).toBe(0.7);
    expect(snapVolume(1.5)).toBe(1);
    expect(snapVolume(-0.2)).toBe(0);
    expect(snapVolume(Number.NaN)).toBe(0);
  });
});

describe('volume rules', () => {
  it('starts at 0.5, not muted', () => {
    expect(INITIAL_VOLUME).toEqual({ volume: 0.5, muted: false });
  });

  it('mutes at volume 0 and unmutes above it', () => {
    const silent = setVolume(INITIAL_VOLUME, 0);
    expect(silent).toEqual({ volume: 0, muted: true });
    expect(setVolume(silent, 0.3)).toEqual({ volume: 0.3, muted: false });
  });

  it('unmuting at volume 0 restores 0.5; otherwise the volume it had', () => {
    expect(toggleMute({ volume: 0, muted: true })).toEqual({ volume: 0.5, muted: false });
    const muted = toggleMute({ volume: 0.8, muted: false });
    expect(muted).toEqual({ volume: 0.8, muted: true });
    expect(toggleMute(muted)).toEqual({ volume: 0.8, muted: false });
  });
});
