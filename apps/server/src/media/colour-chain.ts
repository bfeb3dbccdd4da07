import { FFMPEG_SPATIAL_PIXEL_FORMAT } from '@cinegrade/color';
import { displayedSize, needsToneMapping, orientationOf, type FrameSize, type MediaMetadata } from '@cinegrade/contract';
import { orientationFilters } from './orientation';

/**
 * How a source's picture becomes the RGB the colour engine grades, as ffmpeg filter steps
 * (docs/color-engine.md, 'Input chain'). The export runs it before the grade, and the derive job
 * runs it before encoding a proxy, so the editor's preview of a proxy starts from the same RGB the
 * export of the original grades (docs/product-rules.md, 'Decisions': preview equals export).
 */

const KNOWN = (value: string | null) => (value && value !== 'unknown' && value !== 'reserved' ? value : null);

/** RGB pixel formats (PNG, TIFF, RGB video) carry no YCbCr matrix or range to tag. */
function isRgbInput(pixelFormat: string | null): boolean {
  return !!pixelFormat && /^(rgb|bgr|gbr|argb|abgr|rgba|bgra|0rgb|rgb0|0bgr|bgr0|pal8|gray|ya)/.test(pixelFormat);
}

/**
 * Standard definition: 576 lines or fewer (coded, before any rotation). Untagged SD video is BT.601,
 * as every editing application reads it: the 625-line (PAL) primaries for 576 and 288 lines, the
 * 525-line (NTSC) ones otherwise; both share the BT.601 matrix, and their transfer curve is BT.709's.
 */
export const SD_MAX_LINES = 576;

export function isStandardDefinition(metadata: Pick<MediaMetadata, 'height'>): boolean {
  return metadata.height <= SD_MAX_LINES;
}

function untaggedVideoColours(metadata: Pick<MediaMetadata, 'height'>): { matrix: string; primaries: string } {
  if (!isStandardDefinition(metadata)) return { matrix: 'bt709', primaries: 'bt709' };
  const pal = metadata.height === 576 || metadata.height === 288;
  return pal ? { matrix: 'bt470bg', primaries: 'bt470bg' } : { matrix: 'smpte170m', primaries: 'smpte170m' };
}

/**
 * The tags zscale needs, filled in where the source has none: for video, BT.601 at standard
 * definition (isStandardDefinition) and BT.709 above it, limited range; for JPEG stills (`yuvj`
 * formats) the JFIF matrix (BT.601), full range. RGB gets only the primaries and transfer its
 * metadata names.
 */
export function inputTagFilter(metadata: MediaMetadata): string | null {
  if (isRgbInput(metadata.pixelFormat)) {
    // RGB whose colours the metadata names (a HEIC or AVIF's nclx, which its decoded PNG does not
    // carry) is tagged so, for zscale to tone-map PQ or HLG; other RGB is left as decoded.
    const named = [KNOWN(metadata.colorPrimaries) && `color_primaries=${metadata.colorPrimaries}`, KNOWN(metadata.colorTransfer) && `color_trc=${metadata.colorTransfer}`].filter((tag) => !!tag);
    return named.length > 0 ? `setparams=${named.join(':')}` : null;
  }
  const jpeg = metadata.pixelFormat?.startsWith('yuvj') ?? false;
  const video = untaggedVideoColours(metadata);
  const missing: string[] = [];
  if (!KNOWN(metadata.colorSpace)) missing.push(`colorspace=${jpeg ? 'bt470bg' : video.matrix}`);
  if (!KNOWN(metadata.colorPrimaries)) missing.push(`color_primaries=${jpeg ? 'bt709' : video.primaries}`);
  if (!KNOWN(metadata.colorTransfer)) missing.push('color_trc=bt709');
  if (!KNOWN(metadata.colorRange)) missing.push(`range=${jpeg ? 'pc' : 'tv'}`);
  return missing.length > 0 ? `setparams=${missing.join(':')}` : null;
}

/** Whether the source's YCbCr matrix is unsaid: the browser would pick its own, so it gets a preview copy decoded by our rule. */
export function hasUntaggedMatrix(metadata: MediaMetadata): boolean {
  return !isRgbInput(metadata.pixelFormat) && !KNOWN(metadata.colorSpace);
}

/**
 * Interlaced video (fields, from a camcorder or broadcast) is deinterlaced first, wherever the
 * picture is decoded (export, preview copy, thumbnail), with one operator: bwdif, one frame per
 * frame (the clip keeps its frame rate), the field order from the stream, and only the frames
 * flagged interlaced (progressive frames of a mixed stream pass untouched).
 */
