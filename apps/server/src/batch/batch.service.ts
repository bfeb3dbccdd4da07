import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  BATCH_MESSAGES,
  batchProcessingMessage,
  batchSaveFailedMessage,
  hasBatchAccess,
  knownSettings,
  MAX_BATCH_FILES,
  ProcessVideoRequest,
  type CreateBatchRequest,
  type BatchFile,
  type BatchFileStatus,
  type BatchSessionStatus,
  type BatchSession,
  type ColorSettings,
  type CreateBatchResponse,
  type ExportBatchRequest,
  type UpdateBatchGradeRequest,
} from '@cinegrade/contract';
import type { z } from 'zod';
import type { ProfileRepository } from '../account/profile.repository';
import { workingOriginalKey, type AssetRepository, type AssetRow } from '../assets/asset.repository';
import type { AssetService } from '../assets/asset.service';
import type { EventBus } from '../events/event-bus';
import { gradeOfRequest, type ExportService } from '../exports/export.service';
import { forbidden, HttpError, invalidField, notFound } from '../http/http-error';
import type { JobQueue } from '../jobs/job-queue';
import type { Logger } from '../platform/logger';
import type { FileSigner } from '../storage/signed-urls';
import type { Storage } from '../storage/storage';
import { BatchFilesChangedError, type BatchFileRow, type BatchRepository, type BatchSessionRow } from './batch.repository';
import { safeZipName, zipStream } from './batch-zip';

/** Files of one user's batches that may be rendering or queued at once; more answer 429. */
export const MAX_RENDERING_BATCH_FILES = 2 * MAX_BATCH_FILES;

/** A file whose render was never recorded as started (its process died in between) is called failed after this. */
const UNSTARTED_AFTER_MS = 5 * 60 * 1000;

const BUSY_RETRY_AFTER_SECONDS = 60;

/** A file's status, and for a completed one why a later render of it was refused (if it was). */
interface FileState {
  status: BatchFileStatus;
  progress: number;
  error: string | null;
  rerenderRefused?: string | null;
}

interface BatchSettings {
  outputFormat: z.output<typeof CreateBatchRequest>['outputFormat'];
  quality: z.output<typeof ProcessVideoRequest>['quality'];
  colorSettings: ColorSettings;
}

/**
 * What the ZIP holds of a file: its current render once that succeeded, else the completed render
 * kept while a newer one renders or after it failed (docs/product-rules.md, 'Batch'); null without one.
 */
function completedRender(file: BatchFileRow): { key: string; name: string } | null {
  if (file.export_status === 'succeeded' && file.output_key && file.download_name) return { key: file.output_key, name: file.download_name };
  if (file.kept_output_key && file.kept_download_name) return { key: file.kept_output_key, name: file.kept_download_name };
  return null;
}

/** JSON with every object's keys in order, so two equal grades read back from the database compare equal. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * The file's saved grade (what its card shows) differs from the grade of its current render: it
 * was edited (Apply to Selected / Apply to All) since. False when it has no render to compare.
 */
export function renderOutdated(file: Pick<BatchFileRow, 'export_id' | 'export_lut' | 'export_color_settings' | 'selected_lut' | 'color_settings'>): boolean {
  if (file.export_id === null || file.export_color_settings === null) return false;
  if (file.export_lut !== file.selected_lut) return true;
  return canonical(knownSettings(file.export_color_settings as ColorSettings)) !== canonical(knownSettings(file.color_settings as ColorSettings));
}

/** 'Batch {date} {time}', in UTC: "Batch 11/25/2026 8:15:30 PM". */
export function batchSessionName(at: Date): string {
  const date = at.toLocaleDateString('en-US', { timeZone: 'UTC' });
  const time = at.toLocaleTimeString('en-US', { timeZone: 'UTC' });
  return `Batch ${date} ${time}`;
}

/** The spec's words for a failed save, by PostgreSQL error class (check, foreign key, not-null). */
export function batchSaveError(error: unknown): HttpError {
  const code = (error as { code?: string }).code;
  if (code === '23514') return new HttpError(409, 'conflict', BATCH_MESSAGES.constraintError);
  if (code === '23503') return new HttpError(409, 'conflict', BATCH_MESSAGES.relationshipError);
  if (code === '23502') return new HttpError(409, 'conflict', BATCH_MESSAGES.missingData);
  if (error instanceof BatchFilesChangedError || code === '23505') return new HttpError(409, 'conflict', batchSaveFailedMessage('a file is already in another batch or was deleted'));
  const message = error instanceof Error && error.message ? error.message : BATCH_MESSAGES.saveFailed;
  return new HttpError(500, 'internal', batchSaveFailedMessage(message));
}

