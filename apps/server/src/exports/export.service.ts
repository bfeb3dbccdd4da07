import crypto from 'node:crypto';
import type { Grade } from '@cinegrade/color';
import {
  enhancementRefusal,
  EXPORT_MESSAGES,
  exportEstimate,
  exportFormatInfo,
  exportFrameRefusal,
  exportOutputRefusal,
  gradeFromSavedGrade,
  knownSettings,
  isStillFormat,
  MAX_ACTIVE_EXPORTS_PER_USER,
  savedGradeField,
  type AnyExportFormat,
  type ColorSettings,
  type ExportSize,
  type LiveEvent,
  type MediaMetadata,
  type PredictionStatus,
  type ProcessingResult,
  type ProcessVideoRequest,
} from '@cinegrade/contract';
import type { z } from 'zod';
import type { AssetRepository, AssetRow } from '../assets/asset.repository';
import type { ExportStatus } from '../db/schema';
import type { EventBus } from '../events/event-bus';
import { forbidden, HttpError, invalidField, notFound } from '../http/http-error';
import type { JobQueue } from '../jobs/job-queue';
import type { Logger } from '../platform/logger';
import { derivedKey } from '../storage/keys';
import type { FileSigner } from '../storage/signed-urls';
import type { StorageQuota } from '../uploads/storage-quota';
import { exportTimeoutMs, planExportFrame } from './export-args';
import { exportDownloadName } from './export-names';
import type { ExportPolicy } from './export-policy';
import type { ExportRepository, ExportRow } from './export.repository';

const API_STATUS: Record<ExportStatus, PredictionStatus> = { queued: 'starting', processing: 'processing', succeeded: 'succeeded', failed: 'failed', canceled: 'canceled' };

/** Queue expiry beyond the render's own wall-clock limit (pg-boss allows under 24 hours in all). */
export const EXPIRY_MARGIN_SECONDS = 30 * 60;
const BUSY_RETRY_AFTER_SECONDS = 30;

export type AssetMetadata = MediaMetadata & { demuxer: string };

/** The grade of a saved form, or a 400 naming the request's field. */
export function gradeOfRequest(selectedLut: string | null, colorSettings: ColorSettings): Grade {
  const parsed = gradeFromSavedGrade({ selected_lut: selectedLut, color_settings: colorSettings });
  if (parsed.ok) return parsed.grade;
  throw invalidField(savedGradeField(parsed.field, { look: 'selectedLUT', settings: 'colorSettings' }), parsed.message);
}

/** What ExportService.check found: an export that may be made, and how. */
export interface CheckedExport {
  asset: AssetRow;
  metadata: AssetMetadata;
  grade: Grade;
  plan: ReturnType<typeof planExportFrame>;
  customLookName: string | null;
}

export function exportEvent(row: ExportRow): LiveEvent {
  return { type: 'export-progress', predictionId: row.id, assetId: row.asset_id, status: API_STATUS[row.status], progress: row.progress };
}

/**
 * The rules of exporting (docs/product-rules.md, 'Export'): what may be exported by whom, in
 * which format and size. Everything is decided before a row or a job exists, so a refusal leaves
 * nothing behind. The render itself is ExportRenderer's.
 */
export class ExportService {
  constructor(
    private readonly exports: ExportRepository,
    private readonly assets: AssetRepository,
    private readonly policy: ExportPolicy,
    private readonly quota: Pick<StorageQuota, 'checkExport' | 'room'>,
    private readonly jobs: JobQueue,
    private readonly signer: FileSigner,
    private readonly events: EventBus,
    private readonly logger: Logger,
    /** Refuses new renders while the server's disk is below its floor (null: never). */
    private readonly disk: { refusal(): Promise<string | null> } | null = null,
  ) {}

  /**
   * `batch`: one file of a batch (docs/product-rules.md, 'Batch'). It does not count toward the
   * user's running single exports; its turn is kept fair by the queue instead.
   */
  async start(userId: string, request: z.output<typeof ProcessVideoRequest>, options: { batch?: boolean } = {}): Promise<ProcessingResult> {
    const { asset, metadata, grade, plan, customLookName } = await this.check(userId, request);
    await this.checkStorage(userId);
    const lowDisk = await this.disk?.refusal();
    if (lowDisk) throw new HttpError(503, 'unavailable', lowDisk);
    const format = request.outputFormat;
    if (!options.batch && (await this.exports.countActive(userId)) >= MAX_ACTIVE_EXPORTS_PER_USER) {
      throw new HttpError(429, 'rate_limited', `You have ${MAX_ACTIVE_EXPORTS_PER_USER} exports running. Wait for one to finish, then export again.`, {
        retryAfter: BUSY_RETRY_AFTER_SECONDS,
      });
    }
    const row = await this.insert(userId, asset, request, grade, plan.output, customLookName);
    await this.queue(userId, row, metadata, request);
    this.logger.info('Export queued', { userId, exportId: row.id, assetId: asset.id, format, quality: request.quality, batch: options.batch === true });
    await this.publish(userId, row);
    return this.toResult(row);
  }

