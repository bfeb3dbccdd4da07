/**
 * Fits the export size model (packages/contract's export-size.ts, `EXPORT_SIZE_MODEL`) to real
 * renders through the server's own export command, in every format:
 *
 * - generated sources of three content kinds (flat gradients, a test pattern, the pattern with
 *   grain) written as a phone would (H.264 video with AAC, JPEG photos): video 640×360 and 1280×720
 *   at 30 fps and 1280×720 at 60 fps, exported at 720p and 1080p, and 1920×1080 made smaller to
 *   720p; photos from 640×360 to 1920×1080 exported at 720p, 1080p and 4K;
 * - the real-media corpus (test/support/real-media-size-cases.ts): phone and camera clips at 720p
 *   and 1080p, photos at 720p, 1080p and 4K.
 *
 * For each format it fits, by least squares on logarithms (real renders counted four times: they are
 * what people upload),
 *
 *   ln(export bits per pixel per frame) = a + b·x + c·s + d·x² + e·r + f·s² + g·x·s,
 *   x = ln(source bits per pixel per frame, in H.264 or JPEG terms), s = ln(export pixels ÷ source
 *   pixels), r = ln(frame rate ÷ 30)
 *
 * and, for the formats that code each frame alone (BENCH_SIZE_DETAIL_FORMATS, default PNG, MOV and
 * JPEG), the same plus h·k, k = ln(the source's detail measure: `MediaTools.detailBitsPerPixel`, as
 * the server takes it on upload), for `EXPORT_SIZE_DETAIL_MODEL`; and picks the factor of HEVC
 * video and of HEIC/AVIF photos (`SOURCE_CODEC_FACTORS`) that fits the
 * real renders best; the PNG factor is measured (the same pictures as PNG and JPEG). It prints
 * every render's error under the fitted model and the figures to paste into export-size.ts;
 * `test/export-size.test.ts` and `test/real-media-sizes.test.ts` check them against real renders.
 *
 * BENCH_SIZE_SECONDS (default 2) sets the generated clips' length. BENCH_SIZE_RENDERS names a JSON
 * file of renders: written after measuring, and read instead of rendering again when it exists
 * (refitting takes seconds, rendering about ten minutes on two shared cores); a file saved before
 * the detail measure existed gets it added (each source remade from its label and measured, about
 * a minute) and is written back.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  ASSUMED_FRAME_RATE,
  EXPORT_AUDIO_BITS_PER_SECOND,
  EXPORT_FORMATS,
  SOURCE_CODEC_FACTORS,
  sourceBitsPerPixel,
  STILL_EXPORT_FORMATS,
  type AnyExportFormat,
  type ExportQuality,
  type ExportSizeSource,
  type FrameSize,
} from '@cinegrade/contract';
import { CONTENT_KINDS, measureSizeCase, sizeCaseDetail, sizeCaseOutput, sizeCaseWorkspace, type ContentKind, type SizeCase } from '../test/support/export-size-cases';
import { measureReal, REAL_STILLS, REAL_VIDEOS, realStill, realVideo, type RealSource } from '../test/support/real-media-size-cases';

const SECONDS = Number(process.env.BENCH_SIZE_SECONDS ?? 2);
const RENDERS = process.env.BENCH_SIZE_RENDERS;
const TARGET = 0.35;
const REAL_WEIGHT = Number(process.env.BENCH_SIZE_REAL_WEIGHT ?? 4);
const workspace = sizeCaseWorkspace(fs.mkdtempSync(path.join(os.tmpdir(), 'cinegrade-size-fit-')));

/** Width, height, quality and frame rate: sources scaled up, kept, and made smaller (1080p → 720p), at 30 and 60 fps. */
const VIDEO_SIZES: [number, number, ExportQuality, number][] = [
  [640, 360, '720p', 30],
  [1280, 720, '720p', 30],
  [1280, 720, '1080p', 30],
  [1920, 1080, '720p', 30],
  [1280, 720, '720p', 60],
];
const STILL_SIZES: [number, number, ExportQuality][] = [
  [640, 360, '720p'],
  [1280, 720, '720p'],
  [1920, 1080, '1080p'],
  [1280, 720, '4k'],
  [1920, 1080, '720p'],
];

/** One render: what the menu knows of the source, the export's frame and the bytes ffmpeg wrote. */
interface Render {
  label: string;
  real: boolean;
  format: AnyExportFormat;
  source: ExportSizeSource;
  output: FrameSize;
  exportBytes: number;
}

