import { ffmpegSpatialFilters, spatialParams, type Grade } from '@cinegrade/color';
import { exportFrameSize, exportKeepsFields, hasAlphaChannel, isStillFormat, orientationOf, type AnyExportFormat, type ExportSize, type FrameSize, type MediaMetadata } from '@cinegrade/contract';
import { BT709_FRAME_TAGS, BT709_TAGS, inputChain, joinOptions, TO_BT709_YCBCR, zscaleSize } from '../media/colour-chain';
import { displaySize, inputArgs, KEEP_FRAME_TIMING, seekPosition, type InputSpec } from '../media/ffmpeg-args';
import { orientationFilters } from '../media/orientation';

/**
 * The export's ffmpeg argument list, built as data (docs/engineering-rules.md, 'ffmpeg arguments') from the asset's probe, the grade
 * and the target, and tested without the binary. The picture's path through the graph:
 *
 *   decode the ORIGINAL (autorotate turns a video upright; a still's orientation is the input
 *     chain's first step)
 *   → the input chain (media/colour-chain.ts, shared with the proxy): tag untagged input
 *     (setparams), since zscale refuses to convert unknown colours, then zscale to planar float
 *     RGB (tone-mapping HDR), scaling here when the export is smaller than the source (the
 *     grade then runs on fewer pixels: about half the cost for 4K → 1080p)
 *   → for a grade whose imported LUT has a shaper, lut1d (linear) with the shaper, then
 *   → lut3d, tetrahedral (the preview's interpolation), on gbrpf32le: lut3d is fast only on planar
 *     high-precision input (docs/color-engine.md; the 8-bit packed default costs 2.4× a plain transcode)
 *   → clarity and vignette (packages/color's ffmpegSpatialFilters: the engine's formulas)
 *   → zscale to the target's pixel format, scaling here when the export is larger than the source
 *   → encode.
 *
 * A still with an alpha channel keeps it in PNG and TIFF: the alpha is taken from the upright
 * original, scaled as the colour is, and merged back after the grade (the grade changes colour,
 * never coverage). JPEG has no alpha: the graded picture is laid over white, as the export menu
 * says.
 *
 * The grade works on encoded values, as the preview does: the YCbCr matrix and range are decoded
 * from the source's tags, transfer and primaries are left as they are, and the output is tagged
 * BT.709. zscale converts in and out of float because swscale's float conversions are off by up to
 * 3.5/65535. HDR (PQ, HLG) sources are tone-mapped to SDR first (zscale + tonemap=hable): the
 * colour engine grades display-referred Rec.709.
 */

export interface ExportJob {
  input: InputSpec;
  metadata: MediaMetadata;
  grade: Grade;
  format: AnyExportFormat;
  quality: ExportSize;
  /** The grade's LUT as a `.cube` file (see writeCube). */
  lutPath: string;
  /**
   * The grade's shaper as a 1D `.cube` file, applied by lut1d before the LUT: only for a grade
   * whose imported LUT has a shaper (its LUT is then indexed by the shaper's output; `Lut3D.shaper`).
   */
  shaperPath?: string;
  outputPath: string;
  /** Only these frames, video only: one segment of a split export (see export-segments.ts). */
  segment?: SegmentRange;
  /** How the segment is read: by seeking, or (false) from the start (seeksToSegment). Seeking unless false. */
  segmentSeeks?: boolean;
  /** The asset's deinterlace setting (true unless said): false keeps an interlaced source's fields where the format can (fieldsKept). */
  deinterlace?: boolean;
}

/**
 * A stretch of the source by its timestamps: the frames from `seekSeconds` up to `endSeconds`
 * (both between two frames), or to the end when null. Timestamps, not frame counts, so a
 * variable-rate clip's frames fall in exactly one segment whatever their spacing.
 */
export interface SegmentRange {
  seekSeconds: number;
  endSeconds: number | null;
}

export interface ExportFramePlan {
  /** The file's picture size. */
  output: FrameSize;
  /** Where the grade runs: the smaller of the source (upright) and the output. */
  work: FrameSize;
  /** True when the picture is scaled down (or kept) before the grade, false when scaled up after it. */
  scaleBeforeGrade: boolean;
}

