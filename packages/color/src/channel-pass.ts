/**
 * The per-channel pass of a colour program (`program.ts`): one fused curve per channel, evaluated
 * either exactly or, when a run covers many points, through dense tables with linear
 * interpolation.
 *
 * Two table layouts, by input domain:
 *  - encoded values are indexed directly over −0.5..1.5 (split toning and lifts push values a
 *    little outside 0..1), 2048 intervals for a 33-point bake, 4096 for a 65-point one;
 *  - linear and scene light are indexed by octave, like a float: the index is read from the bits
 *    of the value's exponent and the top of its mantissa (no arithmetic on the value itself), so
 *    every octave gets the same number of intervals, 64 per octave for a 33-point bake and 128 for
 *    a 65-point one, and the relative error is the same from near black, where curves such as
 *    x^(1/2.4) or a log encoding bend fastest, to the highlights. Negative values (what
 *    black-point and gamut operations leave below zero) have their own half of the table. The
 *    index carries the top 20 bits of the mantissa, so a position is known to 2^−20 of the value.
 * Building a table costs about as much as evaluating that many points, so tables are sized to the
 * run, and the tables of the engine's own curves (kept, so built once) reach further: linear light
 * from 2^−24 (6e−8) instead of 2^−14 (6e−5, where scene light starts too), and encoded values near
 * black through octave tables of their own. What a table does not cover (encoded values within
 * 0.01 otherwise, light below its table's floor, values outside a table, NaN) uses the exact
 * function. Measured error: `program.test.ts`. The exact functions are a bake's costliest calls
 * (most of them end in V8's pow, 63 ns here): below 6e−8 are only the residues that rounding
 * leaves of a channel driven to 0; exact zeros (the black that clamps leave) take the function's
 * value at 0 in the table loop, as do the residues when a chain starts with a function that is
 * constant near 0 (the encoding).
 */
import { KeptArrays } from './kept-arrays';
import { applyAffineToTriplets } from './matrix';
import type { Affine3 } from './matrix';
import { CHUNK_POINTS } from './program-types';
import type { ChannelChain, ChannelFunction, ChannelFunctions, Domain, Step } from './program-types';

/** Runs below this many points evaluate curves exactly; longer ones build and use tables. */
const TABLE_THRESHOLD = 4096;

/** The encoded domain's table: values from −0.5 to 1.5, indexed directly. */
const ENCODED_LOW = -0.5;
const ENCODED_HIGH = 1.5;

/**
 * The layouts of tables: one per domain (`linear` for curves made only of the engine's own
 * functions, whose tables are kept and so built once); `linearCoarse`, linear light for the other
 * curves, which a drag may rebuild on every bake; and `nearBlack`, an octave table for the encoded
 * values a direct table leaves (|x| < 0.01), built for the engine's own curves only.
 */
type Layout = Domain | 'linearCoarse' | 'nearBlack';

/** Octave-indexed tables: magnitudes from 2^lowest to 2^(lowest + octaves), both signs. */
const OCTAVES: Record<Exclude<Layout, 'encoded'>, { readonly lowest: number; readonly octaves: number }> = {
  // Up to 8: highlights pushed by exposure and white balance; down to 6e-8 (encoded 0.001) for
  // the engine's own curves.
  linear: { lowest: -24, octaves: 27 },
  // Up to 128: camera scene light (S-Log3 reaches about 38).
  scene: { lowest: -14, octaves: 21 },
  // Linear light for curves a bake may have to build (not only the engine's own): from 2^-14.
  linearCoarse: { lowest: -14, octaves: 17 },
  // Encoded values from 6e-8 up to 0.0156, past the direct tables' 0.01.
  nearBlack: { lowest: -24, octaves: 18 },
};

/** Sizes 2048 and 4096 (encoded intervals) or 64 and 128 intervals per octave (2^6, 2^7). */
function tableSize(count: number): { readonly intervals: number; readonly octaveBits: number } {
  return count >= 150_000 ? { intervals: 4096, octaveBits: 7 } : { intervals: 2048, octaveBits: 6 };
}