async function measureGenerated(): Promise<Render[]> {
  const renders: Render[] = [];
  for (const [formats, still] of [
    [EXPORT_FORMATS, false],
    [STILL_EXPORT_FORMATS, true],
  ] as const) {
    for (const { id: format } of formats) {
      for (const kind of CONTENT_KINDS) {
        for (const [width, height, quality, frameRate] of still ? STILL_SIZES.map(([w, h, q]) => [w, h, q, 0] as const) : VIDEO_SIZES) {
          const c: SizeCase = { kind, width, height, source: still ? 'jpeg' : 'h264', format, quality, ...(still ? {} : { seconds: SECONDS, frameRate }) };
          const m = await measureSizeCase(workspace, c);
          renders.push({
            label: `${kind} ${width}x${height}${still ? '' : `@${frameRate}`} → ${quality}`,
            real: false,
            format,
            source: {
              durationSeconds: still ? null : m.metadata.durationSeconds,
              frameRate: m.metadata.frameRate,
              hasAudio: !still,
              sourceBytes: m.sourceBytes,
              sourceSize: { width: m.metadata.width, height: m.metadata.height },
              sourceCodec: m.metadata.videoCodec,
              detailBitsPerPixel: m.detailBitsPerPixel,
            },
            output: sizeCaseOutput(m, quality, still ? 'image' : 'video'),
            exportBytes: m.exportBytes,
          });
        }
      }
    }
  }
  return renders;
}

async function measureCorpus(): Promise<Render[]> {
  const renders: Render[] = [];
  const add = async (source: RealSource, qualities: ExportQuality[]) => {
    for (const { id: format } of source.still ? STILL_EXPORT_FORMATS : EXPORT_FORMATS) {
      for (const quality of qualities) {
        const m = await measureReal(workspace, source, format, quality);
        const { metadata } = source;
        renders.push({
          label: `${source.name} → ${quality}`,
          real: true,
          format,
          source: {
            durationSeconds: source.still ? null : metadata.durationSeconds,
            frameRate: metadata.frameRate,
            hasAudio: !!metadata.audioCodec,
            sourceBytes: source.sourceBytes,
            sourceSize: { width: metadata.width, height: metadata.height },
            sourceCodec: metadata.videoCodec,
            detailBitsPerPixel: metadata.detailBitsPerPixel ?? null,
          },
          output: m.output,
          exportBytes: m.exportBytes,
        });
      }
    }
  };
  for (const { name, seconds } of REAL_VIDEOS) await add(await realVideo(workspace.dir, name, seconds), ['720p', '1080p']);
  for (const name of REAL_STILLS) await add(await realStill(workspace.dir, name), ['720p', '1080p', '4k']);
  return renders;
}

/** The frames the estimate counts: the probe's length times its rate. */
const framesOf = (source: ExportSizeSource) =>
  source.durationSeconds ? Math.max(1, Math.round(source.durationSeconds * (source.frameRate || ASSUMED_FRAME_RATE))) : 1;

/**
 * Terms left out of a format's model with the detail measure (set to 0): for PNG, x² and x·s,
 * which with k beside them fit the noise of its 36 renders rather than the picture (within 35 %,
 * 32 of them with those terms, 34 without, and the test's pattern photo +37 % against +17 %).
 */
const DETAIL_TERMS_LEFT_OUT: Partial<Record<AnyExportFormat, number[]>> = { png: [3, 6] };

/** The model's terms for one render (1, x, s, x², r, s², x·s, and k with `detail`) and its measured ln(export bits per pixel per frame). */
function termsOf(render: Render, detail: boolean): { t: number[]; y: number } {
  const { source, output, format } = render;
  const frames = framesOf(source);
  const seconds = source.durationSeconds ?? 0;
  const x = Math.log(sourceBitsPerPixel(source, frames));
  const pixels = output.width * output.height;
  const s = Math.log(pixels / (source.sourceSize!.width * source.sourceSize!.height));
  const r = seconds > 0 ? Math.log((source.frameRate || ASSUMED_FRAME_RATE) / ASSUMED_FRAME_RATE) : 0;
  const audio = source.hasAudio && seconds > 0 ? EXPORT_AUDIO_BITS_PER_SECOND[format] * seconds : 0;
  const y = Math.log(Math.max(8, render.exportBytes * 8 - audio) / (pixels * frames));
  const terms = [1, x, s, x * x, r, s * s, x * s];
  if (!detail) return { t: terms, y };
  const leftOut = DETAIL_TERMS_LEFT_OUT[format] ?? [];
  return { t: [...terms.map((v, i) => (leftOut.includes(i) ? 0 : v)), Math.log(source.detailBitsPerPixel!)], y };
}

