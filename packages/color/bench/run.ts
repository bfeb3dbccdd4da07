/**
 * Colour engine benchmark (`npm run bench -w @cinegrade/color`). Prints, with its targets
 * (docs/color-engine.md, 'Checks'): baking a 33-point LUT (< 5 ms, so a slider drag can re-bake every frame), a 65-point
 * LUT (< 40 ms) and applying a 33-point LUT on the CPU to a 1920×1080 frame (< 60 ms).
 *
 * Method: a figure is measured in several rounds, spread over time (the figures take their rounds
 * in turn, so one figure's rounds lie seconds apart); each round is a run of back-to-back bakes
 * after a warm-up (a drag bakes back to back) and gives its median. The LOWEST
 * ROUND MEDIAN is compared with the target: on a machine shared with other builds a burst of their
 * work spoils a round's median, and like Python's timeit (whose documentation recommends the
 * minimum of repeats for the same reason) we take the round least disturbed. The best single run
 * and the range of the round medians are printed next to it, with the load average, so the spread
 * stays visible.
 *
 * Tables and grids that depend only on the engine (transfer functions, camera transforms, a
 * catalogue look's curves) are kept across bakes; two rows show what that is worth: a drag that
 * changes a slider on every bake (nothing of the grade's own can be reused), and the camera
 * changed on every bake (the kept camera grid is never reused: what the first bake after opening
 * footage costs). The latter happens once per footage, not on every frame of a drag, so it is
 * printed with its verdict but kept out of the overall one.
 */
import { loadavg } from 'node:os';
import { DEFAULT_ADJUSTMENTS, DEFAULT_GRADE, applyLutToFloatRgba, applyLutToRgba, bakeLut, compileGrade } from '../src/index';
import type { Adjustments, Curves, Grade, HueCurves, InputTransformId, Lut3D, Wheels } from '../src/index';

interface Timing {
  /** The lowest of the rounds' medians: the figure compared with the target. */
  readonly median: number;
  readonly highestMedian: number;
  readonly best: number;
}

/** A figure measured round by round: a warm-up, then `runs` timed runs whose median is the round's. */
class Measure {
  private readonly medians: number[] = [];
  private best = Infinity;
  private iteration = 0;

  constructor(
    private readonly run: (iteration: number) => void,
    private readonly warmup: number,
    private readonly runs: number,
    readonly rounds: number,
  ) {}

  /** Runs one round. */
  round(): void {
    for (let i = 0; i < this.warmup; i++) this.run(this.iteration++);
    const samples: number[] = [];
    for (let i = 0; i < this.runs; i++) {
      const start = performance.now();
      this.run(this.iteration++);
      samples.push(performance.now() - start);
    }
    samples.sort((a, b) => a - b);
    this.medians.push(samples[Math.floor(samples.length / 2)]!);
    this.best = Math.min(this.best, samples[0]!);
  }

  get timing(): Timing {
    return { median: Math.min(...this.medians), highestMedian: Math.max(...this.medians), best: this.best };
  }
}

/**
 * Measures every figure, taking their rounds in turn (round 1 of each, then round 2 of each, …), so
 * a figure's rounds are spread over the whole benchmark rather than a few seconds: a burst of other
 * work on the machine then spoils a round of several figures, not every round of one.
 */
function measureAll(measures: readonly Measure[]): void {
  const rounds = Math.max(...measures.map((m) => m.rounds));
  for (let round = 0; round < rounds; round++) for (const m of measures) if (round < m.rounds) m.round();
}