/** Which 32-bit half of a float64 holds its sign, exponent and top 20 mantissa bits. */
const HIGH_WORD = new Uint8Array(Uint16Array.of(1).buffer)[0] === 1 ? 1 : 0;

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
 * Functions that are exactly constant near zero: f(x) === f(0) for every |x| below the bound
 * (the encoding, which gives 0 below 1e-12). A chain that starts with one is constant there too,
 * so an octave table step gives such values f(0) in its loop instead of leaving them to the exact
 * function: they are the residues that rounding leaves of a channel driven to 0 (thousands a bake
 * after the chroma pass).
 */
const flatNearZero = new WeakMap<ChannelFunction, number>();

/** Declares `fn(x) === fn(0)` for every |x| < `bound`. */
export function markFlatNearZero(fn: ChannelFunction, bound: number): void {
  flatNearZero.set(fn, bound);
}

/**
 * The high word below which every value of the three chains' input gives the function's value at
 * 0: a power of two at or under the smallest bound of the chains' first functions (0 when one
 * has none; exact zeros are recognised anyway).
 */
function flatHighWord(chains: readonly ChannelChain[]): number {
  const bounds = chains.map((chain) => (chain.length > 0 ? (flatNearZero.get(chain[0]!) ?? 0) : 0));
  const bound = Math.min(...bounds);
  if (!(bound > 0)) return 0;
  const exponent = Math.floor(Math.log2(bound));
  // 2^exponent ≤ bound; its high word is (exponent + 1023)·2^20, and smaller magnitudes have smaller ones.
  return exponent > -1023 ? (exponent + 1023) * 2 ** 20 : 0;
}

/**
 * Channel functions made for one grade but named by what they compute (`contrast-curve:0.3`, a
 * wheel's slope, offset and power, a custom curve's points): two functions under one name give
 * the same value for every input, so their tables are kept like those of long-lived functions and
 * a bake whose curve did not change (the finishing curves while a wheel is dragged, the wheels
 * while a slider is) reuses them. They never make a stage long-lived (`program.ts` keeps grids
 * only after the engine's own stages).
 */
const byValue = new WeakMap<ChannelFunction, string>();

/** Names `fn` by what it computes: `name` must determine its value at every input. Returns `fn`. */
export function markByValue<F extends ChannelFunction>(fn: F, name: string): F {
  if (!longLived.has(fn)) byValue.set(fn, name);
  return fn;
}

/** The key of a function in kept tables' keys: a long-lived one's id or a named one's name. */
function keptName(fn: ChannelFunction): string | undefined {
  const id = longLived.get(fn);
  return id !== undefined ? `#${id}` : byValue.get(fn);
}

function isKeptChain(chain: ChannelChain): boolean {
  return chain.every((fn) => keptName(fn) !== undefined);
}

/**
 * Values at a table's nodes of the chain prefixes made of long-lived or named functions, keyed by
 * layout, size and the functions' keys: at most 128, and 4 MiB in all (a table is 16 to 43 KiB).
 */
const prefixes = new KeptArrays(128, 4 * 1024 * 1024);

/**
 * The input value at each node of a table over `from`: evenly spaced encoded values, or for light
 * the positive nodes of every octave (2^e·(1 + j/2^bits)) followed by the same nodes negated.
 */
function nodeInputs(from: Layout, count: number): Float64Array {
  const { intervals, octaveBits } = tableSize(count);
  if (from === 'encoded') {
    const nodes = new Float64Array(intervals + 2);
    for (let k = 0; k < nodes.length; k++) nodes[k] = ENCODED_LOW + (k / intervals) * (ENCODED_HIGH - ENCODED_LOW);
    return nodes;
  }
  const { lowest, octaves } = OCTAVES[from];
  const half = (octaves << octaveBits) + 1;
  const nodes = new Float64Array(2 * half);
  const perOctave = 1 << octaveBits;
  for (let k = 0; k < half; k++) {
    const x = 2 ** (lowest + (k >> octaveBits)) * (1 + (k & (perOctave - 1)) / perOctave);
    nodes[k] = x;
    nodes[half + k] = -x;
  }
  return nodes;
}

