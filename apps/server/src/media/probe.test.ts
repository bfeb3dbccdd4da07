import { describe, expect, it } from 'vitest';
import { parseProbe, ProbeError } from './probe';

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
    });
  });

  it('refuses a CMYK JPEG (decoded as YUV with alpha), naming the fix', () => {
    const json = JSON.stringify({ format: { format_name: 'jpeg_pipe' }, streams: [{ codec_type: 'video', codec_name: 'mjpeg', width: 100, height: 100, pix_fmt: 'yuva444p' }] });
    expect(() => parseProbe(json)).toThrow(/CMYK.*save it as an RGB \(sRGB\) JPEG/);
    expect(parseProbe(json.replace('yuva444p', 'yuvj420p')).width).toBe(100);
  });

  it('refuses output with no picture and output that is not JSON', () => {
    expect(() => parseProbe(JSON.stringify({ streams: [{ codec_type: 'audio' }] }))).toThrow(ProbeError);
    expect(() => parseProbe('not json')).toThrow(ProbeError);
  });
});
