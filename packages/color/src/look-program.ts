/**
 * Turns a look recipe (data) into stages of a colour program, in the order documented on
 * `LookRecipe`.
 */
import { composeAffine, diagonalMatrix3 } from './matrix';
import type { Affine3, Matrix3 } from './matrix';
import type { ProgramBuilder } from './program';
import type { ChannelFunction, ChannelFunctions } from './program-types';
import { toneCurveFunction } from './tone';
import { whiteBalanceMatrix } from './white-balance';
import type { LookRecipe } from './look-types';

const NO_OFFSET = [0, 0, 0] as const;

function linearAffine(recipe: LookRecipe): Affine3 | null {
  const parts: Matrix3[] = [];
  if (recipe.exposure) {
    const gain = 2 ** recipe.exposure;
    parts.push(diagonalMatrix3(gain, gain, gain));
  }
  if (recipe.temperature || recipe.tint) parts.push(whiteBalanceMatrix(recipe.temperature ?? 0, recipe.tint ?? 0));
  if (recipe.mixer) parts.push(recipe.mixer);
  if (recipe.mono) {
    const [r, g, b] = recipe.mono;
    parts.push([r, g, b, r, g, b, r, g, b]);
  }
  if (parts.length === 0) return null;
  return parts.map((matrix): Affine3 => ({ matrix, offset: NO_OFFSET })).reduce((a, b) => composeAffine(a, b));
}

/** Odd-symmetric power so a negative intermediate cannot produce NaN. */
function signedPower(x: number, p: number): number {
  return x >= 0 ? x ** p : -((-x) ** p);
}

function channelFunction(recipe: LookRecipe, channel: 0 | 1 | 2): ChannelFunction | null {
  const steps: ChannelFunction[] = [];
  const lift = recipe.lift?.[channel] ?? 0;
  const gain = recipe.gain?.[channel] ?? 1;
  const gamma = recipe.gamma?.[channel] ?? 1;
  if (lift !== 0 || gain !== 1) steps.push((x) => lift + (gain - lift) * x);
  if (gamma !== 1) steps.push((x) => signedPower(x, 1 / gamma));
  if (recipe.curve) steps.push(toneCurveFunction(recipe.curve));
  const own = recipe.channelCurves?.[(['r', 'g', 'b'] as const)[channel]];
  if (own) steps.push(toneCurveFunction(own));
  if (steps.length === 0) return null;
  return steps.reduce((f, g) => (x) => g(f(x)));
}

const identity: ChannelFunction = (x) => x;

/**
 * The look's per-channel functions, made once per recipe: catalogue recipes are module constants,
 * so the same functions come back for every bake and the program can keep their tables
 * (`channel-pass.ts`). Null when the look has no per-channel step.
 */
const channelFunctionsOf = new WeakMap<LookRecipe, ChannelFunctions | null>();

function lookChannelFunctions(recipe: LookRecipe): ChannelFunctions | null {
  let fns = channelFunctionsOf.get(recipe);
  if (fns === undefined) {
    if (isChannelNeutral(recipe)) {
      const fn = channelFunction(recipe, 0);
      fns = fn ? [fn, fn, fn] : null;
    } else {
      fns = [channelFunction(recipe, 0) ?? identity, channelFunction(recipe, 1) ?? identity, channelFunction(recipe, 2) ?? identity];
    }
    channelFunctionsOf.set(recipe, fns);
  }
  return fns;
}

/**
 * Appends the look's operations; the signal enters and leaves in whatever domain it is in.
 * `longLived`: the recipe outlives the bake (a catalogue look), so tables of its curves may be
 * kept; pass false for a recipe made on the fly.
 */
export function appendLook(builder: ProgramBuilder, recipe: LookRecipe, longLived = false): void {
  const affine = linearAffine(recipe);
  if (affine) builder.affine('linear', affine);
  const fns = lookChannelFunctions(recipe);
  if (fns) builder.channel('encoded', 'encoded', fns, longLived);
  if (recipe.splitTone) builder.splitTone(recipe.splitTone);
  const saturation = recipe.saturation ?? 1;
  const vibrance = recipe.vibrance ?? 0;
  if (saturation !== 1 || vibrance !== 0) builder.chroma(saturation, vibrance);
}

function sameOnEveryChannel(v: readonly number[] | undefined): boolean {
  return !v || (v[0] === v[1] && v[1] === v[2]);
}

/** True when the per-channel steps are the same for R, G and B. */
function isChannelNeutral(recipe: LookRecipe): boolean {
  return sameOnEveryChannel(recipe.lift) && sameOnEveryChannel(recipe.gamma) && sameOnEveryChannel(recipe.gain) && !recipe.channelCurves;
}

/**
 * A recipe is monochrome when it collapses colour with `mono` and nothing after that can bring
 * chroma back (no per-channel differences, no split toning).
 */
export function isMonochromeRecipe(recipe: LookRecipe): boolean {
  return recipe.mono !== undefined && isChannelNeutral(recipe) && !recipe.splitTone;
}
