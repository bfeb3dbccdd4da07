/**
 * Real renders for the export size model (packages/contract's export-size.ts): a generated source
 * of one content kind, size and source codec, exported through the server's own export command
 * (`exportArgs`), with the bytes of both files. The fitting benchmark (bench/export-size-fit.ts)
 * measures many of these to find the model's figures; the test (test/export-size.test.ts) checks
 * the model against a set of them.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { bakeLut, cubeFromLut, DEFAULT_GRADE, DEFAULT_LUT_SIZE, writeCube, type Grade } from '@cinegrade/color';
import { exportFrameSize, type AnyExportFormat, type ExportQuality, type MediaMetadata } from '@cinegrade/contract';
import { exportArgs } from '../../src/exports/export-args';
import { resolveMediaBinaries } from '../../src/media/binaries';
import { MediaTools } from '../../src/media/media-tools';
import { parseProbe } from '../../src/media/probe';

const run = promisify(execFile);
const binaries = resolveMediaBinaries();
const { ffmpeg, ffprobe } = binaries;
const tools = new MediaTools(binaries);

/** flat: slowly moving smooth gradients; pattern: a moving test pattern; grain: the pattern with film-like grain changing every frame. */
export const CONTENT_KINDS = ['flat', 'pattern', 'grain'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

/** How the source file is written: as a phone writes video (H.264 or HEVC) or photos (JPEG), or a lossless PNG. */
export type SourceCodec = 'h264' | 'hevc' | 'jpeg' | 'png';

export interface SizeCase {
  kind: ContentKind;
  width: number;
  height: number;
  /** Seconds of video; absent for a still. */
  seconds?: number;
  /** Frames per second of a video source: 30 unless given (phones film at 60 too). */
  frameRate?: number;
  source: SourceCodec;
  format: AnyExportFormat;
  quality: ExportQuality;
}

export interface SizeMeasure {
  sourceBytes: number;
  metadata: MediaMetadata;
  exportBytes: number;
  /** The source's detail measure, as the server takes it on upload (MediaTools.detailBitsPerPixel). */
  detailBitsPerPixel: number | null;
}

const FRAME_RATE = 30;
/** The grade every size render applies: a look, as most exports have. */
export const SIZE_CASE_GRADE: Grade = { ...DEFAULT_GRADE, look: 'vintage-film' };
const GRADE = SIZE_CASE_GRADE;

function lavfiSource(kind: ContentKind, width: number, height: number, seconds: number, frameRate: number): string {
  const size = `s=${width}x${height}:r=${frameRate}:d=${seconds}`;
  // Colours and end points given: ffmpeg 5.1's gradients picks them at random even with a seed.
  if (kind === 'flat') return `gradients=${size}:speed=0.02:nb_colors=3:c0=0x3a1f5c:c1=0xe0a060:c2=0x2f7f8f:x0=0:y0=0:x1=${width - 1}:y1=${height - 1}`;
  if (kind === 'pattern') return `testsrc2=${size}`;
  return `testsrc2=${size},noise=alls=10:allf=t`;
}

const SOURCE_ENCODERS: Record<SourceCodec, string[]> = {
  h264: ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-pix_fmt', 'yuv420p'],
  hevc: ['-c:v', 'libx265', '-preset', 'ultrafast', '-crf', '22', '-pix_fmt', 'yuv420p', '-x265-params', 'log-level=error'],
  jpeg: ['-frames:v', '1', '-c:v', 'mjpeg', '-q:v', '3', '-pix_fmt', 'yuvj420p'],
  png: ['-frames:v', '1', '-c:v', 'png', '-pix_fmt', 'rgb24'],
};

const EXTENSIONS: Record<SourceCodec, { ext: string; demuxer: string }> = {
  h264: { ext: 'mp4', demuxer: 'mov' },
  hevc: { ext: 'mp4', demuxer: 'mov' },
  jpeg: { ext: 'jpg', demuxer: 'jpeg_pipe' },
  png: { ext: 'png', demuxer: 'png_pipe' },
};

/** A working folder for renders, with the grade's LUT written into it. */
export function sizeCaseWorkspace(dir: string): { dir: string; lutPath: string } {
  fs.mkdirSync(dir, { recursive: true });
  const lutPath = path.join(dir, 'grade.cube');
  if (!fs.existsSync(lutPath)) fs.writeFileSync(lutPath, writeCube(cubeFromLut(bakeLut(GRADE, DEFAULT_LUT_SIZE), 'export size model')));
  return { dir, lutPath };
}

/** Writes (once per folder) the source of a case and returns its path. */
async function source(dir: string, c: SizeCase): Promise<{ path: string; demuxer: string }> {
  const { ext, demuxer } = EXTENSIONS[c.source];
  const seconds = c.seconds ?? 1;
  const frameRate = c.frameRate ?? FRAME_RATE;
  const file = path.join(dir, `src-${c.kind}-${c.width}x${c.height}-${seconds}s-${frameRate}fps-${c.source}.${ext}`);
  if (!fs.existsSync(file)) {
    const audio = c.seconds ? ['-f', 'lavfi', '-i', `sine=f=440:d=${seconds}:sample_rate=48000`] : [];
    const audioOut = c.seconds ? ['-ac', '2', '-c:a', 'aac', '-b:a', '128k', '-shortest'] : [];
    await run(ffmpeg, ['-v', 'error', '-y', '-f', 'lavfi', '-i', lavfiSource(c.kind, c.width, c.height, seconds, frameRate), ...audio, ...SOURCE_ENCODERS[c.source], ...audioOut, file], { maxBuffer: 1 << 24 });
  }
  return { path: file, demuxer };
}

async function probe(file: string): Promise<MediaMetadata> {
  const { stdout } = await run(ffprobe, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file]);
  return parseProbe(stdout);
}

/** Renders one case through the export command and measures both files. */
export async function measureSizeCase(workspace: { dir: string; lutPath: string }, c: SizeCase): Promise<SizeMeasure> {
  const input = await source(workspace.dir, c);
  const metadata = await probe(input.path);
  const outputPath = path.join(workspace.dir, `out-${process.pid}.${c.format}`);
  await run(ffmpeg, exportArgs({ input, metadata, grade: GRADE, format: c.format, quality: c.quality, lutPath: workspace.lutPath, outputPath }), { maxBuffer: 1 << 24 });
  const exportBytes = fs.statSync(outputPath).size;
  fs.rmSync(outputPath);
  const detailBitsPerPixel = await tools.detailBitsPerPixel(input, metadata, c.seconds ? 'video' : 'image');
  return { sourceBytes: fs.statSync(input.path).size, metadata, exportBytes, detailBitsPerPixel };
}

/** The detail measure of a case's source (written if need be), without rendering it. */
export async function sizeCaseDetail(workspace: { dir: string }, c: SizeCase): Promise<number | null> {
  const input = await source(workspace.dir, c);
  return tools.detailBitsPerPixel(input, await probe(input.path), c.seconds ? 'video' : 'image');
}

/** The output frame of a case, as the menu computes it. */
export function sizeCaseOutput(measure: SizeMeasure, quality: ExportQuality, mediaType: 'video' | 'image') {
  return exportFrameSize({ width: measure.metadata.width, height: measure.metadata.height }, quality, mediaType);
}
