import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Asset, ProcessingResult } from '@cinegrade/contract';
import { MAX_ACTIVE_EXPORTS_PER_USER, PREMIUM_LOOK_REFUSAL } from '@cinegrade/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { download, exportStatus, FFMPEG, finishedExport, postJson, probeFile, startExport } from './support/exports';
import { fixtures } from './support/fixtures';
import { DATABASE_KINDS, startTestServer, type TestServer } from './support/test-server';
import { TusTestClient } from './support/tus-client';
import { waitFor, WAIT } from './support/wait';

const PROCESS = '/api/functions/process-video';
const STATUS = '/api/functions/check-processing-status';
const CANCEL = '/api/functions/cancel-processing';

describe.each(DATABASE_KINDS)('export on the %s database', (kind) => {
  let server: TestServer;
  let free: { cookie: string; email: string };
  let premium: { cookie: string; email: string };
  let clip: Asset;
  let still: Asset;
  beforeAll(async () => {
    server = await startTestServer(kind);
    free = await server.signedInUser();
    premium = await server.signedInUser();
    await server.services.profiles.setTierByEmail(premium.email, 'Premium');
    clip = await upload(free.cookie, fixtures.h264Mp4, 'beach day.mp4');
    still = await upload(free.cookie, fixtures.png, 'portrait.png');
  });
  afterAll(async () => {
    await server.close();
  });

  async function upload(cookie: string, file: string, name: string): Promise<Asset> {
    const response = await new TusTestClient(server, cookie).upload(file, name);
    expect(response.status, await response.clone().text()).toBe(200);
    return ((await response.json()) as { asset: Asset }).asset;
  }

  const exportRows = async (email: string) => {
    const user = await server.services.database.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    return server.services.database.db.selectFrom('exports').selectAll().where('user_id', '=', user.id).execute();
  };
  const renderJobs = async () => Number((await server.services.database.pool.query<{ n: string }>(`select count(*) as n from pgboss.job where name = 'export.render'`)).rows[0]?.n);
  const storedFile = (key: string) => path.join(server.config.dataDir, 'files', key);

  it('exports a Free user\'s MP4 at 720p through the grade, tagged BT.709, named after the asset and the look', async () => {
    const started = await startExport(server, free.cookie, {
      assetId: clip.id,
      selectedLUT: 'vintage-film',
      colorSettings: { contrast: 20, vignette: 30 },
      outputFormat: 'mp4',
      quality: '720p',
      codec: 'h264',
    });
    expect(started).toMatchObject({ status: 'starting', progress: 0, downloadUrl: null, assetId: clip.id, width: 1280, height: 720, fileName: 'beach day-vintage-film.mp4' });
    const done = await finishedExport(server, free.cookie, started.predictionId);
    expect(done).toMatchObject({ status: 'succeeded', progress: 100, error: null });
    expect(done.output).toBe(done.downloadUrl);
    const { file, headers } = await download(server, free.cookie, done.downloadUrl ?? '', path.join(server.config.dataDir, 'free.mp4'));
    expect(headers.get('content-disposition')).toContain('filename="beach day-vintage-film.mp4"');
    const probed = probeFile(file);
    expect(probed.streams.find((s) => s.codec_type === 'video')).toMatchObject({
      codec_name: 'h264',
      profile: 'High',
      width: 1280,
      height: 720,
      pix_fmt: 'yuv420p',
      color_space: 'bt709',
      color_transfer: 'bt709',
      color_primaries: 'bt709',
      color_range: 'tv',
    });
    expect(probed.streams.find((s) => s.codec_type === 'audio')?.codec_name).toBe('aac');
    expect(probed.duration).toBeCloseTo(2, 0);
    // A processed file of the asset, under its owner.
    const [row] = (await exportRows(free.email)).filter((r) => r.id === started.predictionId);
    expect(row?.output_key.startsWith(`${clip.media_file_path?.replace(/\.mp4$/, '')}.export-`)).toBe(true);
    expect(fs.existsSync(storedFile(row?.output_key ?? ''))).toBe(true);
    // Its working folder (the .cube, the partial output) is gone.
    expect(fs.existsSync(path.join(os.tmpdir(), `cinegrade-export-${started.predictionId}`))).toBe(false);
  });

  it('exports WebM (VP9 with Opus) upright from a phone clip recorded sideways', async () => {
    const rotated = path.join(server.config.dataDir, 'sideways.mp4');
    execFileSync(FFMPEG, ['-v', 'error', '-i', fixtures.h264Mp4, '-c', 'copy', '-metadata:s:v:0', 'rotate=90', '-y', rotated]);
    const own = await upload(free.cookie, rotated, 'sideways.mp4');
    const done = await finishedExport(server, free.cookie, (await startExport(server, free.cookie, { assetId: own.id, outputFormat: 'webm', quality: '720p' })).predictionId);
    expect(done).toMatchObject({ status: 'succeeded', width: 720, height: 1280, fileName: 'sideways-original.webm' });
    const { file } = await download(server, free.cookie, done.downloadUrl ?? '', path.join(server.config.dataDir, 'upright.webm'));
    const probed = probeFile(file);
    expect(probed.streams.find((s) => s.codec_type === 'video')).toMatchObject({ codec_name: 'vp9', width: 720, height: 1280, pix_fmt: 'yuv420p', color_space: 'bt709', color_primaries: 'bt709' });
    expect(probed.streams.find((s) => s.codec_type === 'audio')?.codec_name).toBe('opus');
    expect(probed.duration).toBeCloseTo(2, 0);
  });

  it('refuses a Free user MOV, AVI, TIFF and anything above 720p with 403 naming the limit, creating nothing', async () => {
    const rowsBefore = (await exportRows(free.email)).length;
    const jobsBefore = await renderJobs();
    const cases = [
      [{ assetId: clip.id, outputFormat: 'mov', quality: '720p' }, 'MOV (ProRes 422 HQ) needs Premium'],
      [{ assetId: clip.id, outputFormat: 'avi', quality: '720p' }, 'AVI (Uncompressed) needs Premium'],
      [{ assetId: clip.id, outputFormat: 'mp4', quality: '1080p' }, '1080p needs Premium'],
      [{ assetId: clip.id, outputFormat: 'webm', quality: '16k' }, '16K needs Premium'],
      [{ assetId: still.id, outputFormat: 'tiff', quality: '720p' }, 'TIFF (16-bit) needs Premium'],
    ] as const;
    for (const [body, message] of cases) {
      const response = await postJson(server, PROCESS, free.cookie, body);
      expect(response.status, JSON.stringify(body)).toBe(403);
      const error = (await response.json()) as { code: string; message: string };
      expect(error.code).toBe('forbidden');
      expect(error.message).toContain('Free accounts export');
      expect(error.message).toContain(message);
    }
    expect((await exportRows(free.email)).length).toBe(rowsBefore);
    expect(await renderJobs()).toBe(jobsBefore);
  });

  it('refuses a premium look to Free and an imported LUT the user does not have, with the spec\'s wording', async () => {
    const premiumLook = await postJson(server, PROCESS, free.cookie, { assetId: clip.id, selectedLUT: 'blockbuster-teal-orange', outputFormat: 'mp4', quality: '720p' });
    expect(premiumLook.status).toBe(403);
    expect(((await premiumLook.json()) as { message: string }).message).toBe(`${PREMIUM_LOOK_REFUSAL.title}: ${PREMIUM_LOOK_REFUSAL.description}`);
    const foreignLut = await postJson(server, PROCESS, free.cookie, { assetId: clip.id, selectedLUT: 'custom:3f1d2c4b-5a69-4788-9aab-bccddeeff001', outputFormat: 'mp4', quality: '720p' });
    expect(foreignLut.status).toBe(403);
    expect(((await foreignLut.json()) as { message: string }).message).toContain('not in your library');
  });

  it('refuses Smart Enhancement for everyone, naming the field', async () => {
    for (const [field, value] of [['upscaleEnabled', true], ['frameInterpolation', true], ['noiseReduction', 40], ['sharpening', true]] as const) {
      const response = await postJson(server, PROCESS, premium.cookie, { assetId: clip.id, outputFormat: 'mp4', quality: '720p', [field]: value });
      expect(response.status, field).toBe(403);
      expect(await response.json()).toMatchObject({ code: 'forbidden', field, message: expect.stringContaining('Smart Enhancement') as string });
    }
  });

  it('answers 400 naming the bad field', async () => {
    const cases = [
      [{ assetId: 'not-a-uuid', outputFormat: 'mp4', quality: '720p' }, 'assetId'],
      [{ assetId: clip.id, outputFormat: 'mkv', quality: '720p' }, 'outputFormat'],
      [{ assetId: clip.id, outputFormat: 'mp4', quality: '999p' }, 'quality'],
      [{ assetId: clip.id, outputFormat: 'mp4' }, 'quality'],
      [{ assetId: clip.id, outputFormat: 'mp4', quality: '720p', colorSettings: { contrast: 500 } }, 'colorSettings.contrast'],
      [{ assetId: clip.id, outputFormat: 'mp4', quality: '720p', colorSettings: { lookStrength: -3 } }, 'colorSettings.lookStrength'],
      [{ assetId: clip.id, outputFormat: 'mp4', quality: '720p', selectedLUT: 'no-such-look' }, 'selectedLUT'],
      [{ assetId: clip.id, outputFormat: 'mp4', quality: '720p', codec: 'prores' }, 'codec'],
      [{ assetId: clip.id, outputFormat: 'png', quality: '720p' }, 'outputFormat'],
      [{ assetId: still.id, outputFormat: 'mp4', quality: '720p' }, 'outputFormat'],
      [{ assetId: clip.id, outputFormat: 'mp4', quality: '720p', videoData: 'AAAA' }, 'videoData'],
    ] as const;
    for (const [body, field] of cases) {
      const response = await postJson(server, PROCESS, free.cookie, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(((await response.json()) as { field?: string }).field, JSON.stringify(body)).toBe(field);
    }
    for (const url of [STATUS, CANCEL]) {
      const response = await postJson(server, url, free.cookie, { predictionId: 'nope' });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ field: 'predictionId' });
    }
  });

  it("answers 404 for another user's asset and export, and 401 signed out", async () => {
    const started = await startExport(server, free.cookie, { assetId: still.id, outputFormat: 'jpeg', quality: '720p' });
    const stranger = await postJson(server, PROCESS, premium.cookie, { assetId: clip.id, outputFormat: 'mp4', quality: '720p' });
    expect(stranger.status).toBe(404);
    for (const url of [STATUS, CANCEL]) {
      const response = await postJson(server, url, premium.cookie, { predictionId: started.predictionId });
      expect(response.status, url).toBe(404);
      expect((await server.request(url, { method: 'POST', json: { predictionId: started.predictionId } })).status).toBe(401);
    }
    expect((await server.request(PROCESS, { method: 'POST', json: { assetId: clip.id, outputFormat: 'mp4', quality: '720p' } })).status).toBe(401);
    const done = await finishedExport(server, free.cookie, started.predictionId);
    expect(done.status).toBe('succeeded');
    // The owner's link is of no use to anyone else either.
    expect((await server.request(done.downloadUrl ?? '', { cookie: premium.cookie })).status).toBe(404);
  });

  it('exports stills as JPEG for Free and 16-bit TIFF for Premium', async () => {
    const jpeg = await finishedExport(server, free.cookie, (await startExport(server, free.cookie, { assetId: still.id, selectedLUT: 'vintage-film', outputFormat: 'jpeg', quality: '720p' })).predictionId);
    expect(jpeg).toMatchObject({ status: 'succeeded', fileName: 'portrait-vintage-film.jpg', width: 960, height: 720 });
    const jpegFile = await download(server, free.cookie, jpeg.downloadUrl ?? '', path.join(server.config.dataDir, 'still.jpg'));
    expect(probeFile(jpegFile.file).streams[0]).toMatchObject({ codec_name: 'mjpeg', width: 960, height: 720 });

    const own = await upload(premium.cookie, fixtures.png, 'master.png');
    const tiff = await finishedExport(server, premium.cookie, (await startExport(server, premium.cookie, { assetId: own.id, selectedLUT: 'blockbuster-teal-orange', outputFormat: 'tiff', quality: '1080p' })).predictionId);
    expect(tiff).toMatchObject({ status: 'succeeded', fileName: 'master-blockbuster-teal-orange.tiff', width: 1440, height: 1080 });
    const tiffFile = await download(server, premium.cookie, tiff.downloadUrl ?? '', path.join(server.config.dataDir, 'master.tiff'));
    expect(probeFile(tiffFile.file).streams[0]).toMatchObject({ codec_name: 'tiff', pix_fmt: 'rgb48le', width: 1440, height: 1080 });
  });

  it('refuses 16K in MP4 before anything starts, naming the formats that can', async () => {
    const own = await upload(premium.cookie, fixtures.h264Mp4, 'huge.mp4');
    const rowsBefore = (await exportRows(premium.email)).length;
    const response = await postJson(server, PROCESS, premium.cookie, { assetId: own.id, outputFormat: 'mp4', quality: '16k' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ field: 'outputFormat', message: expect.stringContaining('Export 16K as MOV (ProRes 422 HQ) or AVI (Uncompressed)') as string });
    expect((await exportRows(premium.email)).length).toBe(rowsBefore);
  });

  it('cancels a running export: ffmpeg stops, nothing is stored, and the next export runs', async () => {
    const long = await upload(premium.cookie, fixtures.proresLongMov, 'long take.mov');
    const started = await startExport(server, premium.cookie, { assetId: long.id, colorSettings: { clarity: 40 }, outputFormat: 'mov', quality: '4k' });
    await waitFor('the export to start', async () => ((await exportStatus(server, premium.cookie, started.predictionId)).status === 'processing' ? true : undefined));
    const cancelled = (await (await postJson(server, CANCEL, premium.cookie, { predictionId: started.predictionId })).json()) as ProcessingResult;
    expect(cancelled).toMatchObject({ status: 'canceled', downloadUrl: null });
    const [row] = (await exportRows(premium.email)).filter((r) => r.id === started.predictionId);
    const next = await startExport(server, premium.cookie, { assetId: long.id, outputFormat: 'mp4', quality: '720p' });
    expect((await finishedExport(server, premium.cookie, next.predictionId, WAIT.renderMs)).status).toBe('succeeded');
    expect((await exportStatus(server, premium.cookie, started.predictionId)).status).toBe('canceled');
    expect(fs.existsSync(storedFile(row?.output_key ?? 'x'))).toBe(false);
    // Cancelling what has finished changes nothing.
    expect(((await (await postJson(server, CANCEL, premium.cookie, { predictionId: next.predictionId })).json()) as ProcessingResult).status).toBe('succeeded');
  });

  it(`keeps at most ${MAX_ACTIVE_EXPORTS_PER_USER} exports per user queued or running, answering 429 with retryAfter`, async () => {
    // A server that runs no jobs, so the exports stay queued.
    const idle = await startTestServer(kind, {}, undefined, { runWorker: false });
    try {
      const user = await idle.signedInUser();
      const response = await new TusTestClient(idle, user.cookie).upload(fixtures.jpeg, 'busy.jpg');
      const { asset } = (await response.json()) as { asset: Asset };
      for (let i = 0; i < MAX_ACTIVE_EXPORTS_PER_USER; i++) expect((await startExport(idle, user.cookie, { assetId: asset.id, outputFormat: 'png', quality: '720p' })).status).toBe('starting');
      const refused = await postJson(idle, PROCESS, user.cookie, { assetId: asset.id, outputFormat: 'png', quality: '720p' });
      expect(refused.status).toBe(429);
      expect(await refused.json()).toMatchObject({ code: 'rate_limited', retryAfter: 30, message: expect.stringContaining('Wait for one to finish') as string });
      expect(refused.headers.get('retry-after')).toBe('30');
      const [first] = await idle.services.database.db.selectFrom('exports').select('id').execute();
      await postJson(idle, CANCEL, user.cookie, { predictionId: first?.id });
      expect((await postJson(idle, PROCESS, user.cookie, { assetId: asset.id, outputFormat: 'png', quality: '720p' })).status).toBe(200);
    } finally {
      await idle.close();
    }
  });

  it('marks an export failed when its job is gone from the queue, instead of "processing" for ever', async () => {
    const idle = await startTestServer(kind, {}, undefined, { runWorker: false });
    try {
      const user = await idle.signedInUser();
      const response = await new TusTestClient(idle, user.cookie).upload(fixtures.jpeg, 'orphan.jpg');
      const { asset } = (await response.json()) as { asset: Asset };
      const started = await startExport(idle, user.cookie, { assetId: asset.id, outputFormat: 'png', quality: '720p' });
      expect((await exportStatus(idle, user.cookie, started.predictionId)).status).toBe('starting');
      const row = await idle.services.database.db.selectFrom('exports').select('job_id').where('id', '=', started.predictionId).executeTakeFirstOrThrow();
      // The queue drops the job (as it does when its last retry dies with its worker).
      await idle.services.jobs.cancel('export.render', row.job_id ?? '');
      expect(await exportStatus(idle, user.cookie, started.predictionId)).toMatchObject({
        status: 'failed',
        error: 'The export stopped unexpectedly and could not be completed.',
        suggestion: 'Please try again or contact support if the issue persists',
      });
    } finally {
      await idle.close();
    }
  });

  it("deletes an asset's exports with it", async () => {
    const own = await upload(free.cookie, fixtures.jpeg, 'gone.jpg');
    const done = await finishedExport(server, free.cookie, (await startExport(server, free.cookie, { assetId: own.id, outputFormat: 'png', quality: '720p' })).predictionId);
    const [row] = (await exportRows(free.email)).filter((r) => r.id === done.predictionId);
    expect(fs.existsSync(storedFile(row?.output_key ?? ''))).toBe(true);
    expect((await server.request(`/api/assets/${own.id}`, { method: 'DELETE', cookie: free.cookie })).status).toBe(204);
    await waitFor('the export file to be deleted', () => Promise.resolve(fs.existsSync(storedFile(row?.output_key ?? '')) ? undefined : true));
    expect((await postJson(server, STATUS, free.cookie, { predictionId: done.predictionId })).status).toBe(404);
  });
});
