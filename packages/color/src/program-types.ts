/**
 * The types a colour program is made of — signal domains, channel functions, the recorded stages —
 * shared by the builder (`program.ts`) and the passes that run it (`passes.ts`,
 * `channel-pass.ts`). A leaf of the pipeline: it imports only maths types and the LUT type, so
 * the passes do not import the builder that creates them.
 */
import type { HueCurveTables } from './hue-curves';
import type { SplitToneVectors } from './kernels';
import type { Lut3D } from './lut-types';
import type { Affine3 } from './matrix';

/**
 * Signal domains: `encoded` is gamma-encoded Rec.709 (the engine's input and output), `linear` is
 * display-linear light (BT.1886), `scene` is camera scene-linear light inside an input transform.
 */
export type Domain = 'encoded' | 'linear' | 'scene';

export type ChannelFunction = (x: number) => number;

export type ChannelFunctions = readonly [ChannelFunction, ChannelFunction, ChannelFunction];

/** A composition of channel functions, applied first to last. */
export type ChannelChain = readonly ChannelFunction[];

/** One operation of a program, as the builder records it (before and after fusion). */
export type Stage =
  | {
      readonly kind: 'channel';
      readonly from: Domain;
      readonly to: Domain;
      /** Each channel's function, composed. */
      readonly fns: ChannelFunctions;
      /** Each channel's function as the list of functions it is composed of. */
      readonly chains: readonly [ChannelChain, ChannelChain, ChannelChain];
      /** An affine map in the `from` domain applied to each point before the functions (fused in). */
      readonly pre?: Affine3;
    }
  | { readonly kind: 'affine'; readonly domain: Domain; readonly affine: Affine3; readonly longLived: boolean }
  | { readonly kind: 'chroma'; readonly saturation: number; readonly vibrance: number }
  | { readonly kind: 'splitTone'; readonly tone: SplitToneVectors }
  | { readonly kind: 'hueCurves'; readonly tables: HueCurveTables }
  | { readonly kind: 'lut'; readonly lut: Lut3D }
  | { readonly kind: 'snapshot' }
  /** `pre`: an affine map applied to the signal (not the snapshot) before the mix (fused in). */
  | { readonly kind: 'blend'; readonly amount: number; readonly pre?: Affine3 };

/**
 * Points per chunk: a program runs every step over one chunk (24 KiB of doubles, inside a
 * first-level cache) before it moves to the next, instead of streaming the whole grid through
 * each step.
 */
export const CHUNK_POINTS = 1024;

/**
 * What a program runs over each chunk: a pass prepared for a run of a given length
 * (`passes.ts`). `snapshot` holds the chunk's snapshot from index 0.
 */
export interface Step {
  run(buffer: Float64Array, start: number, end: number, snapshot: Float64Array): void;
  /**
   * When a step can end a bake: runs over buffer[0..3·count) and writes the results clamped to
   * 0..1 (NaN as 0) to out[offset..] instead of the buffer, saving the separate store.
   */
  runAndStore?(buffer: Float64Array, count: number, out: Float32Array, offset: number): void;
}
