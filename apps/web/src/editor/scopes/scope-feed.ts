/**
 * When the scopes measure: after PROGRAM draws, at most about 15 times a second (docs/architecture.md, 'Web'),
 * never while the person scrubs the seek bar (a measurement per seek would slow scrubbing), with a
 * last measurement when scrubbing stops or after a burst of frames, so the scopes always end on
 * the frame on screen. Only while at least one scope is shown.
 */
import type { ScopeData } from './scope-data';

export const SCOPE_INTERVAL_MS = 1000 / 15;

export interface ScopeFeed {
  getData: () => ScopeData | null;
  subscribe: (listener: () => void) => () => void;
  /** PROGRAM drew a frame. */
  frameDrawn: () => void;
  setActive: (active: boolean) => void;
  setScrubbing: (scrubbing: boolean) => void;
  dispose: () => void;
}

export interface ScopeClock {
  now: () => number;
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

const realClock: ScopeClock = {
  now: () => performance.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export function createScopeFeed(measure: () => ScopeData | null, clock: ScopeClock = realClock): ScopeFeed {
  let data: ScopeData | null = null;
  let active = false;
  let scrubbing = false;
  let last = Number.NEGATIVE_INFINITY;
  let pending: unknown = null;
  let stale = false;
  const listeners = new Set<() => void>();

  const run = () => {
    pending = null;
    if (!active || scrubbing) return;
    last = clock.now();
    stale = false;
    const measured = measure();
    if (!measured) return;
    data = measured;
    for (const listener of listeners) listener();
  };

  const request = () => {
    stale = true;
    if (!active || scrubbing || pending !== null) return;
    const wait = last + SCOPE_INTERVAL_MS - clock.now();
    if (wait <= 0) run();
    else pending = clock.setTimeout(run, wait);
  };

  return {
    getData: () => data,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    frameDrawn: request,
    setActive(next) {
      active = next;
      if (active && stale) request();
    },
    setScrubbing(next) {
      scrubbing = next;
      if (!scrubbing && stale) request();
    },
    dispose() {
      if (pending !== null) clock.clearTimeout(pending);
      pending = null;
      listeners.clear();
    },
  };
}