export function planExportFrame(metadata: Pick<MediaMetadata, 'width' | 'height' | 'rotation' | 'orientation'>, quality: ExportSize, format: AnyExportFormat): ExportFramePlan {
  const source = displaySize(metadata);
  const output = exportFrameSize(source, quality, isStillFormat(format) ? 'image' : 'video');
  const scaleBeforeGrade = output.width * output.height <= source.width * source.height;
  return { output, work: scaleBeforeGrade ? output : source, scaleBeforeGrade };
}

interface OutputSpec {
  /** zscale options of the final conversion (besides the size). */
  convert: string;
  /** Pixel formats after it: zscale writes planar formats, a packed one follows as a plain repack. */
  pixelFormats: string[];
  /** Tag the frames BT.709 (YCbCr outputs). */
  tagBt709: boolean;
  encoder: string[];
  audio: string[];
  muxer: string[];
  /**
   * A segment's extra muxer options. MP4 and MOV: a segment's first frame lies after its seek
   * point, which the file says with an edit list counted in the movie timescale (1/1000 s by
   * default, off by up to 2 ms after the join); at 1/90000 s it is exact.
   */
  segmentMuxer?: string[];
  /** Encoder options coding the picture as fields, for a format that can carry them (FIELD_EXPORT_FORMATS). */
  fieldEncoder?: string[];
}

const SEGMENT_EDIT_LIST = ['-movie_timescale', '90000'];

const STILL = ['-frames:v', '1', '-an', '-update', '1', '-f', 'image2'];

/**
 * Every target: MP4 = H.264 High, yuv420p, BT.709 limited range, AAC;
 * WebM = VP9 + Opus; MOV = ProRes 422 HQ + 24-bit PCM; AVI = uncompressed 8-bit RGB (bgr24, what
 * "uncompressed" means to most AVI readers) + 16-bit PCM. MP4 and WebM keep the first audio track
 * (web delivery); MOV and AVI keep every track (mastering). Stills: JPEG 4:4:4 at quality ≈ 95 with
 * the JFIF matrix, PNG 8-bit, TIFF 16-bit uncompressed (as photo editors write TIFF by default: every reader opens it, and its size is known before it is written).
 */
export const OUTPUTS: Record<AnyExportFormat, OutputSpec> = {
  mp4: {
    convert: TO_BT709_YCBCR,
    pixelFormats: ['yuv420p'],
    tagBt709: true,
    encoder: ['-c:v', 'libx264', '-profile:v', 'high', '-preset', 'medium', '-crf', '18', '-pix_fmt', 'yuv420p', ...BT709_TAGS],
    audio: ['-map', '0:a:0?', '-c:a', 'aac', '-b:a', '192k'],
    muxer: ['-movflags', '+faststart', '-f', 'mp4'],
    segmentMuxer: SEGMENT_EDIT_LIST,
    // Interlaced coding, and the field order in each picture's timing message, where readers look for it.
    fieldEncoder: ['-flags', '+ildct+ilme', '-x264-params', 'pic-struct=1'],
  },
  webm: {
    convert: TO_BT709_YCBCR,
    pixelFormats: ['yuv420p'],
    tagBt709: true,
    encoder: ['-c:v', 'libvpx-vp9', '-crf', '24', '-b:v', '0', '-deadline', 'good', '-cpu-used', '4', '-row-mt', '1', '-pix_fmt', 'yuv420p', ...BT709_TAGS],
    audio: ['-map', '0:a:0?', '-c:a', 'libopus', '-b:a', '160k'],
    muxer: ['-f', 'webm'],
  },
  mov: {
    convert: TO_BT709_YCBCR,
    pixelFormats: ['yuv422p10le'],
    tagBt709: true,
    encoder: ['-c:v', 'prores_ks', '-profile:v', '3', '-vendor', 'apl0', '-pix_fmt', 'yuv422p10le', ...BT709_TAGS],
    audio: ['-map', '0:a?', '-c:a', 'pcm_s24le'],
    muxer: ['-f', 'mov'],
    segmentMuxer: SEGMENT_EDIT_LIST,
  },
  avi: {
    convert: '',
    pixelFormats: ['gbrp', 'bgr24'],
    tagBt709: false,
    encoder: ['-c:v', 'rawvideo', '-pix_fmt', 'bgr24'],
    audio: ['-map', '0:a?', '-c:a', 'pcm_s16le'],
    muxer: ['-f', 'avi'],
  },
  jpeg: {
    convert: 'matrix=470bg:range=full',
    pixelFormats: ['yuvj444p'],
    tagBt709: false,
    encoder: ['-c:v', 'mjpeg', '-q:v', '2', '-pix_fmt', 'yuvj444p'],
    audio: [],
    muxer: STILL,
  },
  png: {
    convert: '',
    pixelFormats: ['gbrp', 'rgb24'],
    tagBt709: false,
    encoder: ['-c:v', 'png', '-pix_fmt', 'rgb24'],
    audio: [],
    muxer: STILL,
  },
  tiff: {
    convert: '',
    pixelFormats: ['gbrp16le', 'rgb48le'],
    tagBt709: false,
    encoder: ['-c:v', 'tiff', '-pix_fmt', 'rgb48le', '-compression_algo', 'raw'],
    audio: [],
    muxer: STILL,
  },
};

