import type { MediaMetadata } from '@cinegrade/contract';
import { describe, expect, it } from 'vitest';
import { HD_CLIP_METADATA } from './metadata-fixture';
import { displayAspectSize, displaySize, fitLongestSide, inputArgs, needsProxy, probeArgs, proxyArgs, proxyFrameSize, thumbnailArgs, thumbnailFilter, thumbnailTime } from './ffmpeg-args';

const video: MediaMetadata = HD_CLIP_METADATA;

describe('inputArgs', () => {
  it('forces the sniffed demuxer, the file and pipe protocols only, and a pixel limit', () => {
    expect(inputArgs({ path: '/in.mov', demuxer: 'mov' }, 1)).toEqual(['-ss', '1.000', '-protocol_whitelist', 'file,pipe', '-f', 'mov', '-max_pixels', String(16384 * 16384), '-i', '/in.mov']);
    expect(inputArgs({ path: '/in.jpg', demuxer: 'jpeg_pipe' })).toEqual(['-noautorotate', '-protocol_whitelist', 'file,pipe', '-f', 'jpeg_pipe', '-max_pixels', String(16384 * 16384), '-i', '/in.jpg']);
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
    expect(displaySize({ width: 1920, height: 1080, rotation: 0, orientation: 8 })).toEqual({ width: 1080, height: 1920 });
  });
});

describe('thumbnailArgs', () => {
  it('writes one JPEG frame at the thumbnail time, longest side 320', () => {
    const args = thumbnailArgs({ path: '/in.mp4', demuxer: 'mov' }, video, 'video', '/out.jpg');
    expect(args.slice(args.indexOf('-ss'), args.indexOf('-ss') + 2)).toEqual(['-ss', '1.000']);
    expect(args).toEqual(expect.arrayContaining(['-frames:v', '1', '-vf', 'scale=320:180:flags=bicubic,format=yuvj420p,setsar=1', '-q:v', '5', '/out.jpg']));
    const still = thumbnailArgs({ path: '/in.png', demuxer: 'png_pipe' }, { ...video, width: 800, height: 600 }, 'image', '/o.jpg');
    expect(still).not.toContain('-ss');
    expect(still).toContain('scale=320:240:flags=bicubic,format=yuvj420p');
  });

  it("decodes a video's frame as the preview and export do: deinterlaced, HDR tone-mapped", () => {
    const pq = { ...video, colorPrimaries: 'bt2020', colorTransfer: 'smpte2084', colorSpace: 'bt2020nc', hdr: true };
    expect(thumbnailFilter(pq, 'video')).toBe('zscale=w=320:h=180:filter=bicubic:transfer=linear:npl=100,format=gbrpf32le,zscale=primaries=709,tonemap=tonemap=hable:desat=0,zscale=transfer=709,format=gbrpf32le,zscale=matrix=470bg:range=full,format=yuv444p,format=yuvj420p,setsar=1');
    expect(thumbnailFilter({ ...video, fieldOrder: 'tt' }, 'video')).toBe('bwdif=mode=send_frame:parity=auto:deint=interlaced,scale=320:180:flags=bicubic,format=yuvj420p,setsar=1');
    expect(thumbnailFilter({ ...pq, fieldOrder: 'tt' }, 'video').startsWith('bwdif=mode=send_frame:parity=auto:deint=interlaced,zscale=w=320:h=180')).toBe(true);
  });

  it('draws non-square pixels at their display aspect', () => {
    // PAL 4:3 (16:15 pixels) is 768 wide as shown; 3GP CIF with 63:44 pixels is 7:4.
    const pal = { ...video, width: 720, height: 576, sampleAspectRatio: [16, 15] as [number, number] };
    expect(displayAspectSize(pal)).toEqual({ width: 768, height: 576 });
    expect(thumbnailFilter(pal, 'video')).toContain('scale=320:240:');
    expect(displayAspectSize({ ...video, width: 352, height: 288, sampleAspectRatio: [63, 44] })).toEqual({ width: 504, height: 288 });
    // The pixels are widened before the picture is turned upright.
    expect(displayAspectSize({ ...pal, rotation: 90 })).toEqual({ width: 576, height: 768 });
    expect(displayAspectSize({ ...video, sampleAspectRatio: null })).toEqual({ width: 1920, height: 1080 });
  });

  it('turns a still upright by its orientation before scaling to the upright size', () => {
    const phone = { ...video, width: 1800, height: 1200, orientation: 6 };
    expect(thumbnailArgs({ path: '/in.jpg', demuxer: 'jpeg_pipe' }, phone, 'image', '/o.jpg')).toContain('transpose=clock,scale=213:320:flags=bicubic,format=yuvj420p');
    expect(thumbnailArgs({ path: '/in.jpg', demuxer: 'jpeg_pipe' }, { ...phone, orientation: 3 }, 'image', '/o.jpg')).toContain('hflip,vflip,scale=320:213:flags=bicubic,format=yuvj420p');
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
    ['8-bit H.264 HDR (PQ), which the browser would show its own way', 'mov', { colorTransfer: 'smpte2084', colorPrimaries: 'bt2020', colorSpace: 'bt2020nc', hdr: true }, true],
    ['interlaced H.264, which the export deinterlaces', 'mov', { fieldOrder: 'tt' }, true],
    ['untagged SD H.264, read as BT.601', 'mov', { width: 720, height: 480, colorSpace: null }, true],
    ['tagged SD H.264', 'mov', { width: 720, height: 480, colorSpace: 'smpte170m' }, false],
    ['untagged HD H.264', 'mov', { colorSpace: null }, false],
  ] as const)('%s: %s', (_label, demuxer, change, expected) => {
    expect(needsProxy(demuxer, 'video', { ...video, ...change })).toBe(expected);
  });

  it('converts stills Chromium cannot show (TIFF) but not JPEG or PNG', () => {
    expect(needsProxy('tiff_pipe', 'image', video)).toBe(true);
    expect(needsProxy('jpeg_pipe', 'image', video)).toBe(false);
  });

  it('gives a still with an orientation an upright copy, so the browser never turns it itself', () => {
    expect(needsProxy('jpeg_pipe', 'image', { ...video, orientation: 6 })).toBe(true);
    expect(needsProxy('jpeg_pipe', 'image', { ...video, orientation: 1 })).toBe(false);
  });
});

