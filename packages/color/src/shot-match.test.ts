import { describe, expect, it } from 'vitest';
import { linearRec709ToLab, deltaE76 } from './colorimetry';
import { DEFAULT_GRADE, isIdentityGrade, parseGrade } from './grade';
import type { Grade } from './grade';
import { renderGrade } from './render';
import { applyShotMatch, matchShot, SHOT_MATCH_KEYS, SHOT_MATCH_REACH } from './shot-match';
import { colourBars, colourChart, greyscale, makeImage, random } from './testing/images';
import type { TestImage } from './testing/images';
import { decodeGamma, encodeGamma } from './transfer';

/**
 * A synthetic scene: a grid of colour patches (greys, twelve hues at four saturations and levels,
 * skin, sky, foliage) above a grey ramp and a warm-to-cool gradient, with a little noise. Levels
 * are kept within 0.04..0.88 so a cast or a brighter exposure does not clip most of it.
 */
function scene(width = 192, height = 144): TestImage {
  const chart = colourChart();
  const columns = 10;
  const rows = Math.ceil(chart.length / columns);
  const chartHeight = Math.floor(height * 0.7);
  const rand = random(23);
  const squeeze = (v: number) => 0.04 + 0.84 * Math.min(1, Math.max(0, v));
  return makeImage(width, height, (x, y) => {
    const n = (rand() - 0.5) * 0.02;
    if (y < chartHeight) {
      const colour = chart[Math.floor((y / chartHeight) * rows) * columns + Math.floor((x / width) * columns)] ?? [0.5, 0.5, 0.5];
      return [squeeze(colour[0]! + n), squeeze(colour[1]! + n), squeeze(colour[2]! + n)];
    }
    const t = x / (width - 1);
    if (y < chartHeight + (height - chartHeight) / 2) return [squeeze(t + n), squeeze(t + n), squeeze(t + n)];
    return [squeeze(0.3 + 0.4 * t + n), squeeze(0.45 + n), squeeze(0.7 - 0.4 * t + n)];
  });
}

interface Difference {
  /** Per-channel gains in linear light (a colour cast). */
  readonly gains?: readonly [number, number, number];
  /** Exposure difference in stops. */
  readonly stops?: number;
  /** Slope of the encoded values around 0.45 (1 = as shot): a contrast difference. */
  readonly contrast?: number;
  /** Chroma factor around luminance in linear light (1 = as shot). */
  readonly saturation?: number;
}

/** The reference as another camera or another moment would have recorded it: done here, not by the engine. */
function recordDifferently(image: TestImage, d: Difference): TestImage {
  const [gr, gg, gb] = d.gains ?? [1, 1, 1];
  const gain = 2 ** (d.stops ?? 0);
  const k = d.contrast ?? 1;
  const s = d.saturation ?? 1;
  const data = new Uint8ClampedArray(image.data.length);
  for (let i = 0; i < data.length; i += 4) {
    let lin = [decodeGamma(image.data[i]! / 255) * gr, decodeGamma(image.data[i + 1]! / 255) * gg, decodeGamma(image.data[i + 2]! / 255) * gb];
    const y = 0.2126 * lin[0]! + 0.7152 * lin[1]! + 0.0722 * lin[2]!;
    lin = lin.map((v) => Math.max(0, y + s * (v - y)) * gain);
    for (let c = 0; c < 3; c++) data[i + c] = Math.min(1, Math.max(0, 0.45 + k * (encodeGamma(lin[c]!) - 0.45))) * 255;
    data[i + 3] = 255;
  }
  return { width: image.width, height: image.height, data };
}

/** Mean CIE 1976 ΔE*ab between two pictures of the same size (D65, BT.1886 decoding). */
function meanDeltaE(a: TestImage, b: TestImage): number {
  let sum = 0;
  const lab = (d: Uint8ClampedArray, i: number) => linearRec709ToLab([decodeGamma(d[i]! / 255), decodeGamma(d[i + 1]! / 255), decodeGamma(d[i + 2]! / 255)]);
  for (let i = 0; i < a.data.length; i += 4) sum += deltaE76(lab(a.data, i), lab(b.data, i));
  return sum / (a.data.length / 4);
}

/** The matched clip as the preview and the export show it: the grade baked and applied by the CPU reference renderer. */
const render = (image: TestImage, grade: Grade): TestImage => renderGrade(image, grade);

const CASES: readonly (readonly [string, Difference])[] = [
  ['warm cast', { gains: [1.3, 1, 0.75] }],
  ['cool cast', { gains: [0.78, 1, 1.3] }],
  ['green cast', { gains: [0.88, 1.15, 0.88] }],
  ['magenta cast', { gains: [1.12, 0.85, 1.12] }],
  ['under-exposed and flat', { stops: -1, contrast: 0.85, gains: [1.05, 1, 0.95] }],
  ['over-exposed and contrasty', { stops: 0.5, contrast: 1.12 }],
  ['faded: flat and muted', { contrast: 0.8, saturation: 0.7, gains: [1.1, 1, 0.9] }],
];

