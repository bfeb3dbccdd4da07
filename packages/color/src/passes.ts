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
import type { Stage } from './program-types';

export interface Pass {
  /** Called once per run with the total number of points, before the chunks. */
  prepare(count: number): void;
  /** Runs over points start..end−1 of `buffer`; `snapshot` holds the chunk's snapshot from index 0. */
  run(buffer: Float64Array, start: number, end: number, snapshot: Float64Array): void;
}

class AffinePass implements Pass {
  constructor(private readonly affine: Affine3) {}

  prepare(): void {}

  run(buffer: Float64Array, start: number, end: number): void {
    applyAffineToTriplets(this.affine, buffer, start * 3, buffer, start * 3, end - start);
  }
}

class ChromaPass implements Pass {
  constructor(
    private readonly saturation: number,
    private readonly vibrance: number,
  ) {}

  prepare(): void {}

  run(buffer: Float64Array, start: number, end: number): void {
    applyChroma(buffer, start, end, this.saturation, this.vibrance);
  }
}

class SplitTonePass implements Pass {
  constructor(private readonly tone: SplitToneVectors) {}

  prepare(): void {}

  run(buffer: Float64Array, start: number, end: number): void {
    applySplitTone(buffer, start, end, this.tone);
  }
}

class HueCurvesPass implements Pass {
  constructor(private readonly tables: HueCurveTables) {}

  prepare(): void {}

  run(buffer: Float64Array, start: number, end: number): void {
    applyHueCurves(buffer, start, end, this.tables);
  }
}

class LutPass implements Pass {
  constructor(private readonly lut: Lut3D) {}

  prepare(): void {}

  run(buffer: Float64Array, start: number, end: number): void {
    applyLutToTriplets(this.lut, buffer, start, end);
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

export function toPass(stage: Stage): Pass {
  switch (stage.kind) {
    case 'channel':
      return new ChannelPass(stage.from, stage.fns, stage.chains, stage.pre ?? null);
    case 'affine':
      return new AffinePass(stage.affine);
    case 'chroma':
      return new ChromaPass(stage.saturation, stage.vibrance);
    case 'splitTone':
      return new SplitTonePass(stage.tone);
    case 'hueCurves':
      return new HueCurvesPass(stage.tables);
    case 'lut':
      return new LutPass(stage.lut);
    case 'snapshot':
      return new SnapshotPass();
    case 'blend':
      return new BlendPass(stage.amount);
  }
}
