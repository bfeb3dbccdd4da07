import { hasAlphaChannel, type MediaMetadata } from '@cinegrade/contract';
import { inputArgs, type InputSpec } from './ffmpeg-args';

/**
 * A still whose encoded values are not the working space's is converted once, on arrival, to a
 * lossless PNG kept beside the upload as its working original (asset.repository.ts
 * `workingOriginalKey`), which thumbnail, preview copy, editor, Smart Analyze and export all read
 * (docs/product-rules.md, 'Stills'; docs/color-engine.md, 'Embedded colour profiles'):
 *
 * - an embedded RGB profile other than sRGB: through the profile's conversion to sRGB baked into a
 *   65-point .cube (icc.ts), applied by lut3d (tetrahedral) in 16 bits, written as a 16-bit PNG;
 * - a four-component (CMYK or YCCK) JPEG: ffmpeg's decoder undoes the Adobe inversion and the
 *   YCCK transform and multiplies each of C, M, Y by K (R = (1 − C)(1 − K) and so on, no print
 *   profile), the same naive conversion ImageMagick makes; written as an 8-bit PNG.
 *
 * The picture is not turned: its orientation stays in the metadata and is applied downstream as
 * for any still; alpha is kept; the PNG carries no ICC profile, so a browser reads it as sRGB.
 */

/** ffmpeg's swscale widens 8 bits to 16 by shifting (v × 256, so white is 65280); this makes it v × 257, exactly. */
const WIDEN = 'val+floor(val/256)';

/** Whether the JPEG has four components (CMYK, or YCCK), which ffmpeg 5.1 reports as YUV with alpha. */
export function isFourComponentJpeg(metadata: Pick<MediaMetadata, 'videoCodec' | 'pixelFormat'>): boolean {
  return metadata.videoCodec === 'mjpeg' && (metadata.pixelFormat?.startsWith('yuva') ?? false);
}

/** The filter graph that makes the working original: `cubePath` for a profile's conversion, null for a CMYK JPEG. */
export function workingOriginalFilter(metadata: Pick<MediaMetadata, 'videoCodec' | 'pixelFormat' | 'bitDepth'>, cubePath: string | null): string {
  const dropProfile = 'sidedata=mode=delete:type=ICC_PROFILE';
  if (cubePath === null) return ['format=rgb24', dropProfile].join(',');
  if (!/^[A-Za-z0-9_./-]+$/.test(cubePath)) throw new Error(`Unsafe path for an ffmpeg filter graph: ${cubePath}`);
  const alpha = hasAlphaChannel(metadata) && !isFourComponentJpeg(metadata);
  // More than 8 bits, as the probe says or as the decoded format shows (ffprobe gives a 16-bit TIFF no bit depth).
  const wide = (metadata.bitDepth ?? 8) > 8 || /(1[0-6]|48|64)(le|be)$/.test(metadata.pixelFormat ?? '');
  const steps = wide
    ? [alpha ? 'format=rgba64le' : 'format=rgb48le']
    : [alpha ? 'format=rgba' : 'format=rgb24', alpha ? 'format=rgba64le' : 'format=rgb48le', `lutrgb=r=${WIDEN}:g=${WIDEN}:b=${WIDEN}${alpha ? `:a=${WIDEN}` : ''}`];
  return [...steps, `lut3d=file=${cubePath}:interp=tetrahedral`, dropProfile].join(',');
}

/** ffmpeg's arguments: one frame, not turned (`-noautorotate`, see inputArgs), to a PNG: 16-bit for a conversion, 8-bit for CMYK. */
export function workingOriginalArgs(input: InputSpec, metadata: Pick<MediaMetadata, 'videoCodec' | 'pixelFormat' | 'bitDepth'>, cubePath: string | null, outputPath: string): string[] {
  const alpha = cubePath !== null && hasAlphaChannel(metadata) && !isFourComponentJpeg(metadata);
  const pixelFormat = cubePath === null ? 'rgb24' : alpha ? 'rgba64be' : 'rgb48be';
  return ['-hide_banner', '-nostdin', '-v', 'error', ...inputArgs(input), '-frames:v', '1', '-vf', workingOriginalFilter(metadata, cubePath), '-map_metadata', '-1', '-c:v', 'png', '-pix_fmt', pixelFormat, '-f', 'image2', '-update', '1', '-y', outputPath];
}
