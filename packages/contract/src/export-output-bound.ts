import type { FrameSize } from './export-frame';
import type { AnyExportFormat } from './export-options';
import { describeSizeEstimate, estimateExportBytes, type ExportSizeSource } from './export-size';
import { formatStorageSize } from './storage-quota';
import { normaliseTier, type SubscriptionTier } from './tiers';

const GIB = 1024 * 1024 * 1024;
const MIB = 1024 * 1024;

/**
 * The largest file one export (or one batch file's render) may be expected to make, per plan: a
 * render is refused before it starts when its size estimate passes it (docs/product-rules.md,
 * 'Limits'). Uncompressed formats are where it binds: a minute of 4K AVI is about 36 GB.
 */
export const MAX_EXPORT_BYTES: Readonly<Record<SubscriptionTier, number>> = { Free: 2 * GIB, Premium: 20 * GIB, Enterprise: 100 * GIB };

/**
 * While it renders, an export's file may grow to this many times its estimate, plus
 * `OUTPUT_BOUND_SLACK_BYTES`, before it is stopped: estimates of compressed formats are within
 * a factor of about three of the real file, so a render past four times its estimate is not the
 * picture it was expected to be (a source that lied about its length or size).
 */
export const OUTPUT_BOUND_FACTOR = 4;
export const OUTPUT_BOUND_SLACK_BYTES = 64 * MIB;

/** The bytes a render with this estimate may write before it is stopped (before quota). */
export function outputBoundBytes(estimateBytes: number): number {
  return Math.ceil(estimateBytes * OUTPUT_BOUND_FACTOR + OUTPUT_BOUND_SLACK_BYTES);
}

export const OUTPUT_LIMIT_SUGGESTION = 'Choose a smaller size, a compressed format (MP4 or WebM) or a shorter clip, or delete exports you no longer need.';

/**
 * Why an export of this estimate is refused before it starts, or null: past the plan's largest
 * export, or past the storage the user has left.
 */
export function exportOutputRefusal(tier: string | null | undefined, estimateBytes: number, roomBytes: number): string | null {
  const plan = normaliseTier(tier);
  const about = describeSizeEstimate(estimateBytes);
  if (estimateBytes > MAX_EXPORT_BYTES[plan]) {
    return `This export would be ${about}, more than the ${formatStorageSize(MAX_EXPORT_BYTES[plan])} one export may be on the ${plan} plan. ${OUTPUT_LIMIT_SUGGESTION}`;
  }
  if (estimateBytes > roomBytes) {
    return `This export would be ${about}, more than the ${formatStorageSize(Math.max(0, roomBytes))} left of your storage. ${OUTPUT_LIMIT_SUGGESTION}`;
  }
  return null;
}

/**
 * The estimate of an export's file from the source's metadata and its file's bytes (a still is one
 * frame): the same figure the export menu shows for it.
 */
export function exportEstimate(
  format: AnyExportFormat,
  output: FrameSize,
  metadata: { durationSeconds?: number | null; frameRate?: number | null; audioCodec?: string | null; width?: number; height?: number; videoCodec?: string | null; detailBitsPerPixel?: number | null },
  sourceBytes: number | null = null,
): number {
  const source: ExportSizeSource = {
    durationSeconds: metadata.durationSeconds ?? null,
    frameRate: metadata.frameRate ?? null,
    hasAudio: !!metadata.audioCodec,
    sourceBytes,
    sourceSize: metadata.width && metadata.height ? { width: metadata.width, height: metadata.height } : null,
    sourceCodec: metadata.videoCodec ?? null,
    detailBitsPerPixel: metadata.detailBitsPerPixel ?? null,
  };
  return estimateExportBytes(format, output, source);
}
