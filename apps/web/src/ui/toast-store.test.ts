import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dismissToast, toast, useCurrentToast } from './toast-store';

describe('toast', () => {
  it('keeps one toast at a time: a new one replaces the current one', () => {
    const { result } = renderHook(() => useCurrentToast());
    act(() => toast({ title: 'First' }));
    expect(result.current?.title).toBe('First');
    act(() => toast({ title: 'Second', description: 'replaces the first', variant: 'destructive' }));
    expect(result.current).toMatchObject({ title: 'Second', description: 'replaces the first', variant: 'destructive' });
    const secondId = result.current?.id;
    act(() => dismissToast((secondId ?? 0) - 1));
    expect(result.current?.title).toBe('Second');
    act(() => dismissToast(secondId));
    expect(result.current).toBeNull();
  });
});