/** Weighted least squares (normal equations, Gaussian elimination with pivoting). */
function solve(rows: { t: number[]; y: number; w: number }[]): number[] {
  const n = rows[0]!.t.length;
  const m = Array.from({ length: n }, () => new Array<number>(n + 1).fill(0));
  for (const { t, y, w } of rows) {
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) m[i]![j]! += w * t[i]! * t[j]!;
      m[i]![n]! += w * t[i]! * y;
    }
  }
  for (let i = 0; i < n; i++) {
    const pivot = m.slice(i).reduce((best, row, k) => (Math.abs(row[i]!) > Math.abs(m[best]![i]!) ? i + k : best), i);
    [m[i], m[pivot]] = [m[pivot]!, m[i]!];
    if (Math.abs(m[i]![i]!) < 1e-12) continue;
    for (let k = i + 1; k < n; k++) {
      const f = m[k]![i]! / m[i]![i]!;
      for (let j = i; j <= n; j++) m[k]![j]! -= f * m[i]![j]!;
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let i = n - 1; i >= 0; i--) {
    if (Math.abs(m[i]![i]!) < 1e-12) continue;
    x[i] = (m[i]![n]! - m[i]!.slice(i + 1, n).reduce((t, v, k) => t + v * x[i + 1 + k]!, 0)) / m[i]![i]!;
  }
  return x;
}

/** A format whose size does not depend on the picture (uncompressed AVI and TIFF) has no slope to fit: its bits per pixel. */
function fitFormat(renders: Render[], detail = false): { coefficients: number[]; errors: { render: Render; error: number }[] } {
  const rows = renders.map((render) => ({ ...termsOf(render, detail), w: render.real ? REAL_WEIGHT : 1, render }));
  const ys = rows.map((r) => r.y);
  const uncompressed = Math.max(...ys) - Math.min(...ys) < 0.3 && renders[0]!.format !== 'mp4';
  const coefficients = uncompressed ? [ys.reduce((t, y) => t + y, 0) / ys.length, 0, 0, 0, 0, 0, 0, ...(detail ? [0] : [])] : solve(rows);
  const errors = rows.map(({ t, y, render }) => ({ render, error: Math.exp(t.reduce((sum, v, i) => sum + v * coefficients[i]!, 0) - y) - 1 }));
  return { coefficients, errors };
}

function fitAll(renders: Render[], formats: AnyExportFormat[], detailFormats: readonly AnyExportFormat[] = []) {
  return formats.map((format) => ({ format, ...fitFormat(renders.filter((r) => r.format === format), detailFormats.includes(format)) }));
}

/** The generated case a render's label names ("grain 1280x720@60 → 720p", "flat 640x360 → 4k"), its source as measureGenerated wrote it. */
function generatedCase(render: Render): SizeCase {
  const match = /^(\w+) (\d+)x(\d+)(?:@(\d+))? → (\w+)$/.exec(render.label);
  if (!match) throw new Error(`cannot read the generated case of "${render.label}"`);
  const [, kind, width, height, frameRate, quality] = match;
  const still = frameRate === undefined;
  return {
    kind: kind as ContentKind,
    width: Number(width),
    height: Number(height),
    source: still ? 'jpeg' : 'h264',
    format: render.format,
    quality: quality as ExportQuality,
    ...(still ? {} : { seconds: SECONDS, frameRate: Number(frameRate) }),
  };
}

/** Adds the detail measure of each render's source to a saved file that lacks it (seconds, not a new render). */
async function addDetail(renders: Render[]): Promise<boolean> {
  const missing = renders.filter((r) => r.source.detailBitsPerPixel === undefined);
  if (missing.length === 0) return false;
  const known = new Map<string, number | null>();
  const real = new Map<string, RealSource>();
  for (const render of missing) {
    const name = render.label.split(' → ')[0]!;
    const key = render.real ? name : `${name} ${render.source.durationSeconds ? 'video' : 'still'}`;
    if (!known.has(key)) {
      if (render.real) {
        const video = REAL_VIDEOS.find((v) => v.name === name);
        const source = real.get(name) ?? (video ? await realVideo(workspace.dir, name, video.seconds) : await realStill(workspace.dir, name));
        real.set(name, source);
        known.set(key, source.metadata.detailBitsPerPixel ?? null);
      } else {
        known.set(key, await sizeCaseDetail(workspace, generatedCase(render)));
      }
    }
    render.source = { ...render.source, detailBitsPerPixel: known.get(key) ?? null };
  }
  return true;
}

const sumSquares = (fits: ReturnType<typeof fitAll>, real: (r: Render) => boolean) =>
  fits.reduce((t, f) => t + f.errors.filter((e) => real(e.render)).reduce((u, e) => u + Math.log(1 + e.error) ** 2, 0), 0);

