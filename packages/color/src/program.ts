/**
 * A compiled colour program: the global (per-pixel) part of a grade as a list of passes over a
 * buffer of RGB triplets. One program serves every caller: baking a LUT runs it over the grid
 * points, tests and catalogue swatches run it over a handful of colours.
 *
 * Operations are written as exact functions and declare the signal domain they work in. The
 * builder inserts the encoded↔linear conversions between them, then fuses neighbours so a bake
 * makes few passes: consecutive per-channel curves (conversions included) become one curve,
 * consecutive affine maps become one matrix, and a matrix followed by curves, or by the blend
 * with a snapshot, becomes one pass.
 * When a pass runs over many points, a fused curve is evaluated through a dense table
 * (`channel-pass.ts`).
 *
 * Passes stay separate, each a tight loop over a chunk of points. Taking each point through every
 * operation in one loop, or folding a light operation (split toning, a blend) into a table
 * lookup's loop, measured 1.3 to 2 times slower in V8: one point's operations form a long
 * dependency chain, while the iterations of a thin loop are independent and overlap in the
 * processor. A matrix folded into the lookup loop after it is the exception kept: each point's
 * three table lookups are still independent, and it measured no slower than the two passes apart.
 */
import { chainKey, markFlatNearZero, markLongLived } from './channel-pass';
import { lumaSaturationMatrix } from './colorimetry';
import { GridFiller, KeptGridReader, storeClamped, storeFinite } from './grid-source';
import type { GridSource } from './grid-source';
import type { HueCurveTables } from './hue-curves';
import { splitToneVectors } from './kernels';
import type { SplitTone } from './kernels';
import { KeptArrays } from './kept-arrays';
import type { Lut3D } from './lut-types';
import { composeAffine } from './matrix';
import type { Affine3 } from './matrix';
import { toPass } from './passes';
import type { Pass } from './passes';
import { CHUNK_POINTS } from './program-types';
import type { ChannelFunction, ChannelFunctions, Domain, Stage } from './program-types';
import { ENCODE_ZERO_BELOW, decodeGammaFast, encodeGammaFast } from './transfer';

markLongLived(decodeGammaFast);
markLongLived(encodeGammaFast);
markFlatNearZero(encodeGammaFast, ENCODE_ZERO_BELOW);

function channelStage(from: Domain, to: Domain, fns: ChannelFunctions): Stage {
  return { kind: 'channel', from, to, fns, chains: [[fns[0]], [fns[1]], [fns[2]]] };
}

/** Collects the stages of a program while tracking which domain the signal is in. */
export class ProgramBuilder {
  private readonly stages: Stage[] = [];
  private current: Domain = 'encoded';
  private snapshotOpen = false;

  get domain(): Domain {
    return this.current;
  }

  /** Converts the signal to `domain` (encoded ↔ linear; scene light leaves only through a curve). */
  convertTo(domain: Domain): void {
    if (domain === this.current) return;
    if (this.current === 'scene' || domain === 'scene') {
      throw new Error(`no implicit conversion from ${this.current} to ${domain}`);
    }
    const convert = domain === 'linear' ? decodeGammaFast : encodeGammaFast;
    this.stages.push(channelStage(this.current, domain, [convert, convert, convert]));
    this.current = domain;
  }

  /**
   * A per-channel function from `from` to `to` (the same function on all three when one is given).
   * `longLived`: the functions are module constants or kept per catalogue look, so their tables
   * may be kept across bakes (`channel-pass.ts`); never set it for functions made per grade.
   */
  channel(from: Domain, to: Domain, fns: ChannelFunctions | ChannelFunction, longLived = false): void {
    this.convertTo(from);
    const three: ChannelFunctions = typeof fns === 'function' ? [fns, fns, fns] : fns;
    if (longLived) three.forEach(markLongLived);
    this.stages.push(channelStage(from, to, three));
    this.current = to;
  }

  /** An affine map in `domain`; `longLived`: a constant of the engine (a camera's gamut matrix). */
  affine(domain: Domain, affine: Affine3, longLived = false): void {
    this.convertTo(domain);
    this.stages.push({ kind: 'affine', domain, affine, longLived });
  }

