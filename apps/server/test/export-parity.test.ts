/**
 * Preview equals export (docs/product-rules.md, 'Decisions'): a generated clip exported through the real service with
 * a look, every slider off zero and a vignette, a frame of the file decoded, and the same frame of
 * the source run through the colour engine's CPU reference (the renderer the WebGL preview is held
 * to). The mean difference must stay within 2/255 through a lossless path (uncompressed AVI, 16-bit
 * TIFF) and 4/255 through MP4 at its default quality.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { renderGradeFloat, type FloatImage } from '@cinegrade/color';
import { gradeFromSavedGrade, type Asset } from '@cinegrade/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { download, FFMPEG, finishedExport, probeFile, startExport } from './support/exports';
import { decodeFrame, meanDifference, PARITY_GRADE as SAVED } from './support/parity';
import { startTestServer, type TestServer } from './support/test-server';
import { TusTestClient } from './support/tus-client';

const WIDTH = 1280;
const HEIGHT = 720;
const FRAME = 12;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cinegrade-export-parity-'));

describe('preview equals export', () => {
  let server: TestServer;
  let user: { cookie: string; email: string };
  let source: string;
  let asset: Asset;
  let reference: FloatImage;
  beforeAll(async () => {
    // A 720p clip with gradients, edges and colour (testsrc2), untagged as most phone exports are.
    source = path.join(work, 'parity source.mp4');
    execFileSync(FFMPEG, ['-v', 'error', '-f', 'lavfi', '-i', `testsrc2=size=${WIDTH}x${HEIGHT}:rate=25:duration=1`, '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '8', '-pix_fmt', 'yuv420p', '-y', source]);
    server = await startTestServer('embedded');
    user = await server.signedInUser();
    await server.services.profiles.setTierByEmail(user.email, 'Premium');
    const response = await new TusTestClient(server, user.cookie).upload(source, 'parity source.mp4');
    asset = ((await response.json()) as { asset: Asset }).asset;
    const parsed = gradeFromSavedGrade(SAVED);
    if (!parsed.ok) throw new Error(parsed.message);
    reference = renderGradeFloat(decodeFrame(source, FRAME, true, WIDTH, HEIGHT), parsed.grade, { lutSize: 33, interpolation: 'tetrahedral' });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  async function exported(outputFormat: 'mp4' | 'avi'): Promise<string> {
    const started = await startExport(server, user.cookie, { assetId: asset.id, selectedLUT: SAVED.selected_lut, colorSettings: SAVED.color_settings, outputFormat, quality: '720p' });
    const done = await finishedExport(server, user.cookie, started.predictionId);
    expect(done.status, done.error ?? '').toBe('succeeded');
    return (await download(server, user.cookie, done.downloadUrl ?? '', path.join(work, `export.${outputFormat}`))).file;
  }

  it('matches the CPU reference within 2/255 on average through uncompressed AVI', async () => {
    const file = await exported('avi');
    const difference = meanDifference(decodeFrame(file, FRAME, false, WIDTH, HEIGHT), reference);
    console.log(`AVI (uncompressed RGB): mean difference ${difference.toFixed(3)}/255`);
    expect(difference).toBeLessThanOrEqual(2);
  });

  it('matches the CPU reference within 4/255 on average through MP4, which carries BT.709 tags', async () => {
    const file = await exported('mp4');
    const video = probeFile(file).streams.find((s) => s.codec_type === 'video');
    expect(video).toMatchObject({ color_space: 'bt709', color_transfer: 'bt709', color_primaries: 'bt709', color_range: 'tv', pix_fmt: 'yuv420p' });
    const difference = meanDifference(decodeFrame(file, FRAME, false, WIDTH, HEIGHT), reference);
    console.log(`MP4 (H.264 CRF 18, 4:2:0): mean difference ${difference.toFixed(3)}/255`);
    expect(difference).toBeLessThanOrEqual(4);
  });

  it('matches the CPU reference within 2/255 on average for a still exported as 16-bit TIFF', async () => {
    const still = path.join(work, 'parity still.png');
    execFileSync(FFMPEG, ['-v', 'error', '-f', 'lavfi', '-i', `testsrc2=size=${WIDTH}x${HEIGHT}:rate=1:duration=1`, '-frames:v', '1', '-y', still]);
    const response = await new TusTestClient(server, user.cookie).upload(still, 'parity still.png');
    const stillAsset = ((await response.json()) as { asset: Asset }).asset;
    const started = await startExport(server, user.cookie, { assetId: stillAsset.id, selectedLUT: SAVED.selected_lut, colorSettings: SAVED.color_settings, outputFormat: 'tiff', quality: '720p' });
    const done = await finishedExport(server, user.cookie, started.predictionId);
    const file = (await download(server, user.cookie, done.downloadUrl ?? '', path.join(work, 'export.tiff'))).file;
    const parsed = gradeFromSavedGrade(SAVED);
    if (!parsed.ok) throw new Error(parsed.message);
    const expected = renderGradeFloat(decodeFrame(still, 0, false, WIDTH, HEIGHT), parsed.grade, { lutSize: 33, interpolation: 'tetrahedral' });
    const difference = meanDifference(decodeFrame(file, 0, false, WIDTH, HEIGHT), expected);
    console.log(`TIFF (16-bit RGB): mean difference ${difference.toFixed(3)}/255`);
    expect(difference).toBeLessThanOrEqual(2);
  });
});
