import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sourceWorkRefusal, type Asset } from '@cinegrade/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FFMPEG } from './support/exports';
import { fixtures } from './support/fixtures';
import { startTestServer, type TestServer } from './support/test-server';
import { TusTestClient } from './support/tus-client';
import { waitFor, WAIT } from './support/wait';

/**
 * Crafted media against a canary: playlists and concat lists disguised as MP4/MOV, an ftyp box in
 * front of a playlist, a real MP4 with HTML appended, header-only polyglots, and dimension and
 * duration bombs. Each points at a canary HTTP server on 127.0.0.1 and at local files outside
 * storage. Every file is refused with a message for a person or prepared within its limits; the
 * canary receives no request; no local file's content reaches any answer or derived file.
 */

const SECRET = `local-secret-${crypto.randomBytes(8).toString('hex')}`;
const PASSWD_LINE = /root:x?:0:0/;

interface Crafted {
  name: string;
  bytes: Buffer;
}

function ffmpeg(args: string[]): void {
  execFileSync(FFMPEG, ['-v', 'error', ...args], { stdio: 'pipe' });
}

/** A 24-byte ISO BMFF `ftyp` box, so the file sniffs as MP4. */
function ftypBox(): Buffer {
  const box = Buffer.alloc(24);
  box.writeUInt32BE(24, 0);
  box.write('ftypisom', 4, 'latin1');
  box.writeUInt32BE(0x200, 12);
  box.write('isommp42', 16, 'latin1');
  return box;
}

/** Eleven minutes of black 1080p at one frame a second: small on disk, over Free's pixels × seconds. */
function longBlackClip(dir: string): string {
  const base = path.join(dir, 'black-base.mp4');
  const file = path.join(dir, 'black-660s.mkv');
  ffmpeg(['-f', 'lavfi', '-i', 'color=black:size=1920x1080:rate=1:duration=2', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-y', base]);
  ffmpeg(['-stream_loop', '329', '-i', base, '-c', 'copy', '-y', file]);
  return file;
}

/**
 * The 2-second clip with its movie and media headers (`mvhd`, `mdhd`, version 0) declaring ten
 * hours: the header claims far more work than the file holds.
 */
function declaredTenHours(): Buffer {
  const bytes = Buffer.from(fs.readFileSync(fixtures.h264Mp4));
  for (const box of ['mvhd', 'mdhd']) {
    for (let at = bytes.indexOf(box); at >= 0; at = bytes.indexOf(box, at + 4)) {
      if (bytes[at + 4] !== 0) continue;
      const timescale = bytes.readUInt32BE(at + 16);
      bytes.writeUInt32BE(timescale * 36_000, at + 20);
    }
  }
  return bytes;
}

function craftedSet(canary: string, secretFile: string, dir: string): Crafted[] {
  const hls = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    '#EXT-X-TARGETDURATION:10',
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXTINF:10.0,',
    `${canary}/hls-segment.ts`,
    '#EXTINF:10.0,',
    `file://${secretFile}`,
    '#EXTINF:10.0,',
    'file:///etc/passwd',
    '#EXT-X-ENDLIST',
    '',
  ].join('\n');
  const concat = ['ffconcat version 1.0', `file '${canary}/concat-part.mp4'`, `file '${secretFile}'`, "file '/etc/passwd'", ''].join('\n');
  const html = `<html><body><script>fetch('${canary}/from-html')</script><img src="${canary}/pixel.png"></body></html>`;
  const png = fs.readFileSync(fixtures.png);
  const dimensionBomb = Buffer.from(png);
  dimensionBomb.writeUInt32BE(16000, 16);
  dimensionBomb.writeUInt32BE(16000, 20);
  const text = (s: string) => Buffer.from(s, 'utf8');
  return [
    { name: 'hls playlist.mp4', bytes: text(hls) },
    { name: 'hls playlist.mov', bytes: text(hls) },
    { name: 'concat list.mp4', bytes: text(concat) },
    { name: 'concat list.mov', bytes: text(concat) },
    { name: 'ftyp then playlist.mp4', bytes: Buffer.concat([ftypBox(), text(hls)]) },
    { name: 'ftyp then concat.mov', bytes: Buffer.concat([ftypBox(), text(concat)]) },
    { name: 'clip with html.mp4', bytes: Buffer.concat([fs.readFileSync(fixtures.h264Mp4), text(html)]) },
    { name: 'png header then playlist.png', bytes: Buffer.concat([png.subarray(0, 33), text(hls)]) },
    { name: 'gif header then html.gif', bytes: Buffer.concat([text('GIF89a'), Buffer.from([1, 0, 1, 0, 0, 0, 0]), text(html)]) },
    { name: 'jpeg header then concat.jpg', bytes: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), text(concat)]) },
    { name: 'declared huge.png', bytes: dimensionBomb },
    { name: 'eleven minutes of black.mkv', bytes: fs.readFileSync(longBlackClip(dir)) },
    { name: 'ten hours declared.mp4', bytes: declaredTenHours() },
  ];
}

