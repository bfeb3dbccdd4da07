/**
 * Preview equals export for sources the browser cannot play (docs/color-engine.md, 'Input chain'):
 * the editor plays their preview copy (proxy), so PROGRAM is the colour engine applied to the
 * proxy's frame. Per proxied kind, a generated clip is uploaded (the derive job makes the proxy
 * through the export's input chain), the original is exported with a look, every slider off zero
 * and a vignette, and the export's frame is held to the engine's CPU reference (the renderer the
 * WebGL preview is held to) run on the same frame of the proxy, decoded as its BT.709 tags say,
 * as the browser decodes it. Tolerances as for web-playable sources (test/export-parity.test.ts):
 * 2/255 on average through uncompressed AVI, 4/255 through MP4.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { renderGradeFloat, type FloatImage } from '@cinegrade/color';
import { gradeFromSavedGrade, type Asset } from '@cinegrade/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { download, FFMPEG, finishedExport, probeFile, startExport } from './support/exports';
import { decodeFrame, meanDifference, PARITY_GRADE } from './support/parity';
import { startTestServer, type TestServer } from './support/test-server';
import { TusTestClient } from './support/tus-client';
import { WAIT, waitFor } from './support/wait';

const WIDTH = 1280;
const HEIGHT = 720;
const FRAME = 12;
const TESTSRC = ['-f', 'lavfi', '-i', `testsrc2=size=${WIDTH}x${HEIGHT}:rate=25:duration=1`];

/** The proxied kinds: what ffmpeg makes them with, and what the probe of the original says. */
const KINDS = [
  {
    name: 'ProRes 422 HQ 10-bit, untagged',
    file: 'prores 10-bit.mov',
    encode: ['-c:v', 'prores_ks', '-profile:v', '3', '-pix_fmt', 'yuv422p10le'],
    probed: { codec_name: 'prores', pix_fmt: 'yuv422p10le' },
  },
  {
    name: 'HEVC 10-bit HDR (PQ, BT.2020)',
    file: 'hdr pq.mp4',
    encode: ['-c:v', 'libx265', '-x265-params', 'log-level=error', '-pix_fmt', 'yuv420p10le', '-color_primaries', 'bt2020', '-color_trc', 'smpte2084', '-colorspace', 'bt2020nc', '-tag:v', 'hvc1'],
    probed: { codec_name: 'hevc', pix_fmt: 'yuv420p10le', color_transfer: 'smpte2084', color_primaries: 'bt2020' },
  },
] as const;

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cinegrade-proxy-parity-'));

describe.each(KINDS)('preview of the proxy equals export of the original: $name', (kind) => {
  let server: TestServer;
  let user: { cookie: string; email: string };
  let asset: Asset;
  let preview: FloatImage;
  const dir = path.join(work, kind.file.replace(/\W+/g, '-'));

  beforeAll(async () => {
    fs.mkdirSync(dir, { recursive: true });
    const source = path.join(dir, kind.file);
    execFileSync(FFMPEG, ['-v', 'error', ...TESTSRC, ...kind.encode, '-y', source]);
    expect(probeFile(source).streams.find((s) => s.codec_type === 'video')).toMatchObject(kind.probed);
    server = await startTestServer('embedded');
    user = await server.signedInUser();
    await server.services.profiles.setTierByEmail(user.email, 'Premium');
    const response = await new TusTestClient(server, user.cookie).upload(source, kind.file);
    expect(response.status).toBe(200);
    const uploaded = ((await response.json()) as { asset: Asset }).asset;
    expect(uploaded.needs_proxy).toBe(true);
    asset = await waitFor(
      'the preview copy',
      async () => {
        const answer = (await (await server.request(`/api/assets/${uploaded.id}`, { cookie: user.cookie })).json()) as Asset;
        if (answer.processing_status === 'failed') throw new Error(`Preparing the upload failed: ${JSON.stringify(answer)}`);
        return answer.processing_status === 'ready' ? answer : undefined;
      },
      WAIT.mediaMs,
    );
    const proxy = (await download(server, user.cookie, asset.media_url ?? '', path.join(dir, 'proxy.mp4'))).file;
    // What the browser plays: 8-bit 4:2:0 H.264 tagged BT.709, limited range, at the source's size.
    expect(probeFile(proxy).streams.find((s) => s.codec_type === 'video')).toMatchObject({
      codec_name: 'h264',
      pix_fmt: 'yuv420p',
      width: WIDTH,
      height: HEIGHT,
      color_space: 'bt709',
      color_transfer: 'bt709',
      color_primaries: 'bt709',
      color_range: 'tv',
    });
    const parsed = gradeFromSavedGrade(PARITY_GRADE);
    if (!parsed.ok) throw new Error(parsed.message);
    preview = renderGradeFloat(decodeFrame(proxy, FRAME, false, WIDTH, HEIGHT), parsed.grade, { lutSize: 33, interpolation: 'tetrahedral' });
  });
  afterAll(async () => {
    await server?.close();
  });

  async function exported(outputFormat: 'mp4' | 'avi'): Promise<string> {
    const started = await startExport(server, user.cookie, { assetId: asset.id, selectedLUT: PARITY_GRADE.selected_lut, colorSettings: PARITY_GRADE.color_settings, outputFormat, quality: '720p' });
    const done = await finishedExport(server, user.cookie, started.predictionId);
    expect(done.status, done.error ?? '').toBe('succeeded');
    return (await download(server, user.cookie, done.downloadUrl ?? '', path.join(dir, `export.${outputFormat}`))).file;
  }

  it('matches within 2/255 on average through uncompressed AVI', async () => {
    const difference = meanDifference(decodeFrame(await exported('avi'), FRAME, false, WIDTH, HEIGHT), preview);
    console.log(`${kind.name}, AVI: mean difference ${difference.toFixed(3)}/255`);
    expect(difference).toBeLessThanOrEqual(2);
  });

  it('matches within 4/255 on average through MP4', async () => {
    const difference = meanDifference(decodeFrame(await exported('mp4'), FRAME, false, WIDTH, HEIGHT), preview);
    console.log(`${kind.name}, MP4: mean difference ${difference.toFixed(3)}/255`);
    expect(difference).toBeLessThanOrEqual(4);
  });
});

afterAll(() => fs.rmSync(work, { recursive: true, force: true }));
