/**
 * Volume and mute (docs/product-rules.md, 'Editor and player'): volume 0..1 in steps of 0.1, default 0.5; setting the
 * volume to 0 mutes; unmuting at 0 restores 0.5.
 */
import { DEFAULT_VOLUME } from '@cinegrade/contract';

export interface VolumeState {
  readonly volume: number;
  readonly muted: boolean;
}

export const VOLUME_STEP = 0.1;
export const INITIAL_VOLUME: VolumeState = { volume: DEFAULT_VOLUME, muted: false };

/** Rounds to the 0.1 grid (VOLUME_STEP) and clamps to 0..1 (NaN counts as 0). */
export function snapVolume(value: number): number {
  if (!(value > 0)) return 0;
  if (value >= 1) return 1;
  return Math.round(value * 10) / 10;
}

/** The volume slider moved: 0 mutes, anything above unmutes. */
export function setVolume(_state: VolumeState, value: number): VolumeState {
  const volume = snapVolume(value);
  return { volume, muted: volume === 0 };
}

/** The mute button: mutes, or unmutes (at volume 0, back to 0.5). */
export function toggleMute(state: VolumeState): VolumeState {
  if (!state.muted) return { ...state, muted: true };
  return { volume: state.volume === 0 ? DEFAULT_VOLUME : state.volume, muted: false };
}
