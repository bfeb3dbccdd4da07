/**
 * The export menu's size estimates (packages/contract's export-size.ts) against real files: a
 * short generated clip and a frame rendered through the server's real export command in every
 * format, each estimate within a factor of three of the file ffmpeg wrote (docs/product-rules.md,
 * 'Export').
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { bakeLut, cubeFromLut, DEFAULT_GRADE, DEFAULT_LUT_SIZE, writeCube } from '@cinegrade/color';
import { estimateExportBytes, EXPORT_FORMATS, exportFrameSize, STILL_EXPORT_FORMATS, type AnyExportFormat, type MediaMetadata } from '@cinegrade/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportArgs } from '../src/exports/export-args';
import { resolveMediaBinaries } from '../src/media/binaries';
import { parseProbe } from '../src/media/probe';

const run = promisify(execFile);
const { ffmpeg, ffprobe } = resolveMediaBinaries();
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cinegrade-export-size-'));
/** The estimate must be within this factor of the real file, either way. */
const FACTOR = 3;
const GRADE = { ...DEFAULT_GRADE, look: 'vintage-film' as const };
const lutPath = path.join(work, 'grade.cube');

/** A 3 s 1280×720 30 fps clip of a moving test pattern with light grain and stereo sound, and one frame of it as PNG. */
const clip = path.join(work, 'clip.mp4');
const frame = path.join(work, 'frame.png');

async function probe(file: string): Promise<MediaMetadata> {
  const { stdout } = await run(ffprobe, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file]);
  return parseProbe(stdout);
}

async function exportedBytes(input: string, demuxer: string, metadata: MediaMetadata, format: AnyExportFormat): Promise<number> {
  const outputPath = path.join(work, `out.${format}`);
  await run(ffmpeg, exportArgs({ input: { path: input, demuxer }, metadata, grade: GRADE, format, quality: '720p', lutPath, outputPath }), { maxBuffer: 1 << 24 });
  const bytes = fs.statSync(outputPath).size;
  fs.rmSync(outputPath);
  return bytes;
}

beforeAll(async () => {
  fs.writeFileSync(lutPath, writeCube(cubeFromLut(bakeLut(GRADE, DEFAULT_LUT_SIZE), 'export size test')));
  await run(ffmpeg, [
    '-v', 'error', '-y',
    '-f', 'lavfi', '-i', 'testsrc2=s=1280x720:r=30:d=3,noise=alls=5:allf=t',
    '-f', 'lavfi', '-i', 'sine=f=440:d=3:sample_rate=48000',
    '-ac', '2', '-c:v', 'libx264', '-crf', '10', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', clip,
  ]);
  await run(ffmpeg, ['-v', 'error', '-y', '-ss', '1', '-i', clip, '-frames:v', '1', frame]);
}, 120_000);

afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

describe('export size estimates', () => {
  it.each(EXPORT_FORMATS.map((f) => f.id))('estimates a 3 s 720p %s export within a factor of three of the real file', async (format) => {
    const metadata = await probe(clip);
    const output = exportFrameSize({ width: metadata.width, height: metadata.height }, '720p', 'video');
    const estimate = estimateExportBytes(format, output, { durationSeconds: metadata.durationSeconds, frameRate: metadata.frameRate, hasAudio: !!metadata.audioCodec });
    const real = await exportedBytes(clip, 'mov', metadata, format);
    expect(estimate / real, `estimate ${estimate} bytes, file ${real} bytes`).toBeGreaterThan(1 / FACTOR);
    expect(estimate / real, `estimate ${estimate} bytes, file ${real} bytes`).toBeLessThan(FACTOR);
  }, 300_000);

  it.each(STILL_EXPORT_FORMATS.map((f) => f.id))('estimates a 720p %s still from its pixels within a factor of three', async (format) => {
    const metadata = await probe(frame);
    const output = exportFrameSize({ width: metadata.width, height: metadata.height }, '720p', 'image');
    const estimate = estimateExportBytes(format, output, {});
    const real = await exportedBytes(frame, 'png_pipe', metadata, format);
    expect(estimate / real, `estimate ${estimate} bytes, file ${real} bytes`).toBeGreaterThan(1 / FACTOR);
    expect(estimate / real, `estimate ${estimate} bytes, file ${real} bytes`).toBeLessThan(FACTOR);
  }, 120_000);
});
