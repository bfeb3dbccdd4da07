/**
 * The per-channel pass of a colour program (`program.ts`): one fused curve per channel, evaluated
 * either exactly or, when a run covers many points, through dense tables with linear
 * interpolation.
 *
 * Table layout per input domain. Encoded input is indexed directly over −0.5..1.5 (split toning
 * and lifts push values a little outside 0..1). Linear and scene light are indexed by their signed
 * square root, which spreads samples towards black where curves such as x^(1/2.4) or a log
 * encoding bend fastest; the negative side covers what black-point and gamut operations leave
 * below zero. Building a table costs about as much as evaluating that many points, so tables are
 * sized to the run: 2048 intervals below 150 000 points (a 33-point bake), 4096 above (a 65-point
 * bake). Values near zero (encoded within 0.01, linear or scene light within 1e-4) and values
 * outside the table use the exact function. Measured error: `program.test.ts`.
 */
import { KeptArrays } from './kept-arrays';
import type { ChannelFunction, ChannelFunctions, Domain } from './program';

/** Runs below this many points evaluate curves exactly; longer ones build and use tables. */
const TABLE_THRESHOLD = 4096;

const TABLE_LAYOUT: Record<Domain, { readonly minIndexValue: number; readonly maxIndexValue: number; readonly rootIndexed: boolean }> = {
  encoded: { minIndexValue: -0.5, maxIndexValue: 1.5, rootIndexed: false },
  linear: { minIndexValue: -1, maxIndexValue: Math.sqrt(6), rootIndexed: true },
  scene: { minIndexValue: -2, maxIndexValue: Math.sqrt(80), rootIndexed: true },
};

function tableIntervals(count: number): number {
  return count >= 150_000 ? 4096 : 2048;
}

/** A composition of channel functions, applied first to last. */
export type ChannelChain = readonly ChannelFunction[];

/**
 * Channel functions that live as long as the engine — the transfer functions, the camera
 * transforms, a catalogue look's curves — each with an id. Tables (and partial tables) made only
 * of them are kept across bakes: a slider drag then rebuilds just the tables of the sliders' own
 * curves. The functions are pure, so a kept table equals a rebuilt one bit for bit.
 */
const longLived = new WeakMap<ChannelFunction, number>();
let nextId = 1;

export function markLongLived(fn: ChannelFunction): void {
  if (!longLived.has(fn)) longLived.set(fn, nextId++);
}

/** A key naming a chain made only of long-lived functions, or null if any function is not one. */
export function chainKey(chain: ChannelChain): string | null {
  const ids = chain.map((fn) => longLived.get(fn));
  return ids.every((id) => id !== undefined) ? ids.join(',') : null;
}

/**
 * Values at a table's nodes of the chain prefixes made of long-lived functions, keyed by layout,
 * size and function ids: at most 64 of at most 32 KiB each.
 */
const prefixes = new KeptArrays(64, 2 * 1024 * 1024);

/** The input value at each node of a table over `from` with `intervals` intervals. */
function nodeInputs(from: Domain, intervals: number): Float64Array {
  const layout = TABLE_LAYOUT[from];
  const nodes = new Float64Array(intervals + 2);
  const span = layout.maxIndexValue - layout.minIndexValue;
  for (let k = 0; k < nodes.length; k++) {
    const t = layout.minIndexValue + (k / intervals) * span;
    nodes[k] = layout.rootIndexed ? (t < 0 ? -t * t : t * t) : t;
  }
  return nodes;
}

function applyToAll(fn: ChannelFunction, values: Float64Array): void {
  for (let k = 0; k < values.length; k++) values[k] = fn(values[k]!);
}

/** The values of chain[0..length) at the nodes, all long-lived functions; shared, never written. */
function prefixValues(chain: ChannelChain, length: number, from: Domain, intervals: number): Float64Array {
  let key = `${from}/${intervals}/`;
  let values = prefixes.recall(key) ?? prefixes.keep(key, nodeInputs(from, intervals));
  for (let j = 0; j < length; j++) {
    const fn = chain[j]!;
    key += `${longLived.get(fn)},`;
    let next = prefixes.recall(key);
    if (!next) {
      next = values.slice();
      applyToAll(fn, next);
      prefixes.keep(key, next);
    }
    values = next;
  }
  return values;
}

/**
 * The table of a chain: its value at every node, function by function (one loop per function
 * rather than one nested call per node). The leading long-lived functions come from the kept
 * prefixes; the returned table is shared and must not be written.
 */
function buildTable(chain: ChannelChain, from: Domain, intervals: number): Float64Array {
  let fixed = 0;
  while (fixed < chain.length && longLived.has(chain[fixed]!)) fixed++;
  const values = prefixValues(chain, fixed, from, intervals);
  if (fixed === chain.length) return values;
  const table = values.slice();
  for (let j = fixed; j < chain.length; j++) applyToAll(chain[j]!, table);
  return table;
}

function sameChain(a: ChannelChain, b: ChannelChain): boolean {
  return a === b || (a.length === b.length && a.every((fn, j) => fn === b[j]));
}

/**
 * Indices of the values a direct lookup left to the exact function: with no call in the table
 * loop V8 keeps that loop's values in registers (measured 10 to 17 % faster). Root-indexed lookups
 * call the exact function in place: a camera's scene light has many values near zero, and there
 * the second loop measured slower. A chunk has at most 1024 values per channel.
 */
let misses = new Int32Array(1024);

/** Evaluates the `count` values listed in `misses` exactly (exact zeros take `atZero`). */
function evaluateMisses(buffer: Float64Array, count: number, fn: ChannelFunction, atZero: number): void {
  for (let j = 0; j < count; j++) {
    const i = misses[j]!;
    const x = buffer[i]!;
    buffer[i] = x === 0 ? atZero : fn(x);
  }
}