  /**
   * Saturation and vibrance in linear light (`applyChroma` in `kernels.ts`). Saturation alone at
   * or below 1 (a look that desaturates) is a matrix, y + s·(c − y) with luma y: recorded as an
   * affine stage, it fuses with its neighbours instead of making a pass of its own.
   */
  chroma(saturation: number, vibrance: number): void {
    if (vibrance === 0 && saturation <= 1) {
      this.affine('linear', { matrix: lumaSaturationMatrix(saturation), offset: [0, 0, 0] });
      return;
    }
    this.convertTo('linear');
    this.stages.push({ kind: 'chroma', saturation, vibrance });
  }

  /** Split toning on encoded values (`applySplitTone` in `kernels.ts`). */
  splitTone(tone: SplitTone): void {
    this.convertTo('encoded');
    this.stages.push({ kind: 'splitTone', tone: splitToneVectors(tone) });
  }

  /** Hue and luminance curves on encoded values (`applyHueCurves` in `hue-curves.ts`). */
  hueCurves(tables: HueCurveTables): void {
    this.convertTo('encoded');
    this.stages.push({ kind: 'hueCurves', tables });
  }

  /** A 3D LUT over encoded values, sampled tetrahedrally (inputs clamped to 0..1). */
  lut(lut: Lut3D): void {
    this.convertTo('encoded');
    this.stages.push({ kind: 'lut', lut });
  }

  /** Remembers the current signal, in linear light, for a later {@link blendWithSnapshot}. */
  snapshot(): void {
    if (this.snapshotOpen) throw new Error('a snapshot is already open; blend it before taking another');
    this.convertTo('linear');
    this.stages.push({ kind: 'snapshot' });
    this.snapshotOpen = true;
  }

  /**
   * signal = snapshot + amount·(signal − snapshot) in linear light: a mix of the two pictures'
   * light, like a dissolve. (Linear because most looks begin and end with linear-light steps, so
   * the mix costs no extra conversions.)
   */
  blendWithSnapshot(amount: number): void {
    if (!this.snapshotOpen) throw new Error('blendWithSnapshot needs a snapshot first');
    this.convertTo('linear');
    this.stages.push({ kind: 'blend', amount });
    this.snapshotOpen = false;
  }

  get isEmpty(): boolean {
    return this.stages.length === 0;
  }

  /** Ends in the encoded domain, fuses neighbouring stages and returns the runnable program. */
  build(): ColorProgram {
    if (this.snapshotOpen) throw new Error('a snapshot was never blended');
    this.convertTo('encoded');
    return new ColorProgram(fuse(this.stages));
  }
}

/**
 * True when the stages so far are a leading affine map, or a leading channel stage and an affine
 * map: `runOnGrid` evaluates those while it forms the grid, at no cost per pass.
 */
function formsGrid(stages: readonly Stage[]): boolean {
  return stages.length === 1 || (stages.length === 2 && stages[0]!.kind === 'channel');
}

/**
 * True when the stages before the last (an affine map) are all the engine's own (a camera
 * transform, see {@link stageKey}): `runOnGrid` keeps the grid after them and applies the affine
 * map while it copies the kept grid, at the cost of the copy alone.
 */
function followsKeptStages(stages: readonly Stage[]): boolean {
  return stages.length > 1 && stages.slice(0, -1).every((stage) => stageKey(stage) !== null);
}

/**
 * Fuses neighbours: channel + channel → one channel stage (composed functions), affine + affine →
 * one, and affine + channel → one channel stage that maps each point before its curves (one loop
 * instead of two, with the same arithmetic). Not fused: an affine map that the grid is formed
 * with (free of charge, see {@link formsGrid}) or read through (see {@link followsKeptStages}),
 * or a long-lived one (a camera's gamut matrix, part of the grid kept across bakes).
 */
