import { describe, expect, it } from 'vitest';
import { accumulateScopes, histogram, level, luma, SCOPE_COLUMNS, vectorCell, VECTOR_SIZE } from './scope-data';

function image(width: number, height: number, pixel: (x: number, y: number) => [number, number, number]): Uint8Array {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(x, y);
      data.set([r, g, b, 255], (y * width + x) * 4);
    }
  }
  return data;
}

describe('luma and chroma', () => {
  it('uses Rec.709 weights', () => {
    expect(luma(1, 0, 0)).toBeCloseTo(0.2126);
    expect(luma(0, 1, 0)).toBeCloseTo(0.7152);
    expect(luma(0, 0, 1)).toBeCloseTo(0.0722);
    expect(luma(1, 1, 1)).toBeCloseTo(1);
  });

  it('puts neutrals in the middle of the vectorscope and saturated red up and left of it', () => {
    expect(vectorCell(0.5, 0.5, 0.5)).toEqual({ column: VECTOR_SIZE / 2, row: VECTOR_SIZE / 2 });
    const red = vectorCell(1, 0, 0);
    expect(red.row).toBe(0); // Cr = +0.5 at the top edge
    expect(red.column).toBeLessThan(VECTOR_SIZE / 2);
    const blue = vectorCell(0, 0, 1);
    expect(blue.column).toBe(VECTOR_SIZE - 1); // Cb = +0.5 at the right edge
  });
});

describe('accumulateScopes', () => {
  it('puts a grey ramp on the waveform diagonal and flat in the histogram', () => {
    const width = 512;
    const height = 64;
    const ramp = image(width, height, (x) => {
      const v = Math.round((x * 255) / (width - 1));
      return [v, v, v];
    });
    const data = accumulateScopes(ramp, width, height);
    for (const column of [0, 10, 64, 128, 200, 255]) {
      let brightest = 0;
      let best = -1;
      for (let l = 0; l < 256; l++) {
        const count = data.waveform[(l * SCOPE_COLUMNS + column) * 4 + 3]!;
        if (count > best) {
          best = count;
          brightest = l;
        }
      }
      expect(Math.abs(brightest - column), `column ${column}`).toBeLessThanOrEqual(1);
      // R, G and B sit on the same level as luma for a neutral.
      expect(data.waveform[(brightest * SCOPE_COLUMNS + column) * 4]).toBe(best);
    }
    // Every sample of a neutral lands in the centre of the vectorscope.
    expect(data.vector[(VECTOR_SIZE / 2) * VECTOR_SIZE + VECTOR_SIZE / 2]).toBe(data.samples);
    const counts = histogram(data, 3);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(data.samples);
  });

  it('counts every channel of a flat colour on its own level', () => {
    const data = accumulateScopes(image(100, 50, () => [255, 128, 0]), 100, 50);
    const total = data.samples;
    expect(histogram(data, 0)[255]).toBe(total);
    expect(histogram(data, 1)[128]).toBe(total);
    expect(histogram(data, 2)[0]).toBe(total);
    expect(histogram(data, 3)[level(luma(1, 128 / 255, 0))]).toBe(total);
  });
});
