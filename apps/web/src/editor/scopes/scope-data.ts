/**
 * What the scopes measure (Rec.709 everywhere, as the colour engine grades): per sampled pixel of PROGRAM, its
 * R, G, B code values and its luma Y' = 0.2126 R' + 0.7152 G' + 0.0722 B' land in a waveform
 * accumulator (column × level), and its chroma Cb = (B' − Y') / 1.8556, Cr = (R' − Y') / 1.5748
 * (ITU-R BT.709-6 item 3.3) lands in a vectorscope accumulator. The GPU fills the same arrays
 * (scope-gpu.ts); this file is the CPU fallback and the definition both follow.
 */
import { REC709_LUMA } from '@cinegrade/color';

/** Waveform columns across the frame. */
export const SCOPE_COLUMNS = 256;
/** 8-bit code values 0..255, one level each. */
export const SCOPE_LEVELS = 256;
/** The vectorscope's square, Cb across and Cr up, ±0.5 at the edges. */
export const VECTOR_SIZE = 256;

export const CB_DIVISOR = 1.8556;
export const CR_DIVISOR = 1.5748;

/** At most this many samples across and down: plenty for a 256-wide scope, cheap at 15 per second. */
export const MAX_SAMPLE_COLUMNS = 384;
export const MAX_SAMPLE_ROWS = 216;

export interface ScopeData {
  /** Counts at (level · SCOPE_COLUMNS + column) · 4 + channel, channel 0..2 = R, G, B and 3 = luma. */
  readonly waveform: Float32Array;
  /** Counts at (row · VECTOR_SIZE + column), row 0 at Cr = +0.5 (top). */
  readonly vector: Float32Array;
  /** Samples that fell in each waveform column (for normalising). */
  readonly samplesPerColumn: number;
  /** All samples. */
  readonly samples: number;
}

export interface SampleGrid {
  readonly columns: number;
  readonly rows: number;
}

export function sampleGrid(width: number, height: number): SampleGrid {
  return { columns: Math.min(width, MAX_SAMPLE_COLUMNS), rows: Math.min(height, MAX_SAMPLE_ROWS) };
}

/** The pixel a grid sample reads: the one under the middle of its cell. */
export function samplePixel(index: number, cells: number, size: number): number {
  return Math.min(size - 1, Math.floor(((index + 0.5) * size) / cells));
}

export function waveformColumn(x: number, width: number): number {
  return Math.min(SCOPE_COLUMNS - 1, Math.floor((x * SCOPE_COLUMNS) / width));
}

export function level(value: number): number {
  return Math.min(SCOPE_LEVELS - 1, Math.max(0, Math.round(value * 255)));
}

export function luma(r: number, g: number, b: number): number {
  return REC709_LUMA[0] * r + REC709_LUMA[1] * g + REC709_LUMA[2] * b;
}

/**
 * Nudge before flooring a vectorscope position, so a neutral whose computed chroma is −1e-17
 * (rounding in the luma sum) still lands in the centre cell, on the CPU and in float32 alike.
 */
export const VECTOR_CELL_NUDGE = 1e-3;

/** The vectorscope cell of an encoded colour (0..1 per channel). */
export function vectorCell(r: number, g: number, b: number): { column: number; row: number } {
  const y = luma(r, g, b);
  const cb = (b - y) / CB_DIVISOR;
  const cr = (r - y) / CR_DIVISOR;
  const clampCell = (v: number) => Math.min(VECTOR_SIZE - 1, Math.max(0, Math.floor(v * VECTOR_SIZE + VECTOR_CELL_NUDGE)));
  return { column: clampCell(cb + 0.5), row: clampCell(0.5 - cr) };
}

export function emptyScopeData(samplesPerColumn = 0, samples = 0): ScopeData {
  return {
    waveform: new Float32Array(SCOPE_COLUMNS * SCOPE_LEVELS * 4),
    vector: new Float32Array(VECTOR_SIZE * VECTOR_SIZE),
    samplesPerColumn,
    samples,
  };
}

/** How many grid samples fall in one waveform column, on average. */
export function samplesPerWaveformColumn(grid: SampleGrid): number {
  return (grid.columns * grid.rows) / Math.min(SCOPE_COLUMNS, grid.columns);
}

/** The CPU accumulation: RGBA bytes, top row first. */
export function accumulateScopes(pixels: Uint8Array | Uint8ClampedArray, width: number, height: number): ScopeData {
  const grid = sampleGrid(width, height);
  const data = emptyScopeData(samplesPerWaveformColumn(grid), grid.columns * grid.rows);
  for (let j = 0; j < grid.rows; j++) {
    const y = samplePixel(j, grid.rows, height);
    for (let i = 0; i < grid.columns; i++) {
      const x = samplePixel(i, grid.columns, width);
      const p = (y * width + x) * 4;
      const r = pixels[p]! / 255;
      const g = pixels[p + 1]! / 255;
      const b = pixels[p + 2]! / 255;
      const column = waveformColumn(x, width);
      const values = [r, g, b, luma(r, g, b)];
      for (let c = 0; c < 4; c++) data.waveform[(level(values[c]!) * SCOPE_COLUMNS + column) * 4 + c]! += 1;
      const cell = vectorCell(r, g, b);
      data.vector[cell.row * VECTOR_SIZE + cell.column]! += 1;
    }
  }
  return data;
}

/** Histogram of one waveform channel (0..2 = R, G, B, 3 = luma): counts per level. */
export function histogram(data: ScopeData, channel: 0 | 1 | 2 | 3): Float32Array {
  const counts = new Float32Array(SCOPE_LEVELS);
  for (let l = 0; l < SCOPE_LEVELS; l++) {
    let sum = 0;
    for (let column = 0; column < SCOPE_COLUMNS; column++) sum += data.waveform[(l * SCOPE_COLUMNS + column) * 4 + channel]!;
    counts[l] = sum;
  }
  return counts;
}