/**
 * Batch grading (docs/product-rules.md, 'Batch'): sessions of uploaded videos, each file rendered by
 * the ordinary export (same grade, same renderer), in the queue's fair turns. Every call is refused
 * first, before anything is read or written, unless the tier is exactly Premium or Enterprise.
 */
export class BatchService {
  constructor(
    private readonly batches: BatchRepository,
    private readonly assetRows: AssetRepository,
    private readonly assets: AssetService,
    private readonly exports: ExportService,
    private readonly profiles: ProfileRepository,
    private readonly jobs: JobQueue,
    private readonly signer: FileSigner,
    private readonly storage: Storage,
    private readonly events: EventBus,
    private readonly logger: Logger,
  ) {}

  /** The tier gate of every batch call: 403 with the premium message. */
  async gate(userId: string): Promise<void> {
    if (!hasBatchAccess((await this.profiles.subscription(userId)).tier)) throw forbidden(BATCH_MESSAGES.premiumOnly);
  }

  async create(userId: string, body: z.output<typeof CreateBatchRequest>): Promise<CreateBatchResponse> {
    if (body.assetIds.length === 0) throw invalidField('assetIds', BATCH_MESSAGES.noFilesSelected);
    const rows: AssetRow[] = [];
    for (const id of body.assetIds) {
      const row = await this.assetRows.get(userId, id);
      if (!row) throw notFound('No such asset.');
      rows.push(row);
    }
    const videos = rows.filter((row) => row.media_file_type === 'video');
    const skipped = rows.filter((row) => row.media_file_type !== 'video').map((row) => ({ assetId: row.id, fileName: row.media_file_name }));
    if (videos.length === 0) throw invalidField('assetIds', BATCH_MESSAGES.noVideoFiles);
    const inBatch = videos.find((row) => row.batch_session_id !== null);
    if (inBatch) throw new HttpError(409, 'conflict', `${inBatch.media_file_name} is already in a batch.`);
    const grade = { selected_lut: body.selectedLUT, color_settings: body.colorSettings };
    gradeOfRequest(grade.selected_lut, grade.color_settings);
    // Every refusal an export could give (format, size, look, this server's ffmpeg) before anything is written.
    // Not the storage quota: the files were uploaded for this batch, so each is kept in it, failed
    // with the reason and Retry, rather than left out (uploading them again would be refused too).
    await this.checkFiles(userId, videos.map((row) => ({ assetId: row.id, fileName: row.media_file_name, grade })), body);
    await this.checkRenderingRoom(userId, videos.length, 'start this batch');
    const settings: BatchSettings = { outputFormat: body.outputFormat, quality: body.quality, colorSettings: body.colorSettings };
    let session: BatchSessionRow;
    try {
      session = await this.batches.createWithFiles(userId, {
        id: crypto.randomUUID(),
        name: batchSessionName(new Date()),
        selected_lut: body.selectedLUT,
        settings: { ...settings },
        assetIds: videos.map((row) => row.id),
        grade,
      });
    } catch (error) {
      this.logger.warn('Batch session not saved', { userId, error });
      throw batchSaveError(error);
    }
    this.logger.info('Batch started', { userId, batchId: session.id, files: videos.length, skipped: skipped.length });
    for (const row of videos) await this.startFile(userId, session, row.id, grade);
    await this.assetsChanged(userId, videos.map((row) => row.id));
    return { session: await this.view(userId, session), skipped, message: batchProcessingMessage(videos.length, skipped.length) };
  }

  async get(userId: string, id: string): Promise<BatchSession> {
    return this.view(userId, await this.session(userId, id));
  }

  /**
   * The library: sessions in a status (completed by default), newest first. Processing sessions
   * whose files have all finished are settled first, so they move to completed or failed.
   */
  async list(userId: string, status: BatchSessionStatus = 'completed'): Promise<BatchSession[]> {
    const processing: BatchSession[] = [];
    for (const session of await this.batches.list(userId, 'processing')) {
      const view = await this.view(userId, session);
      if (view.status === 'processing') processing.push(view);
    }
    if (status === 'processing') return processing;
    const views: BatchSession[] = [];
    for (const session of await this.batches.list(userId, status)) views.push(await this.view(userId, session));
    return views;
  }

