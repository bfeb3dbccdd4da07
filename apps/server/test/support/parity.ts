import { execFileSync } from 'node:child_process';
import type { ADJUSTMENT_KEYS, FloatImage } from '@cinegrade/color';
import type { ColorSettings } from '@cinegrade/contract';
import { expect } from 'vitest';
import { FFMPEG } from './exports';

/** Every slider of the engine off zero (the editor's nine and the batch editor's extra three), a vignette among them. */
const SLIDERS: Record<(typeof ADJUSTMENT_KEYS)[number], number> = {
  exposure: 10,
  temperature: 30,
  tint: -12,
  contrast: 20,
  highlights: -25,
  shadows: 30,
  brightness: 8,
  saturation: 15,
  vibrance: 25,
  clarity: 35,
  dehaze: 12,
  vignette: 45,
};
/** The grade the parity tests export and preview: a look at 85 %, every slider off zero. */
export const PARITY_GRADE = { selected_lut: 'vintage-film', color_settings: { ...SLIDERS, lookStrength: 85 } as ColorSettings };

/** Frame `index` of a file as 16-bit planar RGB, decoded as the export decodes (zscale, BT.709 limited range for untagged YCbCr). */
export function decodeFrame(file: string, index: number, untaggedYcbcr: boolean, width: number, height: number): FloatImage {
  const tag = untaggedYcbcr ? 'setparams=colorspace=bt709:color_primaries=bt709:color_trc=bt709:range=tv,' : '';
  const raw = execFileSync(
    FFMPEG,
    ['-v', 'error', '-i', file, '-vf', `select=eq(n\\,${index}),${tag}zscale,format=gbrp16le`, '-fps_mode', 'passthrough', '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'gbrp16le', 'pipe:1'],
    { maxBuffer: 1 << 26 },
  );
  const count = width * height;
  if (raw.length !== count * 6) throw new Error(`Frame ${index} of ${file} is not ${width}×${height} (${raw.length} bytes)`);
  const words = new Uint16Array(raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.length));
  const data = new Float32Array(count * 4);
  // gbrp: the green plane, then blue, then red.
  for (let p = 0; p < count; p++) data.set([words[2 * count + p]! / 65535, words[p]! / 65535, words[count + p]! / 65535, 1], p * 4);
  return { width, height, data };
}

export function meanDifference(a: FloatImage, b: FloatImage): number {
  expect([a.width, a.height]).toEqual([b.width, b.height]);
  let sum = 0;
  for (let p = 0; p < a.width * a.height; p++) for (let c = 0; c < 3; c++) sum += Math.abs(a.data[p * 4 + c]! - b.data[p * 4 + c]!);
  return (255 * sum) / (a.width * a.height * 3);
}
