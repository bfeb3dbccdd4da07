import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { exportEstimate, exportFrameSize, MAX_EXPORT_BYTES, OUTPUT_LIMIT_SUGGESTION, type Asset, type HealthResponse } from '@cinegrade/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiskSpace, LOW_DISK_MESSAGE } from '../src/platform/disk-space';
import { FFMPEG, finishedExport, postJson, probeFile, startExport } from './support/exports';
import { fillStorage } from './support/storage';
import { startTestServer, type TestServer } from './support/test-server';
import { TusTestClient } from './support/tus-client';

/**
 * What an export may write is bounded before it starts (its estimate against the plan's largest
 * export and the storage left) and while it renders (its files against the same room, whatever
 * the source claimed about itself); below the disk floor no new work is taken.
 */
describe('export output bounds', () => {
  let server: TestServer;
  let dir: string;
  beforeAll(async () => {
    server = await startTestServer('embedded');
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cinegrade-output-bound-'));
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const ffmpeg = (args: string[]) => execFileSync(FFMPEG, ['-hide_banner', '-v', 'error', ...args], { stdio: 'pipe' });
  const upload = async (cookie: string, file: string, name: string): Promise<Asset> => {
    const response = await new TusTestClient(server, cookie).upload(file, name);
    expect(response.status, await response.clone().text()).toBe(200);
    return ((await response.json()) as { asset: Asset }).asset;
  };
  const exportCount = async (assetId: string) => (await server.services.database.db.selectFrom('exports').select('id').where('asset_id', '=', assetId).execute()).length;

  it('refuses before anything is written an export whose estimate passes the plan\'s largest export', async () => {
    const user = await server.signedInUser();
    await server.services.profiles.setTierByEmail(user.email, 'Premium');
    const clip = path.join(dir, 'small-6s.mp4');
    ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25:duration=6', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-y', clip]);
    const asset = await upload(user.cookie, clip, 'small.mp4');
    // Six seconds of 16K uncompressed video is about 60 GB, past Premium's largest export.
    const refused = await postJson(server, '/api/functions/process-video', user.cookie, { assetId: asset.id, outputFormat: 'avi', quality: '16k', selectedLUT: null, colorSettings: {} });
    expect(refused.status).toBe(413);
    const body = (await refused.json()) as { code: string; message: string };
    expect(body.code).toBe('quota_exceeded');
    expect(body.message).toMatch(/^This export would be about \d+ GB \(estimate\), more than the 20 GB one export may be on the Premium plan\./);
    expect(body.message).toContain(OUTPUT_LIMIT_SUGGESTION);
    expect(MAX_EXPORT_BYTES.Premium).toBe(20 * 1024 ** 3);
    expect(await exportCount(asset.id)).toBe(0);
  });

  it('measures a clip whose header lies about its length by its packets, and stops a render whose file passes the storage left', async () => {
    const user = await server.signedInUser();
    // Twelve seconds of heavy grain whose headers say one second.
    const clip = path.join(dir, 'grainy-12s.mp4');
    ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25:duration=12', '-vf', 'noise=alls=60:allf=t+u', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-y', clip]);
    const bytes = fs.readFileSync(clip);
    for (const box of ['mvhd', 'mdhd']) {
      for (let at = bytes.indexOf(box); at >= 0; at = bytes.indexOf(box, at + 4)) {
        if (bytes[at + 4] !== 0) continue;
        bytes.writeUInt32BE(bytes.readUInt32BE(at + 16), at + 20);
      }
    }
    const lying = path.join(dir, 'lying-1s.mp4');
    fs.writeFileSync(lying, bytes);
    // Its header says one second.
    expect(probeFile(lying).duration).toBeCloseTo(1, 0);
    const asset = await upload(user.cookie, lying, 'lying.mp4');
    // The work is what the file holds: its packets say twelve seconds and 300 frames.
    expect(asset.metadata?.durationSeconds).toBeCloseTo(12, 0);
    expect(asset.metadata?.frameCount).toBe(300);
    expect(asset.metadata?.declaredDurationSeconds).toBeCloseTo(1, 0);

    // Room for one and a half times the export's estimate: let through, but heavy grain makes a far larger file.
    const output = exportFrameSize({ width: 320, height: 180 }, '720p', 'video');
    const estimate = exportEstimate('mp4', output, asset.metadata ?? {}, asset.size_bytes);
    const room = Math.round(estimate * 1.5);
    const reservations = await fillStorage(server, user.cookie, room);
    const started = await startExport(server, user.cookie, { assetId: asset.id, outputFormat: 'mp4', quality: '720p', selectedLUT: null, colorSettings: {} });
    const result = await finishedExport(server, user.cookie, started.predictionId);
    expect(result.status).toBe('failed');
    expect(result.error).toMatch(/^The export was stopped: its file reached [\d.]+ [KMG]B, more than the [\d.]+ [KMG]B left of your storage\.$/);
    expect(result.suggestion).toBe(OUTPUT_LIMIT_SUGGESTION);
    // Nothing of it was kept.
    const row = await server.services.database.db.selectFrom('exports').select(['size_bytes', 'status']).where('id', '=', started.predictionId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'failed' });
    expect(Number(row.size_bytes ?? 0)).toBe(0);
    for (const location of reservations) await new TusTestClient(server, user.cookie).cancel(location);
  });

  it('answers the disk on /api/health, and refuses new uploads and exports below the floor', async () => {
    const health = (await (await server.request('/api/health')).json()) as HealthResponse;
    expect(health.disk.acceptingWork).toBe(true);
    expect(health.disk.freeBytes).toBeGreaterThan(0);
    expect(health.disk.floorBytes).toBe(1024 * 1024 * 1024);

    const full = new DiskSpace([os.tmpdir()], Number.MAX_SAFE_INTEGER);
    expect(await full.refusal()).toBe(LOW_DISK_MESSAGE);
    expect((await full.status()).acceptingWork).toBe(false);
    expect(await new DiskSpace([os.tmpdir()], 0).refusal()).toBeNull();
    expect(await new DiskSpace([path.join(dir, 'not-made-yet')], 1).refusal()).toBeNull();
  });
});

