/**
 * A small least-recently-used store of computed arrays that do not depend on a grade's settings
 * (tables of the transfer functions, a camera transform's grid), so a bake reuses them instead of
 * computing them again. Bounded by entry count and by bytes; what is evicted is simply computed
 * again when next needed.
 */
export class KeptArrays {
  private readonly entries = new Map<string, Float64Array>();
  private bytes = 0;
  /** The last array evicted, when evicted arrays are offered for reuse. */
  private spare: Float64Array | null = null;

  /**
   * @param reuseEvicted offer the last evicted array to {@link take}: only for arrays nobody else
   *   holds once they are evicted (grids read during one bake), never for shared tables.
   */
  constructor(
    private readonly maxEntries: number,
    private readonly maxBytes: number,
    private readonly reuseEvicted = false,
  ) {}

  /** A writable array of `length` values: the last evicted one if it fits, else a new one. */
  take(length: number): Float64Array {
    const spare = this.spare;
    if (spare && spare.length === length) {
      this.spare = null;
      return spare;
    }
    return new Float64Array(length);
  }

  /** The array kept under `key`, now the most recently used, or undefined. */
  recall(key: string): Float64Array | undefined {
    const values = this.entries.get(key);
    if (values) {
      this.entries.delete(key);
      this.entries.set(key, values);
    }
    return values;
  }

  /** Keeps `values` under `key` (the caller must not write to them afterwards) and returns them. */
  keep(key: string, values: Float64Array): Float64Array {
    const previous = this.entries.get(key);
    if (previous) {
      this.entries.delete(key);
      this.bytes -= previous.byteLength;
    }
    this.entries.set(key, values);
    this.bytes += values.byteLength;
    for (const [oldest, old] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      if (oldest === key) continue;
      this.entries.delete(oldest);
      this.bytes -= old.byteLength;
      if (this.reuseEvicted) this.spare = old;
    }
    return values;
  }
}
