import { describe, expect, it } from 'vitest';
import { decodeGamma, encodeGamma } from './transfer';
import { ProgramBuilder } from './program';
import { toneCurveFunction } from './tone';

function ramp(count: number): Float64Array {
  const buffer = new Float64Array(count * 3);
  for (let i = 0; i < buffer.length; i++) buffer[i] = ((i * 7919) % 10007) / 10006;
  return buffer;
}

describe('ProgramBuilder', () => {
  it('inserts conversions between domains and fuses neighbouring curves and matrices', () => {
    const builder = new ProgramBuilder();
    builder.affine('linear', { matrix: [2, 0, 0, 0, 2, 0, 0, 0, 2], offset: [0, 0, 0] });
    builder.affine('linear', { matrix: [0.5, 0, 0, 0, 0.5, 0, 0, 0, 0.5], offset: [0, 0, 0] });
    builder.channel('encoded', 'encoded', (x) => x);
    const program = builder.build();
    // to-linear, fused matrix, (to-encoded + curve).
    expect(program.passCount).toBe(3);
    const colours = Float64Array.from([0.25, 0.5, 0.75]);
    program.run(colours);
    expect(Array.from(colours).map((v) => Math.round(v * 1e9) / 1e9)).toEqual([0.25, 0.5, 0.75]);
  });

  it('builds an empty, identity program when nothing is added', () => {
    expect(new ProgramBuilder().build().isIdentity).toBe(true);
  });

  it('refuses to leave scene light without a curve', () => {
    const builder = new ProgramBuilder();
    builder.channel('encoded', 'scene', (x) => x);
    expect(() => builder.convertTo('linear')).toThrow(/scene/);
  });
});

describe('ColorProgram', () => {
  it('gives the same result through its tables (long runs) as through the exact functions (short runs)', () => {
    const builder = new ProgramBuilder();
    builder.channel('encoded', 'encoded', toneCurveFunction({ black: 0.05, toe: 0.5, contrast: 1.3, shoulder: 0.4 }));
    builder.affine('linear', { matrix: [1.2, -0.1, -0.1, 0, 1, 0, 0, -0.05, 1.05], offset: [0, 0, 0] });
    const program = builder.build();
    const long = ramp(200_000);
    const short = long.slice(0, 3000);
    program.run(long);
    program.run(short);
    let worstLinear = 0;
    for (let i = 0; i < short.length; i++) worstLinear = Math.max(worstLinear, Math.abs(decodeGamma(long[i]!) - decodeGamma(short[i]!)));
    expect(worstLinear).toBeLessThan(1e-6);
  });

  it('converts encoded → linear → encoded within 2e-5 (0.005/255) through 2048-interval tables', () => {
    const builder = new ProgramBuilder();
    builder.convertTo('linear');
    builder.affine('linear', { matrix: [1, 0, 0, 0, 1, 0, 0, 0, 1], offset: [0, 0, 0] });
    const values = ramp(50_000);
    const before = values.slice();
    builder.build().run(values);
    let worst = 0;
    for (let i = 0; i < values.length; i++) worst = Math.max(worst, Math.abs(values[i]! - before[i]!));
    expect(worst).toBeLessThan(2e-5);
    expect(encodeGamma(decodeGamma(0.5))).toBeCloseTo(0.5, 12);
  });

  it('runs on a grid with red varying fastest', () => {
    const builder = new ProgramBuilder();
    builder.channel('encoded', 'encoded', (x) => x * 0.5);
    const grid = builder.build().runOnGrid(3);
    expect(Array.from(grid.subarray(0, 9))).toEqual([0, 0, 0, 0.25, 0, 0, 0.5, 0, 0]);
    expect(Array.from(grid.subarray(9, 12))).toEqual([0, 0.25, 0]);
    expect(Array.from(grid.subarray(grid.length - 3))).toEqual([0.5, 0.5, 0.5]);
  });
});
