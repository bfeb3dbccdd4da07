import { describe, expect, it } from 'vitest';
import { frameRateOf, parseProbe, ProbeError, sampleAspect } from './probe';

describe('parseProbe', () => {
  it('reads size, rate, depth, colour tags, HDR and rotation', () => {
    const json = JSON.stringify({
      format: { format_name: 'mov,mp4', duration: '10.5' },
      streams: [
        { codec_type: 'audio', codec_name: 'aac' },
        {
          codec_type: 'video',
          codec_name: 'hevc',
          width: 3840,
          height: 2160,
          pix_fmt: 'yuv420p10le',
          avg_frame_rate: '60000/1001',
          color_primaries: 'bt2020',
          color_transfer: 'smpte2084',
          color_space: 'bt2020nc',
          color_range: 'tv',
          side_data_list: [{ side_data_type: 'Display Matrix', rotation: -90 }],
        },
      ],
    });
    expect(parseProbe(json)).toEqual({
      container: 'mov,mp4',
      durationSeconds: 10.5,
      width: 3840,
      height: 2160,
      frameRate: 59.94,
      videoCodec: 'hevc',
      pixelFormat: 'yuv420p10le',
      bitDepth: 10,
      colorPrimaries: 'bt2020',
      colorTransfer: 'smpte2084',
      colorSpace: 'bt2020nc',
      colorRange: 'tv',
      hdr: true,
      rotation: 90,
      audioCodec: 'aac',
      fieldOrder: null,
      sampleAspectRatio: null,
    });
  });

  it('accepts a CMYK JPEG (decoded as YUV with alpha): it is converted to RGB on upload, not refused', () => {
    const json = JSON.stringify({ format: { format_name: 'jpeg_pipe' }, streams: [{ codec_type: 'video', codec_name: 'mjpeg', width: 100, height: 100, pix_fmt: 'yuva444p' }] });
    expect(parseProbe(json)).toMatchObject({ width: 100, height: 100, videoCodec: 'mjpeg', pixelFormat: 'yuva444p' });
  });

  it('reads interlacing and non-square pixels', () => {
    const json = JSON.stringify({
      format: { format_name: 'mpegts', duration: '1.03' },
      streams: [{ codec_type: 'video', codec_name: 'h264', width: 720, height: 576, pix_fmt: 'yuv420p', r_frame_rate: '50/1', avg_frame_rate: '25/1', field_order: 'tt', sample_aspect_ratio: '64:45' }],
    });
    expect(parseProbe(json)).toMatchObject({ frameRate: 25, fieldOrder: 'tt', sampleAspectRatio: [64, 45] });
    const progressive = JSON.stringify({ streams: [{ codec_type: 'video', width: 720, height: 576, field_order: 'progressive', sample_aspect_ratio: '1:1' }] });
    expect(parseProbe(progressive)).toMatchObject({ frameRate: null, fieldOrder: null, sampleAspectRatio: null });
  });
});

describe('frameRateOf', () => {
  it('takes the exact rate when the average agrees with it', () => {
    // Matroska's millisecond timestamps: 30 fps averages 1000/33.
    expect(frameRateOf({ r_frame_rate: '30/1', avg_frame_rate: '1000/33' })).toBe(30);
    expect(frameRateOf({ r_frame_rate: '30000/1001', avg_frame_rate: '30000/1001' })).toBe(29.97);
  });

  it('takes the average for interlaced video, whose exact rate is the field rate', () => {
    expect(frameRateOf({ r_frame_rate: '60000/1001', avg_frame_rate: '30000/1001' })).toBe(29.97);
  });

  it('takes the average of variable-rate video', () => {
    expect(frameRateOf({ r_frame_rate: '30/1', avg_frame_rate: '140000/5087' })).toBe(27.521);
  });

  it('never takes a timebase for a rate', () => {
    expect(frameRateOf({ r_frame_rate: '1000/1', avg_frame_rate: '30/1' })).toBe(30);
    expect(frameRateOf({ r_frame_rate: '30/1', avg_frame_rate: '1000/1' })).toBe(30);
    expect(frameRateOf({ r_frame_rate: '1000/1', avg_frame_rate: '0/0' })).toBeNull();
    expect(frameRateOf({ r_frame_rate: '90000/1' })).toBeNull();
    expect(frameRateOf({ r_frame_rate: '240/1', avg_frame_rate: '0/0' })).toBe(240);
  });
});

describe('sampleAspect', () => {
  it('reads non-square pixels in lowest terms and nothing for square or unknown', () => {
    expect(sampleAspect('16:15')).toEqual([16, 15]);
    expect(sampleAspect('126:88')).toEqual([63, 44]);
    for (const square of ['1:1', '0:1', 'N/A', undefined]) expect(sampleAspect(square)).toBeNull();
  });

  it('refuses output with no picture and output that is not JSON', () => {
    expect(() => parseProbe(JSON.stringify({ streams: [{ codec_type: 'audio' }] }))).toThrow(ProbeError);
    expect(() => parseProbe('not json')).toThrow(ProbeError);
  });
});
