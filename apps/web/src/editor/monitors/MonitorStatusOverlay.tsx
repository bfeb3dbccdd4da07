import { PLAYER_ERROR_TEXT } from '../player/player-state';
import { MonitorOverlay } from './MonitorOverlay';
import type { MonitorStatus } from './monitor-status';

/** The overlay for a monitor status; nothing when the picture is ready. */
export function MonitorStatusOverlay({ status, onRetry }: { status: MonitorStatus; onRetry: () => void }) {
  switch (status) {
    case 'ready':
      return null;
    case 'no-media':
      return <MonitorOverlay>No Media</MonitorOverlay>;
    case 'restoring':
      return <MonitorOverlay spinner>Restoring your file...</MonitorOverlay>;
    case 'preparing':
      return <MonitorOverlay spinner>Preparing a preview copy of this file…</MonitorOverlay>;
    case 'loading':
      return <MonitorOverlay spinner>Loading ...</MonitorOverlay>;
    case 'failed':
      return (
        <MonitorOverlay tone="error">
          <span>{PLAYER_ERROR_TEXT}</span>
          <button type="button" className="btn btn-sm" onClick={onRetry}>
            Retry
          </button>
        </MonitorOverlay>
      );
    case 'image-failed':
      return (
        <MonitorOverlay tone="error">
          <span>Failed to load image</span>
          <button type="button" className="btn btn-sm" onClick={onRetry}>
            Retry
          </button>
        </MonitorOverlay>
      );
  }
}
