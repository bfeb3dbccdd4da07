/**
 * A compiled colour program: the global (per-pixel) part of a grade as a list of passes over a
 * buffer of RGB triplets. One program serves every caller: baking a LUT runs it over the grid
 * points, tests and catalogue swatches run it over a handful of colours.
 *
 * Operations are written as exact functions and declare the signal domain they work in. The
 * builder inserts the encoded↔linear conversions between them, then fuses neighbours so a bake
 * makes few passes: consecutive per-channel curves (conversions included) become one curve, and
 * consecutive affine maps become one matrix. When a pass runs over many points, a fused curve is
 * evaluated through a dense table (measured in program.test.ts: within 1e-6 in linear light, and
 * within 2e-5 of encoded values near black where x^(1/2.4) magnifies errors); outside the table's
 * range, and for short runs, the exact function is used.
 */
import { composeAffine } from './matrix';
import type { Affine3 } from './matrix';
import { decodeGammaFast, encodeGammaFast } from './transfer';

/**
 * Signal domains: `encoded` is gamma-encoded Rec.709 (the engine's input and output), `linear` is
 * display-linear light (BT.1886), `scene` is camera scene-linear light inside an input transform.
 */
export type Domain = 'encoded' | 'linear' | 'scene';

export type ChannelFunction = (x: number) => number;

export type ChannelFunctions = readonly [ChannelFunction, ChannelFunction, ChannelFunction];

/** Runs over the RGB triplets of points start..end−1 of `buffer`, in place. */
export type Kernel = (buffer: Float64Array, start: number, end: number) => void;

type Stage =
  | { readonly kind: 'channel'; readonly from: Domain; readonly to: Domain; readonly fns: ChannelFunctions }
  | { readonly kind: 'affine'; readonly domain: Domain; readonly affine: Affine3 }
  | { readonly kind: 'kernel'; readonly domain: Domain; readonly kernel: Kernel }
  | { readonly kind: 'snapshot' }
  | { readonly kind: 'blend'; readonly amount: number };

const toLinear: ChannelFunctions = [decodeGammaFast, decodeGammaFast, decodeGammaFast];
const toEncoded: ChannelFunctions = [encodeGammaFast, encodeGammaFast, encodeGammaFast];

/** Collects the stages of a program while tracking which domain the signal is in. */
export class ProgramBuilder {
  private readonly stages: Stage[] = [];
  private current: Domain = 'encoded';

  get domain(): Domain {
    return this.current;
  }

  /** Converts the signal to `domain` (encoded ↔ linear; scene light leaves only through a curve). */
  convertTo(domain: Domain): void {
    if (domain === this.current) return;
    if (this.current === 'scene' || domain === 'scene') {
      throw new Error(`no implicit conversion from ${this.current} to ${domain}`);
    }
    this.stages.push({ kind: 'channel', from: this.current, to: domain, fns: domain === 'linear' ? toLinear : toEncoded });
    this.current = domain;
  }

  /** A per-channel function from `from` to `to` (the same function on all three when one is given). */
  channel(from: Domain, to: Domain, fns: ChannelFunctions | ChannelFunction): void {
    this.convertTo(from);
    this.stages.push({ kind: 'channel', from, to, fns: typeof fns === 'function' ? [fns, fns, fns] : fns });
    this.current = to;
  }

  affine(domain: Domain, affine: Affine3): void {
    this.convertTo(domain);
    this.stages.push({ kind: 'affine', domain, affine });
  }

  kernel(domain: Domain, kernel: Kernel): void {
    this.convertTo(domain);
    this.stages.push({ kind: 'kernel', domain, kernel });
  }

  /** Remembers the current signal, in linear light, for a later {@link blendWithSnapshot}. */
  snapshot(): void {
    this.convertTo('linear');
    this.stages.push({ kind: 'snapshot' });
  }

  /**
   * signal = snapshot + amount·(signal − snapshot) in linear light: a mix of the two pictures'
   * light, like a dissolve. (Linear because most looks begin and end with linear-light steps, so
   * the mix costs no extra conversions.)
   */
  blendWithSnapshot(amount: number): void {
    this.convertTo('linear');
    this.stages.push({ kind: 'blend', amount });
  }

  get isEmpty(): boolean {
    return this.stages.length === 0;
  }

  /** Ends in the encoded domain, fuses neighbouring stages and returns the runnable program. */
  build(): ColorProgram {
    this.convertTo('encoded');
    return new ColorProgram(fuse(this.stages));
  }
}