const everySlider: Adjustments = { ...DEFAULT_ADJUSTMENTS, exposure: 20, temperature: 35, tint: -10, dehaze: 25, contrast: 30, highlights: -25, shadows: 30, brightness: 10, saturation: 20, vibrance: 35 };
const worst: Grade = { look: 'la-la-land', customLook: null, lookStrength: 70, inputTransform: 'slog3', adjustments: everySlider };
const everyWheel: Wheels = {
  lift: { hue: 200, amount: 0.3, master: 0.2 },
  gamma: { hue: 40, amount: 0.2, master: -0.3 },
  gain: { hue: 330, amount: 0.25, master: 0.1 },
  offset: { hue: 90, amount: 0.1, master: -0.05 },
  saturation: 1.2,
};
const everyCurve: Curves = {
  master: [{ x: 0.25, y: 0.2 }, { x: 0.75, y: 0.82 }],
  red: [{ x: 0.5, y: 0.53 }],
  green: [{ x: 0.3, y: 0.28 }, { x: 0.7, y: 0.7 }],
  blue: [{ x: 0.5, y: 0.46 }],
};
const everyHueCurve: HueCurves = {
  hueVsHue: [{ x: 0.05, y: 0.55 }, { x: 0.5, y: 0.45 }],
  hueVsSat: [{ x: 0.1, y: 0.6 }, { x: 0.6, y: 0.4 }, { x: 0.9, y: 0.5 }],
  hueVsLum: [{ x: 0.3, y: 0.55 }, { x: 0.7, y: 0.5 }],
  lumVsSat: [{ x: 0.1, y: 0.4 }, { x: 0.9, y: 0.6 }],
};
const everything: Grade = { ...worst, look: 'blade-runner-2049', inputTransform: 'vlog', wheels: everyWheel, curves: everyCurve, hueCurves: everyHueCurve };
const CAMERAS: readonly InputTransformId[] = ['slog3', 'logc3', 'vlog', 'clog3'];

interface Case {
  readonly name: string;
  /** The grade baked on run i (most cases bake one grade throughout). */
  readonly grade: (i: number) => Grade;
  /** False for a bake that happens once, not on every frame of a drag: printed, not in the verdict. */
  readonly perFrame: boolean;
}

const fixed = (name: string, grade: Grade): Case => ({ name, grade: () => grade, perFrame: true });

const CASES: readonly Case[] = [
  fixed('identity (no look, sliders at 0)', DEFAULT_GRADE),
  fixed('look: Blockbuster Teal & Orange', { ...DEFAULT_GRADE, look: 'blockbuster-teal-orange' }),
  fixed('look: Ilford HP5 (monochrome)', { ...DEFAULT_GRADE, look: 'ilford-hp5' }),
  fixed('look: Cross Process + contrast, saturation', { ...DEFAULT_GRADE, look: 'cross-process', adjustments: { ...DEFAULT_ADJUSTMENTS, contrast: 20, saturation: 15 } }),
  fixed('all ten global sliders, no look', { ...DEFAULT_GRADE, adjustments: everySlider }),
  fixed('worst case: S-Log3 + look at 70 % + all sliders', worst),
  // Every stage kind at once: white balance, per-channel gamma (three tables), split tone, saturation.
  fixed('heaviest: V-Log + Blade Runner 2049 at 70 % + all', { ...worst, look: 'blade-runner-2049', inputTransform: 'vlog' }),
  fixed('every control: heaviest + wheels, curves, hue curves', everything),
  {
    name: 'every control, gain wheel dragged (each bake)',
    grade: (i) => ({ ...everything, wheels: { ...everyWheel, gain: { hue: (i * 7) % 360, amount: 0.3, master: ((i % 41) - 20) / 40 } } }),
    perFrame: true,
  },
  { name: 'worst case, contrast dragged (new value each bake)', grade: (i) => ({ ...worst, adjustments: { ...everySlider, contrast: (i % 81) - 40 } }), perFrame: true },
  // Every bake is a first bake after changing the input transform: once per footage, not per frame.
  { name: 'worst case, camera changed every bake (*)', grade: (i) => ({ ...worst, inputTransform: CAMERAS[i % CAMERAS.length]! }), perFrame: false },
];

function row(cells: readonly string[], widths: readonly number[]): string {
  return cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
}

