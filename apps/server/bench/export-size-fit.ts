/**
 * Fits the export size model (packages/contract's export-size.ts, `EXPORT_SIZE_MODEL`) to real
 * renders: generated sources of three content kinds (flat gradients, a test pattern, the pattern
 * with grain) at two or three sizes, written as a phone would (H.264 video, JPEG photos), exported
 * through the server's own export command in every format. For each format it fits, by least
 * squares on logarithms,
 *
 *   ln(output bits per pixel per frame) = a + b·x + c·ln(output pixels ÷ source pixels) + d·x²,
 *   x = ln(source bits per pixel per frame)
 *
 * and prints the figures, each render's error under the fitted model, and the source codec
 * factors (HEVC against H.264, PNG against JPEG: the same pictures' source bits per pixel). Paste
 * the figures into export-size.ts; `test/export-size.test.ts` checks them against real renders.
 *
 * BENCH_SIZE_SECONDS (default 2) sets the clip length; BENCH_SIZE_FORMATS (e.g. "jpeg,png")
 * measures only those formats.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { estimateExportBytes, EXPORT_FORMATS, STILL_EXPORT_FORMATS, type AnyExportFormat, type ExportQuality } from '@cinegrade/contract';
import { CONTENT_KINDS, measureSizeCase, sizeCaseOutput, sizeCaseWorkspace, type SizeCase, type SizeMeasure } from '../test/support/export-size-cases';

const SECONDS = Number(process.env.BENCH_SIZE_SECONDS ?? 2);
const ONLY = process.env.BENCH_SIZE_FORMATS?.split(',');
const workspace = sizeCaseWorkspace(fs.mkdtempSync(path.join(os.tmpdir(), 'cinegrade-size-fit-')));

const VIDEO_SIZES: [number, number, ExportQuality][] = [
  [640, 360, '720p'],
  [1280, 720, '720p'],
  [1280, 720, '1080p'],
];
const STILL_SIZES: [number, number, ExportQuality][] = [
  [640, 360, '720p'],
  [1280, 720, '720p'],
  [1920, 1080, '1080p'],
  [1280, 720, '4k'],
];

interface Row {
  c: SizeCase;
  m: SizeMeasure;
  x: number; // ln source bpp
  s: number; // ln scale
  y: number; // ln output bpp
}

function pixelsFrames(m: SizeMeasure, seconds: number | undefined) {
  const frames = seconds ? Math.round(seconds * (m.metadata.frameRate ?? 30)) : 1;
  return { pixels: m.metadata.width * m.metadata.height, frames };
}

/** The model's terms for one render: 1, x, x², s (x = ln source bpp, s = ln scale). */
const terms = (r: Pick<Row, 'x' | 's'>) => [1, r.x, r.x * r.x, r.s];

/**
 * Least squares for y = a + b·x + d·x² + c·s (normal equations, Gaussian elimination). A format
 * whose size does not depend on the picture (uncompressed AVI) has no slope to fit: the mean.
 */
function fit(rows: Row[]): [number, number, number, number] {
  const spread = Math.max(...rows.map((r) => r.y)) - Math.min(...rows.map((r) => r.y));
  if (spread < 0.05) return [rows.reduce((t, r) => t + r.y, 0) / rows.length, 0, 0, 0];
  const n = 4;
  const m = Array.from({ length: n }, () => new Array<number>(n + 1).fill(0));
  for (const r of rows) {
    const t = terms(r);
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) m[i]![j]! += t[i]! * t[j]!;
      m[i]![n]! += t[i]! * r.y;
    }
  }
  for (let i = 0; i < n; i++) {
    const pivot = m.slice(i).reduce((best, row, k) => (Math.abs(row[i]!) > Math.abs(m[best]![i]!) ? i + k : best), i);
    [m[i], m[pivot]] = [m[pivot]!, m[i]!];
    for (let k = i + 1; k < n; k++) {
      const f = m[k]![i]! / m[i]![i]!;
      for (let j = i; j <= n; j++) m[k]![j]! -= f * m[i]![j]!;
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let i = n - 1; i >= 0; i--) x[i] = (m[i]![n]! - m[i]!.slice(i + 1, n).reduce((t, v, k) => t + v * x[i + 1 + k]!, 0)) / m[i]![i]!;
  // Stored as [a, b, c, d]: c (scale) before d (x²), as export-size.ts reads them.
  return [x[0]!, x[1]!, x[3]!, x[2]!];
}