  async retry(userId: string, id: string, assetId: string): Promise<BatchSession> {
    const session = await this.session(userId, id);
    const files = await this.batches.files(userId, session.id);
    const file = files.find((f) => f.asset_id === assetId);
    if (!file) throw notFound('No such file in this batch.');
    const status = await this.fileStatus(userId, session, file);
    if (status.status !== 'error' && status.status !== 'rate_limited') throw new HttpError(409, 'conflict', 'Only a file that failed can be retried.');
    await this.checkRenderingRoom(userId, 1, 'retry this file');
    await this.batches.reopenIfFailed(userId, session.id);
    await this.startFile(userId, session, assetId, { selected_lut: file.selected_lut, color_settings: file.color_settings as ColorSettings });
    return this.get(userId, id);
  }

  /** Apply to Selected / Apply to All: the grade saved on those files (validated as any saved grade). */
  async updateGrade(userId: string, id: string, body: z.output<typeof UpdateBatchGradeRequest>): Promise<BatchSession> {
    const session = await this.session(userId, id);
    const ids = this.selected(await this.batches.files(userId, session.id), body.assetIds, BATCH_MESSAGES.selectFilesToApply);
    await this.assets.applyGrade(userId, ids, { selected_lut: body.selectedLUT, color_settings: body.colorSettings });
    return this.view(userId, session);
  }

  /**
   * Export Batch: the selected files (or all) rendered again with their saved grades, and with
   * them every other file of the session whose grade was edited since its render, so no render of
   * an earlier grade is left standing for a card that shows a newer one (docs/product-rules.md, 'Batch').
   */
  async exportFiles(userId: string, id: string, body: z.output<typeof ExportBatchRequest>): Promise<BatchSession> {
    let session = await this.session(userId, id);
    const files = await this.batches.files(userId, session.id);
    const ids = new Set(this.selected(files, body.assetIds, BATCH_MESSAGES.selectFilesToExport));
    const chosen = files.filter((f) => ids.has(f.asset_id) || renderOutdated(f));
    const current = session.settings as unknown as BatchSettings;
    const settings: BatchSettings = { ...current, outputFormat: body.outputFormat ?? current.outputFormat, quality: body.quality ?? current.quality };
    const changed = settings.outputFormat !== current.outputFormat || settings.quality !== current.quality;
    // A new format or size is checked for every chosen file as its export would be (the plan's caps, the
    // codec's largest frame) before anything changes. A file refused whatever the format and size (its
    // imported LUT deleted, say) is left to be refused on its own, keeping a completed render it has.
    if (changed) {
      const asked = chosen.map((f) => ({ assetId: f.asset_id, fileName: f.media_file_name, grade: { selected_lut: f.selected_lut, color_settings: f.color_settings as ColorSettings } }));
      await this.checkFiles(userId, asked, settings, current);
    }
    // Storage at the quota is the person's, not a file's: one 413 for the whole request, before
    // anything is written, rather than the same reason on every file (docs/product-rules.md, 'Batch').
    await this.exports.checkStorage(userId);
    for (const file of chosen) {
      if ((await this.fileStatus(userId, session, file)).status === 'processing') throw new HttpError(409, 'conflict', `${file.media_file_name} is still rendering. Wait for it to finish, then export again.`);
    }
    await this.checkRenderingRoom(userId, chosen.length, 'export again');
    if (changed) session = (await this.batches.updateSettings(userId, session.id, { ...settings })) ?? session;
    await this.batches.reopenIfFailed(userId, session.id);
    for (const file of chosen) await this.startFile(userId, session, file.asset_id, { selected_lut: file.selected_lut, color_settings: file.color_settings as ColorSettings });
    return this.get(userId, id);
  }

  async delete(userId: string, id: string): Promise<void> {
    const assetIds = await this.batches.deleteWithFiles(userId, id);
    if (!assetIds) throw notFound('No such batch.');
    await this.jobs.send('storage.delete', { reason: `batch ${id} deleted` });
    this.logger.info('Batch deleted', { userId, batchId: id, files: assetIds.length });
    await this.assetsChanged(userId, assetIds);
  }