  /**
   * Everything start() decides before a row exists: the asset is the user's and exportable, the
   * format suits it, the grade is valid and allowed for the plan, the frame fits. Throws the refusal.
   */
  async check(userId: string, request: z.output<typeof ProcessVideoRequest>): Promise<CheckedExport> {
    const enhancement = enhancementRefusal(request);
    if (enhancement) throw new HttpError(403, 'forbidden', enhancement.message, { field: enhancement.field });
    const asset = await this.assets.get(userId, request.assetId);
    if (!asset) throw notFound('No such asset.');
    const metadata = this.exportableMetadata(asset);
    const format = request.outputFormat;
    this.checkFormat(asset, format, request.codec);
    const grade = gradeOfRequest(request.selectedLUT, request.colorSettings);
    const verdict = await this.policy.check(userId, { format, quality: request.quality, grade, metadata });
    if (!verdict.allowed) {
      // This server's ffmpeg cannot render it (503: nothing the user can change), or their plan or library does not allow it (403).
      throw verdict.refusal.kind === 'server' ? new HttpError(503, 'unavailable', verdict.refusal.message) : forbidden(verdict.refusal.message);
    }
    const { customLookName } = verdict;
    const plan = planExportFrame(metadata, request.quality, format);
    const frameRefusal = exportFrameRefusal(format, request.quality, plan.output);
    if (frameRefusal) throw invalidField('outputFormat', frameRefusal);
    // The file it will write, estimated, against the plan's largest export and the storage left:
    // refused before anything is written (the render is watched against the same, see ExportRenderer).
    // A user already at the quota gets the quota's own refusal (checkStorage).
    const { tier, roomBytes } = await this.quota.room(userId);
    const outputRefusal = exportOutputRefusal(tier, exportEstimate(format, plan.output, metadata, asset.size_bytes), roomBytes > 0 ? roomBytes : Number.POSITIVE_INFINITY);
    if (outputRefusal) throw new HttpError(413, 'quota_exceeded', outputRefusal);
    return { asset, metadata, grade, plan, customLookName };
  }

  /**
   * 413 while the user's storage use is at or above their plan's quota (docs/product-rules.md,
   * 'Limits'): one sum over their rows, before any row or job exists.
   */
  async checkStorage(userId: string): Promise<void> {
    const refusal = await this.quota.checkExport(userId);
    if (refusal) throw new HttpError(refusal.status, refusal.code, refusal.message);
  }

  private async queue(userId: string, row: ExportRow, metadata: AssetMetadata, request: z.output<typeof ProcessVideoRequest>): Promise<void> {
    const format = request.outputFormat;
    const timeoutSeconds = Math.ceil(exportTimeoutMs(metadata, format, request.quality) / 1000);
    try {
      const jobId = await this.jobs.send('export.render', { exportId: row.id, userId }, { singletonKey: row.id, expireInSeconds: timeoutSeconds + EXPIRY_MARGIN_SECONDS, fairFor: userId });
      if (jobId) await this.exports.setJob(userId, row.id, jobId);
    } catch (error) {
      await this.exports.remove(userId, row.id);
      throw error;
    }
  }

  async status(userId: string, predictionId: string): Promise<ProcessingResult> {
    let row = await this.exports.get(userId, predictionId);
    if (!row) throw notFound('No such export.');
    if ((row.status === 'queued' || row.status === 'processing') && row.job_id) row = await this.healLostJob(userId, row, row.job_id);
    return this.toResult(row);
  }

  async cancel(userId: string, predictionId: string): Promise<ProcessingResult> {
    const row = await this.exports.get(userId, predictionId);
    if (!row) throw notFound('No such export.');
    const cancelled = await this.exports.updateIfActive(userId, row.id, { status: 'canceled', finished_at: new Date(), error: 'The export was cancelled.' });
    if (!cancelled) return this.toResult(row);
    // A queued job is taken off the queue; a running one is stopped by its worker, which sees the row.
    if (row.job_id) await this.jobs.cancel('export.render', row.job_id).catch((error: unknown) => this.logger.debug('Export job not cancelled in the queue', { error }));
    this.logger.info('Export cancelled', { userId, exportId: row.id });
    await this.publish(userId, cancelled);
    return this.toResult(cancelled);
  }

