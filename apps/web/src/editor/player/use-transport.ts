/**
 * One transport for both monitors: it drives the SOURCE <video>, and PROGRAM draws that
 * element's frames, so the two cannot drift apart. Feeds the element's events to the player state
 * machine, runs the 8 s load timer, refuses playback the spec refuses, and owns volume, seeking,
 * frame steps and the J/K/L shuttle.
 */
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { frameStepTime, nextShuttleSpeed } from '../shortcuts';
import { canStartPlayback, INITIAL_PLAYER_STATE, playerReducer, VIDEO_LOAD_TIMEOUT_MS, type PlayerState } from './player-state';
import { setupWithRetry } from './setup-retry';
import { INITIAL_VOLUME, setVolume as applyVolume, toggleMute as applyMute, type VolumeState } from './volume';

/** The frame rate to step by when the file's metadata does not say (PAL video). */
export const FALLBACK_FRAME_RATE = 25;

export interface Transport {
  readonly state: PlayerState;
  readonly element: HTMLVideoElement | null;
  readonly currentTime: number;
  readonly volume: VolumeState;
  /** 0 when not shuttling; ±1, 2, 4, 8 while J/L shuttle. */
  readonly shuttleSpeed: number;
  /** Ref callback for the SOURCE <video>. */
  attach: (element: HTMLVideoElement | null) => void;
  play: () => void;
  pause: () => void;
  togglePlay: () => void;
  /** Back to the first frame, paused. */
  reset: () => void;
  seek: (seconds: number) => void;
  setScrubbing: (scrubbing: boolean) => void;
  setVolume: (volume: number) => void;
  toggleMute: () => void;
  stepFrame: (direction: -1 | 1) => void;
  shuttle: (action: 'shuttle-reverse' | 'shuttle-stop' | 'shuttle-forward') => void;
  retry: () => void;
}

