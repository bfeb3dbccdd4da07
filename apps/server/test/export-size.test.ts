/**
 * The export menu's size estimates (packages/contract's export-size.ts) against real files:
 * generated sources of three content kinds (flat gradients, a test pattern, the pattern with
 * grain), written as a phone writes them, rendered through the server's real export command in
 * every format, each estimate computed as the export menu does, with the source's detail measure
 * taken as on upload. Each estimate must be within ±35 % of the file ffmpeg wrote
 * (docs/product-rules.md, 'Export'), but for the renders `WIDER` names. The sources here
 * (960×540) are of a size the model was not fitted on. Real phone and camera files:
 * real-media-sizes.test.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { estimateExportBytes, EXPORT_FORMATS, STILL_EXPORT_FORMATS, type AnyExportFormat, type ExportQuality } from '@cinegrade/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { CONTENT_KINDS, measureSizeCase, sizeCaseOutput, sizeCaseWorkspace, type ContentKind, type SizeCase } from './support/export-size-cases';

const workspace = sizeCaseWorkspace(fs.mkdtempSync(path.join(os.tmpdir(), 'cinegrade-export-size-')));
/** The estimate may be this far from the real file, either way (docs/product-rules.md, 'Export', size hints). */
const TOLERANCE = 0.35;

/**
 * Renders the model misses by more than 35 %, each with what it measured (the estimate over the
 * file) and the bound it is held to: none since PNG, MOV and JPEG are estimated with the picture's
 * detail measure (the test pattern's large flat areas, which its file's bytes could not tell from
 * a photo's texture, had put PNG at +107 % and MOV at +76 %). The sources are the same bytes on
 * every run (export-size-cases.ts), so each ratio printed is too.
 */
const WIDER: Partial<Record<`${AnyExportFormat} ${ContentKind}`, { bound: number; measured: string }>> = {};
afterAll(() => fs.rmSync(workspace.dir, { recursive: true, force: true }));

function cases(formats: readonly { id: AnyExportFormat }[], quality: ExportQuality, seconds?: number): SizeCase[] {
  return formats.flatMap(({ id }) =>
    CONTENT_KINDS.map((kind): SizeCase => ({ kind, width: 960, height: 540, source: seconds ? 'h264' : 'jpeg', format: id, quality, ...(seconds ? { seconds } : {}) })),
  );
}

const VIDEO_CASES = cases(EXPORT_FORMATS, '720p', 2);
const STILL_CASES = cases(STILL_EXPORT_FORMATS, '1080p');

describe('export size estimates', () => {
  it(`covers every format and content kind: ${VIDEO_CASES.length + STILL_CASES.length} renders`, () => {
    expect(VIDEO_CASES.length + STILL_CASES.length).toBeGreaterThanOrEqual(12);
  });

  it.each(
    [...VIDEO_CASES, ...STILL_CASES].map((c) => {
      const wider = WIDER[`${c.format} ${c.kind}`];
      const bound = wider ? `±${Math.round(wider.bound * 100)} % (measured ${wider.measured})` : '±35 %';
      return [`${c.format} of a ${c.kind} ${c.seconds ? `${c.seconds} s clip` : 'photo'} at ${c.quality}`, bound, c, wider?.bound ?? TOLERANCE] as const;
    }),
  )(
    'estimates %s within %s of the real file',
    async (_name, _bound, c, tolerance) => {
      const measure = await measureSizeCase(workspace, c);
      const { metadata } = measure;
      // As the export menu asks: a still has no duration (its probe may give one frame's).
      const estimate = estimateExportBytes(c.format, sizeCaseOutput(measure, c.quality, c.seconds ? 'video' : 'image'), {
        durationSeconds: c.seconds ? metadata.durationSeconds : null,
        frameRate: metadata.frameRate,
        hasAudio: !!metadata.audioCodec,
        sourceBytes: measure.sourceBytes,
        sourceSize: { width: metadata.width, height: metadata.height },
        sourceCodec: metadata.videoCodec,
        detailBitsPerPixel: measure.detailBitsPerPixel,
      });
      const ratio = estimate / measure.exportBytes;
      const message = `estimate ${estimate} bytes, file ${measure.exportBytes} bytes`;
      console.log(`${c.format} ${c.kind}: ${message}, ratio ${ratio.toFixed(2)}`);
      expect(Math.abs(ratio - 1), message).toBeLessThanOrEqual(tolerance);
    },
    300_000,
  );
});
