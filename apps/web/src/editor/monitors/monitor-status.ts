/**
 * What a monitor shows instead of (or over) the picture, from the media and the player state:
 * 'No Media', 'Restoring your file...', the preview copy
 * being prepared, 'Loading ...', or 'Failed to load video' with Retry.
 */
import type { PlayerStatus } from '../player/player-state';

export type MonitorStatus = 'no-media' | 'restoring' | 'preparing' | 'loading' | 'failed' | 'image-failed' | 'ready';

export function monitorStatus(input: {
  hasMedia: boolean;
  restoring: boolean;
  url: string | null;
  mediaType: 'video' | 'image' | null;
  player: PlayerStatus;
  imageState: 'loading' | 'loaded' | 'failed';
}): MonitorStatus {
  if (!input.hasMedia) return 'no-media';
  if (input.restoring) return 'restoring';
  if (input.url === null) return 'preparing';
  if (input.mediaType === 'image') {
    if (input.imageState === 'failed') return 'image-failed';
    return input.imageState === 'loaded' ? 'ready' : 'loading';
  }
  if (input.player === 'error') return 'failed';
  if (input.player === 'idle' || input.player === 'loading') return 'loading';
  return 'ready';
}