/** Sets a codec factor to the candidate that fits that codec's real renders best. */
function pickFactor(renders: Render[], kind: 'video' | 'still', codecs: string[], formats: AnyExportFormat[]): number {
  const candidates = [0.1, 0.15, 0.2, 0.3, 0.4, 0.5, 0.6, 0.8, 1, 1.2, 1.4, 1.7, 2, 2.4, 2.89, 3.5];
  let best = { factor: 1, score: Infinity };
  for (const factor of candidates) {
    for (const codec of codecs) SOURCE_CODEC_FACTORS[kind][codec] = factor;
    const score = sumSquares(fitAll(renders, formats), (r) => r.real && codecs.includes(r.source.sourceCodec ?? ''));
    if (score < best.score) best = { factor, score };
  }
  for (const codec of codecs) SOURCE_CODEC_FACTORS[kind][codec] = best.factor;
  return best.factor;
}

async function pngFactor(): Promise<number> {
  const ratios: number[] = [];
  for (const kind of CONTENT_KINDS) {
    const base = { kind, width: 1280, height: 720, format: 'jpeg' as const, quality: '720p' as const };
    const jpeg = await measureSizeCase(workspace, { ...base, source: 'jpeg' });
    const png = await measureSizeCase(workspace, { ...base, source: 'png' });
    ratios.push(jpeg.sourceBytes / png.sourceBytes);
  }
  return Math.exp(ratios.reduce((t, r) => t + Math.log(r), 0) / ratios.length);
}

const started = Date.now();
let renders: Render[];
if (RENDERS && fs.existsSync(RENDERS)) {
  renders = JSON.parse(fs.readFileSync(RENDERS, 'utf8')) as Render[];
  if (await addDetail(renders)) fs.writeFileSync(RENDERS, JSON.stringify(renders, null, 1));
} else {
  renders = [...(await measureGenerated()), ...(await measureCorpus())];
  if (RENDERS) fs.writeFileSync(RENDERS, JSON.stringify(renders, null, 1));
  console.log(`source factor PNG → JPEG (measured): ${(await pngFactor()).toFixed(3)}`);
}

const videoFormats = EXPORT_FORMATS.map((f) => f.id);
const stillFormats = STILL_EXPORT_FORMATS.map((f) => f.id);
console.log(`HEVC video factor (best on the real HEVC clips): ${pickFactor(renders, 'video', ['hevc'], videoFormats)}`);
for (const codec of ['vp9', 'mpeg2video', 'h263', 'mjpeg']) console.log(`${codec} video factor (best on its real clip): ${pickFactor(renders, 'video', [codec], videoFormats)}`);
console.log(`HEIC/AVIF photo factor (best on the real HEIC and AVIF photos): ${pickFactor(renders, 'still', ['hevc', 'av1'], stillFormats)}`);

const DETAIL_FORMATS = (process.env.BENCH_SIZE_DETAIL_FORMATS ?? 'png,mov,jpeg').split(',').filter(Boolean) as AnyExportFormat[];
const allFormats = [...videoFormats, ...stillFormats];
const base = fitAll(renders, allFormats);
const detailed = fitAll(renders.filter((r) => r.source.detailBitsPerPixel), DETAIL_FORMATS, DETAIL_FORMATS);
const model: Record<string, number[]> = {};
const detailModel: Record<string, number[]> = {};
const all: number[] = [];
const report = (title: string, errors: { render: Render; error: number }[], count: boolean) => {
  console.log(title);
  for (const { render, error } of errors.sort((p, q) => Math.abs(q.error) - Math.abs(p.error))) {
    if (count) all.push(Math.abs(error));
    console.log(`  ${(error >= 0 ? '+' : '') + (error * 100).toFixed(0)} %`.padEnd(10) + `${render.real ? 'real' : 'gen '} ${render.label} (${render.exportBytes} B)`);
  }
};
for (const { format, coefficients, errors } of base) {
  model[format] = coefficients.map((v) => Number(v.toFixed(3)));
  const withDetail = detailed.find((d) => d.format === format);
  report(`\n${format}${withDetail ? ' without the detail measure' : ''}: [${model[format].join(', ')}]`, errors, !withDetail);
  if (withDetail) {
    detailModel[format] = withDetail.coefficients.map((v) => Number(v.toFixed(3)));
    report(`\n${format} with the detail measure: [${detailModel[format].join(', ')}]`, withDetail.errors, true);
  }
}
all.sort((p, q) => p - q);
console.log(`\n${all.length} renders (the detail model where it applies): median error ${(all[Math.floor(all.length / 2)]! * 100).toFixed(0)} %, within ±${TARGET * 100} %: ${all.filter((e) => e <= TARGET).length}`);
console.log('EXPORT_SIZE_MODEL figures [a, b, c, d, e, f, g]:', JSON.stringify(model));
console.log('EXPORT_SIZE_DETAIL_MODEL figures [a, b, c, d, e, f, g, h]:', JSON.stringify(detailModel));
console.log(`(${((Date.now() - started) / 1000).toFixed(0)} s)`);
fs.rmSync(workspace.dir, { recursive: true, force: true });
