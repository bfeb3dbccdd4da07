import type { InputSpec } from '../media/ffmpeg-args';

/**
 * ffmpeg arguments that decode one analysis frame (a JPEG, PNG or WebP from the editor) to small
 * 8-bit RGBA, built as data (docs/engineering-rules.md, 'ffmpeg arguments'). The input is hardened as every other input is
 * (`ffmpeg-args.ts`): the demuxer chosen from the bytes, only the `file` and `pipe` protocols,
 * and a pixel limit — here a much smaller one, since the editor sends at most 512 px.
 */

/** Largest picture decoded for analysis: 4096 × 4096. A larger frame is refused, not decoded. */
export const ANALYSIS_MAX_PIXELS = 4096 * 4096;

/**
 * Longest side after decoding. Statistics sample at most 65 536 pixels (`measureImage`), so
 * 512 px (at most 262 144) keeps every sampled pixel a real one and the buffer near 1 MB.
 */
export const ANALYSIS_DECODE_LONGEST_SIDE = 512;

/**
 * Scales so the longest side is at most `longest`, never up, and never to zero (a 2 × 2000 strip
 * stays 1 px wide). Quoted so the commas belong to the expressions, not the filter chain.
 */
export function fitFilter(longest: number): string {
  const factor = `min(1,${longest}/max(iw,ih))`;
  return `scale=w='max(1,round(iw*${factor}))':h='max(1,round(ih*${factor}))':flags=area`;
}

/**
 * One frame to a PAM file (Netpbm P7: a short text header with WIDTH and HEIGHT, then raw RGBA
 * rows), so the size comes with the pixels and no separate probe is needed. Full-range RGB from
 * JFIF's BT.601 YCbCr is swscale's default for `yuvj*` input, as the browser encoded it.
 */
export function frameDecodeArgs(input: InputSpec, outputPath: string, longest = ANALYSIS_DECODE_LONGEST_SIDE): string[] {
  return [
    '-hide_banner',
    '-nostdin',
    '-v',
    'error',
    '-protocol_whitelist',
    'file,pipe',
    '-f',
    input.demuxer,
    '-max_pixels',
    String(ANALYSIS_MAX_PIXELS),
    '-i',
    input.path,
    '-frames:v',
    '1',
    '-vf',
    `${fitFilter(longest)},format=rgba`,
    '-f',
    'image2',
    '-c:v',
    'pam',
    '-y',
    outputPath,
  ];
}