  /**
   * The ZIP of a session's completed files, in order, read from storage as it is sent; its name is
   * the session's. 409 when no file has completed.
   */
  async download(userId: string, id: string): Promise<{ name: string; zip: Readable }> {
    const session = await this.session(userId, id);
    const renders = (await this.batches.files(userId, session.id)).map(completedRender).filter((render) => render !== null);
    if (renders.length === 0) throw new HttpError(409, 'conflict', BATCH_MESSAGES.noCompletedFiles);
    return { name: safeZipName(`${session.name}.zip`), zip: zipStream(this.storage, renders) };
  }

  private async session(userId: string, id: string): Promise<BatchSessionRow> {
    const session = await this.batches.get(userId, id);
    if (!session) throw notFound('No such batch.');
    return session;
  }

  /**
   * The limit on a user's batch files queued or rendering at once, across all their sessions
   * (docs/product-rules.md, 'Batch'): counted from the exports really queued or rendering, before
   * anything is written; going over it answers 429 with Retry-After.
   */
  private async checkRenderingRoom(userId: string, adding: number, then: string): Promise<void> {
    const rendering = await this.batches.countRendering(userId);
    if (rendering + adding <= MAX_RENDERING_BATCH_FILES) return;
    throw new HttpError(429, 'rate_limited', `You have ${rendering} batch files still rendering. Wait for some to finish, then ${then} (at most ${MAX_RENDERING_BATCH_FILES} at once).`, {
      retryAfter: BUSY_RETRY_AFTER_SECONDS,
    });
  }

  /**
   * Every refusal an export of each file could give, before anything is written; the refusal names
   * the file. With `unlessAlsoUnder`, a file refused under those settings too is not held against
   * the new ones (its refusal is not theirs).
   */
  private async checkFiles(
    userId: string,
    files: { assetId: string; fileName: string; grade: { selected_lut: string | null; color_settings: ColorSettings } }[],
    settings: Pick<BatchSettings, 'outputFormat' | 'quality'>,
    unlessAlsoUnder?: Pick<BatchSettings, 'outputFormat' | 'quality'>,
  ): Promise<void> {
    for (const file of files) {
      try {
        await this.exports.check(userId, this.exportRequest(file.assetId, file.grade, settings));
      } catch (error) {
        if (unlessAlsoUnder && (await this.exports.check(userId, this.exportRequest(file.assetId, file.grade, unlessAlsoUnder)).then(() => false, () => true))) continue;
        if (error instanceof HttpError) throw new HttpError(error.status, error.code, `${file.fileName}: ${error.message}`, error.extra);
        throw error;
      }
    }
  }

  private selected(files: BatchFileRow[], assetIds: string[] | undefined, emptyMessage: string): string[] {
    if (assetIds === undefined) return files.map((f) => f.asset_id);
    if (assetIds.length === 0) throw invalidField('assetIds', emptyMessage);
    const inBatch = new Set(files.map((f) => f.asset_id));
    const missing = assetIds.find((assetId) => !inBatch.has(assetId));
    if (missing) throw notFound('No such file in this batch.');
    return assetIds;
  }

  private exportRequest(assetId: string, grade: { selected_lut: string | null; color_settings: ColorSettings }, settings: Pick<BatchSettings, 'outputFormat' | 'quality'>) {
    return ProcessVideoRequest.parse({ assetId, selectedLUT: grade.selected_lut, colorSettings: grade.color_settings, outputFormat: settings.outputFormat, quality: settings.quality });
  }

  /**
   * Queues the file's render through the ordinary export; a refusal (a plan changed, a LUT deleted,
   * the file gone, the storage quota reached) is kept on the file as its reason: a file without a
   * completed render is then in error, with Retry; one with a completed render keeps it.
   */
  private async startFile(userId: string, session: BatchSessionRow, assetId: string, grade: { selected_lut: string | null; color_settings: ColorSettings }): Promise<void> {
    const settings = session.settings as unknown as BatchSettings;
    try {
      const started = await this.exports.start(userId, this.exportRequest(assetId, grade, settings), { batch: true });
      await this.batches.setExport(userId, assetId, started.predictionId);
    } catch (error) {
      const known = error instanceof HttpError;
      if (!known) this.logger.error('A batch file could not be started', { userId, batchId: session.id, assetId, error });
      await this.batches.setError(userId, assetId, known ? error.message : 'The file could not be started. Retry it.', known && error.status === 429);
    }
  }

