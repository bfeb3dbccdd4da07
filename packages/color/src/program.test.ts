import { describe, expect, it } from 'vitest';
import { decodeGamma, encodeGamma } from './transfer';
import { ProgramBuilder } from './program';
import { markWholeArray } from './channel-pass';
import { toneCurveFunction } from './tone';
import { applyChroma } from './kernels';
import { DEFAULT_HUE_CURVES, hueCurveTables } from './hue-curves';

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
    // to-linear, fused matrix, (to-encoded + curve): the matrix after a leading curve is not fused
    // into the next, as a bake forms its grid through it at no cost.
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
    // Under a 16-bit code value (1/65535 ≈ 1.5e-5): tables are invisible in every output format.
    expect(worstLinear).toBeLessThan(1e-5);
  });

  it('converts encoded → linear → encoded within 2e-5 (0.005/255) through the tables of a 33-point bake', () => {
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

  it('reads light of either sign through its octave tables, and evaluates zero, tiny, huge and NaN values exactly', () => {
    // A scene-light curve with a log-like shape, steep near zero (a camera's decoding, inverted).
    const curve = (x: number) => Math.sign(x) * Math.log2(1 + 64 * Math.abs(x));
    const builder = new ProgramBuilder();
    builder.channel('encoded', 'scene', (x) => x);
    builder.affine('scene', { matrix: [1, 0, 0, 0, 1, 0, 0, 0, 1], offset: [0, 0, 0] });
    builder.channel('scene', 'encoded', curve);
    const program = builder.build();
    const special = [0, -0, 1e-9, -1e-9, 5e-5, 500, -500, Number.NaN];
    const count = 40_000;
    const values = new Float64Array(count * 3);
    for (let i = 0; i < values.length; i++) {
      // Magnitudes from 2^-14 to 2^7, both signs, and now and then a point of special values.
      const magnitude = 2 ** (-14 + 21 * (((i * 7919) % 10007) / 10007));
      const point = Math.floor(i / 3);
      values[i] = point % 97 === 0 ? special[(point / 97) % special.length]! : i % 2 ? -magnitude : magnitude;
    }
    const inputs = values.slice();
    program.run(values);
    let worstRelative = 0;
    for (let i = 0; i < values.length; i++) {
      const x = inputs[i]!;
      const exact = curve(x);
      if (special.includes(x) || Number.isNaN(x)) {
        // Exactly the function's value: these never touch a table.
        expect(Number.isNaN(x) ? Number.isNaN(values[i]) : values[i] === exact).toBe(true);
      } else {
        worstRelative = Math.max(worstRelative, Math.abs(values[i]! - exact) / Math.abs(exact));
      }
    }
    // The same relative accuracy in every octave: 64 intervals each.
    expect(worstRelative).toBeLessThan(1e-4);
  });

  it('reads linear light through the engine\'s own curves down to 2^-24, a grade\'s own down to 2^-14, with the same relative accuracy, and leaves zero and smaller values to the exact function', () => {
    // Linear light → encoded through x^(1/2.4), whose slope grows without bound towards black: as a
    // curve of the engine (long-lived, its tables built once) and as one of a grade's.
    const engines = (x: number) => encodeGamma(x);
    for (const [curve, longLived, floor] of [[engines, true, -24], [(x: number) => encodeGamma(x), false, -14]] as const) {
      const builder = new ProgramBuilder();
      builder.channel('encoded', 'linear', (x) => x);
      builder.affine('linear', { matrix: [1, 0, 0, 0, 1, 0, 0, 0, 1], offset: [0, 0, 0] });
      builder.channel('linear', 'encoded', curve, longLived);
      const program = builder.build();
      const special = [0, -0, 1e-9, -1e-9];
      const count = 40_000;
      const values = new Float64Array(count * 3);
      for (let i = 0; i < values.length; i++) {
        // Magnitudes from 2^-26 to 2^2, both signs, and now and then a point of special values.
        const magnitude = 2 ** (-26 + 28 * (((i * 7919) % 10007) / 10007));
        const point = Math.floor(i / 3);
        values[i] = point % 89 === 0 ? special[(point / 89) % special.length]! : i % 2 ? -magnitude : magnitude;
      }
      const inputs = values.slice();
      program.run(values);
      let worstRelative = 0;
      let belowFloorInexact = 0;
      for (let i = 0; i < values.length; i++) {
        const x = inputs[i]!;
        const exact = encodeGamma(x);
        if (special.includes(x)) {
          expect(values[i]).toBe(exact);
        } else {
          if (Math.abs(x) < 2 ** floor && values[i] !== exact) belowFloorInexact++;
          worstRelative = Math.max(worstRelative, Math.abs(values[i]! - exact) / Math.abs(exact));
        }
      }
      // Below the tables' floor the exact function; above it the same relative accuracy in the
      // deepest octaves as in the highlights: 64 intervals each.
      expect(belowFloorInexact).toBe(0);
      expect(worstRelative).toBeLessThan(1e-4);
    }
  });

  it('keeps the relative accuracy of light for encoded values near black through the engine\'s own curves', () => {
    // A long-lived curve (as the engine's own are) that bends hard near black: x³ takes 0.001 to 1e-9.
    const cube = (x: number) => x * x * x;
    const builder = new ProgramBuilder();
    builder.channel('encoded', 'encoded', cube, true);
    const program = builder.build();
    const special = [0, -0, 1e-9, -1e-9, 2, -1, Number.NaN];
    const count = 40_000;
    const values = new Float64Array(count * 3);
    for (let i = 0; i < values.length; i++) {
      // Encoded magnitudes from 2^-24 to 0.01 (where the direct tables begin), both signs.
      const magnitude = 2 ** (-24 + (24 + Math.log2(0.01)) * (((i * 7919) % 10007) / 10007));
      const point = Math.floor(i / 3);
      values[i] = point % 89 === 0 ? special[(point / 89) % special.length]! : i % 2 ? -magnitude : magnitude;
    }
    const inputs = values.slice();
    program.run(values);
    let worstRelative = 0;
    for (let i = 0; i < values.length; i++) {
      const x = inputs[i]!;
      if (special.includes(x) || Number.isNaN(x)) {
        expect(Number.isNaN(x) ? Number.isNaN(values[i]) : values[i] === cube(x)).toBe(true);
      } else {
        worstRelative = Math.max(worstRelative, Math.abs(values[i]! - cube(x)) / Math.abs(cube(x)));
      }
    }
    // 64 intervals an octave: linear interpolation of x³ is within 6/(8·64²) = 1.8e-4 of it, relative,
    // at any magnitude (a direct table, a node every 0.001, is off by 0.7 % at x = 0.01 and more below).
    expect(worstRelative).toBeLessThan(1.9e-4);
  });

  it('gives the residues below 1e-12 that the encoding takes as 0 the value at 0 in its table loop, bit for bit as the exact functions', () => {
    const curve = toneCurveFunction({ black: 0.05, toe: 0.5, contrast: 1.3, shoulder: 0.4 });
    const builder = new ProgramBuilder();
    builder.channel('encoded', 'linear', (x) => x);
    builder.affine('linear', { matrix: [1, 0, 0, 0, 1, 0, 0, 0, 1], offset: [0, 0, 0] });
    // Leaves linear light: the encoding, then the curve, one table pass.
    builder.channel('encoded', 'encoded', curve);
    const program = builder.build();
    const tiny = [1e-17, -3e-15, 2 ** -41, -(2 ** -40), 9.9e-13, 1.2e-12, -1.2e-12, 1e-11, 0, -0, Number.MIN_VALUE];
    const count = 40_000;
    const values = new Float64Array(count * 3);
    for (let i = 0; i < values.length; i++) values[i] = i % 5 === 0 ? tiny[(i / 5) % tiny.length]! : ((i * 7919) % 10007) / 10006;
    const exact = values.slice();
    program.run(values);
    // Short runs are evaluated exactly.
    for (let start = 0; start < count; start += 1000) program.run(exact.subarray(start * 3, (start + 1000) * 3));
    for (let i = 0; i < values.length; i += 5) expect(values[i]).toBe(exact[i]);
    expect(exact[0]).toBe(curve(0));
  });

  it('gives bit for bit the same values with an affine map fused into the curves after it as with the two passes apart', () => {
    const mix = { matrix: [1.1, -0.06, -0.04, -0.05, 1.08, -0.03, 0.02, -0.1, 1.08], offset: [0.002, -0.001, 0] } as const;
    const curve = toneCurveFunction({ black: 0.05, toe: 0.5, contrast: 1.3, shoulder: 0.4 });
    for (const domain of ['encoded', 'linear'] as const) {
      // A long-lived affine map is never fused (it may be part of a kept grid): the same maths in two passes.
      const programs = [false, true].map((longLived) => {
        const builder = new ProgramBuilder();
        builder.channel('encoded', 'encoded', (x) => 0.9 * x + 0.05);
        builder.chroma(1.1, 0);
        builder.affine(domain, mix, longLived);
        builder.channel('encoded', 'encoded', [curve, (x) => x * x, (x) => Math.sqrt(Math.max(0, x))]);
        return builder.build();
      });
      // (curve + to-linear), chroma, [to-encoded], matrix + (to-encoded +) curves: one pass fewer fused.
      const fused = domain === 'encoded' ? 4 : 3;
      expect(programs.map((program) => program.passCount)).toEqual([fused, fused + 1]);
      for (const count of [3000, 200_000]) {
        // Short runs evaluate exactly, long ones through the tables; both with black and out-of-range points.
        const [fused, apart] = programs.map((program) => {
          const values = ramp(count);
          for (let i = 0; i < values.length; i += 301) values[i] = i % 2 ? 0 : -0.8;
          program.run(values);
          return values;
        });
        expect(fused!.every((v, i) => Object.is(v, apart![i]))).toBe(true);
      }
    }
  });

  it('takes a desaturating chroma as a matrix fused into the blend or curves after it, with the chroma kernel\'s results', () => {
    const curve = toneCurveFunction({ black: 0.05, toe: 0.5, contrast: 1.3, shoulder: 0.4 });
    for (const strength of [0.7, 1]) {
      const builder = new ProgramBuilder();
      builder.channel('encoded', 'encoded', (x) => 0.9 * x + 0.05);
      builder.chroma(1.1, 0.2);
      if (strength < 1) builder.snapshot();
      builder.chroma(0.85, 0);
      if (strength < 1) builder.blendWithSnapshot(strength);
      builder.channel('encoded', 'encoded', curve);
      const program = builder.build();
      // (curve + to-linear), chroma, then either snapshot, desaturation + blend, (to-encoded + curve)
      // or desaturation + (to-encoded + curve).
      expect(program.passCount).toBe(strength < 1 ? 5 : 3);
      // Short runs evaluate the conversions through their 1e-8 tables, long ones through the bake's tables.
      for (const [count, tolerance] of [[3000, 1e-7], [200_000, 2e-5]] as const) {
        const values = ramp(count);
        for (let i = 0; i < values.length; i += 301) values[i] = i % 2 ? 0 : -0.8;
        // The same steps one by one, with the chroma kernel itself.
        const expected = values.map((v) => decodeGamma(0.9 * v + 0.05));
        applyChroma(expected, 0, count, 1.1, 0.2);
        const before = expected.slice();
        applyChroma(expected, 0, count, 0.85, 0);
        program.run(values);
        let worst = 0;
        for (let i = 0; i < expected.length; i++) {
          const mixed = before[i]! + strength * (expected[i]! - before[i]!);
          worst = Math.max(worst, Math.abs(values[i]! - curve(encodeGamma(mixed))));
        }
        expect(worst).toBeLessThan(tolerance);
      }
    }
  });

  it('stores a bake that ends in the hue curves, clamped, from the hue step itself, as the separate store would', () => {
    const builder = new ProgramBuilder();
    // Push values outside 0..1 so the clamp has work, and leave greys (which the curves skip).
    builder.channel('encoded', 'encoded', (x) => 1.3 * x - 0.15);
    builder.chroma(1.4, 0);
    builder.hueCurves(hueCurveTables({ ...DEFAULT_HUE_CURVES, hueVsHue: [{ x: 0.3, y: 0.6 }], hueVsLum: [{ x: 0.6, y: 0.7 }] }));
    const program = builder.build();
    for (const size of [17, 33]) {
      const lut = program.runOnGrid(size);
      const grid = new Float64Array(size ** 3 * 3);
      for (let i = 0, b = 0; b < size; b++) for (let g = 0; g < size; g++) for (let r = 0; r < size; r++) grid.set([r / (size - 1), g / (size - 1), b / (size - 1)], 3 * i++);
      program.run(grid);
      const clamped = Float32Array.from(grid, (v) => (v > 0 ? (v < 1 ? v : 1) : 0));
      expect(lut.every((v, i) => v === clamped[i])).toBe(true);
      // Greys stay grey; the corners are clamped.
      expect(Array.from(lut.subarray(lut.length - 3))).toEqual([1, 1, 1]);
      expect(Array.from(lut.subarray(0, 3))).toEqual([0, 0, 0]);
    }
  });

  it('builds tables through a function\'s whole-array version, with the same values', () => {
    let calls = 0;
    const curve = (x: number) => {
      calls++;
      return x * x;
    };
    const whole = (values: Float64Array) => {
      for (let k = 0; k < values.length; k++) values[k] = values[k]! * values[k]!;
    };
    const builder = new ProgramBuilder();
    builder.channel('encoded', 'encoded', markWholeArray(curve, whole));
    const values = ramp(40_000);
    const inputs = values.slice();
    builder.build().run(values);
    // No table node calls it: only the values left to the exact function (near black, not zero)
    // and each channel's value at 0, taken once.
    const nearBlack = inputs.filter((x) => x !== 0 && Math.abs(x) < 0.01).length;
    expect(calls).toBe(nearBlack + 3);
    expect(Math.max(...values.map((v, i) => Math.abs(v - inputs[i]! * inputs[i]!)))).toBeLessThan(1e-6);
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