async function measureFormat(format: AnyExportFormat, still: boolean): Promise<Row[]> {
  const rows: Row[] = [];
  for (const kind of CONTENT_KINDS) {
    for (const [width, height, quality] of still ? STILL_SIZES : VIDEO_SIZES) {
      const c: SizeCase = { kind, width, height, source: still ? 'jpeg' : 'h264', format, quality, ...(still ? {} : { seconds: SECONDS }) };
      const m = await measureSizeCase(workspace, c);
      const { pixels, frames } = pixelsFrames(m, c.seconds);
      const output = sizeCaseOutput(m, quality, still ? 'image' : 'video');
      const outPixels = output.width * output.height;
      const audioBits = c.seconds ? 128_000 * c.seconds : 0;
      rows.push({
        c,
        m,
        x: Math.log((m.sourceBytes * 8 - audioBits) / (pixels * frames)),
        s: Math.log(outPixels / pixels),
        y: Math.log((m.exportBytes * 8 - (c.seconds ? audioOf(format, c.seconds) : 0)) / (outPixels * frames)),
      });
    }
  }
  return rows;
}

/** The audio each video format writes for a stereo 48 kHz source (its set bitrates, or PCM). */
function audioOf(format: AnyExportFormat, seconds: number): number {
  const perSecond: Partial<Record<AnyExportFormat, number>> = { mp4: 192_000, webm: 160_000, mov: 48_000 * 2 * 24, avi: 48_000 * 2 * 16 };
  return (perSecond[format] ?? 0) * seconds;
}

async function codecFactor(from: 'hevc' | 'png', to: 'h264' | 'jpeg'): Promise<number> {
  const ratios: number[] = [];
  for (const kind of CONTENT_KINDS) {
    const seconds = from === 'hevc' ? SECONDS : undefined;
    const base = { kind, width: 1280, height: 720, format: (from === 'hevc' ? 'mp4' : 'jpeg') as AnyExportFormat, quality: '720p' as const, ...(seconds ? { seconds } : {}) };
    const a = await measureSizeCase(workspace, { ...base, source: to });
    const b = await measureSizeCase(workspace, { ...base, source: from });
    const audio = seconds ? (128_000 * seconds) / 8 : 0;
    ratios.push((a.sourceBytes - audio) / (b.sourceBytes - audio));
  }
  return Math.exp(ratios.reduce((t, r) => t + Math.log(r), 0) / ratios.length);
}

const started = Date.now();
const model: Record<string, [number, number, number, number]> = {};
for (const [formats, still] of [
  [EXPORT_FORMATS, false],
  [STILL_EXPORT_FORMATS, true],
] as const) {
  for (const { id } of formats) {
    if (ONLY && !ONLY.includes(id)) continue;
    const rows = await measureFormat(id, still);
    const coefficients = fit(rows);
    model[id] = coefficients.map((v) => Number(v.toFixed(3))) as [number, number, number, number];
    const [a, b, c, d] = coefficients;
    console.log(`\n${id}: a ${a.toFixed(3)}, b ${b.toFixed(3)}, c ${c.toFixed(3)}, d ${d.toFixed(3)}`);
    for (const r of rows) {
      const fitted = Math.exp(a + b * r.x + c * r.s + d * r.x * r.x);
      const current = estimateExportBytes(id, sizeCaseOutput(r.m, r.c.quality, r.c.seconds ? 'video' : 'image'), {
        durationSeconds: r.c.seconds ?? null,
        frameRate: r.m.metadata.frameRate,
        hasAudio: !!r.c.seconds,
        sourceBytes: r.m.sourceBytes,
        sourceSize: { width: r.m.metadata.width, height: r.m.metadata.height },
        sourceCodec: r.m.metadata.videoCodec,
      });
      console.log(
        `  ${r.c.kind.padEnd(8)} ${r.c.width}x${r.c.height} → ${r.c.quality.padEnd(5)} source ${Math.exp(r.x).toFixed(4)} bpp, export ${Math.exp(r.y).toFixed(4)} bpp (fit ${fitted.toFixed(4)}, ${((fitted / Math.exp(r.y) - 1) * 100).toFixed(0)} %); file ${r.m.exportBytes} B, model now ${current} B (${((current / r.m.exportBytes - 1) * 100).toFixed(0)} %)`,
      );
    }
  }
}
console.log('\nEXPORT_SIZE_MODEL figures [a, b, c, d]:', JSON.stringify(model));
console.log(`source factor HEVC → H.264: ${(await codecFactor('hevc', 'h264')).toFixed(2)}`);
console.log(`source factor PNG → JPEG: ${(await codecFactor('png', 'jpeg')).toFixed(3)}`);
console.log(`\n(${((Date.now() - started) / 1000).toFixed(0)} s)`);
fs.rmSync(workspace.dir, { recursive: true, force: true });
