/**
 * A server whose ffmpeg lacks what the export graph needs (here zscale, as in a build without
 * zimg) says so in one line when it starts, reports it on GET /api/health, and refuses an export
 * with that reason before anything is queued. A server whose ffmpeg claims the filter but fails on
 * it reports the failed render as the server's fault, logged as an error, never as a damaged file.
 * Real server processes on a real PostgreSQL; the ffmpeg is a shell script around the real one.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Asset } from '@cinegrade/contract';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { ffmpegWithoutFilter } from '../../../scripts/media-fixtures.mjs';
import { parseFfmpegVersion, resolveMediaBinaries } from '../src/media/binaries';
import { finishedExport, postJson, startExport } from './support/exports';
import { fixtures } from './support/fixtures';
import { signUpOverHttp, startServerProcess, type ServerProcess } from './support/server-process';
import { freshDatabase } from './support/test-server';
import { TusTestClient } from './support/tus-client';
import { WAIT, waitFor } from './support/wait';

const NO_ZSCALE = "Every export is off: the server's ffmpeg has no filter zscale.";
/** Preview copies go through the export's input chain, so they need zscale too. */
const NO_ZSCALE_PREVIEWS = "Making preview copies is off: the server's ffmpeg has no filter zscale.";
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cinegrade-ffmpeg-check-'));
const realVersion = parseFfmpegVersion(execFileSync(resolveMediaBinaries().ffmpeg, ['-hide_banner', '-version'], { encoding: 'utf8' }))?.version;

describe('a server whose ffmpeg lacks a filter the export uses', () => {
  const running: { server: ServerProcess; drop: () => Promise<void> }[] = [];
  afterEach(async () => {
    for (const { server, drop } of running.splice(0)) {
      await server.stop();
      await drop();
    }
  });
  afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

  async function serverWith(ffmpeg: string): Promise<{ server: ServerProcess; databaseUrl: string }> {
    const database = await freshDatabase('postgres');
    const databaseUrl = database.databaseUrl ?? '';
    const server = await startServerProcess('main', { DATABASE_URL: databaseUrl, DATA_DIR: database.dataDir, WEB_DIST_DIR: path.join(database.dataDir, 'no-web'), FFMPEG_PATH: ffmpeg });
    running.push({ server, drop: () => database.drop() });
    return { server, databaseUrl };
  }

  async function uploadClip(server: ServerProcess, cookie: string): Promise<Asset> {
    const response = await new TusTestClient(server, cookie).upload(fixtures.h264Mp4, 'clip.mp4');
    expect(response.status, await response.clone().text()).toBe(200);
    return ((await response.json()) as { asset: Asset }).asset;
  }

  it('says so at start, reports it on /api/health, and refuses the export with the reason, queuing nothing', async () => {
    const ffmpeg = ffmpegWithoutFilter(work, 'zscale');
    const { server, databaseUrl } = await serverWith(ffmpeg);

    const lines = server.log().split('\n').filter((line) => line.includes(`(${ffmpeg})`));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`WARN ffmpeg ${realVersion} (${ffmpeg}) lacks what 2 features need: ${NO_ZSCALE} ${NO_ZSCALE_PREVIEWS}`);

    const health = await server.request('/api/health');
    expect(health.status).toBe(200);
    const body = (await health.json()) as { ok: boolean; media: { ffmpeg: string; features: Record<string, { available: boolean; reason: string | null }> } };
    expect(body.ok).toBe(true);
    expect(body.media.ffmpeg).toBe(realVersion);
    expect(body.media.features.export).toEqual({ available: false, reason: NO_ZSCALE });
    expect(Object.entries(body.media.features).filter(([, state]) => !state.available).map(([id]) => id)).toEqual(['export', 'previews']);
    expect(body.media.features.mp4).toEqual({ available: true, reason: null });

    const cookie = await signUpOverHttp(server, `no-zscale-${Date.now()}@example.com`);
    const clip = await uploadClip(server, cookie);
    // Thumbnails scale with swscale, so they are still made; the clip needs no preview copy.
    const processed = await waitFor(
      `asset ${clip.id} to be processed`,
      async () => {
        const asset = (await (await server.request(`/api/assets/${clip.id}`, { cookie })).json()) as Asset;
        return asset.processing_status === 'processing' ? undefined : asset;
      },
      WAIT.mediaMs,
    );
    expect(processed).toMatchObject({ processing_status: 'ready', needs_proxy: false });
    expect(processed.thumbnail_url).toMatch(/^\/api\/files\//);
    expect(body.media.features.thumbnails).toEqual({ available: true, reason: null });
    const refused = await postJson(server, '/api/functions/process-video', cookie, { assetId: clip.id, outputFormat: 'mp4', quality: '720p', colorSettings: { contrast: 10 } });
    expect(refused.status).toBe(503);
    expect(await refused.json()).toEqual({ code: 'unavailable', message: NO_ZSCALE });

    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      expect((await client.query('select id from exports')).rowCount).toBe(0);
      expect((await client.query(`select id from pgboss.job where name = 'export.render'`)).rowCount).toBe(0);
    } finally {
      await client.end();
    }
    expect(server.log()).not.toContain('Export queued');
  });

  it("reports a render that fails in the server's ffmpeg as the server's fault, never as a damaged file", async () => {
    // This one lists zscale, so the export is queued; ffmpeg fails only when the graph is built.
    const { server } = await serverWith(ffmpegWithoutFilter(work, 'zscale', { listed: true }));
    expect(server.log()).toContain('all 12 filters, 12 encoders and 9 decoders the product uses are present');
    const cookie = await signUpOverHttp(server, `broken-zscale-${Date.now()}@example.com`);
    const clip = await uploadClip(server, cookie);
    const started = await startExport(server, cookie, { assetId: clip.id, outputFormat: 'mp4', quality: '720p' });

    const done = await finishedExport(server, cookie, started.predictionId);
    expect(done).toMatchObject({
      status: 'failed',
      error: "The server's ffmpeg cannot render this export: it has no zscale filter.",
      suggestion: 'Please contact support: the problem is on the server, not in your file.',
    });
    const logged = server.log().split('\n').find((line) => line.includes("Export failed in the server's ffmpeg"));
    expect(logged).toMatch(/^\S+ ERROR /);
    expect(logged).toContain("No such filter: 'zscale'");
    expect(server.log()).not.toMatch(/damaged/);
  });
});
