import { applyGradeToColors, DEFAULT_GRADE, identityLut } from '@cinegrade/color';
import { describe, expect, it } from 'vitest';
import { renderSwatch, SWATCH_LUT_SIZE, SwatchLutCache, swatchGrade, type SwatchFrame } from './look-swatches';

/** A synthetic 24 × 8 frame: a hue sweep on top, a grey ramp below. */
function syntheticFrame(): SwatchFrame {
  const width = 24;
  const height = 8;
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = x / (width - 1);
      const rgb = y < 4 ? [255 * (1 - t), 180 * Math.sin(Math.PI * t), 255 * t] : [255 * t, 255 * t, 255 * t];
      data.set([...rgb.map(Math.round), 255], (y * width + x) * 4);
    }
  }
  return { data, width, height };
}

const pixel = (data: Uint8ClampedArray, i: number) => Array.from(data.subarray(i * 4, i * 4 + 4));

describe('look swatches', () => {
  const frame = syntheticFrame();
  const cache = new SwatchLutCache();

  it("renders the frame through the look as the engine renders it (17-point LUT, within 2/255)", () => {
    const subject = { key: 'kodak-portra-800', look: 'kodak-portra-800' } as const;
    const swatch = renderSwatch(frame, cache.get(subject, 'rec709'));
    expect(swatch).toHaveLength(frame.data.length);
    const source = Array.from({ length: frame.width * frame.height }, (_, i) => Array.from(frame.data.subarray(i * 4, i * 4 + 3)).map((v) => v / 255)).flat();
    const exact = applyGradeToColors(swatchGrade(subject, 'rec709'), source);
    let worst = 0;
    for (let i = 0; i < frame.width * frame.height; i++) {
      for (let c = 0; c < 3; c++) worst = Math.max(worst, Math.abs(swatch[i * 4 + c]! - exact[i * 3 + c]! * 255));
      expect(swatch[i * 4 + 3]).toBe(255);
    }
    expect(worst).toBeLessThanOrEqual(2);
    expect(Array.from(swatch)).not.toEqual(Array.from(frame.data));
  });

  it('shows a black-and-white look as grey, and different looks differently', () => {
    const mono = renderSwatch(frame, cache.get({ key: 'bw', look: 'black-white-classic' }, 'rec709'));
    for (let i = 0; i < frame.width * frame.height; i++) {
      const [r, g, b] = pixel(mono, i);
      expect(Math.max(r!, g!, b!) - Math.min(r!, g!, b!), `pixel ${i}`).toBeLessThanOrEqual(1);
    }
    const warm = renderSwatch(frame, cache.get({ key: 'warm', look: 'instagram-warm' }, 'rec709'));
    const cold = renderSwatch(frame, cache.get({ key: 'matrix', look: 'matrix-green' }, 'rec709'));
    expect(Array.from(warm)).not.toEqual(Array.from(cold));
  });

  it("renders an imported LUT from its table, and applies the clip's camera input first", () => {
    const rotate = identityLut(SWATCH_LUT_SIZE);
    for (let i = 0; i < rotate.data.length; i += 3) rotate.data.set([rotate.data[i + 1]!, rotate.data[i + 2]!, rotate.data[i]!], i);
    const swatch = renderSwatch(frame, cache.get({ key: 'custom:x', customLook: 'x' }, 'rec709', rotate));
    // (r, g, b) → (g, b, r), exactly on the grid's lattice values and within a step elsewhere.
    for (let i = 0; i < frame.width * frame.height; i++) {
      const [r, g, b] = pixel(frame.data, i);
      const [r2, g2, b2] = pixel(swatch, i);
      expect(Math.abs(r2! - g!)).toBeLessThanOrEqual(1);
      expect(Math.abs(g2! - b!)).toBeLessThanOrEqual(1);
      expect(Math.abs(b2! - r!)).toBeLessThanOrEqual(1);
    }
    const log = renderSwatch(frame, cache.get({ key: 'bw', look: 'black-white-classic' }, 'slog3'));
    const rec = renderSwatch(frame, cache.get({ key: 'bw', look: 'black-white-classic' }, 'rec709'));
    expect(Array.from(log)).not.toEqual(Array.from(rec));
  });

  it('bakes each look once per camera input, whatever the frame', () => {
    const local = new SwatchLutCache();
    const subject = { key: 'vintage-film', look: 'vintage-film' } as const;
    expect(local.get(subject, 'rec709')).toBe(local.get(subject, 'rec709'));
    expect(local.get(subject, 'vlog')).not.toBe(local.get(subject, 'rec709'));
    expect(swatchGrade(subject, 'vlog')).toEqual({ ...DEFAULT_GRADE, look: 'vintage-film', inputTransform: 'vlog' });
  });
});