/** Paths go into the filter graph unquoted, so only plain characters are allowed in them. */
function safeGraphPath(file: string): string {
  if (!/^[A-Za-z0-9_./-]+$/.test(file)) throw new Error(`Unsafe path for an ffmpeg filter graph: ${file}`);
  return file;
}

/** How a still export keeps its alpha: the formats it is merged in and written as. */
const ALPHA_OUTPUTS: Partial<Record<AnyExportFormat, { merge: string; pixelFormat: string }>> = {
  png: { merge: 'gbrap', pixelFormat: 'rgba' },
  tiff: { merge: 'gbrap16le', pixelFormat: 'rgba64le' },
};

/** Whether this export carries the source's alpha: PNG or TIFF of a still that has one. */
function keepsAlpha(job: Pick<ExportJob, 'metadata' | 'format'>): boolean {
  return !!ALPHA_OUTPUTS[job.format] && hasAlphaChannel(job.metadata);
}

/** Whether this export lays a transparent still over white: JPEG has no alpha. */
function flattensAlpha(job: Pick<ExportJob, 'metadata' | 'format'>): boolean {
  return job.format === 'jpeg' && hasAlphaChannel(job.metadata);
}

/**
 * Whether a segment of this source is read by seeking (`-ss`/`-to` on the input) or by decoding
 * from the start and keeping its stretch by the decoded frames' times (decodedSegment). MXF
 * (long-GOP MPEG-2 from broadcast cameras and servers) is decoded from the start: its packets
 * may carry no presentation time (only a decode time), so after a seek the decoder guesses other
 * times than it does decoding from the start, lands past the seek point, and shows the B-frames
 * of an open GOP without their reference; frames were lost, shifted or broken at every cut.
 * Decoding SD or HD MPEG-2 costs little beside the grade and the encode.
 */
export function seeksToSegment(input: InputSpec): boolean {
  return input.demuxer !== 'mxf';
}

/**
 * A segment kept from a decode from the start: the frames from its seek point up to the next
 * one's by their decoded times (as a seek would keep them), on a microsecond clock (the stream's
 * own, 1/25 s for PAL MXF, cannot hold a half-frame seek point) that starts at the seek point as
 * a seeked segment's does; AVI's starts at its first frame.
 */
function decodedSegment(range: SegmentRange, keepTimes: boolean): string[] {
  const seek = seekPosition(range.seekSeconds);
  const trim = `trim=${joinOptions(`start=${seek}`, range.endSeconds === null ? '' : `end=${seekPosition(range.endSeconds)}`)}`;
  return [trim, 'settb=AVTB', keepTimes ? `setpts=PTS-${seek}/TB` : 'setpts=PTS-STARTPTS'];
}

