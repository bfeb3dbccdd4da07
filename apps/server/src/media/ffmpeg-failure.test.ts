import { describe, expect, it } from 'vitest';
import { classifyFfmpegFailure } from './ffmpeg-failure';

describe('classifyFfmpegFailure', () => {
  it.each([
    ["[AVFilterGraph @ 0x5581] No such filter: 'multiply'\nError initializing complex filters.\nInvalid argument", 'it has no multiply filter'],
    ["Unknown encoder 'libvpx-vp9'", 'it has no libvpx-vp9 encoder'],
    ['Encoder (codec hevc) not found for output stream #0:0', 'it has no encoder for hevc'],
    ['Decoder (codec prores) not found for input stream #0:0', 'it has no decoder for prores'],
    [
      "[graph 0 input from stream 0:0 @ 0x1] Impossible to convert between the formats supported by the filter 'Parsed_format_2' and the filter 'auto_scaler_0'\nError reinitializing filters!",
      'it cannot convert the picture between its filters Parsed_format_2 and auto_scaler_0',
    ],
    ["[Parsed_lut3d_0 @ 0x5] /tmp/grade.cube: No such file or directory\n[AVFilterGraph @ 0x5] Error initializing filter 'lut3d' with args 'file=/tmp/grade.cube'", 'its lut3d filter could not be set up'],
    ['Error while opening encoder for output stream #0:0 - maybe incorrect parameters such as bit_rate, rate, width or height', 'its encoder could not be opened with the export settings'],
    ["Unrecognized option 'row-mt'.\nError splitting the argument list: Option not found", 'it does not know the option -row-mt'],
    ['av_interleaved_write_frame(): No space left on device', 'the server ran out of disk space'],
  ])('puts %j down to the server', (stderr, detail) => {
    expect(classifyFfmpegFailure({ stderr })).toEqual({ side: 'server', detail });
  });

  it('puts a binary that would not start down to the server', () => {
    expect(classifyFfmpegFailure({ stderr: '', notStarted: true })).toEqual({ side: 'server', detail: 'it could not be started' });
  });

  it('blames the server, not the file, when both complain', () => {
    expect(classifyFfmpegFailure({ stderr: "[h264 @ 0x1] Invalid NAL unit size\n[AVFilterGraph @ 0x2] No such filter: 'zscale'" })).toEqual({ side: 'server', detail: 'it has no zscale filter' });
  });

  it.each([
    '[mov,mp4,m4a,3gp,3g2,mj2 @ 0x5581] moov atom not found\n/tmp/in.mp4: Invalid data found when processing input',
    '[h264 @ 0x1] Invalid NAL unit size (1234 > 99).\n[h264 @ 0x1] Error splitting the input into NAL units.\nError while decoding stream #0:0: Invalid data found when processing input',
    '[h264 @ 0x1] error while decoding MB 12 3, bytestream -5',
  ])('puts decoding errors down to the file: %j', (stderr) => {
    expect(classifyFfmpegFailure({ stderr })).toEqual({ side: 'input' });
  });

  it('claims neither when ffmpeg does not say', () => {
    expect(classifyFfmpegFailure({ stderr: 'Conversion failed!' })).toEqual({ side: 'unknown' });
    expect(classifyFfmpegFailure({ stderr: '' })).toEqual({ side: 'unknown' });
  });
});
