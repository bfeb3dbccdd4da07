import { measureImage, summariseStats } from '@cinegrade/color';
import { describe, expect, it } from 'vitest';
import { unjudgeableReason } from './analysis.service';

/** A width × 1 RGBA strip whose pixel x has the colour `colour(x / (width - 1))`. */
function strip(width: number, colour: (t: number) => [number, number, number]) {
  const data = new Uint8Array(width * 4);
  for (let x = 0; x < width; x++) {
    const [r, g, b] = colour(x / (width - 1));
    data.set([r, g, b, 255], x * 4);
  }
  return summariseStats(measureImage(data, width, 1));
}

describe('unjudgeableReason', () => {
  it('says nothing for an ordinary picture', () => {
    expect(unjudgeableReason(strip(256, (t) => [t * 255, t * 230, t * 200]))).toBeNull();
  });

  it('says why an almost black, almost white or flat frame cannot be judged', () => {
    expect(unjudgeableReason(strip(256, (t) => [t * 20, t * 20, t * 24]))).toMatch(/^This frame is almost black/);
    expect(unjudgeableReason(strip(256, (t) => [245 + t * 10, 245 + t * 10, 245 + t * 10]))).toMatch(/^This frame is almost white/);
    expect(unjudgeableReason(strip(256, () => [120, 90, 60]))).toMatch(/^This frame is one flat tone \(its tonal range is 0%\)/);
    expect(unjudgeableReason(strip(256, () => [120, 90, 60]))).toMatch(/general recommendations/);
  });
});
