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

function bitDepth(stream: ProbeStream): number | null {
  const raw = Number(stream.bits_per_raw_sample);
  if (Number.isInteger(raw) && raw > 0) return raw;
  const fromFormat = stream.pix_fmt?.match(/p(\d{2})(le|be)$/)?.[1];
  if (fromFormat) return Number(fromFormat);
  return stream.pix_fmt ? 8 : null;
}

/** HDR transfer functions: PQ (SMPTE ST 2084) and HLG (ARIB STD-B67). */
const HDR_TRANSFERS = new Set(['smpte2084', 'arib-std-b67']);

export const CMYK_MESSAGE = 'This JPEG is in CMYK, a print colour space Cinegrade does not convert: save it as an RGB (sRGB) JPEG in your photo editor and upload it again.';

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
  // ffmpeg decodes a four-component (CMYK or YCCK) JPEG as YUV with alpha: its colours would come out wrong.
  if (video.codec_name === 'mjpeg' && video.pix_fmt?.startsWith('yuva')) throw new ProbeError(CMYK_MESSAGE);
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
    frameRate: rate(video.avg_frame_rate) ?? rate(video.r_frame_rate),
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
  };
}