describe('matchShot', () => {
  const reference = scene();

  it.each(CASES)('brings a clip with a %s at least 70 per cent closer to the reference (mean ΔE*ab)', (_name, difference) => {
    const clip = recordDifferently(reference, difference);
    const before = meanDeltaE(clip, reference);
    const grade = matchShot(clip, reference);
    const after = meanDeltaE(render(clip, grade), reference);
    expect(before).toBeGreaterThan(4);
    expect(after).toBeLessThanOrEqual(0.3 * before);
  });

  it('answers with a valid grade whose sliders point the way of the difference', () => {
    const warm = matchShot(recordDifferently(reference, { gains: [1.3, 1, 0.75] }), reference);
    const dark = matchShot(recordDifferently(reference, { stops: -1 }), reference);
    const bright = matchShot(recordDifferently(reference, { stops: 0.5 }), reference);
    const green = matchShot(recordDifferently(reference, { gains: [0.88, 1.15, 0.88] }), reference);
    const flat = matchShot(recordDifferently(reference, { contrast: 0.8 }), reference);
    const muted = matchShot(recordDifferently(reference, { saturation: 0.6 }), reference);
    expect(warm.adjustments.temperature).toBeLessThan(-5);
    expect(dark.adjustments.exposure).toBeGreaterThan(30);
    expect(bright.adjustments.exposure).toBeLessThan(-15);
    expect(green.adjustments.tint).toBeGreaterThan(5);
    expect(flat.adjustments.contrast).toBeGreaterThan(10);
    expect(muted.adjustments.saturation).toBeGreaterThan(20);
    for (const grade of [warm, dark, bright, green, flat, muted]) {
      const parsed = parseGrade(JSON.parse(JSON.stringify(grade)));
      expect(parsed).toEqual({ ok: true, grade });
    }
  });

  it('matches a picture to itself with the grade at rest', () => {
    const grade = matchShot(reference, reference);
    expect(grade.adjustments).toEqual(DEFAULT_GRADE.adjustments);
    expect(grade.curves).toBeUndefined();
    expect(isIdentityGrade(grade)).toBe(true);
  });

  it('leaves white balance and saturation alone and bends only the master curve when either picture is black and white', () => {
    const bw = greyscale(reference);
    const clip = recordDifferently(bw, { stops: -0.7, contrast: 0.75 });
    const grade = matchShot(clip, reference);
    expect(grade.adjustments.temperature).toBe(0);
    expect(grade.adjustments.tint).toBe(0);
    expect(grade.adjustments.saturation).toBe(0);
    expect(grade.adjustments.exposure).toBeGreaterThan(20);
    // Only a master curve: a grey picture stays grey.
    expect([grade.curves?.red, grade.curves?.green, grade.curves?.blue]).toEqual([[], [], []]);
    expect(grade.curves?.master.length).toBeGreaterThan(0);
    const out = render(clip, grade).data;
    let spread = 0;
    for (let i = 0; i < out.length; i += 4) spread = Math.max(spread, Math.max(out[i]!, out[i + 1]!, out[i + 2]!) - Math.min(out[i]!, out[i + 1]!, out[i + 2]!));
    expect(spread).toBeLessThanOrEqual(1);
  });

  it('refuses a picture whose data does not match its size', () => {
    expect(() => matchShot({ width: 4, height: 4, data: new Uint8ClampedArray(10) }, reference)).toThrow(RangeError);
    expect(() => matchShot(reference, { width: 2, height: 1, data: new Uint8ClampedArray(8) })).toThrow(/no opaque pixels/);
  });
});

/** The picture softened by a 3 × 3 box blur, as a small JPEG thumbnail softens the edges between bars. */
function soften(image: TestImage): TestImage {
  const { width, height } = image;
  const data = new Uint8ClampedArray(image.data.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      for (let c = 0; c < 4; c++) {
        let sum = 0;
        let n = 0;
        for (let dy = -1; dy <= 1; dy++) {
          for (let dx = -1; dx <= 1; dx++) {
            const [sx, sy] = [x + dx, y + dy];
            if (sx < 0 || sy < 0 || sx >= width || sy >= height) continue;
            sum += image.data[(sy * width + sx) * 4 + c]!;
            n++;
          }
        }
        data[(y * width + x) * 4 + c] = Math.round(sum / n);
      }
    }
  }
  return { width, height, data };
}

/** HSV hue (degrees) of the pixel at (x, y). */
function hueAt(image: TestImage, x: number, y: number): number {
  const i = (y * image.width + x) * 4;
  const [r, g, b] = [image.data[i]!, image.data[i + 1]!, image.data[i + 2]!];
  const hi = Math.max(r, g, b);
  const d = hi - Math.min(r, g, b);
  const h = hi === r ? (60 * (g - b)) / d : hi === g ? 120 + (60 * (b - r)) / d : 240 + (60 * (r - g)) / d;
  return (h + 360) % 360;
}