describe('crafted media against a canary server', () => {
  let server: TestServer;
  let user: { cookie: string; email: string };
  let canary: http.Server;
  const canaryRequests: string[] = [];
  let dir: string;
  let secretFile: string;
  let canaryUrl: string;

  beforeAll(async () => {
    canary = http.createServer((req, res) => {
      canaryRequests.push(`${req.method ?? ''} ${req.url ?? ''}`);
      res.end('canary');
    });
    await new Promise<void>((resolve) => canary.listen(0, '127.0.0.1', resolve));
    canaryUrl = `http://127.0.0.1:${(canary.address() as AddressInfo).port}`;
    // The canary counts what reaches it (checked once, then forgotten).
    expect(await (await fetch(`${canaryUrl}/self-check`)).text()).toBe('canary');
    expect(canaryRequests).toEqual(['GET /self-check']);
    canaryRequests.length = 0;
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cinegrade-crafted-'));
    secretFile = path.join(dir, 'outside-storage.txt');
    fs.writeFileSync(secretFile, `${SECRET}\n`);
    server = await startTestServer('embedded');
    user = await server.signedInUser();
  }, 120_000);

  afterAll(async () => {
    await server.close();
    await new Promise<void>((resolve) => canary.close(() => resolve()));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('refuses each crafted file with a clear message or prepares it within its limits, without a request to the canary or a local file read', async () => {
    const tus = new TusTestClient(server, user.cookie);
    const answers: string[] = [];
    const accepted: Asset[] = [];
    const refusals = new Map<string, { status: number; message: string }>();
    for (const crafted of craftedSet(canaryUrl, secretFile, dir)) {
      const file = path.join(dir, crafted.name);
      fs.writeFileSync(file, crafted.bytes);
      const response = await tus.upload(file, crafted.name);
      const text = await response.text();
      answers.push(text);
      if (response.status === 200) {
        accepted.push((JSON.parse(text) as { asset: Asset }).asset);
        continue;
      }
      expect(response.status, `${crafted.name}: ${text}`).toBeGreaterThanOrEqual(400);
      expect(response.status, `${crafted.name}: ${text}`).toBeLessThan(500);
      const { message } = JSON.parse(text) as { message: string };
      refusals.set(crafted.name, { status: response.status, message });
    }

    // Each refusal is a sentence for a person, not a tool's output.
    for (const [name, { message }] of refusals) {
      expect(message, name).toMatch(/^[A-Z].*[.)]$/s);
      expect(message, name).not.toMatch(/ffmpeg|ffprobe|Error:|\bat \w+ \(|\/tmp\/|stack/i);
    }
    // The bombs are refused by their own limits, naming them.
    expect(refusals.get('declared huge.png')).toMatchObject({ status: 413, message: expect.stringMatching(/^The picture is 16000×16000: decoding it would take/) as unknown });
    expect(refusals.get('eleven minutes of black.mkv')).toEqual({ status: 413, message: sourceWorkRefusal('Free', { width: 1920, height: 1080, durationSeconds: 660 }) });
    // A header declaring ten hours is measured by its packets: two seconds, kept as the clip it is,
    // with the header's claim noted beside the measured length.
    expect(refusals.has('ten hours declared.mp4')).toBe(false);
    const tenHours = accepted.find((asset) => asset.name === 'ten hours declared');
    expect(tenHours?.metadata?.durationSeconds).toBeCloseTo(2, 0);
    expect(tenHours?.metadata?.declaredDurationSeconds).toBeCloseTo(36_000, -1);
    expect(tenHours?.metadata?.frameCount).toBe(50);
    // Playlists and concat lists never pass as media, whatever their name or header.
    for (const name of ['hls playlist.mp4', 'hls playlist.mov', 'concat list.mp4', 'concat list.mov', 'ftyp then playlist.mp4', 'ftyp then concat.mov']) {
      expect(refusals.has(name), `${name} was accepted`).toBe(true);
    }

    // What was accepted is prepared (or fails with a message) within the media time limit.
    const done = await Promise.all(
      accepted.map((asset) =>
        waitFor(
          `${asset.name} to be prepared`,
          async () => {
            const got = (await (await server.request(`/api/assets/${asset.id}`, { cookie: user.cookie })).json()) as Asset;
            return got.processing_status === 'processing' ? undefined : got;
          },
          WAIT.mediaMs,
        ),
      ),
    );
    const clip = done.find((a) => a.name === 'clip with html');
    expect(clip?.processing_status, 'the MP4 with HTML appended is an ordinary clip').toBe('ready');
    for (const asset of done) {
      answers.push(JSON.stringify(asset));
      if (asset.processing_status === 'failed') expect(asset.processing_error, asset.name).toMatch(/^[A-Z].*[.)]$/s);
    }
    // Served as what it is, never as a page: appended HTML cannot run from our origin.
    for (const asset of done) {
      const original = new URL(asset.original_url ?? '', 'http://localhost:3000');
      const served = await server.request(`${original.pathname}${original.search}`, { cookie: user.cookie });
      expect(served.status, asset.name).toBe(200);
      expect(served.headers.get('content-type'), asset.name).toMatch(asset === clip ? /^video\/mp4$/ : /^(video|image)\//);
      expect(served.headers.get('x-content-type-options'), asset.name).toBe('nosniff');
      await served.body?.cancel();
    }

    // No request reached the canary, and no local file's content is in any answer or stored file.
    expect(canaryRequests).toEqual([]);
    const stored = fs.readdirSync(path.join(server.config.dataDir, 'files'), { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
    expect(stored.length).toBeGreaterThan(0);
    for (const entry of stored) {
      const content = fs.readFileSync(path.join(entry.parentPath, entry.name)).toString('latin1');
      expect(content.includes(SECRET), `${entry.name} holds the local file's content`).toBe(false);
      expect(PASSWD_LINE.test(content), `${entry.name} holds /etc/passwd`).toBe(false);
    }
    for (const answer of answers) {
      expect(answer).not.toContain(SECRET);
      expect(answer).not.toMatch(PASSWD_LINE);
    }
  }, 600_000);
});
