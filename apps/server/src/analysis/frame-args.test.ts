import { describe, expect, it } from 'vitest';
import { ANALYSIS_MAX_PIXELS, fitFilter, frameDecodeArgs } from './frame-args';

describe('frameDecodeArgs', () => {
  it('forces the sniffed demuxer, the file and pipe protocols only, and the analysis pixel limit', () => {
    const args = frameDecodeArgs({ path: '/tmp/x/frame', demuxer: 'jpeg_pipe' }, '/tmp/x/frame.pam');
    expect(args.slice(args.indexOf('-protocol_whitelist'), args.indexOf('-i') + 2)).toEqual([
      '-protocol_whitelist',
      'file,pipe',
      '-f',
      'jpeg_pipe',
      '-max_pixels',
      String(4096 * 4096),
      '-i',
      '/tmp/x/frame',
    ]);
    expect(ANALYSIS_MAX_PIXELS).toBe(16_777_216);
  });

  it('decodes one frame, scaled to 512 px at most, to an RGBA PAM file', () => {
    const args = frameDecodeArgs({ path: 'in', demuxer: 'png_pipe' }, 'out.pam');
    expect(args.slice(args.indexOf('-frames:v'))).toEqual(['-frames:v', '1', '-vf', `${fitFilter(512)},format=rgba`, '-f', 'image2', '-c:v', 'pam', '-y', 'out.pam']);
    expect(args).toContain('-nostdin');
  });
});

describe('fitFilter', () => {
  it('never scales up and never to zero, with the commas quoted inside the expressions', () => {
    expect(fitFilter(512)).toBe("scale=w='max(1,round(iw*min(1,512/max(iw,ih))))':h='max(1,round(ih*min(1,512/max(iw,ih))))':flags=area");
  });
});
