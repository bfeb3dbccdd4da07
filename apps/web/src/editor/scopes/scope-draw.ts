/**
 * Turns accumulated scope counts into pictures (the graticules are drawn over them as SVG by
 * ScopesPanel). Brightness follows 1 − e^(−k·share), so a single sample is visible and a solid
 * area saturates without a per-frame maximum making the trace flicker.
 */
import { SCOPE_COLUMNS, SCOPE_LEVELS, VECTOR_SIZE, histogram, type ScopeData } from './scope-data';

const WAVEFORM_GAIN = 30;
const VECTOR_GAIN = 4000;

type Rgb = readonly [number, number, number];
const LUMA_TRACE: Rgb = [170, 255, 185];
export const CHANNEL_TRACES: readonly Rgb[] = [
  [255, 80, 70],
  [90, 235, 110],
  [90, 140, 255],
];

function intensity(count: number, scale: number, gain: number): number {
  return count <= 0 ? 0 : 1 - Math.exp((-gain * count) / scale);
}

function paintTrace(image: ImageData, offsetX: number, data: ScopeData, channel: number, colour: Rgb): void {
  const scale = Math.max(1, data.samplesPerColumn);
  for (let row = 0; row < SCOPE_LEVELS; row++) {
    const lvl = SCOPE_LEVELS - 1 - row; // white at the top
    for (let column = 0; column < SCOPE_COLUMNS; column++) {
      const a = intensity(data.waveform[(lvl * SCOPE_COLUMNS + column) * 4 + channel]!, scale, WAVEFORM_GAIN);
      const p = (row * image.width + offsetX + column) * 4;
      image.data[p] = colour[0] * a;
      image.data[p + 1] = colour[1] * a;
      image.data[p + 2] = colour[2] * a;
      image.data[p + 3] = 255;
    }
  }
}

/** Luma waveform, 256 × 256: x follows the frame's columns, y the code value (255 at the top). */
export function drawWaveform(canvas: HTMLCanvasElement, data: ScopeData): void {
  const context = sized(canvas, SCOPE_COLUMNS, SCOPE_LEVELS);
  if (!context) return;
  const image = context.createImageData(SCOPE_COLUMNS, SCOPE_LEVELS);
  paintTrace(image, 0, data, 3, LUMA_TRACE);
  context.putImageData(image, 0, 0);
}

/** RGB parade, 768 × 256: the red, green and blue waveforms side by side. */
export function drawParade(canvas: HTMLCanvasElement, data: ScopeData): void {
  const context = sized(canvas, SCOPE_COLUMNS * 3, SCOPE_LEVELS);
  if (!context) return;
  const image = context.createImageData(SCOPE_COLUMNS * 3, SCOPE_LEVELS);
  for (let channel = 0; channel < 3; channel++) paintTrace(image, channel * SCOPE_COLUMNS, data, channel, CHANNEL_TRACES[channel]!);
  context.putImageData(image, 0, 0);
}

/** Vectorscope, 256 × 256: Cb across, Cr up, neutral in the middle. */
export function drawVectorscope(canvas: HTMLCanvasElement, data: ScopeData): void {
  const context = sized(canvas, VECTOR_SIZE, VECTOR_SIZE);
  if (!context) return;
  const image = context.createImageData(VECTOR_SIZE, VECTOR_SIZE);
  const scale = Math.max(1, data.samples);
  for (let i = 0; i < VECTOR_SIZE * VECTOR_SIZE; i++) {
    const a = intensity(data.vector[i]!, scale, VECTOR_GAIN);
    image.data[i * 4] = 200 * a;
    image.data[i * 4 + 1] = 255 * a;
    image.data[i * 4 + 2] = 210 * a;
    image.data[i * 4 + 3] = 255;
  }
  context.putImageData(image, 0, 0);
}

/**
 * Histogram, 256 × 128: R, G and B added together (overlaps turn white) under the luma outline,
 * scaled to the tallest level between 1 and 254 so clipped blacks or whites do not flatten it.
 */
export function drawHistogram(canvas: HTMLCanvasElement, data: ScopeData): void {
  const height = 128;
  const context = sized(canvas, SCOPE_LEVELS, height);
  if (!context) return;
  const channels = ([0, 1, 2, 3] as const).map((c) => histogram(data, c));
  let peak = 0;
  for (const counts of channels) for (let l = 1; l < SCOPE_LEVELS - 1; l++) peak = Math.max(peak, counts[l]!);
  if (peak === 0) for (const counts of channels) for (const v of counts) peak = Math.max(peak, v);
  context.fillStyle = '#000';
  context.fillRect(0, 0, SCOPE_LEVELS, height);
  if (peak === 0) return;
  context.globalCompositeOperation = 'lighter';
  for (let c = 0; c < 3; c++) {
    const [r, g, b] = CHANNEL_TRACES[c]!;
    context.fillStyle = `rgb(${r} ${g} ${b} / 0.75)`;
    const counts = channels[c]!;
    for (let l = 0; l < SCOPE_LEVELS; l++) {
      const h = Math.min(height, (counts[l]! / peak) * height);
      if (h > 0) context.fillRect(l, height - h, 1, h);
    }
  }
  context.globalCompositeOperation = 'source-over';
  context.strokeStyle = 'rgb(255 255 255 / 0.9)';
  context.beginPath();
  const lumaCounts = channels[3]!;
  for (let l = 0; l < SCOPE_LEVELS; l++) {
    const y = height - Math.min(height, (lumaCounts[l]! / peak) * height);
    if (l === 0) context.moveTo(l + 0.5, y);
    else context.lineTo(l + 0.5, y);
  }
  context.stroke();
}

function sized(canvas: HTMLCanvasElement, width: number, height: number): CanvasRenderingContext2D | null {
  if (canvas.width !== width) canvas.width = width;
  if (canvas.height !== height) canvas.height = height;
  return canvas.getContext('2d');
}
