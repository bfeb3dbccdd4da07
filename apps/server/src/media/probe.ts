import type { MediaMetadata } from '@cinegrade/contract';

interface ProbeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  pix_fmt?: string;
  bits_per_raw_sample?: string;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  field_order?: string;
  sample_aspect_ratio?: string;
  color_primaries?: string;
  color_transfer?: string;
  color_space?: string;
  color_range?: string;
  duration?: string;
  tags?: Record<string, string>;
  side_data_list?: { rotation?: number; side_data_type?: string }[];
}

interface ProbeOutput {
  streams?: ProbeStream[];
  format?: { format_name?: string; duration?: string };
}

export class ProbeError extends Error {}

function rate(value: string | undefined): number | null {
  if (!value) return null;
  const [num, den] = value.split('/').map(Number);
  if (!num || !den || !Number.isFinite(num / den)) return null;
  return Math.round((num / den) * 1000) / 1000;
}

/**
 * Frame rates a real clip plays at: high-speed phone footage is stored at up to 240 fps. A larger
 * figure is a clock, not a rate: a Matroska file without a frame duration reports its 1 ms
 * timebase (1000) when its timestamps do not settle on a rate.
 */
const MAX_FRAME_RATE = 300;

const plausibleRate = (value: number | null): value is number => value !== null && value > 0 && value <= MAX_FRAME_RATE;

/**
 * The clip's frame rate from its real timing. ffprobe gives two figures: `avg_frame_rate` (frames
 * over duration: the true average, but approximate where timestamps are rounded, such as 1000/33
 * for 30 fps in Matroska's milliseconds) and `r_frame_rate` (the lowest rate that represents every
 * timestamp: exact for constant-rate video, but the field rate, twice the frame rate, for
 * interlaced video, and the timebase itself when the timestamps fit no rate). The exact one is
 * taken when the two agree within 1 %, the average otherwise; a figure above MAX_FRAME_RATE is
 * never a frame rate; null when neither is usable.
 */
export function frameRateOf(stream: Pick<ProbeStream, 'avg_frame_rate' | 'r_frame_rate'>): number | null {
  const average = rate(stream.avg_frame_rate);
  const real = rate(stream.r_frame_rate);
  if (plausibleRate(average) && plausibleRate(real)) return Math.abs(real - average) <= average * 0.01 ? real : average;
  if (plausibleRate(average)) return average;
  return plausibleRate(real) ? real : null;
}

/** Interlaced field orders (top or bottom field first, as coded and as displayed). */
const INTERLACED = new Set(['tt', 'bb', 'tb', 'bt']);

/** Non-square pixels as [width, height] in lowest terms; null for square or unknown ("1:1", "0:1", "N/A"). */
export function sampleAspect(value: string | undefined): [number, number] | null {
  const match = value?.match(/^(\d+):(\d+)$/);
  if (!match) return null;
  const [num, den] = [Number(match[1]), Number(match[2])];
  if (!(num > 0 && den > 0) || num === den) return null;
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  const divisor = gcd(num, den);
  return [num / divisor, den / divisor];
}

function bitDepth(stream: ProbeStream): number | null {
  const raw = Number(stream.bits_per_raw_sample);
  if (Number.isInteger(raw) && raw > 0) return raw;
  const fromFormat = stream.pix_fmt?.match(/p(\d{2})(le|be)$/)?.[1];
  if (fromFormat) return Number(fromFormat);
  return stream.pix_fmt ? 8 : null;
}

/** HDR transfer functions: PQ (SMPTE ST 2084) and HLG (ARIB STD-B67). */
const HDR_TRANSFERS = new Set(['smpte2084', 'arib-std-b67']);

/** Turns ffprobe's JSON into the asset's metadata; refuses files without a picture. */
export function parseProbe(json: string): MediaMetadata {
  let data: ProbeOutput;
  try {
    data = JSON.parse(json) as ProbeOutput;
  } catch {
    throw new ProbeError('The file could not be read.');
  }
  const video = data.streams?.find((s) => s.codec_type === 'video' && (s.width ?? 0) > 0 && (s.height ?? 0) > 0);
  if (!video?.width || !video.height) throw new ProbeError('The file has no picture we can read.');
  const audio = data.streams?.find((s) => s.codec_type === 'audio');
  const rotationSide = video.side_data_list?.find((d) => typeof d.rotation === 'number')?.rotation;
  const rotationTag = video.tags?.rotate ? Number(video.tags.rotate) : 0;
  const rotation = ((Math.round(-(rotationSide ?? -rotationTag)) % 360) + 360) % 360;
  const duration = Number(data.format?.duration ?? video.duration);
  return {
    container: data.format?.format_name ?? 'unknown',
    durationSeconds: Number.isFinite(duration) && duration > 0 ? duration : null,
    width: video.width,
    height: video.height,
    frameRate: frameRateOf(video),
    videoCodec: video.codec_name ?? null,
    pixelFormat: video.pix_fmt ?? null,
    bitDepth: bitDepth(video),
    colorPrimaries: video.color_primaries ?? null,
    colorTransfer: video.color_transfer ?? null,
    colorSpace: video.color_space ?? null,
    colorRange: video.color_range ?? null,
    hdr: HDR_TRANSFERS.has(video.color_transfer ?? ''),
    rotation,
    audioCodec: audio?.codec_name ?? null,
    fieldOrder: INTERLACED.has(video.field_order ?? '') ? (video.field_order ?? null) : null,
    sampleAspectRatio: sampleAspect(video.sample_aspect_ratio),
  };
}
