import type { MediaMetadata } from '@cinegrade/contract';
import { describe, expect, it } from 'vitest';
import { HD_CLIP_METADATA } from './metadata-fixture';
import { displaySize, fitLongestSide, inputArgs, needsProxy, probeArgs, proxyArgs, thumbnailArgs, thumbnailTime } from './ffmpeg-args';

const video: MediaMetadata = HD_CLIP_METADATA;

describe('inputArgs', () => {
  it('forces the sniffed demuxer, the file and pipe protocols only, and a pixel limit', () => {
    expect(inputArgs({ path: '/in.mov', demuxer: 'mov' }, 1)).toEqual(['-ss', '1.000', '-protocol_whitelist', 'file,pipe', '-f', 'mov', '-max_pixels', String(16384 * 16384), '-i', '/in.mov']);
    expect(probeArgs({ path: '/in.png', demuxer: 'png_pipe' })).toEqual(['-v', 'error', '-protocol_whitelist', 'file,pipe', '-f', 'png_pipe', '-print_format', 'json', '-show_format', '-show_streams', '/in.png']);
  });
});

describe('thumbnailTime', () => {
  it('takes 1 s, or 10% of a shorter clip', () => {
    expect(thumbnailTime(60)).toBe(1);
    expect(thumbnailTime(5)).toBe(0.5);
    expect(thumbnailTime(null)).toBe(0);
  });
});

describe('fitLongestSide / displaySize', () => {
  it('scales the longest side down to the limit, never up, after rotation', () => {
    expect(fitLongestSide(1920, 1080, 320)).toEqual({ width: 320, height: 180 });
    expect(fitLongestSide(200, 100, 320)).toEqual({ width: 200, height: 100 });
    expect(displaySize({ width: 1920, height: 1080, rotation: 90 })).toEqual({ width: 1080, height: 1920 });
  });
});

describe('thumbnailArgs', () => {
  it('writes one JPEG frame at the thumbnail time, longest side 320', () => {
    const args = thumbnailArgs({ path: '/in.mp4', demuxer: 'mov' }, video, 'video', '/out.jpg');
    expect(args.slice(args.indexOf('-ss'), args.indexOf('-ss') + 2)).toEqual(['-ss', '1.000']);
    expect(args).toEqual(expect.arrayContaining(['-frames:v', '1', '-vf', 'scale=320:180:flags=bicubic,format=yuvj420p', '-q:v', '5', '/out.jpg']));
    expect(thumbnailArgs({ path: '/in.png', demuxer: 'png_pipe' }, { ...video, width: 800, height: 600 }, 'image', '/o.jpg')).not.toContain('-ss');
  });
});

describe('needsProxy', () => {
  it.each([
    ['8-bit H.264 1080p in MP4', 'mov', {}, false],
    ['VP9 in WebM', 'matroska', { videoCodec: 'vp9' }, false],
    ['ProRes', 'mov', { videoCodec: 'prores', pixelFormat: 'yuv422p10le' }, true],
    ['HEVC', 'mov', { videoCodec: 'hevc' }, true],
    ['10-bit H.264', 'mov', { pixelFormat: 'yuv420p10le' }, true],
    ['AVI', 'avi', { videoCodec: 'mpeg4' }, true],
    ['H.264 in Matroska', 'matroska', {}, true],
    ['4K at 60 fps', 'mov', { width: 3840, height: 2160, frameRate: 59.94 }, true],
    ['4K at 25 fps', 'mov', { width: 3840, height: 2160 }, false],
  ] as const)('%s: %s', (_label, demuxer, change, expected) => {
    expect(needsProxy(demuxer, 'video', { ...video, ...change })).toBe(expected);
  });

  it('converts stills Chromium cannot show (TIFF) but not JPEG or PNG', () => {
    expect(needsProxy('tiff_pipe', 'image', video)).toBe(true);
    expect(needsProxy('jpeg_pipe', 'image', video)).toBe(false);
  });
});

describe('proxyArgs', () => {
  it('encodes H.264 High yuv420p at most 1080 lines with the source tags and faststart', () => {
    const args = proxyArgs({ path: '/in.mov', demuxer: 'mov' }, { ...video, width: 3840, height: 2160, videoCodec: 'prores' }, 'video', '/p.mp4');
    expect(args).toEqual(
      expect.arrayContaining(['-vf', 'scale=-2:1080:flags=bicubic,format=yuv420p', '-c:v', 'libx264', '-profile:v', 'high', '-color_primaries', 'bt709', '-color_trc', 'bt709', '-colorspace', 'bt709', '-movflags', '+faststart', '-progress', 'pipe:1']),
    );
    const untagged = proxyArgs({ path: '/in.avi', demuxer: 'avi' }, { ...video, height: 480, colorPrimaries: null, colorTransfer: 'unknown', colorSpace: null }, 'video', '/p.mp4');
    expect(untagged).toEqual(expect.arrayContaining(['-vf', 'scale=-2:480:flags=bicubic,format=yuv420p', '-color_trc', 'bt709']));
  });
});