  /**
   * Where one file stands; an export that lost its job is healed by reading its status. A completed
   * file carrying a reason had a later render refused (its completed render was kept).
   */
  private async fileStatus(userId: string, session: BatchSessionRow, file: BatchFileRow): Promise<FileState> {
    if (file.export_id === null || file.export_status === null) {
      if (file.error !== null) return { status: file.rate_limited ? 'rate_limited' : 'error', progress: 0, error: file.error };
      if (Date.now() - new Date(session.created_at).getTime() > UNSTARTED_AFTER_MS) return { status: 'error', progress: 0, error: 'The file was not started. Retry it.' };
      return { status: 'processing', progress: 0, error: null };
    }
    let status = file.export_status;
    let progress = file.export_progress ?? 0;
    let error = file.export_error;
    if ((status === 'queued' || status === 'processing') && file.export_job_id) {
      const current = await this.exports.status(userId, file.export_id);
      status = current.status === 'starting' ? 'queued' : current.status;
      progress = current.progress;
      error = current.error;
    }
    if (status === 'succeeded') return { status: 'completed', progress: 100, error: null, rerenderRefused: file.error };
    if (status === 'failed' || status === 'canceled') return { status: 'error', progress, error: error ?? 'The render failed.' };
    return { status: 'processing', progress, error: null };
  }

  /** The session as the API shows it; a processing session whose files have all finished is settled now. */
  private async view(userId: string, row: BatchSessionRow): Promise<BatchSession> {
    let session = row;
    const fileRows = await this.batches.files(userId, session.id);
    const sign = (key: string | null, downloadName?: string) => (key ? this.signer.url({ key, userId, downloadName }) : null);
    const files: BatchFile[] = [];
    for (const file of fileRows) {
      const state = await this.fileStatus(userId, session, file);
      const metadata = file.metadata as { container?: string; durationSeconds?: number | null } | null;
      files.push({
        assetId: file.asset_id,
        fileName: file.media_file_name,
        status: state.status,
        progress: state.progress,
        canRetry: state.status === 'error' || state.status === 'rate_limited',
        error: state.error,
        rerenderRefused: state.rerenderRefused ?? null,
        format: metadata?.container ?? file.media_file_name.split('.').pop() ?? 'video',
        fileSize: file.size_bytes,
        duration: metadata?.durationSeconds ?? null,
        originalThumbnail: sign(file.thumbnail_path),
        originalUrl: sign(file.needs_proxy ? file.proxy_path : workingOriginalKey(file)),
        downloadUrl: state.status === 'completed' ? sign(file.output_key, file.download_name ?? undefined) : null,
        outputName: state.status === 'completed' ? file.download_name : null,
        keptDownloadUrl: state.status === 'completed' ? null : sign(file.kept_output_key, file.kept_download_name ?? undefined),
        keptOutputName: state.status === 'completed' ? null : file.kept_download_name,
        renderOutdated: renderOutdated(file),
        predictionId: file.export_id,
        appliedLUT: file.selected_lut,
        colorSettings: file.color_settings as ColorSettings,
      });
    }
    const completed = files.filter((f) => f.status === 'completed').length;
    const failed = files.filter((f) => f.status === 'error' || f.status === 'rate_limited').length;
    if (session.status === 'processing' && files.length > 0 && completed + failed === files.length) {
      // A file whose newer render failed still has its kept render: the session has something to show.
      const succeeded = completed > 0 || files.some((f) => f.keptDownloadUrl !== null);
      session = (await this.batches.finish(userId, session.id, succeeded ? 'completed' : 'failed')) ?? session;
    }
    const settings = session.settings as unknown as BatchSettings;
    const thumbnail = fileRows.find((f) => f.asset_id === session.thumbnail_asset_id) ?? fileRows[0];
    return {
      id: session.id,
      name: session.name,
      status: session.status,
      file_count: files.length,
      completed_count: completed,
      failed_count: failed,
      progress: files.length === 0 ? 0 : Math.round((files.reduce((sum, f) => sum + f.progress, 0) / files.length) * 10) / 10,
      selected_lut: session.selected_lut,
      settings: { outputFormat: settings.outputFormat, quality: settings.quality, colorSettings: settings.colorSettings },
      thumbnail_url: sign(thumbnail?.thumbnail_path ?? null),
      created_at: new Date(session.created_at).toISOString(),
      completed_at: session.completed_at ? new Date(session.completed_at).toISOString() : null,
      files,
    };
  }

  private async assetsChanged(userId: string, assetIds: string[]): Promise<void> {
    for (const assetId of assetIds) {
      await this.events.publish(userId, { type: 'assets-changed', assetId }).catch((error: unknown) => this.logger.warn('Live update not sent', { error }));
    }
  }
}