/**
 * Which field an export that keeps the source's fields shows first, or null when it deinterlaces
 * (docs/product-rules.md, 'Interlaced sources'): only for an interlaced source with deinterlacing
 * turned off, in a format that carries fields (exportKeepsFields), at a size whose fields have an
 * even number of lines (4:2:0 chroma per field); otherwise the picture is deinterlaced as always.
 * 'tt' and 'bt' (bottom coded, top shown first) show the top field first.
 */
export function fieldsKept(job: Pick<ExportJob, 'metadata' | 'format' | 'quality' | 'deinterlace'>): 'top' | 'bottom' | null {
  if (!exportKeepsFields(job.metadata, job.deinterlace ?? true, job.format, planExportFrame(job.metadata, job.quality, job.format).output)) return null;
  return job.metadata.fieldOrder === 'tt' || job.metadata.fieldOrder === 'bt' ? 'top' : 'bottom';
}

/**
 * A frame's two fields as two pictures, the second given the first's time: weave then puts the
 * frame back together at the time of the source's frame (separatefields would time the second
 * field halfway to the next frame, and the last one by its own duration, a field's in AVCHD).
 */
const FIELDS_APART = ['separatefields', "setpts='if(mod(N,2),PREV_INPTS,PTS)'"];

/** The video filter graph from the decoded picture (`[0:v:0]`) to `[vout]`. */
export function exportFilterGraph(job: Omit<ExportJob, 'input' | 'outputPath'>): string {
  const { metadata, grade, format, quality } = job;
  const fields = fieldsKept(job);
  // Fields kept: the graph runs on each field (separatefields, half the height) and weaves them back at the end.
  const framePlan = planExportFrame(metadata, quality, format);
  const halve = (size: FrameSize): FrameSize => (fields ? { width: size.width, height: size.height / 2 } : size);
  const plan = { ...framePlan, output: halve(framePlan.output), work: halve(framePlan.work) };
  const output = OUTPUTS[format];
  // Same size: no resampling at all, so chroma is upsampled as zscale does by default (bilinear,
  // as the browser's video path does) rather than with the resize filter.
  const source = halve(displaySize(metadata));
  const sameSize = source.width === plan.output.width && source.height === plan.output.height;
  // A segment's clock starts at its seek point (ffmpeg's input seek), so its frames keep their
  // place in the source: the join lays each segment at its seek point (concatList). AVI has no
  // timestamps to keep: its segments start their clock at their first frame and join end to end.
  const restart = job.segment && !keepsSourceTimes(format) ? ['setpts=PTS-STARTPTS'] : [];
  const steps = [
    ...(job.segment && job.segmentSeeks === false ? decodedSegment(job.segment, keepsSourceTimes(format)) : restart),
    ...(fields ? FIELDS_APART : []),
    ...inputChain(metadata, plan.scaleBeforeGrade && !sameSize ? zscaleSize(plan.output, false) : '', !!fields),
  ];
  if (job.shaperPath !== undefined) steps.push(`lut1d=file=${safeGraphPath(job.shaperPath)}:interp=linear`);
  steps.push(`lut3d=file=${safeGraphPath(job.lutPath)}:interp=tetrahedral`);
  const spatial = ffmpegSpatialFilters(spatialParams(grade, plan.work.width, plan.work.height));
  if (spatial) steps.push(spatial);
  const resize = plan.scaleBeforeGrade ? '' : zscaleSize(plan.output, true);
  const alphaKept = keepsAlpha(job);
  const flatten = flattensAlpha(job);
  if (!alphaKept && !flatten) {
    const convert = joinOptions(resize, output.convert);
    steps.push(convert ? `zscale=${convert}` : 'zscale', ...output.pixelFormats.map((f) => `format=${f}`));
    if (output.tagBt709) steps.push(BT709_FRAME_TAGS);
    if (fields) steps.push(`weave=first_field=${fields}`, `setfield=${fields === 'top' ? 'tff' : 'bff'}`);
    return `[0:v:0]${steps.join(',')}[vout]`;
  }
  // The alpha, from the upright original, scaled as the colour is (bicubic down, lanczos up).
  const merge = ALPHA_OUTPUTS[format]?.merge ?? 'gbrap';
  const alpha = [...orientationFilters(orientationOf(metadata)), `format=${merge}`, 'alphaextract'];
  if (!sameSize) alpha.push(`zscale=${zscaleSize(plan.output, !plan.scaleBeforeGrade)}`);
  steps.push(resize ? `zscale=${resize}` : 'zscale', `format=${merge.replace('gbrap', 'gbrp')}`, `format=${merge}`);
  const graph = [`[0:v:0]split=2[colour][coverage]`, `[coverage]${alpha.join(',')}[alpha]`, `[colour]${steps.join(',')}[graded]`];
  if (alphaKept) return [...graph, `[graded][alpha]alphamerge,format=${ALPHA_OUTPUTS[format]!.pixelFormat}[vout]`].join(';');
  const white = `color=c=white:s=${plan.output.width}x${plan.output.height},format=gbrp[white]`;
  const onWhite = `[white][cut]overlay=format=gbrp:shortest=1,zscale=${output.convert},${output.pixelFormats.map((f) => `format=${f}`).join(',')}[vout]`;
  return [...graph, `[graded][alpha]alphamerge[cut]`, white, onWhite].join(';');
}

