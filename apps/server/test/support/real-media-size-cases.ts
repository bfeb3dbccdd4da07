/**
 * Real renders of the real-media corpus for the export size model (packages/contract's
 * export-size.ts): each phone or camera file as an upload would arrive (a long clip cut to a few
 * seconds by stream copy, so its bytes are those of a short upload of the same footage; a HEIC or
 * AVIF decoded once to the PNG the server works from, its bytes still the upload's), exported
 * through the server's own export command (`exportArgs`) in a format and quality, with the
 * estimate the export menu shows beside the real file's bytes. The fitting benchmark
 * (bench/export-size-fit.ts) fits on these with the generated cases; the test
 * (test/real-media-sizes.test.ts) holds the estimates to the real files.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { exportEstimate, isStillFormat, type AnyExportFormat, type ExportQuality, type MediaMetadata } from '@cinegrade/contract';
import { exportArgs, planExportFrame } from '../../src/exports/export-args';
import { resolveMediaBinaries } from '../../src/media/binaries';
import type { InputSpec } from '../../src/media/ffmpeg-args';
import { MediaTools } from '../../src/media/media-tools';
import { parseProbe } from '../../src/media/probe';
import { sniffMedia } from '../../src/media/sniff';
import { SIZE_CASE_GRADE } from './export-size-cases';
import { corpusMedia } from './media-corpus';

const run = promisify(execFile);
const binaries = resolveMediaBinaries();
const { ffmpeg, ffprobe } = binaries;
const tools = new MediaTools(binaries);

/** The metadata with the detail measure the server adds on upload (MediaTools.detailBitsPerPixel). */
async function withDetail(input: InputSpec, metadata: MediaMetadata, mediaType: 'video' | 'image'): Promise<MediaMetadata> {
  const detailBitsPerPixel = await tools.detailBitsPerPixel(input, metadata, mediaType);
  return detailBitsPerPixel === null ? metadata : { ...metadata, detailBitsPerPixel };
}

/** The corpus's phone and camera clips, each with the seconds kept of it (a clip shorter than that is used whole). */
export const REAL_VIDEOS: readonly { name: string; seconds: number }[] = [
  { name: 'v02_phone_portrait_4k60_vfr.mp4', seconds: 2 },
  { name: 'v04_portrait_720x1080.mp4', seconds: 2 },
  { name: 'v05_hevc10_hdr10_pq.mp4', seconds: 2 },
  { name: 'v07_phone_hevc10_hlg_rot90_editlist.mp4', seconds: 3 },
  { name: 'v11_vp9_profile2_10bit.webm', seconds: 2 },
  { name: 'v14_mxf_mpeg2_720x576_sar16-15.mxf', seconds: 2 },
  { name: 'v16_avchd_1080i.mts', seconds: 2 },
  { name: 'v18_mov_bt601.mov', seconds: 2 },
  { name: 'v22_3gp_h263_amr.3gp', seconds: 2 },
  { name: 'v24_mjpeg_pcm_u8.mov', seconds: 2 },
];

/**
 * The corpus's photos from phones and cameras: JPEG, HEIC and AVIF, a grey JPEG. Not here: the CMYK
 * JPEG (refused on upload) and the 100×40 uncompressed 16-bit TIFF, a test picture no camera makes,
 * which an export scales up eighteen times: its bytes say nothing of its picture, and the model,
 * fitted on photos, puts a PNG of it at hundreds of times its real size (docs/product-rules.md,
 * 'Export', size hints).
 */
export const REAL_STILLS: readonly string[] = [
  's01_jpeg_exif_orient6.jpg',
  's03_jpeg_exif_orient3.jpg',
  's04_jpeg_gray_orient6.jpg',
  's08_iphone.heic',
  's09_avif_10bit_hdr_p3.avif',
  's11_avif_irot90.avif',
  's13_ultrahdr_3072x4080.jpg',
];

export interface RealSource {
  name: string;
  input: InputSpec;
  metadata: MediaMetadata;
  /** The bytes of the file as uploaded (the cut, for a long clip). */
  sourceBytes: number;
  still: boolean;
}

