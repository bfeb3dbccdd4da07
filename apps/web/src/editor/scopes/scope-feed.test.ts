import { describe, expect, it } from 'vitest';
import { emptyScopeData } from './scope-data';
import { createScopeFeed, SCOPE_INTERVAL_MS, type ScopeClock } from './scope-feed';

function fakeClock() {
  let now = 0;
  const timers: { at: number; callback: () => void; id: number }[] = [];
  let nextId = 1;
  const clock: ScopeClock = {
    now: () => now,
    setTimeout: (callback, ms) => {
      const id = nextId++;
      timers.push({ at: now + ms, callback, id });
      return id;
    },
    clearTimeout: (id) => {
      const index = timers.findIndex((t) => t.id === id);
      if (index >= 0) timers.splice(index, 1);
    },
  };
  const advance = (ms: number) => {
    const end = now + ms;
    for (;;) {
      timers.sort((a, b) => a.at - b.at);
      const next = timers[0];
      if (!next || next.at > end) break;
      timers.shift();
      now = next.at;
      next.callback();
    }
    now = end;
  };
  return { clock, advance };
}

/** A feed on a fake clock whose measurements are counted. */
function countingFeed() {
  const { clock, advance } = fakeClock();
  const counter = { measured: 0 };
  const feed = createScopeFeed(() => {
    counter.measured++;
    return emptyScopeData();
  }, clock);
  return { feed, advance, counter };
}

describe('createScopeFeed', () => {
  it('measures at most about 15 times a second while frames keep coming, ending on the last frame', () => {
    const { feed, advance, counter } = countingFeed();
    feed.setActive(true);
    expect(counter.measured).toBe(0); // nothing drawn yet: no data to measure
    // One second of 60 frames per second.
    for (let frame = 0; frame < 60; frame++) {
      feed.frameDrawn();
      advance(1000 / 60);
    }
    advance(SCOPE_INTERVAL_MS);
    expect(counter.measured).toBeGreaterThanOrEqual(14);
    expect(counter.measured).toBeLessThanOrEqual(16);
    expect(feed.getData()).not.toBeNull();
  });

  it('does nothing while no scope is shown, and catches up when one is', () => {
    const { feed, advance, counter } = countingFeed();
    feed.frameDrawn();
    advance(500);
    expect(counter.measured).toBe(0);
    feed.setActive(true);
    expect(counter.measured).toBe(1);
  });

  it('pauses while scrubbing and measures the frame scrubbing stopped on', () => {
    const { feed, advance, counter } = countingFeed();
    feed.setActive(true);
    feed.frameDrawn();
    expect(counter.measured).toBe(1);
    feed.setScrubbing(true);
    for (let i = 0; i < 20; i++) {
      feed.frameDrawn();
      advance(50);
    }
    expect(counter.measured).toBe(1);
    feed.setScrubbing(false);
    expect(counter.measured).toBe(2);
  });

  it('tells its subscribers about each measurement', () => {
    const { clock } = fakeClock();
    const feed = createScopeFeed(() => emptyScopeData(), clock);
    let calls = 0;
    feed.subscribe(() => calls++);
    feed.setActive(true);
    feed.frameDrawn();
    expect(calls).toBe(1);
  });
});
