import type { AnyExportFormat, MediaMetadata } from '@cinegrade/contract';
import { isSegmentable, type SegmentRange } from './export-args';

/**
 * Split exports (docs/product-rules.md, 'Export'; docs/operations.md, 'Segmented exports'). A
 * video export of more than EXPORT_SEGMENT_SECONDS of source is cut on the source's frame grid
 * into segments of about that length. Each is an `export.render-segment` job that any worker
 * runs with the export's own ffmpeg command (exportArgs: the same LUT and filter graph), reading
 * exactly the source's frames from its seek point to the next segment's, so every segment starts
 * with a keyframe of its own; the last one to finish queues `export.join`, which concatenates them
 * by stream copy, each at its seek point (concatList), and encodes the audio of the whole original
 * once. Every frame of the source is in exactly one segment, at its own time: the boundaries fall
 * half a frame before a frame's time on the average frame grid, segments are cut by timestamps
 * (a variable-rate clip's frames are not evenly spaced), and the last one runs to the end. An MXF
 * segment is decoded from the start instead of seeked to (export-args.ts, seeksToSegment).
 */

export interface SegmentPlan {
  part: number;
  startFrame: number;
  /** Planned frames (the last segment renders to the end of the source whatever this says). */
  frames: number;
  toEnd: boolean;
  /** Where ffmpeg seeks: half a frame before the segment's first frame. */
  seekSeconds: number;
}

/** The segments of an export, or null when it is rendered in one piece (short, a still, of unknown length or frame rate, or splitting is off). */
export function planSegments(metadata: Pick<MediaMetadata, 'durationSeconds' | 'frameRate'>, format: AnyExportFormat, segmentSeconds: number): SegmentPlan[] | null {
  const duration = metadata.durationSeconds ?? 0;
  const rate = metadata.frameRate ?? 0;
  if (segmentSeconds <= 0 || !isSegmentable(format) || !(rate > 0) || duration <= segmentSeconds) return null;
  const totalFrames = Math.round(duration * rate);
  const count = Math.max(2, Math.round(duration / segmentSeconds));
  const starts = Array.from({ length: count }, (_, part) => Math.round((part * totalFrames) / count));
  return starts.map((startFrame, part) => {
    const next = starts[part + 1] ?? totalFrames;
    return { part, startFrame, frames: next - startFrame, toEnd: part === count - 1, seekSeconds: part === 0 ? 0 : (startFrame - 0.5) / rate };
  });
}

/** A planned segment's stretch of the source: from its seek point to the next segment's (none for the last). */
export function segmentRange(segment: { seek_seconds: number }, next: { seek_seconds: number } | undefined): SegmentRange {
  return { seekSeconds: segment.seek_seconds, endSeconds: next ? next.seek_seconds : null };
}