/**
 * Functions with a version that maps a whole array in place, giving the same values: building a
 * table then makes no call per node (a call that returns a float costs V8 an allocation).
 */
const wholeArray = new WeakMap<ChannelFunction, (values: Float64Array) => void>();

/** Registers `apply` as `fn` mapped over an array in place (it must give fn's values exactly). Returns `fn`. */
export function markWholeArray<F extends ChannelFunction>(fn: F, apply: (values: Float64Array) => void): F {
  wholeArray.set(fn, apply);
  return fn;
}

function applyToAll(fn: ChannelFunction, values: Float64Array): void {
  const apply = wholeArray.get(fn);
  if (apply) apply(values);
  else for (let k = 0; k < values.length; k++) values[k] = fn(values[k]!);
}

/**
 * The values of chain[0..length) at the nodes, all long-lived or named functions; shared, never
 * written. The longest kept prefix is looked for first (usually the whole: one lookup), and the
 * functions after it are applied and kept.
 */
function prefixValues(chain: ChannelChain, length: number, from: Layout, count: number): Float64Array {
  const keys = [`${from}/${tableSize(count).intervals}/`];
  for (let j = 0; j < length; j++) keys.push(`${keys[j]!}${JSON.stringify(keptName(chain[j]!))},`);
  let kept = length;
  let values = prefixes.recall(keys[kept]!);
  while (!values && kept > 0) values = prefixes.recall(keys[--kept]!);
  values ??= prefixes.keep(keys[0]!, nodeInputs(from, count));
  for (let j = kept; j < length; j++) {
    const next = values.slice();
    applyToAll(chain[j]!, next);
    values = prefixes.keep(keys[j + 1]!, next);
  }
  return values;
}

/**
 * The table of a chain: its value at every node, function by function (one loop per function
 * rather than one nested call per node). The leading long-lived or named functions come from the
 * kept prefixes; the returned table is shared and must not be written.
 */
function buildTable(chain: ChannelChain, from: Layout, count: number): Float64Array {
  let fixed = 0;
  while (fixed < chain.length && keptName(chain[fixed]!) !== undefined) fixed++;
  const values = prefixValues(chain, fixed, from, count);
  if (fixed === chain.length) return values;
  const table = values.slice();
  for (let j = fixed; j < chain.length; j++) applyToAll(chain[j]!, table);
  return table;
}

/** How many functions two chains share at their start. */
function sharedPrefix(a: ChannelChain, b: ChannelChain): number {
  let k = 0;
  while (k < a.length && k < b.length && a[k] === b[k]) k++;
  return k;
}

/** The table of `chain` from the table of its first `from` functions (`base`, not written). */
function finishTable(base: Float64Array, chain: ChannelChain, from: number): Float64Array {
  const table = base.slice();
  for (let j = from; j < chain.length; j++) applyToAll(chain[j]!, table);
  return table;
}

function sameChain(a: ChannelChain, b: ChannelChain): boolean {
  return a === b || (a.length === b.length && a.every((fn, j) => fn === b[j]));
}

/** Each channel's table by `build`, built once for channels whose chains are the same. */
function perChannel([c0, c1, c2]: readonly [ChannelChain, ChannelChain, ChannelChain], build: (chain: ChannelChain) => Float64Array): [Float64Array, Float64Array, Float64Array] {
  const t0 = build(c0);
  const t1 = sameChain(c1, c0) ? t0 : build(c1);
  const t2 = sameChain(c2, c0) ? t0 : sameChain(c2, c1) ? t1 : build(c2);
  return [t0, t1, t2];
}

/**
 * Indices of the values a table step left to the exact functions, one list per channel, and
 * their counts: a table step fills them and the {@link ExactMisses} step after it empties them.
 */
const misses0 = new Int32Array(CHUNK_POINTS);
const misses1 = new Int32Array(CHUNK_POINTS);
const misses2 = new Int32Array(CHUNK_POINTS);
const missed = new Int32Array(3);

