/**
 * Colour engine benchmark (`npm run bench -w @cinegrade/color`). Prints, with the targets of
 * issue 3: baking a 33-point LUT (< 5 ms, so a slider drag can re-bake every frame), a 65-point
 * LUT (< 40 ms) and applying a 33-point LUT on the CPU to a 1920×1080 frame (< 60 ms).
 * Each figure is the median of repeated runs after a warm-up (a drag bakes many times in a row);
 * the slowest run is shown too. Timings on a shared machine vary by ±30 % from run to run.
 */
import {
  DEFAULT_ADJUSTMENTS,
  DEFAULT_GRADE,
  applyLutToFloatRgba,
  applyLutToRgba,
  bakeLut,
  compileGrade,
} from '../src/index';
import type { Grade, Interpolation, Lut3D } from '../src/index';

interface Timing {
  readonly median: number;
  readonly worst: number;
}

function time(run: () => void, warmup: number, runs: number): Timing {
  for (let i = 0; i < warmup; i++) run();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    run();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return { median: samples[Math.floor(samples.length / 2)]!, worst: samples[samples.length - 1]! };
}

const everySlider = { ...DEFAULT_ADJUSTMENTS, exposure: 20, temperature: 35, tint: -10, dehaze: 25, contrast: 30, highlights: -25, shadows: 30, brightness: 10, saturation: 20, vibrance: 35 };

const GRADES: readonly { name: string; grade: Grade }[] = [
  { name: 'identity (no look, sliders at 0)', grade: DEFAULT_GRADE },
  { name: 'look: Blockbuster Teal & Orange', grade: { ...DEFAULT_GRADE, look: 'blockbuster-teal-orange' } },
  { name: 'look: Ilford HP5 (monochrome)', grade: { ...DEFAULT_GRADE, look: 'ilford-hp5' } },
  { name: 'look: Cross Process + contrast, saturation', grade: { ...DEFAULT_GRADE, look: 'cross-process', adjustments: { ...DEFAULT_ADJUSTMENTS, contrast: 20, saturation: 15 } } },
  { name: 'all ten global sliders, no look', grade: { ...DEFAULT_GRADE, adjustments: everySlider } },
  { name: 'worst case: S-Log3 + look at 70 % + all sliders', grade: { look: 'la-la-land', customLook: null, lookStrength: 70, inputTransform: 'slog3', adjustments: everySlider } },
];

function row(cells: readonly string[], widths: readonly number[]): string {
  return cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
}

const ms = (v: number) => `${v.toFixed(2)} ms`;
const verdict = (t: Timing, target: number) => (t.median < target ? 'ok' : 'OVER');

console.log('Colour engine benchmark (median of repeated runs after warm-up; slowest run in brackets)\n');
const widths = [50, 7, 24, 24];
console.log(row(['grade', 'passes', '33-point bake (< 5 ms)', '65-point bake (< 40 ms)'], widths));
let allWithinTarget = true;
for (const { name, grade } of GRADES) {
  const bake33 = time(() => bakeLut(grade, 33), 30, 60);
  const bake65 = time(() => bakeLut(grade, 65), 5, 15);
  allWithinTarget &&= bake33.median < 5 && bake65.median < 40;
  console.log(
    row(
      [name, String(compileGrade(grade).passCount), `${ms(bake33.median)} (${bake33.worst.toFixed(1)}) ${verdict(bake33, 5)}`, `${ms(bake65.median)} (${bake65.worst.toFixed(1)}) ${verdict(bake65, 40)}`],
      widths,
    ),
  );
}

const WIDTH = 1920;
const HEIGHT = 1080;
const frame = new Uint8ClampedArray(WIDTH * HEIGHT * 4);
for (let i = 0; i < frame.length; i++) frame[i] = i % 4 === 3 ? 255 : (i * 2654435761) >>> 24;
const floatFrame = Float32Array.from(frame, (v) => v / 255);
const target = new Uint8ClampedArray(frame.length);
const floatTarget = new Float32Array(frame.length);
const lut: Lut3D = bakeLut(GRADES[1]!.grade, 33);

console.log(`\nCPU apply of a 33-point LUT to a ${WIDTH}×${HEIGHT} frame (target < 60 ms for 8-bit tetrahedral)`);
const applies: readonly { name: string; run: () => void; interpolation: Interpolation; gated: boolean }[] = [
  { name: '8-bit RGBA, tetrahedral', run: () => applyLutToRgba(lut, frame, 'tetrahedral', target), interpolation: 'tetrahedral', gated: true },
  { name: '8-bit RGBA, trilinear', run: () => applyLutToRgba(lut, frame, 'trilinear', target), interpolation: 'trilinear', gated: false },
  { name: 'float RGBA, tetrahedral', run: () => applyLutToFloatRgba(lut, floatFrame, 'tetrahedral', floatTarget), interpolation: 'tetrahedral', gated: false },
];
for (const { name, run, gated } of applies) {
  const t = time(run, 3, 11);
  if (gated) allWithinTarget &&= t.median < 60;
  console.log(`  ${name.padEnd(26)} ${ms(t.median).padStart(10)} (slowest ${t.worst.toFixed(1)})${gated ? ` ${verdict(t, 60)}` : ''}`);
}

console.log(`\n${allWithinTarget ? 'All figures within their targets.' : 'Some figures are over their targets (see OVER above).'}`);