function fuse(stages: readonly Stage[]): Stage[] {
  const out: Stage[] = [];
  for (const stage of stages) {
    const last = out[out.length - 1];
    if (last?.kind === 'affine' && stage.kind === 'channel' && !last.longLived && !formsGrid(out) && !followsKeptStages(out) && last.domain === stage.from) {
      out[out.length - 1] = { ...stage, pre: last.affine };
    } else if (last?.kind === 'channel' && stage.kind === 'channel') {
      const [a0, a1, a2] = last.fns;
      const [b0, b1, b2] = stage.fns;
      // Keep "same function on every channel" visible, so the step builds one table, not three.
      const shared: ChannelFunction | null = a0 === a1 && a1 === a2 && b0 === b1 && b1 === b2 ? (x) => b0(a0(x)) : null;
      const [l0, l1, l2] = last.chains;
      const [s0, s1, s2] = stage.chains;
      out[out.length - 1] = {
        kind: 'channel',
        ...(last.pre ? { pre: last.pre } : {}),
        from: last.from,
        to: stage.to,
        fns: shared ? [shared, shared, shared] : [(x) => b0(a0(x)), (x) => b1(a1(x)), (x) => b2(a2(x))],
        chains: [
          [...l0, ...s0],
          [...l1, ...s1],
          [...l2, ...s2],
        ],
      };
    } else if (last?.kind === 'affine' && stage.kind === 'blend' && !last.longLived && !formsGrid(out) && !followsKeptStages(out) && last.domain === 'linear') {
      out[out.length - 1] = { ...stage, pre: last.affine };
    } else if (last?.kind === 'affine' && stage.kind === 'affine' && last.domain === stage.domain) {
      out[out.length - 1] = { kind: 'affine', domain: stage.domain, affine: composeAffine(last.affine, stage.affine), longLived: last.longLived && stage.longLived };
    } else {
      out.push(stage);
    }
  }
  return out;
}

/**
 * A key naming what a stage computes when that depends on nothing but the engine itself (a camera
 * transform and the conversions next to it), or null when it depends on the grade's settings.
 */
function stageKey(stage: Stage): string | null {
  if (stage.kind === 'channel') {
    if (stage.pre) return null;
    const keys = stage.chains.map(chainKey);
    return keys.every((key) => key !== null) ? `${stage.from}>${stage.to}:${keys.join('|')}` : null;
  }
  if (stage.kind === 'affine' && stage.longLived) return `${stage.domain}:${stage.affine.matrix.join(',')}+${stage.affine.offset.join(',')}`;
  return null;
}

/**
 * Grids after a program's leading long-lived stages, keyed by size and stages: a camera transform
 * over a 33- and a 65-point grid (0.8 and 6.6 MB), the two sizes a session bakes. The transform
 * does not change while a grade's sliders do, so a re-bake starts from it.
 */
const keptGrids = new KeptArrays(2, 8 * 1024 * 1024, true);

/** A runnable, fused program. Stateless apart from lazily built tables, so it can be reused. */
export class ColorProgram {
  private readonly stages: readonly Stage[];
  private readonly passes: readonly Pass[];
  private readonly needsSnapshot: boolean;
  /** Keys of the leading stages that depend on nothing but the engine (see {@link stageKey}). */
  private readonly fixedKeys: readonly string[];

  /** Number of fused passes, reported by the benchmark and checked by tests of the fusion. */
  readonly passCount: number;

  /** True when the program does nothing: callers may then skip it and keep values bit-exact. */
  readonly isIdentity: boolean;

  constructor(stages: readonly Stage[]) {
    this.stages = stages;
    this.passes = stages.map(toPass);
    this.needsSnapshot = stages.some((stage) => stage.kind === 'snapshot');
    const keys = stages.map(stageKey);
    const fixed = keys.findIndex((key) => key === null);
    this.fixedKeys = (fixed < 0 ? keys : keys.slice(0, fixed)) as string[];
    this.passCount = this.passes.length;
    this.isIdentity = this.passes.length === 0;
  }

  /** Runs the program in place over the first `count` RGB triplets of `buffer` (no clamping). */
  run(buffer: Float64Array, count = Math.floor(buffer.length / 3)): void {
    const steps = this.passes.flatMap((pass) => pass.prepare(count));
    const snapshot = new Float64Array(this.needsSnapshot ? CHUNK_POINTS * 3 : 0);
    for (let start = 0; start < count; start += CHUNK_POINTS) {
      const end = Math.min(count, start + CHUNK_POINTS);
      for (const step of steps) step.run(buffer, start, end, snapshot);
    }
  }