export const DEINTERLACE = 'bwdif=mode=send_frame:parity=auto:deint=interlaced';

export function isInterlaced(metadata: Pick<MediaMetadata, 'fieldOrder'>): boolean {
  return !!metadata.fieldOrder;
}

/** zscale's size and resampling options: bicubic to shrink, lanczos to enlarge. */
export function zscaleSize(size: FrameSize, enlarging: boolean): string {
  return `w=${size.width}:h=${size.height}:filter=${enlarging ? 'lanczos' : 'bicubic'}`;
}

export const joinOptions = (...parts: string[]) => parts.filter((p) => p !== '').join(':');

/** Chroma subsampled in either direction (4:2:0, 4:2:2, 4:1:1, 4:4:0 and the semi-planar nv formats). */
function isSubsampled(pixelFormat: string | null): boolean {
  return !!pixelFormat && /(420|422|411|410|440)|^nv/.test(pixelFormat);
}

/**
 * From the decoded picture to planar float RGB (`FFMPEG_SPATIAL_PIXEL_FORMAT`): interlaced input
 * deinterlaced (DEINTERLACE), a still turned upright by its orientation (media/orientation.ts),
 * untagged input tagged (zscale refuses unknown colours), the YCbCr matrix and range decoded from
 * the tags by zscale (swscale's float conversions are off by up to 3.5/65535), transfer and
 * primaries left as they are; PQ and HLG tone-mapped to SDR BT.709 (hable), as the colour engine
 * grades display-referred Rec.709. `sizeOptions` (zscaleSize, or '') scales in the first zscale;
 * none keeps zscale's default bilinear chroma upsampling, as the browser's video path does.
 *
 * zscale refuses subsampled pictures with an odd side (a 1024×683 JPEG, 4:2:0): such a picture is
 * padded by one line or column to even sides (its chroma already covers it), converted, and
 * cropped back to its own size in RGB before any scaling, so every pixel converts as it would in an
 * even picture.
 *
 * `fields`: the pictures are the fields of an interlaced source, separated (separatefields) for
 * an export that keeps them (fieldsKept in exports/export-args.ts): nothing is deinterlaced, and
 * each field is converted as a picture of half the frame's height.
 */
export function inputChain(metadata: MediaMetadata, sizeOptions: string, fields = false): string[] {
  const steps: string[] = [...(isInterlaced(metadata) && !fields ? [DEINTERLACE] : []), ...orientationFilters(orientationOf(metadata))];
  const tags = inputTagFilter(metadata);
  if (tags) steps.push(tags);
  const whole = displayedSize(metadata);
  const upright = fields ? { width: whole.width, height: Math.floor(whole.height / 2) } : whole;
  const odd = isSubsampled(metadata.pixelFormat) && (upright.width % 2 === 1 || upright.height % 2 === 1);
  if (odd) steps.push('pad=ceil(iw/2)*2:ceil(ih/2)*2');
  const convertSize = odd ? '' : sizeOptions;
  if (needsToneMapping(metadata)) {
    steps.push(`zscale=${joinOptions(convertSize, 'transfer=linear:npl=100')}`, `format=${FFMPEG_SPATIAL_PIXEL_FORMAT}`, 'zscale=primaries=709', 'tonemap=tonemap=hable:desat=0', 'zscale=transfer=709');
  } else {
    steps.push(convertSize ? `zscale=${convertSize}` : 'zscale');
  }
  steps.push(`format=${FFMPEG_SPATIAL_PIXEL_FORMAT}`);
  if (odd) {
    steps.push(`crop=${upright.width}:${upright.height}:0:0`);
    if (sizeOptions) steps.push(`zscale=${sizeOptions}`, `format=${FFMPEG_SPATIAL_PIXEL_FORMAT}`);
  }
  return steps;
}

/** Encoder options tagging a YCbCr output BT.709, limited range. */
export const BT709_TAGS = ['-color_primaries', 'bt709', '-color_trc', 'bt709', '-colorspace', 'bt709', '-color_range', 'tv'];

/** The same tags on the frames themselves (the filter graph's last step). */
export const BT709_FRAME_TAGS = 'setparams=colorspace=bt709:color_primaries=bt709:color_trc=bt709:range=tv';

/** Graded or not, RGB becomes BT.709 limited-range YCbCr with zscale's conversion. */
export const TO_BT709_YCBCR = 'matrix=709:range=limited';