/**
 * Table lookup for values i, i + 3, … < stop of `buffer` (one channel) through a table indexed
 * directly from `low` (table position p = (x − low)·scale). Near black (|x| < 0.01) the exact
 * function is used: a linear-light error of 1e-8 there is invisible, but a later x^(1/2.4) would
 * magnify it to 1e-4.
 */
function lookupDirect(buffer: Float64Array, i: number, stop: number, table: Float64Array, fn: ChannelFunction, low: number, limit: number, scale: number, atZero: number): void {
  let missed = 0;
  for (; i < stop; i += 3) {
    const x = buffer[i]!;
    // One test on |x| rather than one per sign: signs often alternate unpredictably.
    if (Math.abs(x) >= 0.01 && x >= low && x < limit) {
      const p = (x - low) * scale;
      const k = p | 0;
      const a = table[k]!;
      buffer[i] = a + (table[k + 1]! - a) * (p - k);
    } else {
      misses[missed++] = i;
    }
  }
  evaluateMisses(buffer, missed, fn, atZero);
}

/**
 * Table lookup indexed by the signed square root t of the value (p = (t − low)·scale). Within
 * 1e-4 of zero, where curves such as x^(1/2.4) bend too fast even for a root index, the exact
 * function is used; exact zeros (the black faces of a grid) use its value at 0. The range tests
 * are made on x itself (t in low..limit is x in −low²..limit²), so only values that use the table
 * pay for the square root.
 */
function lookupRoot(buffer: Float64Array, i: number, stop: number, table: Float64Array, fn: ChannelFunction, low: number, limit: number, scale: number, atZero: number): void {
  const zero = -low * scale;
  const lowest = -(low * low);
  const highest = limit * limit;
  for (; i < stop; i += 3) {
    const x = buffer[i]!;
    let p: number;
    if (x >= 1e-4 && x < highest) p = zero + Math.sqrt(x) * scale;
    else if (x <= -1e-4 && x >= lowest) p = zero - Math.sqrt(-x) * scale;
    else {
      buffer[i] = x === 0 ? atZero : fn(x);
      continue;
    }
    const k = p | 0;
    const a = table[k]!;
    buffer[i] = a + (table[k + 1]! - a) * (p - k);
  }
}

function evaluateExactly(buffer: Float64Array, start: number, end: number, f0: ChannelFunction, f1: ChannelFunction, f2: ChannelFunction): void {
  for (let i = start * 3, stop = end * 3; i < stop; i += 3) {
    buffer[i] = f0(buffer[i]!);
    buffer[i + 1] = f1(buffer[i + 1]!);
    buffer[i + 2] = f2(buffer[i + 2]!);
  }
}

const NO_TABLE: Float64Array = new Float64Array(0);

/** A per-channel pass: the same function on all three channels, or one per channel. */
export class ChannelPass {
  private readonly f0: ChannelFunction;
  private readonly f1: ChannelFunction;
  private readonly f2: ChannelFunction;
  /** The exact value of each channel's function at 0. */
  private readonly z0: number;
  private readonly z1: number;
  private readonly z2: number;
  private readonly rootIndexed: boolean;
  private readonly low: number;
  private readonly limit: number;
  private scale = 0;
  private t0: Float64Array = NO_TABLE;
  private t1: Float64Array = NO_TABLE;
  private t2: Float64Array = NO_TABLE;
  private intervals = 0;
  private useTables = false;

  /**
   * @param fns each channel's function, composed (for exact evaluation)
   * @param chains each channel's function as the list it was composed from (for tables)
   */
  constructor(
    private readonly from: Domain,
    fns: ChannelFunctions,
    private readonly chains: readonly [ChannelChain, ChannelChain, ChannelChain],
  ) {
    [this.f0, this.f1, this.f2] = fns;
    this.z0 = this.f0(0);
    this.z1 = this.f1(0);
    this.z2 = this.f2(0);
    const layout = TABLE_LAYOUT[from];
    this.rootIndexed = layout.rootIndexed;
    this.low = layout.minIndexValue;
    this.limit = layout.maxIndexValue;
  }

  /** Chooses exact evaluation or tables for a run over `count` points, building tables once. */
  prepare(count: number): void {
    this.useTables = count >= TABLE_THRESHOLD;
    if (!this.useTables) return;
    const intervals = tableIntervals(count);
    if (this.intervals >= intervals) return;
    const [c0, c1, c2] = this.chains;
    this.t0 = buildTable(c0, this.from, intervals);
    this.t1 = sameChain(c1, c0) ? this.t0 : buildTable(c1, this.from, intervals);
    this.t2 = sameChain(c2, c0) ? this.t0 : sameChain(c2, c1) ? this.t1 : buildTable(c2, this.from, intervals);
    this.intervals = intervals;
    this.scale = intervals / (this.limit - this.low);
  }

  /** Runs over the RGB triplets of points start..end−1 of `buffer`, in place. */
  run(buffer: Float64Array, start: number, end: number): void {
    const { f0, f1, f2 } = this;
    if (!this.useTables) {
      evaluateExactly(buffer, start, end, f0, f1, f2);
      return;
    }
    const { low, limit, scale } = this;
    if (misses.length < end - start) misses = new Int32Array(end - start);
    const lookup = this.rootIndexed ? lookupRoot : lookupDirect;
    lookup(buffer, start * 3, end * 3, this.t0, f0, low, limit, scale, this.z0);
    lookup(buffer, start * 3 + 1, end * 3, this.t1, f1, low, limit, scale, this.z1);
    lookup(buffer, start * 3 + 2, end * 3, this.t2, f2, low, limit, scale, this.z2);
  }
}
