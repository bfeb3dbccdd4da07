import { PauseIcon, PlayIcon, ResetIcon, SpeakerIcon } from './TransportIcons';
import type { Transport } from './use-transport';

function formatTime(seconds: number): string {
  const safe = Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
  const minutes = Math.floor(safe / 60);
  const rest = Math.floor(safe % 60);
  return `${minutes}:${String(rest).padStart(2, '0')}`;
}

/**
 * The playback bar of the preview monitors: reset to start, play/pause, time, mute,
 * volume (0..1 in steps of 0.1) and the seek bar. Each monitor shows one; both drive the same
 * transport. Buttons carry `data-transport` so Space keeps playing and pausing after a click.
 */
export function TransportBar({ transport, monitor }: { transport: Transport; monitor: 'SOURCE' | 'PROGRAM' }) {
  const { state, currentTime, volume } = transport;
  const playing = state.status === 'playing' || transport.shuttleSpeed !== 0;
  const disabled = state.status === 'error' || state.status === 'idle' || state.status === 'loading';
  const duration = state.duration;
  return (
    <div className="transport" role="group" aria-label={`${monitor} playback`}>
      <button type="button" className="btn btn-sm btn-ghost btn-icon" data-transport onClick={transport.reset} disabled={disabled} aria-label="Reset to start" title="Reset to start">
        <ResetIcon />
      </button>
      <button
        type="button"
        className="btn btn-sm btn-icon"
        data-transport
        onClick={transport.togglePlay}
        disabled={disabled}
        aria-label={playing ? 'Pause' : 'Play'}
        title={playing ? 'Pause (Space)' : 'Play (Space)'}
      >
        {playing ? <PauseIcon /> : <PlayIcon />}
      </button>
      <span className="transport-time" data-testid="transport-time">
        {formatTime(currentTime)} / {formatTime(duration)}
      </span>
      <input
        className="transport-seek"
        type="range"
        min={0}
        max={duration || 0}
        step="any"
        value={Math.min(currentTime, duration || 0)}
        disabled={disabled}
        aria-label="Seek"
        onPointerDown={() => transport.setScrubbing(true)}
        onPointerUp={() => transport.setScrubbing(false)}
        onPointerCancel={() => transport.setScrubbing(false)}
        onBlur={() => transport.setScrubbing(false)}
        onChange={(event) => transport.seek(Number(event.target.value))}
      />
      {transport.shuttleSpeed !== 0 && <span className="badge">{transport.shuttleSpeed > 0 ? '»' : '«'} {Math.abs(transport.shuttleSpeed)}×</span>}
      <button
        type="button"
        className="btn btn-sm btn-ghost btn-icon"
        data-transport
        onClick={transport.toggleMute}
        aria-label={volume.muted ? 'Unmute' : 'Mute'}
        aria-pressed={volume.muted}
        title={volume.muted ? 'Unmute' : 'Mute'}
      >
        <SpeakerIcon muted={volume.muted} />
      </button>
      <input
        className="transport-volume"
        type="range"
        min={0}
        max={1}
        step={0.1}
        value={volume.muted ? 0 : volume.volume}
        aria-label="Volume"
        onChange={(event) => transport.setVolume(Number(event.target.value))}
      />
    </div>
  );
}