/** Evaluates the `count` values listed in `list` exactly. */
function evaluateMisses(buffer: Float64Array, count: number, fn: ChannelFunction, list: Int32Array): void {
  for (let j = 0; j < count; j++) {
    const i = list[j]!;
    buffer[i] = fn(buffer[i]!);
  }
}

/**
 * Looks buffer[i] up in place in a table indexed directly from `low` (table position
 * p = (x − low)·scale); false when the value is left to the exact function. Near black
 * (|x| < 0.01) it is: a linear-light error of 1e-8 there is invisible, but a later x^(1/2.4)
 * would magnify it to 1e-4. An exact zero takes `atZero`, the function's value at 0.
 */
function directAt(buffer: Float64Array, i: number, table: Float64Array, low: number, limit: number, scale: number, atZero: number): boolean {
  const x = buffer[i]!;
  if (Math.abs(x) >= 0.01 && x >= low && x < limit) {
    const p = (x - low) * scale;
    const k = p | 0;
    const a = table[k]!;
    buffer[i] = a + (table[k + 1]! - a) * (p - k);
    return true;
  }
  if (x === 0) {
    buffer[i] = atZero;
    return true;
  }
  return false;
}

/**
 * Looks buffer[i] up in place in an octave-indexed table, reading its high word from `w` (the
 * same memory); false when the value is left to the exact function. With the sign bit masked off,
 * the high word grows with the magnitude, octave by octave and linearly within one: position
 * p = (high − base)·scale counts intervals from 2^lowest, and its fraction is where the value lies
 * between two nodes. Negative values add `negative` to the index (the table's second half).
 * An exact zero, and a magnitude whose high word is below `flat` (see {@link flatHighWord}), takes
 * `atZero`, the function's value at 0; other magnitudes below `base`, those at or above `top`, and
 * NaN are left to the exact function.
 */
function octaveAt(buffer: Float64Array, w: Int32Array<ArrayBufferLike>, i: number, table: Float64Array, base: number, top: number, scale: number, negative: number, atZero: number, flat: number): boolean {
  const high = w[2 * i + HIGH_WORD]!;
  const magnitude = high & 0x7fffffff;
  if (magnitude >= base && magnitude < top) {
    const p = (magnitude - base) * scale;
    const k = p | 0;
    const j = k + ((high >> 31) & negative);
    const a = table[j]!;
    buffer[i] = a + (table[j + 1]! - a) * (p - k);
    return true;
  }
  if (magnitude < flat || buffer[i] === 0) {
    buffer[i] = atZero;
    return true;
  }
  return false;
}

/**
 * Views of a buffer's float64 values as pairs of 32-bit words, for {@link octaveAt}; the
 * passes of a run share one buffer, so one view is kept.
 */
let wordsOf: Float64Array | null = null;
let words: Int32Array<ArrayBufferLike> = new Int32Array(0);

function wordsOfBuffer(buffer: Float64Array): Int32Array<ArrayBufferLike> {
  if (buffer !== wordsOf) {
    words = new Int32Array(buffer.buffer, buffer.byteOffset, buffer.length * 2);
    wordsOf = buffer;
  }
  return words;
}

/**
 * A channel pass's tables and their index: encoded values from `low` to `limit`, position
 * (x − low)·scale; light from high word `low` to `limit`, position (high − low)·scale, negative
 * values from `negative` on.
 */
interface Tables {
  readonly t0: Float64Array;
  readonly t1: Float64Array;
  readonly t2: Float64Array;
  readonly low: number;
  readonly limit: number;
  readonly scale: number;
  readonly negative: number;
  /** Each channel's function at 0: exact zeros (the black that clamps leave) take it in the table loop. */
  readonly z0: number;
  readonly z1: number;
  readonly z2: number;
  /** Octave tables: the high word below which every value takes z0..z2 ({@link flatHighWord}). */
  readonly flat: number;
}

/*
 * The steps of a channel pass. Each shape of table loop is its own class, and the exact
 * evaluation of what the tables left is a step of its own: a program calls its steps from one
 * call site that sees many classes, so V8 compiles each step's loop apart, with nothing but that
 * loop in it. Folded into one method with the exact path (which calls the channel functions) the
 * same loops measured 20 to 35 % slower.
 */