/** Quiet, never reading the terminal, and the hardened input (inputArgs). */
function commandStart(input: InputSpec, range?: SegmentRange): string[] {
  return ['-hide_banner', '-nostdin', '-v', 'error', ...inputArgs(input, range?.seekSeconds, range?.endSeconds ?? undefined)];
}

const PROGRESS = ['-max_muxing_queue_size', '1024', '-progress', 'pipe:1', '-nostats'];

/**
 * The whole command line (after the binary). Progress goes to stdout (`-progress pipe:1`). Every
 * decoded frame is written once at its own time (KEEP_FRAME_TIMING; AVI, without timestamps, keeps
 * ffmpeg's default): a variable-rate source stays variable, and nothing is doubled or dropped. A segment reads its stretch of the source (exactly:
 * ffmpeg decodes from the keyframe before the seek and drops what precedes it) and has no audio:
 * the join adds the audio, encoded once.
 */
export function exportArgs(job: ExportJob): string[] {
  const output = OUTPUTS[job.format];
  const { segment } = job;
  const audio = segment ? ['-an'] : output.audio;
  const timing = isSegmentable(job.format) && keepsSourceTimes(job.format) ? KEEP_FRAME_TIMING : [];
  const muxer = segment ? [...(output.segmentMuxer ?? []), ...output.muxer] : output.muxer;
  const alpha = keepsAlpha(job) ? ALPHA_OUTPUTS[job.format]!.pixelFormat : null;
  const pictureEncoder = alpha ? output.encoder.map((arg, i) => (output.encoder[i - 1] === '-pix_fmt' ? alpha : arg)) : output.encoder;
  const encoder = fieldsKept(job) ? [...pictureEncoder, ...(output.fieldEncoder ?? [])] : pictureEncoder;
  const seeks = seeksToSegment(job.input);
  return [...commandStart(job.input, seeks ? segment : undefined), '-filter_complex', exportFilterGraph({ ...job, segmentSeeks: seeks }), '-map', '[vout]', ...audio, ...encoder, ...timing, ...PROGRESS, ...muxer, '-y', job.outputPath];
}

/** Whether this format's file keeps each frame's own time (every video format but AVI, whose frames sit in the slots of one rate). */
export function keepsSourceTimes(format: AnyExportFormat): boolean {
  return format !== 'avi';
}

/** Whether a segmented export in this format joins by stream copy: every video format does; stills are never split. */
export function isSegmentable(format: AnyExportFormat): boolean {
  return OUTPUTS[format].muxer !== STILL;
}

/**
 * Joins a split export's segments (a concat demuxer list, in order: concatList) without
 * re-encoding the picture, and encodes the audio of the whole original once, as a single render
 * would (the format's audio settings, read from the original: input 0). The colour tags come with
 * the segments' streams.
 */