  /**
   * Runs the program over the points of a `size`³ grid over the unit cube (red fastest) and returns
   * the results clamped to 0..1 as a LUT's data (NaN becomes 0: `v > 0` is false for it), or with
   * `clamp` false as they come (NaN still 0, infinities at ±65504), for renderers that clamp after
   * interpolating. A
   * leading per-channel stage is evaluated exactly on the `size` values of each axis, and a
   * leading affine stage while a chunk of points is formed, so those cost no pass. Chunk by chunk,
   * points are formed, run through the passes and stored while they are in the cache.
   *
   * When the program starts with more long-lived stages (a camera transform), the grid after them
   * is kept across bakes (`keptGrids`): the first bake stores it on the way, later ones start from
   * it, applying an affine stage that follows as they copy it.
   */
  runOnGrid(size: number, clamp = true): Float32Array {
    const last = size - 1;
    const axis = Array.from({ length: size }, (_, i) => i / last);
    let axes = [axis, axis, axis];
    let first = 0;
    const lead = this.stages[0];
    if (lead?.kind === 'channel' && !lead.pre) {
      axes = lead.fns.map((fn) => axis.map(fn));
      first = 1;
    }
    first += this.stages[first]?.kind === 'affine' ? 1 : 0;
    const leadAffine = first > 0 ? this.stages[first - 1] : undefined;
    const points = size * size * size;
    let source: GridSource = new GridFiller(size, axes[0]!, axes[1]!, axes[2]!, leadAffine?.kind === 'affine' ? leadAffine.affine : IDENTITY_AFFINE);
    // Passes first..keepAfter−1 run before the grid is kept (none when it is not).
    let keepAfter = first;
    let keeping: Float64Array | null = null;
    const fixed = this.fixedKeys.length;
    const key = `${size}/${this.fixedKeys.join('/')}`;
    if (fixed > first) {
      const kept = keptGrids.recall(key);
      if (kept) {
        const next = this.stages[fixed];
        source = new KeptGridReader(kept, next?.kind === 'affine' ? next.affine : null);
        first = fixed + (next?.kind === 'affine' ? 1 : 0);
        keepAfter = first;
      } else {
        keepAfter = fixed;
        // Every value is written below, so a reused grid needs no clearing.
        keeping = keptGrids.take(points * 3);
      }
    }
    const prepared = this.passes.slice(first).map((pass) => pass.prepare(points));
    // The grid is kept after the steps of the passes before keepAfter.
    const split = prepared.slice(0, keepAfter - first).reduce((n, steps) => n + steps.length, 0);
    const steps = prepared.flat();
    const out = new Float32Array(points * 3);
    const chunk = new Float64Array(CHUNK_POINTS * 3);
    const snapshot = new Float64Array(this.needsSnapshot ? CHUNK_POINTS * 3 : 0);
    // A last step that can store the results itself saves the separate store.
    const storing = clamp && steps.length > split && steps[steps.length - 1]!.runAndStore ? steps.length - 1 : steps.length;
    for (let start = 0; start < points; start += CHUNK_POINTS) {
      const count = Math.min(CHUNK_POINTS, points - start);
      source.fill(chunk, start, count);
      for (let k = 0; k < storing; k++) {
        if (k === split && keeping) keeping.set(chunk.subarray(0, count * 3), start * 3);
        steps[k]!.run(chunk, 0, count, snapshot);
      }
      // The grid is kept here when the kept stages are all the steps before the storing one.
      if (split === storing && keeping) keeping.set(chunk.subarray(0, count * 3), start * 3);
      if (storing < steps.length) steps[storing]!.runAndStore!(chunk, count, out, start * 3);
      else if (clamp) storeClamped(chunk, out, start * 3, count * 3);
      else storeFinite(chunk, out, start * 3, count * 3);
    }
    if (keeping) keptGrids.keep(key, keeping);
    return out;
  }
}

const IDENTITY_AFFINE: Affine3 = { matrix: [1, 0, 0, 0, 1, 0, 0, 0, 1], offset: [0, 0, 0] };
