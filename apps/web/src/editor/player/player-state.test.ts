import { describe, expect, it } from 'vitest';
import { canStartPlayback, INITIAL_PLAYER_STATE, playerReducer, type PlayerEvent, type PlayerState } from './player-state';

function run(...events: PlayerEvent[]): PlayerState {
  return events.reduce(playerReducer, INITIAL_PLAYER_STATE);
}

describe('playerReducer', () => {
  it('starts idle and goes to loading on load start, then ready once a frame can be shown', () => {
    expect(INITIAL_PLAYER_STATE.status).toBe('idle');
    expect(run({ type: 'load-start' }).status).toBe('loading');
    const ready = run({ type: 'load-start' }, { type: 'metadata', duration: 2 }, { type: 'data' });
    expect(ready).toEqual({ status: 'ready', duration: 2, error: null });
  });

  it('plays, pauses and ends', () => {
    const loaded: PlayerEvent[] = [{ type: 'load-start' }, { type: 'metadata', duration: 2 }, { type: 'data' }];
    expect(run(...loaded, { type: 'play' }).status).toBe('playing');
    expect(run(...loaded, { type: 'play' }, { type: 'pause' }).status).toBe('paused');
    expect(run(...loaded, { type: 'play' }, { type: 'ended' }).status).toBe('ended');
    // The element pauses itself at the end; ended stays.
    expect(run(...loaded, { type: 'play' }, { type: 'ended' }, { type: 'pause' }).status).toBe('ended');
    // Seeking back from the end leaves it paused; a seek that lands on the end does not.
    expect(run(...loaded, { type: 'play' }, { type: 'ended' }, { type: 'seeked', atEnd: false }).status).toBe('paused');
    expect(run(...loaded, { type: 'play' }, { type: 'ended' }, { type: 'seeked', atEnd: true }).status).toBe('ended');
  });

  it('treats an invalid or non-finite duration as an error', () => {
    for (const duration of [Number.NaN, Number.POSITIVE_INFINITY, 0, -1]) {
      const state = run({ type: 'load-start' }, { type: 'metadata', duration });
      expect(state.status, String(duration)).toBe('error');
      // Nothing that follows revives it except a retry or a new load.
      expect(playerReducer(state, { type: 'data' }).status).toBe('error');
      expect(playerReducer(state, { type: 'play' }).status).toBe('error');
    }
  });

  it('times out only while loading', () => {
    expect(run({ type: 'load-start' }, { type: 'timeout' }).status).toBe('error');
    expect(run({ type: 'load-start' }, { type: 'metadata', duration: 1 }, { type: 'data' }, { type: 'timeout' }).status).toBe('ready');
  });

  it('goes back to loading on Retry and on a new load start', () => {
    const failed = run({ type: 'load-start' }, { type: 'error', message: 'decode' });
    expect(failed.status).toBe('error');
    expect(playerReducer(failed, { type: 'retry' })).toEqual({ status: 'loading', duration: 0, error: null });
    expect(playerReducer(failed, { type: 'load-start' }).status).toBe('loading');
  });

  it('forgets everything for a new file', () => {
    expect(run({ type: 'load-start' }, { type: 'metadata', duration: 3 }, { type: 'source' })).toEqual(INITIAL_PLAYER_STATE);
  });
});

describe('canStartPlayback', () => {
  it('refuses in error and below HAVE_CURRENT_DATA', () => {
    const ready = run({ type: 'load-start' }, { type: 'metadata', duration: 2 }, { type: 'data' });
    expect(canStartPlayback(ready, 2)).toBe(true);
    expect(canStartPlayback(ready, 4)).toBe(true);
    expect(canStartPlayback(ready, 1)).toBe(false);
    expect(canStartPlayback(run({ type: 'error', message: 'x' }), 4)).toBe(false);
  });
});
