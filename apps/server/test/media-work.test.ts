/**
 * Media work is bounded and fair (docs/product-rules.md, 'Limits'; docs/engineering-rules.md,
 * 'Jobs'): deleting an asset stops its running ffmpeg at once, and the work folder goes with it.
 * Long clips are made cheaply by repeating a short one without re-encoding.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sourceWorkRefusal, type Asset } from '@cinegrade/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveMediaBinaries } from '../src/media/binaries';
import { fixtures } from './support/fixtures';
import { startTestServer, type TestServer } from './support/test-server';
import { TusTestClient } from './support/tus-client';
import { waitFor } from './support/wait';

const FFMPEG = resolveMediaBinaries().ffmpeg;
const CHUNK = 8 * 1024 * 1024;

function ffmpeg(args: string[]): void {
  execFileSync(FFMPEG, ['-hide_banner', '-v', 'error', ...args], { stdio: 'inherit' });
}

/** `seconds` of a 2-second 640×360 H.264 pattern repeated, in Matroska (so it needs a preview copy). */
function longClip(dir: string, seconds: number): string {
  const base = path.join(dir, 'base.mp4');
  if (!fs.existsSync(base)) {
    ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25:duration=2', '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '35', '-pix_fmt', 'yuv420p', '-y', base]);
  }
  const file = path.join(dir, `long-${seconds}.mkv`);
  if (!fs.existsSync(file)) ffmpeg(['-stream_loop', String(Math.ceil(seconds / 2) - 1), '-i', base, '-c', 'copy', '-y', file]);
  return file;
}

/**
 * Over 13 minutes of black 4K at one frame a second: about 10 MB on disk, yet far more video
 * (pixels × seconds) than Free accepts.
 */
function blackUhdClip(dir: string): string {
  const base = path.join(dir, 'black-uhd-base.mp4');
  const file = path.join(dir, 'black-uhd-800s.mkv');
  if (!fs.existsSync(file)) {
    ffmpeg(['-f', 'lavfi', '-i', 'color=black:size=3840x2160:rate=1:duration=2', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-y', base]);
    ffmpeg(['-stream_loop', '399', '-i', base, '-c', 'copy', '-y', file]);
  }
  return file;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('media work', () => {
  let server: TestServer;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cinegrade-media-work-'));
    server = await startTestServer('postgres');
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const upload = async (cookie: string, file: string, name: string): Promise<Response> => new TusTestClient(server, cookie).upload(file, name, CHUNK);
  const uploaded = async (cookie: string, file: string, name: string): Promise<Asset> => {
    const response = await upload(cookie, file, name);
    expect(response.status, await response.clone().text()).toBe(200);
    return ((await response.json()) as { asset: Asset }).asset;
  };

  it("deleting an asset stops its running preview ffmpeg at once and removes its work folder", async () => {
    const user = await server.signedInUser();
    // Ten minutes of video: its preview copy takes far longer than this test waits.
    const asset = await uploaded(user.cookie, longClip(dir, 600), 'long take.mkv');
    expect(asset.needs_proxy).toBe(true);
    const work = path.join(os.tmpdir(), `cinegrade-derive-${asset.id}`);
    const pid = await waitFor(
      'the preview ffmpeg to start',
      async () => {
        const recorded = Number(await fs.promises.readFile(path.join(work, 'ffmpeg.pid'), 'utf8').catch(() => ''));
        return recorded > 0 ? recorded : undefined;
      },
      120_000,
    );
    expect(fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8')).toContain(work);

    expect((await server.request(`/api/assets/${asset.id}`, { method: 'DELETE', cookie: user.cookie })).status).toBe(204);
    // Gone at once, not at the end of the clip: its encode takes over a quarter of an hour here, so a
    // minute's wait (sized for a busy machine) can only pass if the delete stopped it.
    await waitFor('the preview ffmpeg to be gone', () => Promise.resolve(isRunning(pid) ? undefined : true), 60_000, 50);
    await waitFor('the work folder to be removed', () => Promise.resolve(fs.existsSync(work) ? undefined : true), 30_000);
    expect((await server.request(`/api/assets/${asset.id}`, { cookie: user.cookie })).status).toBe(404);
  }, 300_000);

  it('refuses a video longer than the plan allows at its size, naming the limit, and derives nothing', async () => {
    const user = await server.signedInUser();
    const file = blackUhdClip(dir);
    expect(fs.statSync(file).size).toBeLessThan(16 * 1024 * 1024);
    const response = await upload(user.cookie, file, 'hour of black.mkv');
    expect(response.status).toBe(413);
    const body = (await response.json()) as { message: string };
    expect(body.message).toBe(sourceWorkRefusal('Free', { width: 3840, height: 2160, durationSeconds: 800 }));
    expect(body.message).toContain('up to 10 minutes at 1920×1080');
    // Nothing kept: no asset, and no stored copy of the file.
    expect(await (await server.request('/api/assets', { cookie: user.cookie })).json()).toEqual({ assets: [] });
    const stored = fs.readdirSync(path.join(server.config.dataDir, 'files'), { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
    const size = fs.statSync(file).size;
    expect(stored.filter((entry) => fs.statSync(path.join(entry.parentPath, entry.name)).size === size)).toEqual([]);
  }, 300_000);

  it("one user's backlog does not hold back another user's first upload", async () => {
    const alice = await server.signedInUser();
    const bob = await server.signedInUser();
    const status = async (cookie: string, id: string) => ((await (await server.request(`/api/assets/${id}`, { cookie })).json()) as Asset).processing_status;
    // Alice queues three minute-long clips, each needing a preview copy (tens of seconds each).
    const clip = longClip(dir, 60);
    const backlog: Asset[] = [];
    for (const name of ['one', 'two', 'three']) backlog.push(await uploaded(alice.cookie, clip, `${name}.mkv`));
    // Bob's small clip after them: with first-in-first-out it would wait for all three.
    const small = await uploaded(bob.cookie, fixtures.h264Mp4, 'small.mp4');
    await waitFor('Bob’s clip to be ready', async () => ((await status(bob.cookie, small.id)) === 'processing' ? undefined : true), 240_000, 100);
    expect(await status(bob.cookie, small.id)).toBe('ready');
    const third = backlog[2];
    if (!third) throw new Error('three uploads');
    expect(await status(alice.cookie, third.id)).toBe('processing');
    for (const asset of backlog) await server.request(`/api/assets/${asset.id}`, { method: 'DELETE', cookie: alice.cookie });
  }, 300_000);

  it('a small upload is ready while a long preview encode is still running', async () => {
    const alice = await server.signedInUser();
    const bob = await server.signedInUser();
    const status = async (cookie: string, id: string) => ((await (await server.request(`/api/assets/${id}`, { cookie })).json()) as Asset).processing_status;
    const long = await uploaded(alice.cookie, longClip(dir, 600), 'long take.mkv');
    const work = path.join(os.tmpdir(), `cinegrade-derive-${long.id}`);
    await waitFor('the long preview encode to start', () => Promise.resolve(fs.existsSync(path.join(work, 'ffmpeg.pid')) ? true : undefined), 120_000);
    const small = await uploaded(bob.cookie, fixtures.h264Mp4, 'small.mp4');
    await waitFor('Bob’s clip to be ready', async () => ((await status(bob.cookie, small.id)) === 'processing' ? undefined : true), 120_000, 100);
    expect(await status(bob.cookie, small.id)).toBe('ready');
    expect(await status(alice.cookie, long.id)).toBe('processing');
    await server.request(`/api/assets/${long.id}`, { method: 'DELETE', cookie: alice.cookie });
  }, 300_000);
});