/** Fuses neighbours: channel + channel → one channel stage (composed functions), affine + affine → one. */
function fuse(stages: readonly Stage[]): Stage[] {
  const out: Stage[] = [];
  for (const stage of stages) {
    const last = out[out.length - 1];
    if (last?.kind === 'channel' && stage.kind === 'channel') {
      const [a0, a1, a2] = last.fns;
      const [b0, b1, b2] = stage.fns;
      // Keep "same function on every channel" visible, so the pass builds one table, not three.
      const shared: ChannelFunction | null = a0 === a1 && a1 === a2 && b0 === b1 && b1 === b2 ? (x) => b0(a0(x)) : null;
      out[out.length - 1] = {
        kind: 'channel',
        from: last.from,
        to: stage.to,
        fns: shared ? [shared, shared, shared] : [(x) => b0(a0(x)), (x) => b1(a1(x)), (x) => b2(a2(x))],
      };
    } else if (last?.kind === 'affine' && stage.kind === 'affine' && last.domain === stage.domain) {
      out[out.length - 1] = { kind: 'affine', domain: stage.domain, affine: composeAffine(last.affine, stage.affine) };
    } else {
      out.push(stage);
    }
  }
  return out;
}

/** Runs below this many points evaluate curves exactly; longer ones build and use tables. */
const TABLE_THRESHOLD = 4096;

/**
 * Points per chunk: every pass runs over one chunk (24 KiB of doubles, inside a first-level cache)
 * before the program moves to the next, instead of streaming the whole grid through each pass.
 */
const CHUNK = 1024;

/**
 * Table layout per input domain. Encoded input is indexed directly over −0.5..1.5 (split toning
 * and lifts push values a little outside 0..1). Linear and scene light are indexed by their
 * signed square root, which spreads samples towards black where curves such as x^(1/2.4) or a log
 * encoding bend fastest; the negative side covers what black-point and gamut operations leave
 * below zero. Building a table costs about as much as evaluating
 * that many points, so tables are sized to the run: 2048 intervals below 150 000 points (a
 * 33-point bake), 4096 above (a 65-point bake). Values near zero (encoded within 0.01, linear or
 * scene light within 1e-4) use the exact function. Measured error: `program.test.ts`.
 */
const TABLE_LAYOUT: Record<Domain, { readonly minIndexValue: number; readonly maxIndexValue: number; readonly rootIndexed: boolean }> = {
  encoded: { minIndexValue: -0.5, maxIndexValue: 1.5, rootIndexed: false },
  linear: { minIndexValue: -1, maxIndexValue: Math.sqrt(6), rootIndexed: true },
  scene: { minIndexValue: -2, maxIndexValue: Math.sqrt(80), rootIndexed: true },
};

function tableIntervals(count: number): number {
  return count >= 150_000 ? 4096 : 2048;
}

function buildTable(fn: ChannelFunction, from: Domain, intervals: number): Float64Array {
  const layout = TABLE_LAYOUT[from];
  const table = new Float64Array(intervals + 2);
  const span = layout.maxIndexValue - layout.minIndexValue;
  for (let k = 0; k < table.length; k++) {
    const t = layout.minIndexValue + (k / intervals) * span;
    table[k] = fn(layout.rootIndexed ? (t < 0 ? -t * t : t * t) : t);
  }
  return table;
}

/** Table lookup for one channel (offset 0, 1 or 2) of points start..end, direct index from `low`. */
function lookupDirect(buffer: Float64Array, start: number, end: number, offset: number, table: Float64Array, fn: ChannelFunction, low: number, limit: number, scale: number, atZero: number): void {
  for (let i = start * 3 + offset, stop = end * 3; i < stop; i += 3) {
    const x = buffer[i]!;
    // Near black the exact function is used: a linear-light error of 1e-8 there is invisible,
    // but a later x^(1/2.4) would magnify it to 1e-4.
    if (x >= low && x < limit && (x >= 0.01 || x <= -0.01)) {
      const p = (x - low) * scale;
      const k = p | 0;
      const a = table[k]!;
      buffer[i] = a + (table[k + 1]! - a) * (p - k);
    } else {
      buffer[i] = x === 0 ? atZero : fn(x);
    }
  }
}

/**
 * Table lookup for one channel of points start..end, indexed by the signed square root. Within
 * 1e-4 of zero, where curves such as x^(1/2.4) bend too fast even for a root index, the exact
 * function is used; exact zeros (the black faces of a grid) use its value at 0.
 */