describe('proxyArgs', () => {
  const chroma = 'zscale,format=gbrp16le,zscale=matrix=709:range=limited,format=yuv420p,setparams=colorspace=bt709:color_primaries=bt709:color_trc=bt709:range=tv';
  const filterOf = (args: string[]) => args[args.indexOf('-vf') + 1];

  it('encodes H.264 High yuv420p tagged BT.709 at most 1080 lines, with faststart', () => {
    const args = proxyArgs({ path: '/in.mov', demuxer: 'mov' }, { ...video, width: 3840, height: 2160, videoCodec: 'prores' }, 'video', '/p.mp4');
    expect(args).toEqual(
      expect.arrayContaining(['-c:v', 'libx264', '-profile:v', 'high', '-pix_fmt', 'yuv420p', '-color_primaries', 'bt709', '-color_trc', 'bt709', '-colorspace', 'bt709', '-color_range', 'tv', '-movflags', '+faststart', '-progress', 'pipe:1']),
    );
    expect(filterOf(args)).toBe(`zscale=w=1920:h=1080:filter=bicubic,format=gbrpf32le,${chroma}`);
  });

  it("runs the export's input chain: untagged input tagged, same size left unscaled, HDR tone-mapped", () => {
    const untagged = proxyArgs({ path: '/in.avi', demuxer: 'avi' }, { ...video, width: 640, height: 480, colorPrimaries: null, colorTransfer: 'unknown', colorSpace: null }, 'video', '/p.mp4');
    expect(filterOf(untagged)).toBe(`setparams=colorspace=smpte170m:color_primaries=smpte170m:color_trc=bt709,zscale,format=gbrpf32le,${chroma}`);
    expect(untagged.slice(untagged.indexOf('-fps_mode'), untagged.indexOf('-fps_mode') + 4)).toEqual(['-fps_mode', 'passthrough', '-enc_time_base', '-1']);
    const pq = { ...video, width: 3840, height: 2160, videoCodec: 'hevc', pixelFormat: 'yuv420p10le', colorPrimaries: 'bt2020', colorTransfer: 'smpte2084', colorSpace: 'bt2020nc', hdr: true };
    expect(filterOf(proxyArgs({ path: '/in.mov', demuxer: 'mov' }, pq, 'video', '/p.mp4'))).toBe(
      `zscale=w=1920:h=1080:filter=bicubic:transfer=linear:npl=100,format=gbrpf32le,zscale=primaries=709,tonemap=tonemap=hable:desat=0,zscale=transfer=709,format=gbrpf32le,${chroma}`,
    );
  });

  it('keeps the upright shape with even sides', () => {
    expect(proxyFrameSize({ width: 1920, height: 1080, rotation: 90 })).toEqual({ width: 608, height: 1080 });
    expect(proxyFrameSize({ width: 1281, height: 721, rotation: 0 })).toEqual({ width: 1280, height: 720 });
  });

  it('makes a still an RGB PNG, 16-bit when the source has more than 8 bits', () => {
    const tiff = { ...video, pixelFormat: 'rgb48le', bitDepth: 16, colorPrimaries: null, colorTransfer: null };
    expect(filterOf(proxyArgs({ path: '/in.tif', demuxer: 'tiff_pipe' }, tiff, 'image', '/p.png'))).toBe('zscale,format=gbrpf32le,zscale,format=gbrp16le,format=rgb48be');
    expect(filterOf(proxyArgs({ path: '/in.tif', demuxer: 'tiff_pipe' }, { ...tiff, pixelFormat: 'rgb24', bitDepth: 8 }, 'image', '/p.png'))).toBe('zscale,format=gbrpf32le,zscale,format=gbrp,format=rgb24');
  });

  it('gives a PQ or HLG still (an HDR AVIF) a tone-mapped preview copy, and a plain PNG none', () => {
    const still = { ...video, pixelFormat: 'rgb48be', bitDepth: 10, colorPrimaries: 'smpte432', colorTransfer: 'smpte2084', hdr: true };
    expect(needsProxy('png_pipe', 'image', still)).toBe(true);
    expect(filterOf(proxyArgs({ path: '/in.png', demuxer: 'png_pipe' }, still, 'image', '/p.png'))).toMatch(/^setparams=color_primaries=smpte432:color_trc=smpte2084,zscale=transfer=linear.*tonemap=tonemap=hable.*format=rgb48be$/);
    expect(needsProxy('png_pipe', 'image', { ...still, colorTransfer: 'iec61966-2-1', hdr: false })).toBe(false);
  });
});