/**
 * The floor as the routes apply it: a second process on the same database whose floor is above
 * any disk's free space takes no new upload and starts no export, while saying why, and what the
 * first process already saved stays as it was.
 */
describe('the disk floor on the upload and export routes', () => {
  let server: TestServer;
  let short: TestServer;
  let dir: string;
  beforeAll(async () => {
    server = await startTestServer('postgres');
    // A pebibyte, the largest floor that can be set: more than any disk here has free.
    short = await server.sibling({ DISK_FREE_FLOOR_MB: String(2 ** 30) });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cinegrade-disk-floor-'));
  });
  afterAll(async () => {
    await short?.close();
    await server?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a new upload and a new export with 503 and the reason, and keeps the asset saved before', async () => {
    const user = await server.signedInUser();
    const clip = path.join(dir, 'clip.mp4');
    execFileSync(FFMPEG, ['-hide_banner', '-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25:duration=1', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-y', clip]);
    const uploaded = await new TusTestClient(server, user.cookie).upload(clip, 'clip.mp4');
    expect(uploaded.status, await uploaded.clone().text()).toBe(200);
    const asset = ((await uploaded.json()) as { asset: Asset }).asset;

    expect((await short.services.disk.status()).acceptingWork).toBe(false);
    const created = await new TusTestClient(short, user.cookie).create(fs.statSync(clip).size, 'second.mp4', 'video/mp4');
    expect(created.status).toBe(503);
    expect(await created.text()).toContain(LOW_DISK_MESSAGE);

    const refused = await postJson(short, '/api/functions/process-video', user.cookie, { assetId: asset.id, outputFormat: 'mp4', quality: '720p', selectedLUT: null, colorSettings: {} });
    expect(refused.status).toBe(503);
    expect(await refused.json()).toMatchObject({ code: 'unavailable', message: LOW_DISK_MESSAGE });
    const exports = await server.services.database.db.selectFrom('exports').select('id').where('asset_id', '=', asset.id).execute();
    expect(exports).toEqual([]);

    // What was saved before is untouched, and the process with room still takes work.
    const kept = await server.request(`/api/assets/${asset.id}`, { cookie: user.cookie });
    expect(kept.status).toBe(200);
    expect(((await kept.json()) as Asset).size_bytes).toBe(asset.size_bytes);
    const started = await startExport(server, user.cookie, { assetId: asset.id, outputFormat: 'mp4', quality: '720p', selectedLUT: null, colorSettings: {} });
    expect((await finishedExport(server, user.cookie, started.predictionId)).status).toBe('succeeded');
  });
});
