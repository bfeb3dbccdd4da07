import { mediaFeatureStates, type FfmpegInventory } from '@cinegrade/contract';
import { describe, expect, it } from 'vitest';
import { describeMediaCheck, parseCodecList, parseFilterList } from './ffmpeg-capabilities';

// Excerpts of ffmpeg 5.1's own listings, legend included.
const FILTERS = `Filters:
  T.. = Timeline support
  .S. = Slice threading
  ..C = Command support
  A = Audio input/output
  V = Video input/output
  N = Dynamic number and/or type of input/output
  | = Source or sink filter
 ... abench            A->A       Benchmark part of a filtergraph.
 ... split             V->N       Pass on the input to N video outputs.
 TSC lut3d             V->V       Adjust colors using a 3D LUT.
 .SC zscale            V->V       Apply resizing, colorspace and bit depth conversion.
 ..C amovie            |->N       Read audio from a movie source.
 ... buffersink        V->|       Buffer video frames, and make them available to the end of the filter graph.
 T.. multiply          VV->V      Multiply first video stream with second video stream.
`;

const ENCODERS = `Encoders:
 V..... = Video
 A..... = Audio
 S..... = Subtitle
 .F.... = Frame-level multithreading
 ..S... = Slice-level multithreading
 ...X.. = Codec is experimental
 ....B. = Supports draw_horiz_band
 .....D = Supports direct rendering method 1
 ------
 V....D libx264              libx264 H.264 / AVC / MPEG-4 AVC / MPEG-4 part 10 (codec h264)
 V....D libvpx-vp9           libvpx VP9 (codec vp9)
 VFS... prores_ks            Apple ProRes (iCodec Pro) (codec prores)
 A..... aac                  AAC (Advanced Audio Coding)
 A..X.. opus                 Opus (codec opus)
 S..... ass                  ASS (Advanced SubStation Alpha) subtitle
`;

describe('parseFilterList', () => {
  it('reads every filter name and none of the legend', () => {
    expect([...parseFilterList(FILTERS)].sort()).toEqual(['abench', 'amovie', 'buffersink', 'lut3d', 'multiply', 'split', 'zscale']);
  });

  it('finds nothing in output that is not a filter list', () => {
    expect(parseFilterList('Unrecognized option \'filters\'.\nError splitting the argument list: Option not found\n').size).toBe(0);
    expect(parseFilterList(ENCODERS).size).toBe(0);
  });
});

describe('parseCodecList', () => {
  it('reads the codec names after the legend, whatever their flags', () => {
    expect([...parseCodecList(ENCODERS)].sort()).toEqual(['aac', 'ass', 'libvpx-vp9', 'libx264', 'opus', 'prores_ks']);
  });

  it('finds nothing without the line of dashes that ends the legend', () => {
    expect(parseCodecList(' V..... = Video\n A..... = Audio\n').size).toBe(0);
  });
});

function inventory(change: Partial<FfmpegInventory> = {}): FfmpegInventory {
  const everything = new Set(['setparams', 'zscale', 'format', 'lut3d', 'split', 'gblur', 'blend', 'multiply', 'trim', 'geq', 'tonemap', 'scale']);
  const encoders = new Set(['libx264', 'aac', 'libvpx-vp9', 'libopus', 'prores_ks', 'pcm_s24le', 'rawvideo', 'pcm_s16le', 'mjpeg', 'png', 'tiff', 'pam']);
  const decoders = new Set(['h264', 'hevc', 'vp9', 'prores', 'aac', 'mjpeg', 'png', 'tiff', 'webp']);
  return { version: '5.1.6-0+deb12u1', major: 5, filters: everything, encoders, decoders, programs: new Set(['heif-convert']), ...change };
}

describe('describeMediaCheck', () => {
  it('says everything the product uses is there, with the counts', () => {
    const found = inventory();
    expect(describeMediaCheck('/usr/bin/ffmpeg', found, mediaFeatureStates(found))).toEqual({
      allPresent: true,
      line: 'ffmpeg 5.1.6-0+deb12u1 (/usr/bin/ffmpeg): all 12 filters, 12 encoders and 9 decoders the product uses are present',
    });
  });

  it('names each feature that is off and what it lacks', () => {
    const found = inventory({ filters: new Set(['setparams', 'format', 'lut3d', 'scale', 'split', 'gblur', 'blend', 'multiply', 'trim', 'geq', 'tonemap']), encoders: new Set(['libx264', 'aac', 'mjpeg', 'png', 'tiff', 'pam', 'prores_ks', 'pcm_s24le', 'rawvideo', 'pcm_s16le']) });
    const { allPresent, line } = describeMediaCheck('/opt/ffmpeg', found, mediaFeatureStates(found));
    expect(allPresent).toBe(false);
    expect(line).toBe(
      "ffmpeg 5.1.6-0+deb12u1 (/opt/ffmpeg) lacks what 3 features need: Every export is off: the server's ffmpeg has no filter zscale. WebM export is off: the server's ffmpeg has no encoders libvpx-vp9, libopus. Making preview copies is off: the server's ffmpeg has no filter zscale.",
    );
  });
});