export function joinArgs(job: { original: InputSpec; listPath: string; format: AnyExportFormat; outputPath: string }): string[] {
  const output = OUTPUTS[job.format];
  const concat = ['-protocol_whitelist', 'file', '-f', 'concat', '-safe', '0', '-i', job.listPath];
  const tags = output.tagBt709 ? BT709_TAGS : [];
  const timing = keepsSourceTimes(job.format) ? ['-fps_mode', 'passthrough'] : [];
  return [...commandStart(job.original), ...concat, '-map', '1:v:0', ...output.audio, '-c:v', 'copy', ...tags, ...timing, ...PROGRESS, ...output.muxer, '-y', job.outputPath];
}

/** One line of a concat demuxer list: the path quoted, its quotes escaped. */
export function concatListLine(file: string): string {
  return `file '${file.replace(/'/g, "'\\''")}'`;
}

/**
 * The concat demuxer's list for a split export's segment files, in order with their ranges. Each
 * segment's timestamps count from its seek point (`inpoint 0` keeps them so, where the demuxer
 * would otherwise start the file at its first frame), and each lasts to the next one's seek point
 * (`duration`): every frame lands at its time in the source, however unevenly the frames are spaced.
 * AVI segments, which start at their first frame (keepsSourceTimes), join end to end.
 */
export function concatList(segments: { path: string; range: SegmentRange }[], format: AnyExportFormat): string {
  const entries = segments.map(({ path: file, range }) => {
    if (!keepsSourceTimes(format)) return concatListLine(file);
    const span = range.endSeconds === null ? [] : [`duration ${seekPosition(Number(seekPosition(range.endSeconds)) - Number(seekPosition(range.seekSeconds)))}`];
    return [concatListLine(file), 'inpoint 0', ...span].join('\n');
  });
  return `${entries.join('\n')}\n`;
}

/**
 * A plain transcode with the same decoder, encoder and muxer settings and no grade: the floor the
 * benchmark measures the export against. Conversions are left to ffmpeg, as a person would.
 */
export function plainTranscodeArgs(job: Omit<ExportJob, 'grade' | 'lutPath' | 'shaperPath'>, extraVideoFilter?: string): string[] {
  const output = OUTPUTS[job.format];
  const plan = planExportFrame(job.metadata, job.quality, job.format);
  const scale = plan.output.width === job.metadata.width && plan.output.height === job.metadata.height ? [] : [`scale=${plan.output.width}:${plan.output.height}`];
  const filters = [...(extraVideoFilter ? [extraVideoFilter] : []), ...scale];
  return [
    ...commandStart(job.input),
    ...(filters.length > 0 ? ['-vf', filters.join(',')] : []),
    '-map',
    '0:v:0',
    ...output.audio,
    ...output.encoder,
    ...output.muxer,
    '-y',
    job.outputPath,
  ];
}

/**
 * Wall-clock limit for an export: generous against this kind of machine (two cores encode 1080p
 * H.264 at about 6 frames a second; the limit allows about 20 times longer), never under ten
 * minutes, and under the job queue's 24-hour ceiling. VP9 encodes about twice as slowly.
 */
export const EXPORT_TIMEOUT_CAP_MS = 22 * 60 * 60 * 1000;
const MIN_EXPORT_TIMEOUT_MS = 10 * 60 * 1000;
const NANOSECONDS_PER_PIXEL = 2500;

export function exportTimeoutMs(metadata: Pick<MediaMetadata, 'durationSeconds' | 'frameRate' | 'width' | 'height' | 'rotation' | 'orientation'>, format: AnyExportFormat, quality: ExportSize): number {
  const { output } = planExportFrame(metadata, quality, format);
  const frames = Math.max(1, (metadata.durationSeconds ?? 0) * (metadata.frameRate ?? 30));
  const perPixel = format === 'webm' ? 2 * NANOSECONDS_PER_PIXEL : NANOSECONDS_PER_PIXEL;
  const budget = (frames * output.width * output.height * perPixel) / 1e6;
  return Math.round(Math.min(EXPORT_TIMEOUT_CAP_MS, Math.max(MIN_EXPORT_TIMEOUT_MS, budget)));
}
