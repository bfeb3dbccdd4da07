import { renderHook } from '@testing-library/react';
import { TEMP_FILE_CLEAR_DELAY_MS } from '@cinegrade/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useClearAfterSignOut } from './sign-out-clear';

const auth: { user: { id: string } | null } = vi.hoisted(() => ({ user: { id: 'user-1' } }));
vi.mock('../auth/AuthProvider', () => ({ useAuth: () => ({ loading: false, user: auth.user, profile: null }) }));

describe('useClearAfterSignOut', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    auth.user = { id: 'user-1' };
  });
  afterEach(() => vi.useRealTimers());

  it('clears one second after signing out is seen, not before', () => {
    expect(TEMP_FILE_CLEAR_DELAY_MS).toBe(1000);
    const clear = vi.fn();
    const view = renderHook(() => useClearAfterSignOut(clear));
    auth.user = null;
    view.rerender();
    vi.advanceTimersByTime(999);
    expect(clear).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(clear).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    expect(clear).toHaveBeenCalledTimes(1);
  });

  it('clears nothing when the person signs in again within the second', () => {
    const clear = vi.fn();
    const view = renderHook(() => useClearAfterSignOut(clear));
    auth.user = null;
    view.rerender();
    vi.advanceTimersByTime(500);
    auth.user = { id: 'user-1' };
    view.rerender();
    vi.advanceTimersByTime(5_000);
    expect(clear).not.toHaveBeenCalled();
  });

  it('clears nothing for a visitor who was never signed in', () => {
    auth.user = null;
    const clear = vi.fn();
    const view = renderHook(() => useClearAfterSignOut(clear));
    view.rerender();
    vi.advanceTimersByTime(5_000);
    expect(clear).not.toHaveBeenCalled();
  });
});
