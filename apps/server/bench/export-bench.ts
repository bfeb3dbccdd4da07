/**
 * Export benchmark. For a generated 1080p clip and a 4K clip, exported at their own size
 * as MP4 (the export's H.264 settings), it measures in one run, interleaved and repeated:
 *
 *   graded   the export's own ffmpeg command (exportArgs): zscale to float RGB, lut3d
 *            tetrahedral on gbrpf32le, back to yuv420p, H.264
 *   plain    the same decoder and encoder settings with no grade: the floor
 *   by hand  what a person would run: `ffmpeg -i in -vf lut3d=look.cube` + the same encoder settings
 *
 * and prints frames per second and the two ratios, with the targets: graded ≤ 1.5 × plain, and
 * graded ≤ by hand. The grade is a look with global sliders (a LUT, as the hand-run path applies);
 * a second graded row adds clarity and vignette, which no LUT can hold, for information.
 *
 * Ratios are of CPU time (user + system of ffmpeg and its threads), the cost of the work, because
 * this machine is shared and wall-clock time moves with other people's load; wall-clock figures
 * are printed beside them. BENCH_EXPORT_RUNS (default 2) and BENCH_EXPORT_SECONDS (default 3) set
 * the repeats and the clip length.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bakeLut, cubeFromLut, DEFAULT_ADJUSTMENTS, DEFAULT_GRADE, writeCube, type Grade } from '@cinegrade/color';
import type { ExportQuality } from '@cinegrade/contract';
import { exportArgs, exportFilterGraph, plainTranscodeArgs } from '../src/exports/export-args';
import { inputArgs } from '../src/media/ffmpeg-args';
import { resolveMediaBinaries } from '../src/media/binaries';
import { MediaTools } from '../src/media/media-tools';

const RUNS = Number(process.env.BENCH_EXPORT_RUNS ?? 2);
const SECONDS = Number(process.env.BENCH_EXPORT_SECONDS ?? 3);
const FRAME_RATE = 25;
const binaries = resolveMediaBinaries();
const tools = new MediaTools(binaries);
const cache = path.join(os.tmpdir(), 'cinegrade-export-bench');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cinegrade-export-bench-run-'));
fs.mkdirSync(cache, { recursive: true });

const LOOK: Grade = { ...DEFAULT_GRADE, look: 'blockbuster-teal-orange', adjustments: { ...DEFAULT_ADJUSTMENTS, contrast: 20, saturation: 10, temperature: 15 } };
const SPATIAL: Grade = { ...LOOK, adjustments: { ...LOOK.adjustments, clarity: 30, vignette: 30 } };

/**
 * A test pattern with a little grain in the luma (real footage is never flat; camera noise is
 * mostly luma), tagged BT.709. Grain in the chroma planes would be softened by any trip through
 * RGB, the export's or the hand-run one, and make the plain transcode look dearer than it is.
 */
function sourceClip(width: number, height: number): string {
  const file = path.join(cache, `source-${width}x${height}-${SECONDS}s-luma-grain.mp4`);
  if (fs.existsSync(file)) return file;
  const partial = `${file}.partial.mp4`;
  const made = spawnSync(binaries.ffmpeg, [
    '-v', 'error',
    '-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}:rate=${FRAME_RATE}:duration=${SECONDS},noise=c0s=4:c0f=t`,
    '-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${SECONDS}`,
    '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '16', '-pix_fmt', 'yuv420p',
    '-color_primaries', 'bt709', '-color_trc', 'bt709', '-colorspace', 'bt709', '-color_range', 'tv',
    '-c:a', 'aac', '-shortest', '-y', partial,
  ]);
  if (made.status !== 0) throw new Error(`Could not make the ${width}×${height} clip: ${made.stderr.toString()}`);
  fs.renameSync(partial, file);
  return file;
}

const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK']).stdout.toString().trim()) || 100;

/** CPU seconds used by this process's finished children (Linux /proc: cutime + cstime). */
function childCpuSeconds(): number {
  const fields = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
  const ticks = CLOCK_TICKS;
  // After "pid (comm) ": state is field 3, so cutime (16) and cstime (17) are at 13 and 14 here.
  return (Number(fields[13]) + Number(fields[14])) / ticks;
}

function run(args: string[]): { wall: number; cpu: number; bytes: number } {
  const cpuBefore = childCpuSeconds();
  const started = performance.now();
  const result = spawnSync(binaries.ffmpeg, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  const wall = (performance.now() - started) / 1000;
  if (result.status !== 0) throw new Error(`ffmpeg failed: ${result.stderr.toString().slice(-800)}`);
  const output = args.at(-1) ?? '-';
  const bytes = output !== '-' && fs.existsSync(output) ? fs.statSync(output).size : 0;
  return { wall, cpu: childCpuSeconds() - cpuBefore, bytes };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? Number.NaN) : ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2;
}

