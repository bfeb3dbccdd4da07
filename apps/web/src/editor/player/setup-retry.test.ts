import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setupWithRetry } from './setup-retry';

describe('setupWithRetry', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('tries at once, then every 100 ms until the setup succeeds', () => {
    let available = false;
    const teardown = vi.fn();
    const attempt = vi.fn(() => (available ? teardown : null));
    const stop = setupWithRetry(attempt);
    expect(attempt).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(99);
    expect(attempt).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(attempt).toHaveBeenCalledTimes(2);
    available = true;
    vi.advanceTimersByTime(100);
    expect(attempt).toHaveBeenCalledTimes(3);
    vi.advanceTimersByTime(1000);
    expect(attempt).toHaveBeenCalledTimes(3);
    stop();
    expect(teardown).toHaveBeenCalledTimes(1);
  });

  it('gives up after the last attempt and stops retrying when stopped', () => {
    const onGiveUp = vi.fn();
    const attempt = vi.fn(() => null);
    setupWithRetry(attempt, { maxAttempts: 3, onGiveUp });
    vi.advanceTimersByTime(1000);
    expect(attempt).toHaveBeenCalledTimes(3);
    expect(onGiveUp).toHaveBeenCalledTimes(1);

    const other = vi.fn(() => null);
    const stop = setupWithRetry(other);
    stop();
    vi.advanceTimersByTime(1000);
    expect(other).toHaveBeenCalledTimes(1);
  });
});
