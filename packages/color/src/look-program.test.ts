import { describe, expect, it } from 'vitest';
import { appendLook, isMonochromeRecipe } from './look-program';
import { ProgramBuilder } from './program';
import type { LookRecipe } from './look-types';

function run(recipe: LookRecipe, rgb: readonly [number, number, number]): [number, number, number] {
  const builder = new ProgramBuilder();
  appendLook(builder, recipe);
  const buffer = Float64Array.from(rgb);
  builder.build().run(buffer);
  return [buffer[0]!, buffer[1]!, buffer[2]!];
}

describe('appendLook', () => {
  it('adds nothing for an empty recipe', () => {
    const builder = new ProgramBuilder();
    appendLook(builder, {});
    expect(builder.build().isIdentity).toBe(true);
  });

  it('applies lift, gain and gamma per channel as (lift + (gain − lift)·x)^(1/gamma)', () => {
    const [r, g, b] = run({ lift: [0.1, 0, 0], gain: [1, 0.8, 1], gamma: [1, 1, 2] }, [0.5, 0.5, 0.25]);
    expect(r).toBeCloseTo(0.1 + 0.9 * 0.5, 9);
    expect(g).toBeCloseTo(0.4, 9);
    expect(b).toBeCloseTo(0.5, 9);
  });

  it('replaces all channels with the mono weights in linear light', () => {
    const [r, g, b] = run({ mono: [1, 0, 0] }, [0.6, 0.1, 0.9]);
    expect([r, g, b].map((v) => v.toFixed(9))).toEqual(Array(3).fill((0.6).toFixed(9)));
  });

  it('applies exposure in stops before the curves', () => {
    const [r] = run({ exposure: 1 }, [0.5, 0.5, 0.5]);
    expect(r ** 2.4).toBeCloseTo(2 * 0.5 ** 2.4, 7);
  });
});

describe('isMonochromeRecipe', () => {
  it('needs mono weights and nothing after them that could bring colour back', () => {
    expect(isMonochromeRecipe({ mono: [0.3, 0.6, 0.1], curve: { contrast: 1.2 } })).toBe(true);
    expect(isMonochromeRecipe({ mono: [0.3, 0.6, 0.1], splitTone: { shadowHue: 30, shadowAmount: 0.1, highlightHue: 40, highlightAmount: 0.1 } })).toBe(false);
    expect(isMonochromeRecipe({ mono: [0.3, 0.6, 0.1], gain: [1, 0.9, 1] })).toBe(false);
    expect(isMonochromeRecipe({ saturation: 0 })).toBe(false);
  });
});
