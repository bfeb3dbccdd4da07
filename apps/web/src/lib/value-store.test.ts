import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createValueStore, useValueStore } from './value-store';

describe('createValueStore', () => {
  it('starts with its initial value and keeps what was set', () => {
    const store = createValueStore<string | null>(null);
    expect(store.get()).toBeNull();
    store.set('warm');
    expect(store.get()).toBe('warm');
  });

  it('tells every subscriber when the value is set, and no longer one that unsubscribed', () => {
    const store = createValueStore(0);
    const seenByFirst: number[] = [];
    const seenBySecond: number[] = [];
    const unsubscribeFirst = store.subscribe(() => seenByFirst.push(store.get()));
    store.subscribe(() => seenBySecond.push(store.get()));
    store.set(1);
    unsubscribeFirst();
    store.set(2);
    expect(seenByFirst).toEqual([1]);
    expect(seenBySecond).toEqual([1, 2]);
  });

  it('keeps two stores apart', () => {
    const first = createValueStore('a');
    const second = createValueStore('b');
    first.set('c');
    expect(second.get()).toBe('b');
  });
});

describe('useValueStore', () => {
  it('re-renders a component with each value set, and not for a value set to itself', () => {
    const store = createValueStore<{ name: string } | null>(null);
    let renders = 0;
    const { result } = renderHook(() => {
      renders += 1;
      return useValueStore(store);
    });
    expect(result.current).toBeNull();
    const warm = { name: 'Warm' };
    act(() => store.set(warm));
    expect(result.current).toBe(warm);
    const rendersAfterWarm = renders;
    act(() => store.set(warm));
    expect(renders).toBe(rendersAfterWarm);
    act(() => store.set({ name: 'Cold' }));
    expect(result.current).toEqual({ name: 'Cold' });
    expect(renders).toBe(rendersAfterWarm + 1);
  });

  it('stops reading the store once the component is gone', () => {
    const store = createValueStore(0);
    let reads = 0;
    const counted = { ...store, get: () => ((reads += 1), store.get()) };
    const { result, unmount } = renderHook(() => useValueStore(counted));
    act(() => store.set(1));
    expect(result.current).toBe(1);
    unmount();
    const readsWhenGone = reads;
    act(() => store.set(2));
    expect(reads).toBe(readsWhenGone);
  });
});