export function useTransport(url: string | null, frameRate: number | null, onScrubbingChange?: (scrubbing: boolean) => void): Transport {
  const [state, dispatch] = useReducer(playerReducer, INITIAL_PLAYER_STATE);
  const [element, setElement] = useState<HTMLVideoElement | null>(null);
  const [currentTime, setCurrentTime] = useState(0);
  const [volume, setVolumeState] = useState<VolumeState>(INITIAL_VOLUME);
  const [shuttleSpeed, setShuttleSpeedState] = useState(0);
  // Read by key presses that come faster than React renders (L, L: 1× then 2×).
  const shuttleRef = useRef(0);
  const setShuttleSpeed = useCallback((speed: number) => {
    shuttleRef.current = speed;
    setShuttleSpeedState(speed);
  }, []);
  const elementRef = useRef<HTMLVideoElement | null>(null);
  const stateRef = useRef(state);
  stateRef.current = state;
  const reverseTimer = useRef<number | null>(null);

  const attach = useCallback((node: HTMLVideoElement | null) => {
    elementRef.current = node;
    setElement(node);
  }, []);

  // A new file: forget the old one's state.
  useEffect(() => {
    dispatch({ type: 'source' });
    setCurrentTime(0);
    setShuttleSpeed(0);
  }, [url, setShuttleSpeed]);

  // Listen to the element, retrying every 100 ms until it is in the document.
  useEffect(() => {
    if (!url) return undefined;
    return setupWithRetry(() => {
      const video = elementRef.current;
      if (!video?.isConnected) return null;
      const handlers: [string, () => void][] = [
        ['loadstart', () => dispatch({ type: 'load-start' })],
        ['loadedmetadata', () => dispatch({ type: 'metadata', duration: video.duration })],
        ['loadeddata', () => dispatch({ type: 'data' })],
        ['canplay', () => dispatch({ type: 'data' })],
        ['play', () => dispatch({ type: 'play' })],
        ['pause', () => dispatch({ type: 'pause' })],
        ['ended', () => dispatch({ type: 'ended' })],
        ['error', () => dispatch({ type: 'error', message: video.error?.message || `media error ${video.error?.code ?? ''}`.trim() })],
        ['timeupdate', () => setCurrentTime(video.currentTime)],
        ['seeked', () => {
          setCurrentTime(video.currentTime);
          dispatch({ type: 'seeked', atEnd: Number.isFinite(video.duration) && video.currentTime >= video.duration - 1e-3 });
        }],
        ['durationchange', () => {
          if (video.readyState >= 1) dispatch({ type: 'metadata', duration: video.duration });
        }],
      ];
      for (const [type, handler] of handlers) video.addEventListener(type, handler);
      // Events that fired before we listened.
      if (video.error) dispatch({ type: 'error', message: video.error.message || `media error ${video.error.code}` });
      else if (video.networkState === video.NETWORK_LOADING || video.readyState > 0) dispatch({ type: 'load-start' });
      if (!video.error && video.readyState >= 1) dispatch({ type: 'metadata', duration: video.duration });
      if (!video.error && video.readyState >= 2) dispatch({ type: 'data' });
      return () => {
        for (const [type, handler] of handlers) video.removeEventListener(type, handler);
      };
    });
  }, [url]);

  // The 8 s load timeout (VIDEO_LOAD_TIMEOUT_MS).
  useEffect(() => {
    if (state.status !== 'loading') return undefined;
    const timer = window.setTimeout(() => dispatch({ type: 'timeout' }), VIDEO_LOAD_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, [state.status]);

  // Volume and mute follow the state (default 0.5).
  useEffect(() => {
    if (!element) return;
    element.volume = volume.volume;
    element.muted = volume.muted;
  }, [element, volume]);

  const stopReverse = useCallback(() => {
    if (reverseTimer.current !== null) cancelAnimationFrame(reverseTimer.current);
    reverseTimer.current = null;
  }, []);
  useEffect(() => stopReverse, [stopReverse, url]);

  const play = useCallback(() => {
    const video = elementRef.current;
    if (!video || !canStartPlayback(stateRef.current, video.readyState)) return;
    stopReverse();
    setShuttleSpeed(0);
    video.playbackRate = 1;
    video.play().catch((error: unknown) => {
      // A play() interrupted by a pause or a new source is not a failure.
      if (!(error instanceof DOMException && error.name === 'AbortError')) console.warn('Playback was refused', error);
    });
  }, [stopReverse, setShuttleSpeed]);

  const pause = useCallback(() => {
    stopReverse();
    setShuttleSpeed(0);
    const video = elementRef.current;
    if (!video) return;
    video.pause();
    video.playbackRate = 1;
  }, [stopReverse, setShuttleSpeed]);

  const togglePlay = useCallback(() => {
    const video = elementRef.current;
    if (!video) return;
    if (video.paused && reverseTimer.current === null) play();
    else pause();
  }, [play, pause]);

  const seek = useCallback((seconds: number) => {
    const video = elementRef.current;
    if (!video || !Number.isFinite(seconds)) return;
    const duration = Number.isFinite(video.duration) ? video.duration : 0;
    video.currentTime = Math.min(Math.max(0, seconds), duration);
    setCurrentTime(video.currentTime);
  }, []);

  const reset = useCallback(() => {
    pause();
    seek(0);
  }, [pause, seek]);

  const stepFrame = useCallback(
    (direction: -1 | 1) => {
      const video = elementRef.current;
      if (!video || stateRef.current.status === 'error' || video.readyState < 1) return;
      pause();
      seek(frameStepTime(video.currentTime, frameRate ?? FALLBACK_FRAME_RATE, direction, video.duration));
    },
    [frameRate, pause, seek],
  );

  const shuttle = useCallback(
    (action: 'shuttle-reverse' | 'shuttle-stop' | 'shuttle-forward') => {
      const video = elementRef.current;
      if (!video) return;
      const speed = nextShuttleSpeed(shuttleRef.current, action);
      if (speed === 0) {
        pause();
        return;
      }
      if (!canStartPlayback(stateRef.current, video.readyState)) return;
      setShuttleSpeed(speed);
      if (speed > 0) {
        stopReverse();
        video.playbackRate = speed;
        if (video.paused) void video.play().catch(() => undefined);
        return;
      }
      // Browsers do not play backwards: step the position back in time with the display instead.
      video.pause();
      stopReverse();
      let last = performance.now();
      const tick = (now: number) => {
        const next = video.currentTime - ((now - last) / 1000) * -speed;
        last = now;
        if (next <= 0) {
          video.currentTime = 0;
          reverseTimer.current = null;
          setShuttleSpeed(0);
          return;
        }
        // Wait for the previous seek to land before asking for the next one.
        if (!video.seeking) video.currentTime = next;
        reverseTimer.current = requestAnimationFrame(tick);
      };
      reverseTimer.current = requestAnimationFrame(tick);
    },
    [pause, setShuttleSpeed, stopReverse],
  );

  const retry = useCallback(() => {
    dispatch({ type: 'retry' });
    elementRef.current?.load();
  }, []);

  return {
    state,
    element,
    currentTime,
    volume,
    shuttleSpeed,
    attach,
    play,
    pause,
    togglePlay,
    reset,
    seek,
    setScrubbing: (scrubbing) => onScrubbingChange?.(scrubbing),
    setVolume: (value) => setVolumeState((current) => applyVolume(current, value)),
    toggleMute: () => setVolumeState(applyMute),
    stepFrame,
    shuttle,
    retry,
  };
}
