import { describe, expect, it } from 'vitest';
import { KeptArrays } from './kept-arrays';

const values = (length: number, fill: number) => new Float64Array(length).fill(fill);

describe('KeptArrays', () => {
  it('returns what it kept under the same key only', () => {
    const kept = new KeptArrays(4, 1024);
    kept.keep('a', values(2, 1));
    expect(Array.from(kept.recall('a') ?? [])).toEqual([1, 1]);
    expect(kept.recall('b')).toBeUndefined();
  });

  it('drops the least recently used entry beyond its entry count', () => {
    const kept = new KeptArrays(2, 1024);
    kept.keep('a', values(1, 1));
    kept.keep('b', values(1, 2));
    kept.recall('a');
    kept.keep('c', values(1, 3));
    expect(kept.recall('b')).toBeUndefined();
    expect(kept.recall('a')?.[0]).toBe(1);
    expect(kept.recall('c')?.[0]).toBe(3);
  });

  it('stays within its byte budget but always keeps the newest entry', () => {
    const kept = new KeptArrays(10, 100);
    kept.keep('a', values(8, 1)); // 64 bytes
    kept.keep('b', values(8, 2)); // 128 bytes in all: 'a' goes
    expect(kept.recall('a')).toBeUndefined();
    expect(kept.recall('b')?.[0]).toBe(2);
    kept.keep('huge', values(100, 3)); // over the budget on its own
    expect(kept.recall('b')).toBeUndefined();
    expect(kept.recall('huge')?.[0]).toBe(3);
  });

  it('replaces an entry kept again under its key', () => {
    const kept = new KeptArrays(2, 1024);
    kept.keep('a', values(1, 1));
    kept.keep('a', values(1, 5));
    kept.keep('b', values(1, 2));
    expect(kept.recall('a')?.[0]).toBe(5);
    expect(kept.recall('b')?.[0]).toBe(2);
  });

  it('offers an evicted array for reuse only when asked to, and only once', () => {
    const reusing = new KeptArrays(1, 1024, true);
    const first = reusing.keep('a', values(4, 1));
    reusing.keep('b', values(4, 2));
    expect(reusing.take(4)).toBe(first);
    expect(reusing.take(4)).not.toBe(first);
    expect(reusing.take(3)).toHaveLength(3);
    const sharing = new KeptArrays(1, 1024);
    const table = sharing.keep('a', values(4, 1));
    sharing.keep('b', values(4, 2));
    expect(sharing.take(4)).not.toBe(table);
  });
});