function lookupRoot(buffer: Float64Array, start: number, end: number, offset: number, table: Float64Array, fn: ChannelFunction, low: number, limit: number, scale: number, atZero: number): void {
  for (let i = start * 3 + offset, stop = end * 3; i < stop; i += 3) {
    const x = buffer[i]!;
    const s = Math.sqrt(Math.abs(x));
    const t = x < 0 ? -s : s;
    if (t >= low && t < limit && s >= 0.01) {
      const p = (t - low) * scale;
      const k = p | 0;
      const a = table[k]!;
      buffer[i] = a + (table[k + 1]! - a) * (p - k);
    } else {
      buffer[i] = x === 0 ? atZero : fn(x);
    }
  }
}

function evaluateExactly(buffer: Float64Array, start: number, end: number, fns: ChannelFunctions): void {
  const [f0, f1, f2] = fns;
  for (let i = start * 3, stop = end * 3; i < stop; i += 3) {
    buffer[i] = f0(buffer[i]!);
    buffer[i + 1] = f1(buffer[i + 1]!);
    buffer[i + 2] = f2(buffer[i + 2]!);
  }
}

interface Pass {
  /** Called once per run with the total number of points, before the chunks. */
  prepare(count: number): void;
  run(buffer: Float64Array, start: number, end: number, snapshot: Float64Array): void;
}

class ChannelPass implements Pass {
  private tables: readonly [Float64Array, Float64Array, Float64Array] | null = null;
  private intervals = 0;
  private useTables = false;
  /** The exact value of each channel's function at 0. */
  private readonly atZero: readonly [number, number, number];

  constructor(
    private readonly from: Domain,
    private readonly fns: ChannelFunctions,
  ) {
    this.atZero = [fns[0](0), fns[1](0), fns[2](0)];
  }

  prepare(count: number): void {
    this.useTables = count >= TABLE_THRESHOLD;
    if (!this.useTables) return;
    const intervals = tableIntervals(count);
    if (this.tables && this.intervals >= intervals) return;
    const [f0, f1, f2] = this.fns;
    const t0 = buildTable(f0, this.from, intervals);
    const t1 = f1 === f0 ? t0 : buildTable(f1, this.from, intervals);
    const t2 = f2 === f0 ? t0 : f2 === f1 ? t1 : buildTable(f2, this.from, intervals);
    this.tables = [t0, t1, t2];
    this.intervals = intervals;
  }

  run(buffer: Float64Array, start: number, end: number): void {
    const tables = this.tables;
    if (!this.useTables || !tables) {
      evaluateExactly(buffer, start, end, this.fns);
      return;
    }
    const layout = TABLE_LAYOUT[this.from];
    const low = layout.minIndexValue;
    const limit = layout.maxIndexValue;
    const scale = this.intervals / (limit - low);
    const lookup = layout.rootIndexed ? lookupRoot : lookupDirect;
    const [z0, z1, z2] = this.atZero;
    lookup(buffer, start, end, 0, tables[0], this.fns[0], low, limit, scale, z0);
    lookup(buffer, start, end, 1, tables[1], this.fns[1], low, limit, scale, z1);
    lookup(buffer, start, end, 2, tables[2], this.fns[2], low, limit, scale, z2);
  }
}

class AffinePass implements Pass {
  constructor(private readonly affine: Affine3) {}

  prepare(): void {}

  run(buffer: Float64Array, start: number, end: number): void {
    const [m0, m1, m2, m3, m4, m5, m6, m7, m8] = this.affine.matrix;
    const [o0, o1, o2] = this.affine.offset;
    for (let i = start * 3, stop = end * 3; i < stop; i += 3) {
      const r = buffer[i]!;
      const g = buffer[i + 1]!;
      const b = buffer[i + 2]!;
      buffer[i] = m0 * r + m1 * g + m2 * b + o0;
      buffer[i + 1] = m3 * r + m4 * g + m5 * b + o1;
      buffer[i + 2] = m6 * r + m7 * g + m8 * b + o2;
    }
  }
}

class KernelPass implements Pass {
  constructor(private readonly kernel: Kernel) {}

  prepare(): void {}

  run(buffer: Float64Array, start: number, end: number): void {
    this.kernel(buffer, start, end);
  }
}

/** Copies the chunk aside; the snapshot buffer is indexed from the chunk's start. */
class SnapshotPass implements Pass {
  prepare(): void {}

