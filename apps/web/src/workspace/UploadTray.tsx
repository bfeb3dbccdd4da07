import { useLayoutEffect, useState } from 'react';
import { placeUploadTray, type TrayPlacement } from './upload-tray-placement';
import { useUploadActions, useUploads } from './uploads';
import './upload-tray.css';

function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * Keeps the tray off My Assets: placed from the panel's box, again whenever the window or the
 * panel changes size or the page scrolls, while the tray is shown.
 */
function useTrayPlacement(shown: boolean, itemCount: number): TrayPlacement | null {
  const [placement, setPlacement] = useState<TrayPlacement | null>(null);
  useLayoutEffect(() => {
    if (!shown) return;
    const panel = document.querySelector('.assets-panel');
    const place = () => {
      const box = panel?.isConnected ? panel.getBoundingClientRect() : null;
      const next = placeUploadTray(box, { width: window.innerWidth, height: window.innerHeight });
      setPlacement((current) => (current && current.left === next.left && current.bottom === next.bottom && current.width === next.width ? current : next));
    };
    place();
    const observer = typeof ResizeObserver === 'function' && panel ? new ResizeObserver(place) : null;
    if (panel) observer?.observe(panel);
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, true);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, true);
    };
  }, [shown, itemCount]);
  return placement;
}

/** Uploads in progress: a progress bar each, pause and resume, and what went wrong, with the file's name and the reason. */
export function UploadTray() {
  const uploads = useUploads();
  const { pauseUpload, resumeUpload, cancelUpload, dismissUpload } = useUploadActions();
  const placement = useTrayPlacement(uploads.length > 0, uploads.length);
  if (uploads.length === 0) return null;
  return (
    <aside className="upload-tray" aria-label="Uploads" style={placement ?? undefined}>
      {uploads.map((item) => {
        const percent = item.size > 0 ? Math.floor((item.sent / item.size) * 100) : 100;
        return (
          <div key={item.id} className="upload-item" data-testid="upload-item" data-status={item.status}>
            <div className="row">
              <strong className="upload-name" title={item.fileName}>
                {item.fileName}
              </strong>
              <span className="spacer" />
              <span className="muted small" data-testid="upload-percent">
                {item.status === 'done' ? 'Uploaded' : item.status === 'failed' ? 'Failed' : item.status === 'paused' ? `Paused at ${percent}%` : item.status === 'retrying' ? `Reconnecting… ${percent}%` : item.status === 'waiting' ? 'Waiting…' : `${percent}%`}
              </span>
            </div>
            <div className="progress" role="progressbar" aria-label={`Upload of ${item.fileName}`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
              <div className="progress-bar" style={{ width: `${percent}%` }} />
            </div>
            <div className="row small">
              <span className="muted">
                {megabytes(item.sent)} of {megabytes(item.size)}
              </span>
              <span className="spacer" />
              {(item.status === 'uploading' || item.status === 'retrying') && (
                <button type="button" className="btn btn-sm" onClick={() => pauseUpload(item.id)}>
                  Pause
                </button>
              )}
              {item.status === 'paused' && (
                <button type="button" className="btn btn-sm" onClick={() => resumeUpload(item.id)}>
                  Resume
                </button>
              )}
              {item.status !== 'done' && item.status !== 'failed' && (
                <button type="button" className="btn btn-sm btn-ghost" onClick={() => cancelUpload(item.id)}>
                  Cancel
                </button>
              )}
              {item.status === 'failed' && (
                <button type="button" className="btn btn-sm btn-ghost" onClick={() => dismissUpload(item.id)}>
                  Dismiss
                </button>
              )}
            </div>
            {item.error && (
              <div className="field-error upload-error" role="alert" data-testid="upload-error">
                {item.fileName} was not uploaded: {item.error}
              </div>
            )}
          </div>
        );
      })}
    </aside>
  );
}