  toResult(row: ExportRow): ProcessingResult {
    const downloadUrl = row.status === 'succeeded' ? this.signer.url({ key: row.output_key, userId: row.user_id, downloadName: row.download_name }) : null;
    return {
      predictionId: row.id,
      status: API_STATUS[row.status],
      progress: row.progress,
      downloadUrl,
      output: downloadUrl,
      error: row.error,
      suggestion: row.suggestion,
      retryAfter: null,
      assetId: row.asset_id,
      outputFormat: row.output_format as AnyExportFormat,
      quality: row.quality as ExportSize,
      width: row.width,
      height: row.height,
      fileName: row.download_name,
    };
  }

  async publish(userId: string, row: ExportRow): Promise<void> {
    await this.events.publish(userId, exportEvent(row)).catch((error: unknown) => this.logger.warn('Export live update not sent', { exportId: row.id, status: row.status, error }));
  }

  private exportableMetadata(asset: AssetRow): AssetMetadata {
    const metadata = asset.metadata as AssetMetadata | null;
    if (!asset.media_file_path || !metadata) throw new HttpError(409, 'conflict', `${EXPORT_MESSAGES.noMediaFile}: this asset needs to be re-uploaded.`);
    if (asset.processing_status === 'failed') {
      throw new HttpError(409, 'conflict', `This file could not be prepared${asset.processing_error ? ` (${asset.processing_error})` : ''}, so it cannot be exported. Upload it again.`);
    }
    return metadata;
  }

  private checkFormat(asset: AssetRow, format: AnyExportFormat, codec: string | undefined): void {
    if (asset.media_file_type === 'image' && !isStillFormat(format)) throw invalidField('outputFormat', 'A still exports as JPEG, PNG or TIFF.');
    if (asset.media_file_type === 'video' && isStillFormat(format)) throw invalidField('outputFormat', 'A video exports as MP4, WebM, MOV or AVI.');
    const info = exportFormatInfo(format);
    if (codec !== undefined && codec.toLowerCase() !== info.codecId) {
      throw invalidField('codec', `${info.label} is encoded as ${info.codec} (codec "${info.codecId}"), not "${codec}".`);
    }
  }

  private async insert(
    userId: string,
    asset: AssetRow,
    request: z.output<typeof ProcessVideoRequest>,
    grade: Grade,
    size: { width: number; height: number },
    customLookName: string | null,
  ): Promise<ExportRow> {
    const id = crypto.randomUUID();
    try {
      return await this.exports.insert({
        id,
        user_id: userId,
        asset_id: asset.id,
        output_format: request.outputFormat,
        quality: request.quality,
        selected_lut: request.selectedLUT,
        color_settings: JSON.stringify(knownSettings(request.colorSettings)),
        width: size.width,
        height: size.height,
        deinterlace: asset.deinterlace,
        output_key: derivedKey(asset.media_file_path ?? '', `export-${id}`, exportFormatInfo(request.outputFormat).extension),
        download_name: exportDownloadName(asset.name, grade, request.outputFormat, customLookName),
      });
    } catch (error) {
      // The asset was deleted between the check and the insert (foreign key violation).
      if ((error as { code?: string }).code === '23503') throw notFound('No such asset.');
      throw error;
    }
  }

  /**
   * A job that ended without finishing its row (its last retry died with its worker, or it was
   * dropped; for a split export, the last of its segment and join jobs) would leave the export "processing" forever: the queue's word is taken instead.
   */
  private async healLostJob(userId: string, row: ExportRow, jobId: string): Promise<ExportRow> {
    const state = await this.jobs.state('export.render', jobId);
    if (state !== 'failed' && state !== 'completed' && state !== 'cancelled') return row;
    // A split export's first job ends once its segments are queued; they and the join carry it on.
    if (state === 'completed' && (await this.jobs.countUnfinished(['export.render-segment', 'export.join'], 'exportId', row.id)) > 0) return row;
    const failed = await this.exports.updateIfActive(userId, row.id, {
      status: 'failed',
      finished_at: new Date(),
      error: 'The export stopped unexpectedly and could not be completed.',
      suggestion: EXPORT_MESSAGES.genericSuggestion,
    });
    if (!failed) return (await this.exports.get(userId, row.id)) ?? row;
    this.logger.warn('An export lost its job and was marked failed', { exportId: row.id, jobState: state });
    // A split export's segments already rendered: nobody else will remove them.
    if ((await this.exports.queueSegmentFilesForDeletion(userId, row.id)) > 0) await this.jobs.send('storage.delete', { reason: 'segments of a lost export' });
    await this.publish(userId, failed);
    return failed;
  }
}
