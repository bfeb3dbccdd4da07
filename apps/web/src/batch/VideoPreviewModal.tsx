import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { applyLutToRgba, bakeLut, isIdentityGrade, type Grade } from '@cinegrade/color';
import { DEFAULT_VOLUME, VIDEO_LOAD_TIMEOUT_MS, type BatchFile } from '@cinegrade/contract';
import { SWATCH_LUT_SIZE } from '../editor/panels/look-swatches';
import { useStableUrl } from '../editor/monitors/use-stable-url';
import { formatDuration, formatFileSize, formatLabel } from './batch-files';

/** Longest side of the graded picture, in pixels: enough for the modal, cheap to grade every frame. */
const PREVIEW_SIDE = 640;

type Phase = 'loading' | 'ready' | 'error';

/**
 * A batch file's video, played through its grade with the colour engine (a baked LUT on the
 * CPU, frame by frame), with play/pause, restart, seek, mute and volume (0 to 1 in tenths).
 * Space plays or pauses, Escape closes.
 */
export function VideoPreviewModal({ file, grade, onClose }: { file: BatchFile; grade: Grade; onClose: () => void }) {
  // The link is kept while the modal is open (each read of the session signs a new one); Retry takes the latest.
  const { url: source, refresh } = useStableUrl(file.assetId, file.originalUrl);
  const video = useRef<HTMLVideoElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [phase, setPhase] = useState<Phase>('loading');
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(file.duration ?? 0);
  const [volume, setVolume] = useState(DEFAULT_VOLUME);
  const [muted, setMuted] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const lut = useMemo(() => (isIdentityGrade(grade) ? null : bakeLut(grade, SWATCH_LUT_SIZE)), [grade]);
  const lutRef = useRef(lut);
  lutRef.current = lut;

  const draw = useCallback(() => {
    const element = video.current;
    const target = canvas.current;
    if (!element || !target || element.videoWidth === 0) return;
    const scale = Math.min(1, PREVIEW_SIDE / Math.max(element.videoWidth, element.videoHeight));
    const width = Math.max(1, Math.round(element.videoWidth * scale));
    const height = Math.max(1, Math.round(element.videoHeight * scale));
    if (target.width !== width) target.width = width;
    if (target.height !== height) target.height = height;
    const context = target.getContext('2d', { willReadFrequently: true });
    if (!context) return;
    context.drawImage(element, 0, 0, width, height);
    const current = lutRef.current;
    if (!current) return;
    try {
      const frame = context.getImageData(0, 0, width, height);
      context.putImageData(new ImageData(new Uint8ClampedArray(applyLutToRgba(current, frame.data)), width, height), 0, 0);
    } catch {
      // A picture the browser will not let us read: it shows ungraded rather than not at all.
    }
  }, []);

  // A new grade redraws the frame that shows.
  useEffect(() => draw(), [lut, draw]);

  // While playing, every frame is graded.
  useEffect(() => {
    if (!playing) return;
    let frame = 0;
    const loop = () => {
      draw();
      frame = requestAnimationFrame(loop);
    };
    frame = requestAnimationFrame(loop);
    return () => cancelAnimationFrame(frame);
  }, [playing, draw]);

  // Loading that takes longer than the limit is a failure the person can retry.
  useEffect(() => {
    if (phase !== 'loading' || !source) return;
    const timer = window.setTimeout(() => setPhase('error'), VIDEO_LOAD_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, [phase, attempt, source]);

  const toggle = useCallback(() => {
    const element = video.current;
    if (!element || phase !== 'ready') return;
    if (element.paused) void element.play().catch(() => setPhase('error'));
    else element.pause();
  }, [phase]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onClose();
      } else if (event.key === ' ' && !(event.target instanceof HTMLInputElement)) {
        event.preventDefault();
        toggle();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose, toggle]);

  useEffect(() => {
    if (video.current) {
      video.current.volume = volume;
      video.current.muted = muted || volume === 0;
    }
  }, [volume, muted]);

  const format = formatLabel(file);
  return (
    <div className="batch-modal-backdrop" role="presentation" onClick={onClose}>
      <div className="batch-modal" role="dialog" aria-modal="true" aria-label={`Preview ${file.fileName}`} onClick={(event) => event.stopPropagation()}>
        <div className="row">
          <strong>{file.fileName}</strong>
          <span className="badge">{format}</span>
          <span className="small muted">{formatFileSize(file.fileSize)}</span>
          <span className="small muted">{formatDuration(duration)}</span>
          <span className="spacer" />
          <button type="button" className="btn btn-ghost btn-sm" onClick={onClose} aria-label="Close preview">
            ✕
          </button>
        </div>
        {!source ? (
          <div className="batch-modal-video">
            <div className="batch-modal-overlay">
              <strong>Video Not Available</strong>
              <span className="small">Cannot load video preview for {file.fileName}</span>
              <span className="small muted">Status: {file.status} · Format: {format}</span>
              <button type="button" className="btn btn-sm" onClick={onClose}>
                Close
              </button>
            </div>
          </div>
        ) : (
          <>
            <div className="batch-modal-video">
              <canvas ref={canvas} data-testid="preview-canvas" data-graded={lut ? 'true' : 'false'} />
              <video
                key={attempt}
                ref={video}
                src={source}
                preload="auto"
                playsInline
                crossOrigin="anonymous"
                hidden
                onLoadStart={() => setPhase('loading')}
                onLoadedMetadata={(event) => {
                  const d = event.currentTarget.duration;
                  if (!Number.isFinite(d) || d <= 0) setPhase('error');
                  else setDuration(d);
                }}
                onLoadedData={() => {
                  setPhase('ready');
                  draw();
                }}
                onSeeked={draw}
                onTimeUpdate={(event) => setTime(event.currentTarget.currentTime)}
                onPlay={() => setPlaying(true)}
                onPause={() => setPlaying(false)}
                onEnded={() => setPlaying(false)}
                onError={() => setPhase('error')}
              />
              {phase === 'loading' && <div className="batch-modal-overlay">Loading video...</div>}
              {phase === 'error' && (
                <div className="batch-modal-overlay">
                  <span>Failed to load video</span>
                  <button
                    type="button"
                    className="btn btn-sm"
                    onClick={() => {
                      setPhase('loading');
                      refresh();
                      setAttempt((n) => n + 1);
                    }}
                  >
                    Retry
                  </button>
                </div>
              )}
            </div>
            <div className="batch-modal-controls">
              <button type="button" className="btn btn-sm" onClick={toggle} disabled={phase !== 'ready'} aria-label={playing ? 'Pause' : 'Play'}>
                {playing ? '❚❚' : '▶'}
              </button>
              <button
                type="button"
                className="btn btn-sm"
                aria-label="Restart"
                disabled={phase !== 'ready'}
                onClick={() => {
                  if (video.current) video.current.currentTime = 0;
                }}
              >
                ⟲
              </button>
              <span className="small">
                {formatDuration(time)} / {formatDuration(duration)}
              </span>
              <input
                type="range"
                aria-label="Seek"
                min={0}
                max={duration || 0}
                step={0.01}
                value={time}
                disabled={phase !== 'ready'}
                onChange={(event) => {
                  if (video.current) video.current.currentTime = Number(event.target.value);
                }}
              />
              <button
                type="button"
                className="btn btn-sm"
                aria-label={muted || volume === 0 ? 'Unmute' : 'Mute'}
                onClick={() => {
                  if (muted || volume === 0) {
                    setMuted(false);
                    if (volume === 0) setVolume(DEFAULT_VOLUME);
                  } else setMuted(true);
                }}
              >
                {muted || volume === 0 ? '🔇' : '🔊'}
              </button>
              <input
                type="range"
                aria-label="Volume"
                min={0}
                max={1}
                step={0.1}
                value={muted ? 0 : volume}
                onChange={(event) => {
                  setVolume(Math.round(Number(event.target.value) * 10) / 10);
                  setMuted(false);
                }}
              />
            </div>
            <p className="small muted">Press spacebar to play/pause • Press ESC to close</p>
          </>
        )}
      </div>
    </div>
  );
}