const hueDistance = (a: number, b: number): number => Math.min(Math.abs(a - b), 360 - Math.abs(a - b));

describe('matchShot on colour bars', () => {
  const BAR_CASES: readonly (readonly [string, Difference])[] = [
    ['the same bars', {}],
    ['a warm cast', { gains: [1.3, 1, 0.75] }],
    ['a cool cast', { gains: [0.78, 1, 1.3] }],
    ['under-exposure', { stops: -0.7 }],
    ['over-exposure', { stops: 0.6 }],
  ];

  it.each(BAR_CASES)('matches bars at 75 per cent recorded with %s to a softened copy without driving a slider to its end or turning a bar another hue', (_name, difference) => {
    const source = colourBars(0.75);
    const reference = soften(source);
    const clip = recordDifferently(source, difference);
    const grade = matchShot(clip, reference);
    for (const key of SHOT_MATCH_KEYS) expect(Math.abs(grade.adjustments[key]), key).toBeLessThan(SHOT_MATCH_REACH[key]);
    // No contrast difference was recorded, so contrast stays near rest.
    expect(Math.abs(grade.adjustments.contrast)).toBeLessThanOrEqual(15);
    const out = render(clip, grade);
    for (let bar = 1; bar < 7; bar++) {
      const x = Math.round(((bar + 0.5) / 7) * source.width);
      expect(hueDistance(hueAt(out, x, 40), hueAt(reference, x, 40)), `bar ${bar}`).toBeLessThan(12);
    }
    // Closer, where there was a difference worth matching; never more than a trace further away.
    const [before, after] = [meanDeltaE(clip, reference), meanDeltaE(out, reference)];
    expect(after).toBeLessThanOrEqual(before > 5 ? 0.85 * before : before + 1);
  });

  it('keeps every slider within its reach (none at ±100) and the blue bar blue for bars with a strong green or magenta cast', () => {
    const source = colourBars(0.75);
    const reference = soften(source);
    for (const gains of [
      [0.88, 1.15, 0.88],
      [1.12, 0.85, 1.12],
    ] as const) {
      const clip = recordDifferently(source, { gains });
      const grade = matchShot(clip, reference);
      for (const key of SHOT_MATCH_KEYS) expect(Math.abs(grade.adjustments[key]), key).toBeLessThanOrEqual(SHOT_MATCH_REACH[key]);
      const out = render(clip, grade);
      const hueShift = (bar: number) => {
        const x = Math.round(((bar + 0.5) / 7) * source.width);
        return hueDistance(hueAt(out, x, 40), hueAt(reference, x, 40));
      };
      // The white balance's Bradford transform mixes the channels of a saturated primary, so the
      // green bar under a strong green cast is left up to about 23° off; none turns another colour.
      for (let bar = 1; bar < 6; bar++) expect(hueShift(bar), `bar ${bar}`).toBeLessThan(25);
      expect(hueShift(6), 'the blue bar').toBeLessThan(12);
    }
  });

  it('leaves white balance near rest for full-level bars, which have no unclipped grey to read the light from', () => {
    const reference = soften(colourBars(1));
    for (const difference of [{}, { gains: [1.15, 1, 0.85] as const }, { stops: -0.5 }]) {
      const grade = matchShot(recordDifferently(colourBars(1), difference), reference);
      expect(Math.abs(grade.adjustments.temperature)).toBeLessThanOrEqual(10);
      expect(Math.abs(grade.adjustments.tint)).toBeLessThanOrEqual(10);
      expect(Math.abs(grade.adjustments.contrast)).toBeLessThanOrEqual(15);
    }
  });
});

describe('applyShotMatch', () => {
  it('puts in the matched sliders and curves and keeps the look, the camera and the other sliders', () => {
    const current: Grade = {
      ...DEFAULT_GRADE,
      look: 'youtube-clean',
      inputTransform: 'slog3',
      adjustments: { ...DEFAULT_GRADE.adjustments, vignette: 30, temperature: 50, highlights: -20 },
      curves: { master: [{ x: 0.5, y: 0.6 }], red: [], green: [], blue: [] },
    };
    const match = matchShot(recordDifferently(scene(), { gains: [0.8, 1, 1.25], stops: -0.5 }), scene());
    const merged = applyShotMatch(current, match);
    expect(merged.look).toBe(current.look);
    expect(merged.inputTransform).toBe('slog3');
    expect(merged.adjustments.vignette).toBe(30);
    expect(merged.adjustments.highlights).toBe(-20);
    for (const key of SHOT_MATCH_KEYS) expect(merged.adjustments[key]).toBe(match.adjustments[key]);
    expect(merged.curves).toEqual(match.curves);
    expect(applyShotMatch(current, { ...match, curves: undefined }).curves).toBeUndefined();
  });
});