const ms = (v: number) => `${v.toFixed(2)} ms`;
const verdict = (t: Timing, target: number) => (t.median < target ? 'ok' : 'OVER');

const [load1, load5] = loadavg();
console.log('Colour engine benchmark. "median": the lowest of the rounds\' medians of back-to-back runs after a');
console.log('warm-up, compared with the target; "best": the fastest single run; "round medians": their range.');
console.log(`Machine load average ${load1!.toFixed(1)} (1 min), ${load5!.toFixed(1)} (5 min).\n`);
const widths = [50, 6, 6, 16, 9, 16];
console.log(row(['grade', 'passes', 'points', 'median   (target)', 'best', 'round medians'], widths));
let allWithinTarget = true;
let onceWithinTarget = true;
const SIZES = [
  [33, 5, 15, 41, 5],
  [65, 40, 3, 11, 4],
] as const;
const bakes = CASES.map(({ grade }) => SIZES.map(([size, , warmup, runs, rounds]) => new Measure((i) => bakeLut(grade(i), size), warmup, runs, rounds)));
measureAll(bakes.flat());
for (const [c, { name, grade, perFrame }] of CASES.entries()) {
  const passes = String(compileGrade(grade(0)).passCount);
  for (const [s, [size, target]] of SIZES.entries()) {
    const t = bakes[c]![s]!.timing;
    if (perFrame) allWithinTarget &&= t.median < target;
    else onceWithinTarget &&= t.median < target;
    const figure = `${ms(t.median)} ${verdict(t, target).padEnd(4)} (<${target})`;
    console.log(row([size === 33 ? name : '', size === 33 ? passes : '', String(size), figure, ms(t.best), `${t.median.toFixed(2)}–${t.highestMedian.toFixed(2)}`], widths));
  }
}
console.log('(*) a first bake after changing the input transform (once per footage): shown, not in the overall verdict.');

const WIDTH = 1920;
const HEIGHT = 1080;
const frame = new Uint8ClampedArray(WIDTH * HEIGHT * 4);
for (let i = 0; i < frame.length; i++) frame[i] = i % 4 === 3 ? 255 : (i * 2654435761) >>> 24;
const floatFrame = Float32Array.from(frame, (v) => v / 255);
const target = new Uint8ClampedArray(frame.length);
const floatTarget = new Float32Array(frame.length);
const lut: Lut3D = bakeLut(CASES[1]!.grade(0), 33);

console.log(`\nCPU apply of a 33-point LUT to a ${WIDTH}×${HEIGHT} frame (target < 60 ms for 8-bit tetrahedral)`);
const applies: readonly { name: string; run: () => void; gated: boolean }[] = [
  { name: '8-bit RGBA, tetrahedral', run: () => applyLutToRgba(lut, frame, 'tetrahedral', target), gated: true },
  { name: '8-bit RGBA, trilinear', run: () => applyLutToRgba(lut, frame, 'trilinear', target), gated: false },
  { name: 'float RGBA, tetrahedral', run: () => applyLutToFloatRgba(lut, floatFrame, 'tetrahedral', floatTarget), gated: false },
];
const applyMeasures = applies.map(({ run }) => new Measure(run, 2, 7, 3));
measureAll(applyMeasures);
for (const [a, { name, gated }] of applies.entries()) {
  const t = applyMeasures[a]!.timing;
  if (gated) allWithinTarget &&= t.median < 60;
  console.log(`  ${name.padEnd(26)} median ${ms(t.median).padStart(9)}${gated ? ` ${verdict(t, 60)}` : '   '}  best ${ms(t.best)}  round medians ${t.median.toFixed(1)}–${t.highestMedian.toFixed(1)}`);
}

console.log(`\n${allWithinTarget ? 'All medians within their targets' : 'Some medians are over their targets (see OVER above)'}; first bake after a camera change ${onceWithinTarget ? 'within' : 'OVER'} them.`);