export interface RealMeasure {
  estimate: number;
  exportBytes: number;
  output: { width: number; height: number };
}

async function probe(input: InputSpec): Promise<MediaMetadata> {
  const { stdout } = await run(ffprobe, ['-v', 'error', '-f', input.demuxer, '-print_format', 'json', '-show_format', '-show_streams', input.path], { maxBuffer: 1 << 24 });
  return parseProbe(stdout);
}

function sniff(file: string) {
  const fd = fs.openSync(file, 'r');
  const head = Buffer.alloc(4096);
  fs.readSync(fd, head, 0, head.length, 0);
  fs.closeSync(fd);
  const sniffed = sniffMedia(head);
  if (!sniffed) throw new Error(`${path.basename(file)} is not a kind of media the server accepts`);
  return sniffed;
}

async function durationOf(file: string): Promise<number> {
  const { stdout } = await run(ffprobe, ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file]);
  return Number(stdout.trim());
}

/** A corpus clip as uploaded: cut by stream copy (picture and sound, nothing re-encoded) when longer than `seconds`. */
export async function realVideo(dir: string, name: string, seconds: number): Promise<RealSource> {
  const original = corpusMedia(name);
  let file = original;
  if ((await durationOf(original)) > seconds + 0.5) {
    file = path.join(dir, `cut-${seconds}-${name}`);
    if (!fs.existsSync(file)) await run(ffmpeg, ['-v', 'error', '-y', '-i', original, '-t', String(seconds), '-map', '0:v:0', '-map', '0:a?', '-c', 'copy', file]);
  }
  const input = { path: file, demuxer: sniff(file).demuxer };
  return { name, input, metadata: await withDetail(input, await probe(input), 'video'), sourceBytes: fs.statSync(file).size, still: false };
}

/** A corpus photo as the server keeps it: a HEIC or AVIF decoded once to PNG (its codec and bytes still the upload's). */
export async function realStill(dir: string, name: string): Promise<RealSource> {
  const original = corpusMedia(name);
  const sniffed = sniff(original);
  const sourceBytes = fs.statSync(original).size;
  if (sniffed.decodedBy !== 'heif-convert') {
    const input = { path: original, demuxer: sniffed.demuxer };
    return { name, input, metadata: await withDetail(input, await probe(input), 'image'), sourceBytes, still: true };
  }
  const decoded = path.join(dir, `${name}.png`);
  if (!fs.existsSync(decoded)) {
    await run('heif-convert', ['--quiet', original, decoded]).catch((error: unknown) => {
      throw new Error(`heif-convert is needed to decode ${name} (as the server does on upload): ${String(error)}`);
    });
  }
  const input = { path: decoded, demuxer: 'png_pipe' };
  // libheif has applied the picture's rotation: the PNG's own orientation tag, if any, is not turned again.
  const { orientation: _decodedOrientation, ...upright } = await probe(input);
  const metadata = await withDetail(input, { ...upright, videoCodec: sniffed.extension === 'avif' ? 'av1' : 'hevc', rotation: 0 }, 'image');
  return { name, input, metadata, sourceBytes, still: true };
}

/** Renders one source in one format and quality through the export command; the estimate is the export menu's. */
export async function measureReal(workspace: { dir: string; lutPath: string }, source: RealSource, format: AnyExportFormat, quality: ExportQuality): Promise<RealMeasure> {
  const { metadata } = source;
  const outputPath = path.join(workspace.dir, `real-${process.pid}.${format}`);
  await run(ffmpeg, exportArgs({ input: source.input, metadata, grade: SIZE_CASE_GRADE, format, quality, lutPath: workspace.lutPath, outputPath }), { maxBuffer: 1 << 24 });
  const exportBytes = fs.statSync(outputPath).size;
  fs.rmSync(outputPath);
  const { output } = planExportFrame(metadata, quality, format);
  // As the export menu asks: a still has no duration (its probe may give one frame's).
  const still = isStillFormat(format);
  const estimate = exportEstimate(format, output, { ...metadata, durationSeconds: still ? null : metadata.durationSeconds }, source.sourceBytes);
  return { estimate, exportBytes, output };
}