/**
 * Lookups through direct-indexed tables (encoded values): one loop over the points, each
 * channel's lookup in turn (measured 10 % faster than a loop per channel: V8 checks the buffer
 * once per point instead of once per value).
 */
class DirectLookup implements Step {
  constructor(private readonly tables: Tables) {}

  run(buffer: Float64Array, start: number, end: number): void {
    const { t0, t1, t2, low, limit, scale, z0, z1, z2 } = this.tables;
    let n0 = 0;
    let n1 = 0;
    let n2 = 0;
    for (let i = start * 3, stop = end * 3; i < stop; i += 3) {
      if (!directAt(buffer, i, t0, low, limit, scale, z0)) misses0[n0++] = i;
      if (!directAt(buffer, i + 1, t1, low, limit, scale, z1)) misses1[n1++] = i + 1;
      if (!directAt(buffer, i + 2, t2, low, limit, scale, z2)) misses2[n2++] = i + 2;
    }
    missed[0] = n0;
    missed[1] = n1;
    missed[2] = n2;
  }
}

/** {@link DirectLookup} through octave-indexed tables (linear or scene light). */
class OctaveLookup implements Step {
  constructor(private readonly tables: Tables) {}

  run(buffer: Float64Array, start: number, end: number): void {
    const { t0, t1, t2, low, limit, scale, negative, z0, z1, z2, flat } = this.tables;
    const w = wordsOfBuffer(buffer);
    let n0 = 0;
    let n1 = 0;
    let n2 = 0;
    for (let i = start * 3, stop = end * 3; i < stop; i += 3) {
      if (!octaveAt(buffer, w, i, t0, low, limit, scale, negative, z0, flat)) misses0[n0++] = i;
      if (!octaveAt(buffer, w, i + 1, t1, low, limit, scale, negative, z1, flat)) misses1[n1++] = i + 1;
      if (!octaveAt(buffer, w, i + 2, t2, low, limit, scale, negative, z2, flat)) misses2[n2++] = i + 2;
    }
    missed[0] = n0;
    missed[1] = n1;
    missed[2] = n2;
  }
}

/**
 * An affine map, then each channel's direct-indexed table, in one loop over the points: the
 * mapped values are written, then looked up in place exactly as two passes would (the same
 * arithmetic, so the same results).
 */
class AffineThenDirect implements Step {
  constructor(
    private readonly affine: Affine3,
    private readonly tables: Tables,
  ) {}

  run(buffer: Float64Array, start: number, end: number): void {
    const [m0, m1, m2, m3, m4, m5, m6, m7, m8] = this.affine.matrix;
    const [o0, o1, o2] = this.affine.offset;
    const { t0, t1, t2, low, limit, scale, z0, z1, z2 } = this.tables;
    let n0 = 0;
    let n1 = 0;
    let n2 = 0;
    for (let i = start * 3, stop = end * 3; i < stop; i += 3) {
      const r = buffer[i]!;
      const g = buffer[i + 1]!;
      const b = buffer[i + 2]!;
      buffer[i] = m0 * r + m1 * g + m2 * b + o0;
      buffer[i + 1] = m3 * r + m4 * g + m5 * b + o1;
      buffer[i + 2] = m6 * r + m7 * g + m8 * b + o2;
      if (!directAt(buffer, i, t0, low, limit, scale, z0)) misses0[n0++] = i;
      if (!directAt(buffer, i + 1, t1, low, limit, scale, z1)) misses1[n1++] = i + 1;
      if (!directAt(buffer, i + 2, t2, low, limit, scale, z2)) misses2[n2++] = i + 2;
    }
    missed[0] = n0;
    missed[1] = n1;
    missed[2] = n2;
  }
}

/** {@link AffineThenDirect} with octave-indexed tables (linear or scene light). */
class AffineThenOctave implements Step {
  constructor(
    private readonly affine: Affine3,
    private readonly tables: Tables,
  ) {}

