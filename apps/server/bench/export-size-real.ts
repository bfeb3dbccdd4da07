/**
 * The export size model (packages/contract's export-size.ts) against the real-media corpus: every
 * phone and camera clip and photo (test/support/real-media-size-cases.ts) exported through the
 * server's own export command in every format, video at 720p and 1080p, photos at 720p, 1080p and
 * 4K, printing the menu's estimate beside the real file's bytes. BENCH_SIZE_JSON names a file to
 * write the renders to (for fitting); BENCH_SIZE_FORMATS (e.g. "mp4,jpeg") BENCH_SIZE_MEDIA
 * ("video" or "still") and BENCH_SIZE_NAMES (file names) measure only those.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EXPORT_FORMATS, STILL_EXPORT_FORMATS, type ExportQuality } from '@cinegrade/contract';
import { sizeCaseWorkspace } from '../test/support/export-size-cases';
import { measureReal, REAL_STILLS, REAL_VIDEOS, realStill, realVideo, type RealSource } from '../test/support/real-media-size-cases';

const ONLY = process.env.BENCH_SIZE_FORMATS?.split(',');
const workspace = sizeCaseWorkspace(fs.mkdtempSync(path.join(os.tmpdir(), 'cinegrade-size-real-')));
const rows: unknown[] = [];
const errors: number[] = [];
const started = Date.now();

async function measureAll(source: RealSource, qualities: ExportQuality[]) {
  const formats = source.still ? STILL_EXPORT_FORMATS : EXPORT_FORMATS;
  for (const { id } of formats) {
    if (ONLY && !ONLY.includes(id)) continue;
    for (const quality of qualities) {
      const m = await measureReal(workspace, source, id, quality);
      const error = m.estimate / m.exportBytes - 1;
      errors.push(Math.abs(error));
      rows.push({ name: source.name, format: id, quality, sourceBytes: source.sourceBytes, metadata: source.metadata, ...m });
      if (process.env.BENCH_SIZE_JSON) fs.writeFileSync(process.env.BENCH_SIZE_JSON, JSON.stringify(rows, null, 1));
      console.log(
        `${source.name.padEnd(42)} ${id.padEnd(4)} ${quality.padEnd(5)} ${m.output.width}x${m.output.height}: estimate ${m.estimate} B, file ${m.exportBytes} B (${error >= 0 ? '+' : ''}${(error * 100).toFixed(0)} %)`,
      );
    }
  }
}

const MEDIA = process.env.BENCH_SIZE_MEDIA; // "video" or "still": only those
const NAMES = process.env.BENCH_SIZE_NAMES?.split(','); // only these files
if (MEDIA !== 'still') for (const { name, seconds } of REAL_VIDEOS.filter((v) => !NAMES || NAMES.includes(v.name))) await measureAll(await realVideo(workspace.dir, name, seconds), ['720p', '1080p']);
if (MEDIA !== 'video') for (const name of REAL_STILLS.filter((n) => !NAMES || NAMES.includes(n))) await measureAll(await realStill(workspace.dir, name), ['720p', '1080p', '4k']);

errors.sort((a, b) => a - b);
console.log(`\n${errors.length} renders: median error ${(errors[Math.floor(errors.length / 2)]! * 100).toFixed(0)} %, worst ${(errors.at(-1)! * 100).toFixed(0)} %, within ±35 %: ${errors.filter((e) => e <= 0.35).length}`);
console.log(`(${((Date.now() - started) / 1000).toFixed(0)} s)`);
fs.rmSync(workspace.dir, { recursive: true, force: true });