  run(buffer: Float64Array, start: number, end: number, snapshot: Float64Array): void {
    snapshot.set(buffer.subarray(start * 3, end * 3));
  }
}

class BlendPass implements Pass {
  constructor(private readonly amount: number) {}

  prepare(): void {}

  run(buffer: Float64Array, start: number, end: number, snapshot: Float64Array): void {
    const amount = this.amount;
    const base = start * 3;
    for (let i = base, stop = end * 3; i < stop; i++) {
      const s = snapshot[i - base]!;
      buffer[i] = s + amount * (buffer[i]! - s);
    }
  }
}

function toPass(stage: Stage): Pass {
  switch (stage.kind) {
    case 'channel':
      return new ChannelPass(stage.from, stage.fns);
    case 'affine':
      return new AffinePass(stage.affine);
    case 'kernel':
      return new KernelPass(stage.kernel);
    case 'snapshot':
      return new SnapshotPass();
    case 'blend':
      return new BlendPass(stage.amount);
  }
}

/** A runnable, fused program. Stateless apart from lazily built tables, so it can be reused. */
export class ColorProgram {
  private readonly stages: readonly Stage[];
  private readonly passes: readonly Pass[];
  private readonly needsSnapshot: boolean;

  /** Number of fused passes, reported by the benchmark and checked by tests of the fusion. */
  readonly passCount: number;

  /** True when the program does nothing: callers may then skip it and keep values bit-exact. */
  readonly isIdentity: boolean;

  constructor(stages: readonly Stage[]) {
    this.stages = stages;
    this.passes = stages.map(toPass);
    this.needsSnapshot = stages.some((stage) => stage.kind === 'snapshot');
    this.passCount = this.passes.length;
    this.isIdentity = this.passes.length === 0;
  }

  /** Runs the program in place over the first `count` RGB triplets of `buffer` (no clamping). */
  run(buffer: Float64Array, count = Math.floor(buffer.length / 3)): void {
    this.runFrom(0, buffer, count);
  }

  /**
   * Runs the program over the points of a `size`³ grid over the unit cube (red fastest) and returns
   * the unclamped results, in `scratch` when it is large enough. A leading per-channel stage is
   * evaluated exactly on the `size` values of each axis, and a leading affine stage while the grid
   * is filled, so those cost no pass.
   */
  runOnGrid(size: number, scratch?: Float64Array): Float64Array {
    const last = size - 1;
    const axis = Array.from({ length: size }, (_, i) => i / last);
    let axes = [axis, axis, axis];
    let first = 0;
    const lead = this.stages[0];
    if (lead?.kind === 'channel') {
      axes = lead.fns.map((fn) => axis.map(fn));
      first = 1;
    }
    const next = this.stages[first];
    const affine = next?.kind === 'affine' ? next.affine : IDENTITY_AFFINE;
    if (next?.kind === 'affine') first += 1;
    const points = size * size * size;
    const buffer = scratch && scratch.length >= points * 3 ? scratch.subarray(0, points * 3) : new Float64Array(points * 3);
    fillGrid(buffer, axes[0]!, axes[1]!, axes[2]!, affine);
    this.runFrom(first, buffer, points);
    return buffer;
  }

  private runFrom(first: number, buffer: Float64Array, count: number): void {
    const passes = this.passes.slice(first);
    for (const pass of passes) pass.prepare(count);
    const snapshot = new Float64Array(this.needsSnapshot ? CHUNK * 3 : 0);
    for (let start = 0; start < count; start += CHUNK) {
      const end = Math.min(count, start + CHUNK);
      for (const pass of passes) pass.run(buffer, start, end, snapshot);
    }
  }
}

const IDENTITY_AFFINE: Affine3 = { matrix: [1, 0, 0, 0, 1, 0, 0, 0, 1], offset: [0, 0, 0] };

function fillGrid(buffer: Float64Array, rs: readonly number[], gs: readonly number[], bs: readonly number[], affine: Affine3): void {
  const [m0, m1, m2, m3, m4, m5, m6, m7, m8] = affine.matrix;
  const [o0, o1, o2] = affine.offset;
  let i = 0;
  for (const b of bs) {
    for (const g of gs) {
      for (const r of rs) {
        buffer[i++] = m0 * r + m1 * g + m2 * b + o0;
        buffer[i++] = m3 * r + m4 * g + m5 * b + o1;
        buffer[i++] = m6 * r + m7 * g + m8 * b + o2;
      }
    }
  }
}