  run(buffer: Float64Array, start: number, end: number): void {
    const [m0, m1, m2, m3, m4, m5, m6, m7, m8] = this.affine.matrix;
    const [o0, o1, o2] = this.affine.offset;
    const { t0, t1, t2, low, limit, scale, negative, z0, z1, z2, flat } = this.tables;
    const w = wordsOfBuffer(buffer);
    let n0 = 0;
    let n1 = 0;
    let n2 = 0;
    for (let i = start * 3, stop = end * 3; i < stop; i += 3) {
      const r = buffer[i]!;
      const g = buffer[i + 1]!;
      const b = buffer[i + 2]!;
      buffer[i] = m0 * r + m1 * g + m2 * b + o0;
      buffer[i + 1] = m3 * r + m4 * g + m5 * b + o1;
      buffer[i + 2] = m6 * r + m7 * g + m8 * b + o2;
      if (!octaveAt(buffer, w, i, t0, low, limit, scale, negative, z0, flat)) misses0[n0++] = i;
      if (!octaveAt(buffer, w, i + 1, t1, low, limit, scale, negative, z1, flat)) misses1[n1++] = i + 1;
      if (!octaveAt(buffer, w, i + 2, t2, low, limit, scale, negative, z2, flat)) misses2[n2++] = i + 2;
    }
    missed[0] = n0;
    missed[1] = n1;
    missed[2] = n2;
  }
}

/** The exact functions for the values the table step before it left (near black, out of range, NaN). */
class ExactMisses implements Step {
  constructor(private readonly fns: ChannelFunctions) {}

  run(buffer: Float64Array): void {
    const [f0, f1, f2] = this.fns;
    if (missed[0]! > 0) evaluateMisses(buffer, missed[0]!, f0, misses0);
    if (missed[1]! > 0) evaluateMisses(buffer, missed[1]!, f1, misses1);
    if (missed[2]! > 0) evaluateMisses(buffer, missed[2]!, f2, misses2);
  }
}

/**
 * {@link ExactMisses} after a direct table step whose curves are the engine's own functions: the
 * near-black values (0 < |x| < 0.01, thousands a bake where clamps and lifts leave the black) are
 * read from octave tables of their own, with the same relative accuracy as light's; what those
 * leave (below 6e-8, out of range, NaN) is evaluated exactly.
 */
class NearBlackMisses implements Step {
  constructor(
    private readonly fns: ChannelFunctions,
    private readonly tables: Tables,
  ) {}

  run(buffer: Float64Array): void {
    const [f0, f1, f2] = this.fns;
    const { t0, t1, t2 } = this.tables;
    if (missed[0]! > 0) this.evaluate(buffer, missed[0]!, f0, misses0, t0);
    if (missed[1]! > 0) this.evaluate(buffer, missed[1]!, f1, misses1, t1);
    if (missed[2]! > 0) this.evaluate(buffer, missed[2]!, f2, misses2, t2);
  }

  private evaluate(buffer: Float64Array, count: number, fn: ChannelFunction, list: Int32Array, table: Float64Array): void {
    const { low, limit, scale, negative } = this.tables;
    const w = wordsOfBuffer(buffer);
    for (let j = 0; j < count; j++) {
      const i = list[j]!;
      // Exact zeros took their value in the table step; NaN is left to fn.
      if (!octaveAt(buffer, w, i, table, low, limit, scale, negative, Number.NaN, 0)) buffer[i] = fn(buffer[i]!);
    }
  }
}

/** Exact evaluation of every value (a run too short to pay for tables), after the affine map if any. */
class ExactChannels implements Step {
  constructor(
    private readonly fns: ChannelFunctions,
    private readonly pre: Affine3 | null,
  ) {}

  run(buffer: Float64Array, start: number, end: number): void {
    const [f0, f1, f2] = this.fns;
    if (this.pre) applyAffineToTriplets(this.pre, buffer, start * 3, buffer, start * 3, end - start);
    for (let i = start * 3, stop = end * 3; i < stop; i += 3) {
      buffer[i] = f0(buffer[i]!);
      buffer[i + 1] = f1(buffer[i + 1]!);
      buffer[i + 2] = f2(buffer[i + 2]!);
    }
  }
}

