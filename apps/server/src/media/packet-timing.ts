import type { InputSpec } from './ffmpeg-args';

/**
 * A video's real length and frame count, read from its packets rather than its container's
 * header, which a file may state falsely (a 150 s clip whose Matroska Duration says 1 s): the
 * work limit, the job lane, the segment plan and every time limit follow what the file holds
 * (docs/engineering-rules.md, 'Jobs'). ffprobe lists the first video stream's packet times
 * without decoding anything, so this costs one read of the file.
 */
export function packetTimingArgs(input: InputSpec): string[] {
  return [
    '-v',
    'error',
    '-protocol_whitelist',
    'file,pipe',
    '-f',
    input.demuxer,
    '-select_streams',
    'v:0',
    '-show_entries',
    'packet=pts_time,dts_time,duration_time',
    '-of',
    'compact=p=0:nk=0',
    input.path,
  ];
}

export interface PacketTiming {
  /** Video packets: one per frame for the codecs this product reads. */
  frames: number;
  /** From the first packet's time to the end of the last one. */
  durationSeconds: number;
}

/** Folds ffprobe's packet lines (`pts_time=…|dts_time=…|duration_time=…`) into a timing, one line at a time. */
export class PacketTimingReader {
  private frames = 0;
  private first = Number.POSITIVE_INFINITY;
  private end = Number.NEGATIVE_INFINITY;
  private lastDuration = 0;

  line(text: string): void {
    if (!text.includes('_time=')) return;
    const fields = new Map(text.split('|').map((pair) => pair.split('=') as [string, string]));
    const pts = Number(fields.get('pts_time'));
    const dts = Number(fields.get('dts_time'));
    const at = Number.isFinite(pts) ? pts : dts;
    this.frames++;
    if (!Number.isFinite(at)) return;
    const duration = Number(fields.get('duration_time'));
    if (Number.isFinite(duration) && duration > 0) this.lastDuration = duration;
    this.first = Math.min(this.first, at);
    this.end = Math.max(this.end, at + (Number.isFinite(duration) && duration > 0 ? duration : this.lastDuration));
  }

  /** The timing, or null when the stream gave no timed packet. */
  result(frameRate: number | null): PacketTiming | null {
    if (this.frames === 0 || !Number.isFinite(this.first)) return null;
    // Packets without durations (some Matroska files): the last frame lasts one frame interval.
    const tail = this.lastDuration > 0 ? 0 : frameRate && frameRate > 0 ? 1 / frameRate : 0;
    return { frames: this.frames, durationSeconds: Math.max(0, this.end - this.first + tail) };
  }
}