async function bench(label: string, width: number, height: number, quality: ExportQuality): Promise<boolean> {
  const source = sourceClip(width, height);
  const metadata = await tools.probe({ path: source, demuxer: 'mov' });
  const input = { path: source, demuxer: 'mov' };
  const output = path.join(work, 'out.mp4');
  const lutPath = path.join(work, 'look.cube');
  fs.writeFileSync(lutPath, writeCube(cubeFromLut(bakeLut(LOOK, 33), 'bench look')));
  const spatialLut = path.join(work, 'spatial.cube');
  fs.writeFileSync(spatialLut, writeCube(cubeFromLut(bakeLut(SPATIAL, 33), 'bench look')));
  const paths = {
    graded: exportArgs({ input, metadata, grade: LOOK, format: 'mp4', quality, lutPath, outputPath: output }),
    plain: plainTranscodeArgs({ input, metadata, format: 'mp4', quality, outputPath: output }),
    byHand: plainTranscodeArgs({ input, metadata, format: 'mp4', quality, outputPath: output }, `lut3d=file=${lutPath}`),
    spatial: exportArgs({ input, metadata, grade: SPATIAL, format: 'mp4', quality, lutPath: spatialLut, outputPath: output }),
    // Without encoding: what the grade itself costs, whatever the encoder makes of the picture.
    gradeOnly: ['-v', 'error', ...inputArgs(input), '-filter_complex', exportFilterGraph({ metadata, grade: LOOK, format: 'mp4', quality, lutPath }), '-map', '[vout]', '-f', 'null', '-'],
    decodeOnly: ['-v', 'error', ...inputArgs(input), '-map', '0:v:0', '-f', 'null', '-'],
  };
  const samples = Object.fromEntries(Object.keys(paths).map((name) => [name, { wall: [] as number[], cpu: [] as number[], bytes: 0 }])) as Record<
    keyof typeof paths,
    { wall: number[]; cpu: number[]; bytes: number }
  >;
  for (let i = 0; i < RUNS; i++) {
    for (const name of Object.keys(paths) as (keyof typeof paths)[]) {
      const { wall, cpu, bytes } = run(paths[name]);
      samples[name].wall.push(wall);
      samples[name].cpu.push(cpu);
      samples[name].bytes = bytes;
    }
  }
  const frames = SECONDS * FRAME_RATE;
  const m = (name: keyof typeof paths) => ({ wall: median(samples[name].wall), cpu: median(samples[name].cpu) });
  const [graded, plain, byHand, spatial] = [m('graded'), m('plain'), m('byHand'), m('spatial')];
  const row = (name: string, t: { wall: number; cpu: number }, key: keyof typeof paths) =>
    `  ${name.padEnd(34)} ${(frames / t.wall).toFixed(1).padStart(6)} fps  ${t.wall.toFixed(2).padStart(7)} s wall  ${t.cpu.toFixed(2).padStart(7)} s CPU  ${(t.cpu / plain.cpu).toFixed(2).padStart(5)}× plain  ${(t.cpu / byHand.cpu).toFixed(2).padStart(5)}× by hand  ${(samples[key].bytes / 1e6).toFixed(1).padStart(6)} MB`;
  console.log(`\n${label}: ${width}×${height}, ${frames} frames, MP4 H.264 (preset medium, CRF 18), median of ${RUNS}`);
  console.log(row('graded export (look + sliders)', graded, 'graded'));
  console.log(row('plain transcode (floor)', plain, 'plain'));
  console.log(row('by hand: -vf lut3d=look.cube', byHand, 'byHand'));
  console.log(row('graded + clarity + vignette (info)', spatial, 'spatial'));
  const gradeMs = ((m('gradeOnly').cpu - m('decodeOnly').cpu) / frames) * 1000;
  console.log(
    `  the grade alone (decode → float RGB → lut3d → yuv420p, no encoder): ${gradeMs.toFixed(1)} ms CPU a frame over decoding.` +
      ' H.264 works harder on some pictures than others (see the file sizes): a graded picture can cost less to encode than the original.',
  );
  const versusPlain = graded.cpu / plain.cpu;
  const versusHand = graded.cpu / byHand.cpu;
  const ok = versusPlain <= 1.5 && versusHand <= 1;
  console.log(
    `  targets: graded ≤ 1.5× plain: ${versusPlain.toFixed(2)}× ${versusPlain <= 1.5 ? 'ok' : 'OVER'} · graded ≤ by hand: ${versusHand.toFixed(2)}× ${versusHand <= 1 ? 'ok' : 'OVER'}` +
      ` (wall clock: ${(graded.wall / plain.wall).toFixed(2)}× plain, ${(graded.wall / byHand.wall).toFixed(2)}× by hand)`,
  );
  return ok;
}

async function main(): Promise<void> {
  console.log('Export benchmark: CPU-time ratios decide the targets (the machine is shared; wall clock shown beside).');
  const hd = await bench('1080p clip', 1920, 1080, '1080p');
  const uhd = await bench('4K clip', 3840, 2160, '4k');
  console.log(`\n${hd && uhd ? 'Both clips meet the export targets.' : 'At least one export target was missed (see OVER above).'}`);
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => fs.rmSync(work, { recursive: true, force: true }));