/** The index of octave tables of a layout (a float64's high word: sign, 11 exponent bits biased by 1023, 20 mantissa bits). */
function octaveTables(layout: Exclude<Layout, 'encoded'>, octaveBits: number, [t0, t1, t2]: readonly [Float64Array, Float64Array, Float64Array], atZero: { z0: number; z1: number; z2: number }, flat: number): Tables {
  const { lowest, octaves } = OCTAVES[layout];
  const low = (lowest + 1023) * 2 ** 20;
  const limit = (lowest + octaves + 1023) * 2 ** 20;
  return { t0, t1, t2, low, limit, scale: 2 ** (octaveBits - 20), negative: octaves * 2 ** octaveBits + 1, ...atZero, flat: Math.min(low, flat) };
}

/** A per-channel pass: the same function on all three channels, or one per channel. */
export class ChannelPass {
  private readonly exact: readonly Step[];
  /** The table steps, built with the tables for runs of `intervals` intervals. */
  private steps: readonly Step[] = [];
  private intervals = 0;

  /**
   * @param fns each channel's function, composed (for exact evaluation)
   * @param chains each channel's function as the list it was composed from (for tables)
   * @param pre an affine map applied to each point before the functions, or null
   */
  constructor(
    private readonly from: Domain,
    private readonly fns: ChannelFunctions,
    private readonly chains: readonly [ChannelChain, ChannelChain, ChannelChain],
    private readonly pre: Affine3 | null = null,
  ) {
    this.exact = [new ExactChannels(fns, pre)];
  }

  /** The steps for a run over `count` points: exact evaluation, or tables (built once) and the exact misses. */
  prepare(count: number): readonly Step[] {
    if (count < TABLE_THRESHOLD) return this.exact;
    const { intervals, octaveBits } = tableSize(count);
    if (this.intervals >= intervals) return this.steps;
    const [c0, c1, c2] = this.chains;
    const engineOwn = this.chains.every((chain) => chainKey(chain) !== null);
    const layout: Layout = this.from === 'linear' && !engineOwn ? 'linearCoarse' : this.from;
    // Functions the three chains share at their start (the finishing tone curves before the R, G,
    // B curves) are tabulated once; each channel then applies only its own.
    const shared = Math.min(sharedPrefix(c0, c1), sharedPrefix(c0, c2));
    // A chain of kept functions only (a catalogue look's R, G, B curves after a conversion) comes
    // whole from the kept tables instead.
    const base = shared > 0 && shared < c0.length ? buildTable(c0.slice(0, shared), layout, count) : null;
    const build = (chain: ChannelChain) => (base && chain.length > shared && !isKeptChain(chain) ? finishTable(base, chain, shared) : buildTable(chain, layout, count));
    const [t0, t1, t2] = perChannel(this.chains, build);
    this.intervals = intervals;
    const [f0, f1, f2] = this.fns;
    const atZero = { z0: f0(0), z1: f1(0), z2: f2(0) };
    const direct = layout === 'encoded';
    const tables: Tables = direct
      ? { t0, t1, t2, low: ENCODED_LOW, limit: ENCODED_HIGH, scale: intervals / (ENCODED_HIGH - ENCODED_LOW), negative: 0, ...atZero, flat: 0 }
      : octaveTables(layout, octaveBits, [t0, t1, t2], atZero, flatHighWord(this.chains));
    const lookup = this.pre ? (direct ? new AffineThenDirect(this.pre, tables) : new AffineThenOctave(this.pre, tables)) : direct ? new DirectLookup(tables) : new OctaveLookup(tables);
    // The engine's own curves on encoded values (kept, so built once) get octave tables near black too.
    if (!direct || !engineOwn) {
      this.steps = [lookup, new ExactMisses(this.fns)];
      return this.steps;
    }
    const near = perChannel(this.chains, (chain) => buildTable(chain, 'nearBlack', count));
    this.steps = [lookup, new NearBlackMisses(this.fns, octaveTables('nearBlack', octaveBits, near, atZero, 0))];
    return this.steps;
  }
}
