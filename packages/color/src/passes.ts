/**
 * The passes a colour program (`program.ts`) runs over a chunk of RGB triplets, one per fused
 * stage; the per-channel pass is in `channel-pass.ts`.
 */
import { applyLutToTriplets } from './apply-lut';
import type { Lut3D } from './lut-types';
import { ChannelPass } from './channel-pass';
import { applyHueCurves } from './hue-curves';
import type { HueCurveTables } from './hue-curves';
import { applyChroma, applySplitTone } from './kernels';
import type { SplitToneVectors } from './kernels';
import { applyAffineToTriplets } from './matrix';
import type { Affine3 } from './matrix';
import type { Stage, Step } from './program-types';

export interface Pass {
  /** The steps that run this pass over a run of `count` points, chunk by chunk (called before the chunks). */
  prepare(count: number): readonly Step[];
}

/** A pass that is one step, whatever the length of the run. */
function single(step: Step): Pass {
  const steps = [step];
  return { prepare: () => steps };
}

class AffinePass implements Step {
  constructor(private readonly affine: Affine3) {}

  run(buffer: Float64Array, start: number, end: number): void {
    applyAffineToTriplets(this.affine, buffer, start * 3, buffer, start * 3, end - start);
  }
}

class ChromaPass implements Step {
  constructor(
    private readonly saturation: number,
    private readonly vibrance: number,
  ) {}

  run(buffer: Float64Array, start: number, end: number): void {
    applyChroma(buffer, start, end, this.saturation, this.vibrance);
  }
}

class SplitTonePass implements Step {
  constructor(private readonly tone: SplitToneVectors) {}

  run(buffer: Float64Array, start: number, end: number): void {
    applySplitTone(buffer, start, end, this.tone);
  }
}

class HueCurvesPass implements Step {
  constructor(private readonly tables: HueCurveTables) {}

  run(buffer: Float64Array, start: number, end: number): void {
    applyHueCurves(buffer, start, end, this.tables);
  }

  runAndStore(buffer: Float64Array, count: number, out: Float32Array, offset: number): void {
    applyHueCurves(buffer, 0, count, this.tables, out, offset);
  }
}

class LutPass implements Step {
  constructor(private readonly lut: Lut3D) {}

  run(buffer: Float64Array, start: number, end: number): void {
    applyLutToTriplets(this.lut, buffer, start, end);
  }
}

/** Copies the chunk aside; the snapshot buffer is indexed from the chunk's start. */
class SnapshotPass implements Step {
  run(buffer: Float64Array, start: number, end: number, snapshot: Float64Array): void {
    snapshot.set(buffer.subarray(start * 3, end * 3));
  }
}

class BlendPass implements Step {
  constructor(private readonly amount: number) {}

  run(buffer: Float64Array, start: number, end: number, snapshot: Float64Array): void {
    const amount = this.amount;
    const base = start * 3;
    // A point (three values) per iteration: V8 checks the arrays once per iteration.
    for (let i = base, stop = end * 3; i < stop; i += 3) {
      const j = i - base;
      const s0 = snapshot[j]!;
      const s1 = snapshot[j + 1]!;
      const s2 = snapshot[j + 2]!;
      buffer[i] = s0 + amount * (buffer[i]! - s0);
      buffer[i + 1] = s1 + amount * (buffer[i + 1]! - s1);
      buffer[i + 2] = s2 + amount * (buffer[i + 2]! - s2);
    }
  }
}

/** An affine map of the signal, then {@link BlendPass}, in one loop. */
class AffineThenBlend implements Step {
  constructor(
    private readonly affine: Affine3,
    private readonly amount: number,
  ) {}

  run(buffer: Float64Array, start: number, end: number, snapshot: Float64Array): void {
    const [m0, m1, m2, m3, m4, m5, m6, m7, m8] = this.affine.matrix;
    const [o0, o1, o2] = this.affine.offset;
    const amount = this.amount;
    const base = start * 3;
    for (let i = base, stop = end * 3; i < stop; i += 3) {
      const j = i - base;
      const r = buffer[i]!;
      const g = buffer[i + 1]!;
      const b = buffer[i + 2]!;
      const s0 = snapshot[j]!;
      const s1 = snapshot[j + 1]!;
      const s2 = snapshot[j + 2]!;
      buffer[i] = s0 + amount * (m0 * r + m1 * g + m2 * b + o0 - s0);
      buffer[i + 1] = s1 + amount * (m3 * r + m4 * g + m5 * b + o1 - s1);
      buffer[i + 2] = s2 + amount * (m6 * r + m7 * g + m8 * b + o2 - s2);
    }
  }
}

export function toPass(stage: Stage): Pass {
  switch (stage.kind) {
    case 'channel':
      return new ChannelPass(stage.from, stage.fns, stage.chains, stage.pre ?? null);
    case 'affine':
      return single(new AffinePass(stage.affine));
    case 'chroma':
      return single(new ChromaPass(stage.saturation, stage.vibrance));
    case 'splitTone':
      return single(new SplitTonePass(stage.tone));
    case 'hueCurves':
      return single(new HueCurvesPass(stage.tables));
    case 'lut':
      return single(new LutPass(stage.lut));
    case 'snapshot':
      return single(new SnapshotPass());
    case 'blend':
      return single(stage.pre ? new AffineThenBlend(stage.pre, stage.amount) : new BlendPass(stage.amount));
  }
}
