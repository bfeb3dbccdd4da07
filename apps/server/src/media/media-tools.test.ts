import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveMediaBinaries } from './binaries';
import { runTool } from './ffmpeg-runner';
import { isShortDerive, MEDIA_DERIVE_EXPIRY_SECONDS, MediaTools, pngBitsPerPixel, PROXY_PIXELS_PER_SECOND, proxyTimeoutMs, SHORT_DERIVE_EXPIRY_SECONDS } from './media-tools';

const minutes = (ms: number) => ms / 60_000;

describe("the preview encode's time limit", () => {
  it('is about the floor for a short clip', () => {
    expect(minutes(proxyTimeoutMs({ width: 640, height: 360, durationSeconds: 2, frameRate: 25 }))).toBeCloseTo(5, 1);
  });

  it('grows with pixels × frames, not with the clip length alone', () => {
    const small = proxyTimeoutMs({ width: 640, height: 360, durationSeconds: 600, frameRate: 25 });
    const large = proxyTimeoutMs({ width: 3840, height: 2160, durationSeconds: 600, frameRate: 25 });
    const lowRate = proxyTimeoutMs({ width: 3840, height: 2160, durationSeconds: 600, frameRate: 1 });
    expect(large).toBeGreaterThan(small * 5);
    expect(lowRate).toBeLessThan(large / 5);
    // Ten minutes of 1080p at 25 fps: four times the measured throughput plus the floor.
    const expected = 5 + (4 * (1920 * 1080 * 600 * 25)) / PROXY_PIXELS_PER_SECOND / 60;
    expect(minutes(proxyTimeoutMs({ width: 1920, height: 1080, durationSeconds: 600, frameRate: 25 }))).toBeCloseTo(expected, 1);
    // A PQ source is tone-mapped on the way: twice the work.
    const pq = proxyTimeoutMs({ width: 1920, height: 1080, durationSeconds: 600, frameRate: 25, hdr: true, colorTransfer: 'smpte2084' });
    expect(minutes(pq)).toBeCloseTo(5 + 2 * (expected - 5), 1);
  });

  it("never runs past the job's expiry", () => {
    expect(proxyTimeoutMs({ width: 7680, height: 4320, durationSeconds: 36_000, frameRate: 60 })).toBeLessThan(MEDIA_DERIVE_EXPIRY_SECONDS * 1000);
  });
});

describe('the short lane', () => {
  it('takes uploads needing no preview copy, and previews expected to take a minute or less', () => {
    expect(isShortDerive({ width: 3840, height: 2160, durationSeconds: 3600, frameRate: 30 }, false, 'video')).toBe(true);
    expect(isShortDerive({ width: 640, height: 360, durationSeconds: 60, frameRate: 25 }, true, 'video')).toBe(true);
    // A still's preview copy is one frame, however large: a 16K photo turned upright is short work.
    expect(isShortDerive({ width: 16384, height: 16384, durationSeconds: null, frameRate: 25 }, true, 'image')).toBe(true);
    expect(isShortDerive({ width: 640, height: 360, durationSeconds: 600, frameRate: 25 }, true, 'video')).toBe(false);
    expect(isShortDerive({ width: 1920, height: 1080, durationSeconds: 120, frameRate: 30 }, true, 'video')).toBe(false);
  });

  it("expires after the longest preview limit of short work", () => {
    // The largest short work: a minute of it at the measured throughput.
    expect(proxyTimeoutMs({ width: 1000, height: 1000, durationSeconds: (60 * PROXY_PIXELS_PER_SECOND) / 1e6 / 30, frameRate: 30 })).toBeLessThan(SHORT_DERIVE_EXPIRY_SECONDS * 1000);
  });
});

describe("the picture's detail measure (export size estimates)", () => {
  const tools = new MediaTools(resolveMediaBinaries());
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cinegrade-detail-test-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const write = async (name: string, args: string[]) => {
    const file = path.join(dir, name);
    await runTool(tools.binaries.ffmpeg, ['-v', 'error', '-y', ...args, file], { timeoutMs: 60_000 });
    return file;
  };

  it('tells a smooth gradient from grain at any size, and measures the middle of a clip', async () => {
    const measure = async (file: string, demuxer: string, mediaType: 'video' | 'image') => {
      const input = { path: file, demuxer };
      return tools.detailBitsPerPixel(input, await tools.probe(input), mediaType);
    };
    const flat = await write('flat.jpg', ['-f', 'lavfi', '-i', 'gradients=s=1280x720:c0=0x3a1f5c:c1=0xe0a060:x0=0:y0=0:x1=1279:y1=719', '-frames:v', '1', '-q:v', '3']);
    const grain = await write('grain.jpg', ['-f', 'lavfi', '-i', 'testsrc2=s=1920x1080,noise=alls=10:allf=t', '-frames:v', '1', '-q:v', '3']);
    const clip = await write('clip.mp4', ['-f', 'lavfi', '-i', 'testsrc2=s=640x360:r=30:d=2', '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p']);
    const flatBits = await measure(flat, 'jpeg_pipe', 'image');
    const grainBits = await measure(grain, 'jpeg_pipe', 'image');
    expect(flatBits).toBeGreaterThan(0);
    expect(grainBits).toBeGreaterThan(5 * flatBits!);
    expect(grainBits).toBeLessThan(24);
    expect(await measure(clip, 'mov', 'video')).toBeGreaterThan(0);
  }, 120_000);

  it('gives nothing, rather than failing the upload, when no frame decodes', async () => {
    const damaged = path.join(dir, 'damaged.png');
    fs.writeFileSync(damaged, Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(64, 7)]));
    const metadata = { durationSeconds: null } as Parameters<MediaTools['detailBitsPerPixel']>[1];
    expect(await tools.detailBitsPerPixel({ path: damaged, demuxer: 'png_pipe' }, metadata, 'image')).toBeNull();
  });

  it('reads a PNG header, and nothing else', () => {
    const header = Buffer.alloc(40);
    header.write('89504e470d0a1a0a0000000d49484452', 'hex');
    header.writeUInt32BE(10, 16);
    header.writeUInt32BE(4, 20);
    expect(pngBitsPerPixel(header)).toBeCloseTo((40 * 8) / 40);
    expect(pngBitsPerPixel(Buffer.from('not a png at all, not at all'))).toBeNull();
  });
});
