/**
 * Peak memory of one 4K render: the export's own ffmpeg command (exportArgs) for a generated
 * 3840×2160 clip, exported at 4K as MP4, once with a look and global sliders and once adding
 * clarity and vignette (float frames, the dearest path). Prints ffmpeg's peak resident set size
 * (GNU time's %M) and wall-clock time for each, the figures docs/operations.md ('Sizing') quotes.
 * Needs /usr/bin/time. BENCH_MEMORY_SECONDS (default 3) sets the clip length.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bakeLut, cubeFromLut, DEFAULT_ADJUSTMENTS, DEFAULT_GRADE, writeCube, type Grade } from '@cinegrade/color';
import { exportArgs } from '../src/exports/export-args';
import { resolveMediaBinaries } from '../src/media/binaries';
import { MediaTools } from '../src/media/media-tools';

const SECONDS = Number(process.env.BENCH_MEMORY_SECONDS ?? 3);
const binaries = resolveMediaBinaries();
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cinegrade-render-memory-'));

const GLOBAL: Grade = { ...DEFAULT_GRADE, look: 'blockbuster-teal-orange', adjustments: { ...DEFAULT_ADJUSTMENTS, contrast: 20, saturation: 10 } };
const SPATIAL: Grade = { ...GLOBAL, adjustments: { ...GLOBAL.adjustments, clarity: 30, vignette: 30 } };

function timed(args: string[]): { peakMiB: number; wallSeconds: number } {
  const started = performance.now();
  const result = spawnSync('/usr/bin/time', ['-f', 'peak-rss-kib=%M', binaries.ffmpeg, ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
  const stderr = result.stderr.toString();
  if (result.status !== 0) throw new Error(`ffmpeg failed: ${stderr.slice(-800)}`);
  const kib = Number(/peak-rss-kib=(\d+)/.exec(stderr)?.[1]);
  return { peakMiB: Math.round(kib / 1024), wallSeconds: Math.round((performance.now() - started) / 100) / 10 };
}

async function main(): Promise<void> {
  const source = path.join(work, 'source-4k.mov');
  const made = spawnSync(binaries.ffmpeg, ['-v', 'error', '-f', 'lavfi', '-i', `testsrc2=size=3840x2160:rate=25:duration=${SECONDS}`, '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-color_primaries', 'bt709', '-color_trc', 'bt709', '-colorspace', 'bt709', '-y', source]);
  if (made.status !== 0) throw new Error(`Could not make the 4K clip: ${made.stderr.toString()}`);
  const metadata = await new MediaTools(binaries).probe({ path: source, demuxer: 'mov' });
  for (const [name, grade] of [['look and sliders', GLOBAL], ['with clarity and vignette', SPATIAL]] as const) {
    const lutPath = path.join(work, 'grade.cube');
    fs.writeFileSync(lutPath, writeCube(cubeFromLut(bakeLut(grade, 33), 'render memory')));
    const outputPath = path.join(work, 'output.mp4');
    const { peakMiB, wallSeconds } = timed(exportArgs({ input: { path: source, demuxer: 'mov' }, metadata, grade, format: 'mp4', quality: '4k', lutPath, outputPath }));
    console.log(`4K MP4 export, ${name}: ffmpeg peak RSS ${peakMiB} MiB, ${wallSeconds} s wall for ${SECONDS} s of video (${os.cpus().length} cores)`);
  }
  fs.rmSync(work, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  fs.rmSync(work, { recursive: true, force: true });
  console.error(error);
  process.exit(1);
});
