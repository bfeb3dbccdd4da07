/**
 * The video player's states and rules (docs/product-rules.md, 'Editor and player'): idle, loading, ready,
 * playing, paused, ended, error. Loading starts on the element's load start; metadata with an
 * invalid or non-finite duration is an error; a load that has not produced a playable frame after
 * 8 s is an error; Retry goes back to loading; playback is refused in error or when the element's
 * readyState is below 2 (HAVE_CURRENT_DATA). A pure reducer, so the rules are tested without a
 * browser; the Transport hook feeds it the element's events.
 */
import { VIDEO_LOAD_TIMEOUT_MS } from '@cinegrade/contract';

export type PlayerStatus = 'idle' | 'loading' | 'ready' | 'playing' | 'paused' | 'ended' | 'error';

export interface PlayerState {
  readonly status: PlayerStatus;
  /** Seconds; 0 until valid metadata arrives. */
  readonly duration: number;
  /** Why the player is in error, for the log; the overlay always reads 'Failed to load video'. */
  readonly error: string | null;
}

export type PlayerEvent =
  | { type: 'source' } // a new file: nothing loaded yet
  | { type: 'load-start' }
  | { type: 'metadata'; duration: number }
  | { type: 'data' } // loadeddata / canplay: a frame can be shown
  | { type: 'play' }
  | { type: 'pause' }
  | { type: 'ended' }
  | { type: 'seeked'; atEnd: boolean }
  | { type: 'error'; message: string }
  | { type: 'timeout' }
  | { type: 'retry' };

export const INITIAL_PLAYER_STATE: PlayerState = { status: 'idle', duration: 0, error: null };

/** The player's overlay text (docs/product-rules.md, 'Messages'). */
export const PLAYER_ERROR_TEXT = 'Failed to load video';

export { VIDEO_LOAD_TIMEOUT_MS };

export function playerReducer(state: PlayerState, event: PlayerEvent): PlayerState {
  switch (event.type) {
    case 'source':
      return INITIAL_PLAYER_STATE;
    case 'load-start':
      // A new load (the element's `loadstart`) restarts the sequence, error or not.
      return { status: 'loading', duration: 0, error: null };
    case 'retry':
      return { status: 'loading', duration: 0, error: null };
    case 'metadata':
      if (state.status === 'error') return state;
      if (!Number.isFinite(event.duration) || event.duration <= 0) {
        return { status: 'error', duration: 0, error: `invalid duration (${event.duration})` };
      }
      return { ...state, status: state.status === 'idle' ? 'loading' : state.status, duration: event.duration };
    case 'data':
      return state.status === 'loading' || state.status === 'idle' ? { ...state, status: 'ready' } : state;
    case 'play':
      return state.status === 'error' ? state : { ...state, status: 'playing' };
    case 'pause':
      // The element pauses itself at the end too; 'ended' then wins.
      return state.status === 'playing' ? { ...state, status: 'paused' } : state;
    case 'ended':
      return state.status === 'error' ? state : { ...state, status: 'ended' };
    case 'seeked':
      // Seeking back from the end (Reset, the seek bar) leaves a paused player, not an ended one.
      return state.status === 'ended' && !event.atEnd ? { ...state, status: 'paused' } : state;
    case 'error':
      return { ...state, status: 'error', error: event.message };
    case 'timeout':
      return state.status === 'loading' || state.status === 'idle'
        ? { ...state, status: 'error', error: `no playable frame after ${VIDEO_LOAD_TIMEOUT_MS / 1000} s` }
        : state;
  }
}

/** HTMLMediaElement.HAVE_CURRENT_DATA: the element has the frame at the current position. */
export const HAVE_CURRENT_DATA = 2;

/** Whether a play request may go to the element (refused in error or readyState < 2). */
export function canStartPlayback(state: PlayerState, readyState: number): boolean {
  return state.status !== 'error' && readyState >= HAVE_CURRENT_DATA;
}

/** Whether the load timer should be running. */
export function isLoading(state: PlayerState): boolean {
  return state.status === 'loading';
}
