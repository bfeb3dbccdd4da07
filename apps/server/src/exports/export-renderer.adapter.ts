import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bakeLut, cubeFromLut, cubeFromShaper, gradeLutSize, MissingCustomLutError, writeCube, type Grade } from '@cinegrade/color';
import {
  describeSizeEstimate,
  EXPORT_MESSAGES,
  exportEstimate,
  formatStorageSize,
  OUTPUT_LIMIT_SUGGESTION,
  outputBoundBytes,
  type AnyExportFormat,
  type ExportSize,
  type MediaMetadata,
} from '@cinegrade/contract';
import { workingOriginalKey, type AssetRepository } from '../assets/asset.repository';
import type { EventBus } from '../events/event-bus';
import type { JobQueue } from '../jobs/job-queue';
import type { JobContext, JobOutcome } from '../jobs/job-types';
import type { UserLutService } from '../luts/user-lut.service';
import { classifyFfmpegFailure, SERVER_FFMPEG_SUGGESTION, serverFfmpegMessage } from '../media/ffmpeg-failure';
import { FfmpegError, runTool } from '../media/ffmpeg-runner';
import type { InputSpec } from '../media/ffmpeg-args';
import type { MediaTools } from '../media/media-tools';
import type { Logger } from '../platform/logger';
import { recordProcess, stopRecordedProcess } from '../platform/work-folder';
import { derivedKey } from '../storage/keys';
import type { LocalCopy, Storage } from '../storage/storage';
import type { StorageQuota } from '../uploads/storage-quota';
import { concatList, exportArgs, exportTimeoutMs, joinArgs, type SegmentRange } from './export-args';
import type { ExportSegmentRepository } from './export-segment.repository';
import { planSegments, segmentRange, type SegmentPlan } from './export-segments';
import type { ExportPolicy } from './export-policy';
import type { ExportRepository, ExportRow } from './export.repository';
import { exportEvent, EXPIRY_MARGIN_SECONDS, gradeOfRequest, type AssetMetadata } from './export.service';

/** How often a running render writes its progress and looks for a cancellation. */
const PROGRESS_TICK_MS = 1000;

/** Beside a refusal found when the render starts: what changed since the export was asked for. */
const CHANGED_SINCE_QUEUED = 'Your plan or your imported LUTs changed after this export was queued. Choose a look and format your plan includes, then export again.';

class RenderStopped extends Error {}
class FileGone extends Error {}
class NothingDecoded extends Error {}

/** What the export renders: its original, format, quality and grade. */
interface RenderJob {
  originalKey: string;
  metadata: AssetMetadata;
  format: AnyExportFormat;
  quality: ExportSize;
  grade: Grade;
  /** The asset's deinterlace setting when the export was started. */
  deinterlace: boolean;
}

/** One run of ffmpeg work for an export, in its own folder (see inWorkFolder). */
interface Run {
  work: string;
  original: InputSpec;
  /** Runs ffmpeg; `seconds` of output make 100 % of this run's progress. */
  ffmpeg(args: string[], timeoutMs: number, seconds: number): Promise<void>;
  /** After ffmpeg: stops watching the export, and throws when it was cancelled meanwhile. */
  settle(): Promise<void>;
}

/** What splitting needs (docs/operations.md, 'Segmented exports'); without it every export is one job. */
export interface SegmentSplitting {
  jobs: Pick<JobQueue, 'send'>;
  segments: ExportSegmentRepository;
  /** EXPORT_SEGMENT_SECONDS: longer exports are split into segments of about this length; 0 never splits. */
  segmentSeconds: number;
}

/**
 * Job `export.render`: one export from the original file to its fixed storage key. A retry (the
 * worker died, the process stopped) starts again from the beginning and overwrites the same key,
 * so an export never has two outputs; its temporary folder is named after the export, so the retry
 * also clears what the dead run left (and stops its ffmpeg if it outlived its worker).
 */
export class ExportRenderer {
  constructor(
    private readonly exports: ExportRepository,
    private readonly assets: AssetRepository,
    private readonly userLuts: UserLutService,
    private readonly policy: ExportPolicy,
    private readonly storage: Storage,
    private readonly tools: MediaTools,
    private readonly events: EventBus,
    private readonly logger: Logger,
    private readonly workRoot: string = os.tmpdir(),
    private readonly split: SegmentSplitting | null = null,
    /** The owner's storage left, which a render's files may not pass (null: only the estimate's bound). */
    private readonly quota: Pick<StorageQuota, 'room'> | null = null,
  ) {}

  async render({ exportId, userId }: { exportId: string; userId: string }, context: JobContext): Promise<JobOutcome> {
    const row = await this.exports.startRun(userId, exportId);
    if (!row) return { status: 'skipped', reason: 'The export was cancelled, deleted or already finished.' };
    await this.publish(userId, row);
    const job = await this.loadJob(row);
    if ('status' in job) return job;
    const { format, quality, grade, metadata } = job;
    // The rules again, before any work: the plan may have been downgraded or the LUT deleted since
    // the export was queued, and this worker's ffmpeg may lack what the web process's had.
    const verdict = await this.policy.check(userId, { format, quality, grade, metadata });
    if (!verdict.allowed) {
      // This process's own ffmpeg lacking something needs an operator; a changed plan does not.
      this.logger[verdict.refusal.kind === 'server' ? 'error' : 'info']('Export refused when its render started', { exportId: row.id, reason: verdict.refusal.message });
      return this.fail(row, verdict.refusal.message, verdict.refusal.kind === 'server' ? SERVER_FFMPEG_SUGGESTION : CHANGED_SINCE_QUEUED);
    }
    const plan = this.split ? planSegments(metadata, format, this.split.segmentSeconds) : null;
    if (plan && this.split) return this.queueSegments(row, job, plan, this.split);

    return this.inWorkFolder(row, `cinegrade-export-${row.id}`, context, async (run) => {
      const outputPath = path.join(run.work, `output.${path.extname(row.output_key).slice(1)}`);
      await this.renderGraded(row, job, run, outputPath, undefined);
      await run.settle();
      return this.finish(row, outputPath);
    });
  }

  /**
   * Job `export.render-segment`: one segment of a split export, to its own stored file. A retry
   * renders only this segment again; the segment finishing last queues the join.
   */
  async renderSegment({ exportId, userId, part }: { exportId: string; userId: string; part: number }, context: JobContext): Promise<JobOutcome> {
    const split = this.split;
    const row = await this.exports.get(userId, exportId);
    const segment = split && row ? await split.segments.get(exportId, part) : undefined;
    if (!split || !row || row.status !== 'processing' || !segment) {
      if (split && row) await this.removeSegments(row);
      return { status: 'skipped', reason: 'The export was cancelled, deleted or already finished.' };
    }
    const job = await this.loadJob(row);
    if ('status' in job) return this.settledSplit(row, job);
    if (!segment.done) {
      await split.segments.startAttempt(exportId, part);
      const outcome = await this.inWorkFolder(
        row,
        `cinegrade-export-${row.id}-part-${part}`,
        context,
        async (run) => {
          const outputPath = path.join(run.work, `part.${path.extname(row.output_key).slice(1)}`);
          const range = segmentRange(segment, segment.to_end ? undefined : await split.segments.get(exportId, part + 1));
          await this.renderGraded(row, job, run, outputPath, { range, plannedSeconds: segment.frames / (job.metadata.frameRate ?? 1) });
          await run.settle();
          await this.storage.putFile(segment.file_key, outputPath, { move: true });
          await split.segments.markDone(exportId, part);
          // The export moves on by this segment's share (below 100 until the join has stored the file).
          const moved = await this.exports.updateIfActive(userId, exportId, { progress: Math.min(99.9, await split.segments.setProgress(exportId, part, 100)) });
          if (moved) await this.publish(userId, moved);
          return { status: 'success' };
        },
        (progress) => split.segments.setProgress(exportId, part, progress),
      ).catch(async (error: unknown) => {
        // Retried, unless this last attempt has just failed the export: then its segments go.
        await this.settledSplit(row, { status: 'failed', reason: String(error) });
        throw error;
      });
      if (outcome.status !== 'success') return this.settledSplit(row, outcome);
    }
    // Cancelled or failed meanwhile: this segment's file (and those before it) go. Its own file is
    // deleted by name: another segment's job may have removed the rows while this one was storing it.
    if ((await this.exports.statusOf(userId, exportId)) !== 'processing') {
      await this.storage.delete(segment.file_key).catch((error: unknown) => this.logger.warn('Export segment file not deleted', { exportId, key: segment.file_key, error }));
      return this.settledSplit(row, { status: 'skipped', reason: 'The export was cancelled.' });
    }
    if (await split.segments.allDone(exportId)) {
      // Segments finishing at the same moment may each queue a join; the first to run claims the export.
      await split.jobs.send('export.join', { exportId, userId }, { expireInSeconds: this.expirySeconds(job.metadata, row), fairFor: userId });
    }
    return { status: 'success' };
  }

  /** Job `export.join`: the segments, in order, into the export's file by stream copy, with the original's audio encoded once. */
  async join({ exportId, userId }: { exportId: string; userId: string }, context: JobContext): Promise<JobOutcome> {
    const split = this.split;
    const row = await this.exports.get(userId, exportId);
    if (!split || !row) return { status: 'skipped', reason: 'The export was deleted.' };
    if (row.status !== 'processing') return this.settledSplit(row, { status: 'skipped', reason: 'The export was cancelled or already finished.' });
    if (!(await split.segments.claimJoin(userId, exportId, context.jobId))) return { status: 'skipped', reason: 'Another join job has this export.' };
    const job = await this.loadJob(row);
    if ('status' in job) return this.settledSplit(row, job);
    let outcome: JobOutcome;
    try {
      outcome = await this.inWorkFolder(row, `cinegrade-export-${row.id}-join`, context, async (run) => {
        const copies: LocalCopy[] = [];
        try {
          const segments = await split.segments.all(exportId);
          const list: { path: string; range: SegmentRange }[] = [];
          for (const [index, segment] of segments.entries()) {
            const copy = await this.storage.localCopy(segment.file_key);
            copies.push(copy);
            list.push({ path: copy.path, range: segmentRange(segment, segments[index + 1]) });
          }
          const listPath = path.join(run.work, 'segments.txt');
          await fs.promises.writeFile(listPath, concatList(list, job.format));
          const outputPath = path.join(run.work, `output.${path.extname(row.output_key).slice(1)}`);
          await run.ffmpeg(joinArgs({ original: run.original, listPath, format: job.format, outputPath }), exportTimeoutMs(job.metadata, job.format, job.quality), 0);
          await run.settle();
          // The segments go once the joined file is stored, before the export says it succeeded.
          return await this.finish(row, outputPath, async () => {
            for (const copy of copies.splice(0)) await copy.release();
            await this.removeSegments(row);
          });
        } finally {
          for (const copy of copies) await copy.release();
        }
      });
    } catch (error) {
      // Retried unless this was the last attempt; the segments are kept for the retry.
      if (context.finalAttempt) await this.removeSegments(row);
      throw error;
    }
    await this.removeSegments(row);
    return outcome;
  }

  /** The export's asset, format, quality and grade, or the outcome of an export whose file is gone. */
  private async loadJob(row: ExportRow): Promise<RenderJob | JobOutcome> {
    const asset = await this.assets.get(row.user_id, row.asset_id);
    const metadata = asset?.metadata as AssetMetadata | null | undefined;
    if (!asset?.media_file_path || !metadata) return this.fail(row, `${EXPORT_MESSAGES.noMediaFile}: the asset's file is gone.`, 'Upload the file again, then export it.');
    const grade = gradeOfRequest(row.selected_lut, row.color_settings as Record<string, string | number | null>);
    return { originalKey: workingOriginalKey(asset) ?? asset.media_file_path, metadata, format: row.output_format as AnyExportFormat, quality: row.quality as ExportSize, grade, deinterlace: row.deinterlace };
  }

  /**
   * Plans the segments and queues a job for each; the export's progress is theirs from now on. A
   * retry of this job (its worker died) queues only the segments whose job was not sent yet.
   */
  private async queueSegments(row: ExportRow, job: RenderJob, plan: SegmentPlan[], split: SegmentSplitting): Promise<JobOutcome> {
    const unsent = await split.segments.planOnce(row.id, plan, (part) => derivedKey(row.output_key, `part-${part}`, path.extname(row.output_key).slice(1)));
    for (const segment of unsent) {
      const metadata = { ...job.metadata, durationSeconds: segment.frames / (job.metadata.frameRate ?? 1) };
      await split.jobs.send('export.render-segment', { exportId: row.id, userId: row.user_id, part: segment.part }, { expireInSeconds: this.expirySeconds(metadata, row), fairFor: row.user_id });
      await split.segments.markQueued(row.id, segment.part);
    }
    this.logger.info('Export split into segments', { exportId: row.id, segments: plan.length, queuedNow: unsent.length });
    return { status: 'success' };
  }

  private expirySeconds(metadata: Pick<MediaMetadata, 'durationSeconds' | 'frameRate' | 'width' | 'height' | 'rotation' | 'orientation'>, row: ExportRow): number {
    return Math.ceil(exportTimeoutMs(metadata, row.output_format as AnyExportFormat, row.quality as ExportSize) / 1000) + EXPIRY_MARGIN_SECONDS;
  }

  /** A split export's job ended without success: once the export is no longer processing, its segments' files go. */
  private async settledSplit(row: ExportRow, outcome: JobOutcome): Promise<JobOutcome> {
    if ((await this.exports.statusOf(row.user_id, row.id)) !== 'processing') await this.removeSegments(row);
    return outcome;
  }

  /** Deletes a split export's segment files and rows (each delete succeeds when the file is already gone). */
  private async removeSegments(row: ExportRow): Promise<void> {
    if (!this.split) return;
    const segments = await this.split.segments.all(row.id);
    for (const segment of segments) await this.storage.delete(segment.file_key).catch((error: unknown) => this.logger.warn('Export segment file not deleted', { exportId: row.id, key: segment.file_key, error }));
    await this.split.segments.removeAll(row.id);
  }

  /** The export's ffmpeg command (exportArgs) from the original, for the whole export or one segment. */
  private async renderGraded(row: ExportRow, job: RenderJob, run: Run, outputPath: string, segment: { range: SegmentRange; plannedSeconds: number } | undefined): Promise<void> {
    const { grade, metadata, format, quality, deinterlace } = job;
    const customLut = (grade.customLook !== null ? await this.userLuts.load(row.user_id, grade.customLook) : null) ?? undefined;
    const lutPath = path.join(run.work, 'grade.cube');
    // At the imported LUT's own size (gradeLutSize), so its table reaches ffmpeg point for point, unclamped.
    const lut = bakeLut(grade, gradeLutSize(customLut), { customLut });
    await fs.promises.writeFile(lutPath, writeCube(cubeFromLut({ size: lut.size, data: lut.data }, `Cinegrade export ${row.id}`)));
    // An imported LUT with a shaper: the bake is indexed by the shaper's output, which lut1d gives.
    const shaperPath = lut.shaper ? path.join(run.work, 'shaper.cube') : undefined;
    if (shaperPath && lut.shaper) await fs.promises.writeFile(shaperPath, writeCube(cubeFromShaper(lut.shaper, `Cinegrade export ${row.id} shaper`)));
    const args = exportArgs({ input: run.original, metadata, grade, format, quality, deinterlace, lutPath, outputPath, ...(shaperPath ? { shaperPath } : {}), ...(segment ? { segment: segment.range } : {}) });
    const seconds = segment ? segment.plannedSeconds : (metadata.durationSeconds ?? 0);
    await run.ffmpeg(args, exportTimeoutMs({ ...metadata, durationSeconds: seconds }, format, quality), seconds);
    const size = await fs.promises.stat(outputPath).then((s) => s.size, () => 0);
    // ffmpeg ran and finished, yet no frame came out of the original: that one is the file's.
    if (size === 0) throw new NothingDecoded();
  }

  /**
   * Runs `body` in a work folder named after the work, so a retry on this machine clears what a
   * dead run left (and stops its ffmpeg), with the original at hand, the progress saved and the
   * export's status watched every second: ffmpeg is stopped when the export stops being processed.
   * `exportProgress` turns this run's percentage into the export's.
   */
  private async inWorkFolder(row: ExportRow, name: string, context: JobContext, body: (run: Run) => Promise<JobOutcome>, exportProgress: (progress: number) => Promise<number> = (p) => Promise.resolve(p)): Promise<JobOutcome> {
    const { user_id: userId } = row;
    const work = path.join(this.workRoot, name);
    await stopLeftoverRun(work, this.logger, row.id);
    await fs.promises.rm(work, { recursive: true, force: true });
    await fs.promises.mkdir(work, { recursive: true });
    const asset = await this.assets.get(userId, row.asset_id);
    const metadata = asset?.metadata as AssetMetadata | null | undefined;
    const stop = new AbortController();
    const onProcessStop = () => stop.abort();
    context.signal.addEventListener('abort', onProcessStop, { once: true });
    let cancelled = false;
    let progress = 0;
    let written = 0;
    let ticking: Promise<void> = Promise.resolve();
    const limit = await this.outputLimit(row, metadata, asset?.size_bytes ?? null);
    let overrun: string | null = null;
    // One tick at a time: stop ffmpeg when its files pass the output limit, save the progress if
    // it moved (or just look at the status), and stop ffmpeg when the row is no longer processing
    // (cancelled, or deleted with its asset).
    const tick = async () => {
      const size = await folderBytes(work);
      if (size > limit.bytes && overrun === null) {
        overrun = limit.message(size);
        this.logger.warn('Export stopped: its output passed its limit', { exportId: row.id, bytes: size, limit: limit.bytes });
        stop.abort();
        return;
      }
      const current = progress;
      const still = current !== written ? await this.exports.updateIfActive(userId, row.id, { progress: await exportProgress(current) }) : (await this.exports.statusOf(userId, row.id)) === 'processing';
      if (!still) {
        cancelled = true;
        stop.abort();
      } else if (typeof still === 'object') {
        written = current;
        await this.publish(userId, still);
      }
    };
    const ticker = setInterval(() => {
      ticking = ticking.then(tick).catch((error: unknown) => this.logger.warn('Export progress not saved', { exportId: row.id, error }));
    }, PROGRESS_TICK_MS);
    let original: LocalCopy | null = null;
    try {
      if (!asset?.media_file_path || !metadata) throw new FileGone();
      // A HEIC or AVIF upload's decoded PNG, never a preview copy: the export reads full quality.
      original = await this.storage.localCopy(workingOriginalKey(asset) ?? asset.media_file_path);
      const input = { path: original.path, demuxer: metadata.demuxer };
      return await body({
        work,
        original: input,
        ffmpeg: async (args, timeoutMs, seconds) => {
          await runTool(this.tools.binaries.ffmpeg, args, {
            timeoutMs,
            signal: stop.signal,
            // Without the pid file a retry on this machine cannot stop this ffmpeg should the worker die.
            onSpawn: (pid) => void recordProcess(work, pid, (message, details) => this.logger.warn(`Export ${message}`, { exportId: row.id, ...details })),
            onProgress: (done) => {
              // Tenths of a percent: a long export moves between two polls (the menu's stall rule).
              if (seconds > 0) progress = Math.min(99.9, Math.max(progress, Math.floor((1000 * done) / seconds) / 10));
            },
          });
        },
        settle: async () => {
          clearInterval(ticker);
          await ticking;
          if (cancelled) throw new RenderStopped();
        },
      });
    } catch (error) {
      if (overrun !== null) return await this.fail(row, overrun, OUTPUT_LIMIT_SUGGESTION);
      return await this.handleFailure(row, error, { cancelled: () => cancelled, processStopping: context.signal.aborted, finalAttempt: context.finalAttempt });
    } finally {
      clearInterval(ticker);
      await ticking;
      context.signal.removeEventListener('abort', onProcessStop);
      await original?.release();
      await fs.promises.rm(work, { recursive: true, force: true });
    }
  }

  /**
   * What a render's files may grow to (docs/product-rules.md, 'Limits'): the export's estimate
   * `OUTPUT_BOUND_FACTOR` times over plus a margin, and never past the storage its owner had left
   * when it started. Passing it stops ffmpeg, whatever the source claimed about its length.
   */
  private async outputLimit(row: ExportRow, metadata: AssetMetadata | null | undefined, sourceBytes: number | null): Promise<{ bytes: number; message: (size: number) => string }> {
    const format = row.output_format as AnyExportFormat;
    const estimate = exportEstimate(format, { width: row.width, height: row.height }, metadata ?? {}, sourceBytes);
    const bound = outputBoundBytes(estimate);
    const room = this.quota ? (await this.quota.room(row.user_id)).roomBytes : Number.POSITIVE_INFINITY;
    if (room < bound) {
      return { bytes: room, message: (size) => `The export was stopped: its file reached ${formatStorageSize(size)}, more than the ${formatStorageSize(room)} left of your storage.` };
    }
    return { bytes: bound, message: (size) => `The export was stopped: its file reached ${formatStorageSize(size)}, far past the ${describeSizeEstimate(estimate)} expected of this clip.` };
  }

  /**
   * Stores the file under the export's key (atomically), runs `stored`, then marks the row; a row
   * that stopped being active meanwhile loses the file.
   */
  private async finish(row: ExportRow, outputPath: string, stored: () => Promise<void> = () => Promise.resolve()): Promise<JobOutcome> {
    // Counted towards the owner's storage quota (docs/product-rules.md, 'Limits').
    const sizeBytes = (await fs.promises.stat(outputPath)).size;
    await this.storage.putFile(row.output_key, outputPath, { move: true });
    await stored();
    const done = await this.exports.updateIfActive(row.user_id, row.id, { status: 'succeeded', progress: 100, size_bytes: sizeBytes, finished_at: new Date(), error: null, suggestion: null });
    if (!done) {
      // Cancelled or deleted while the file was stored. A row already succeeded (a duplicate run of
      // the same export) keeps the file: it is the same file.
      if ((await this.exports.statusOf(row.user_id, row.id)) !== 'succeeded') await this.storage.delete(row.output_key);
      return { status: 'skipped', reason: 'The export was cancelled or deleted while it was stored.' };
    }
    await this.assets.update(row.user_id, row.asset_id, { processed_at: new Date() });
    await this.publish(row.user_id, done);
    await this.events.publish(row.user_id, { type: 'assets-changed', assetId: row.asset_id }).catch((error: unknown) => this.logger.warn('Live update not sent', { exportId: row.id, error }));
    this.logger.info('Export done', { exportId: row.id, attempts: done.attempts });
    return { status: 'success' };
  }

  private async handleFailure(row: ExportRow, error: unknown, state: { cancelled: () => boolean; processStopping: boolean; finalAttempt: boolean }): Promise<JobOutcome> {
    if (state.cancelled() || error instanceof RenderStopped) return { status: 'skipped', reason: 'The export was cancelled.' };
    // The process is stopping: the job is retried from the start by whichever worker takes it.
    if (state.processStopping) throw error;
    if (error instanceof FileGone) return this.fail(row, `${EXPORT_MESSAGES.noMediaFile}: the asset's file is gone.`, 'Upload the file again, then export it.');
    if (error instanceof NothingDecoded) return this.fail(row, 'The export could not be rendered: no picture could be decoded from the file, which may be damaged.', EXPORT_MESSAGES.genericSuggestion);
    // ffmpeg killed by something other than this job (the kernel's out-of-memory killer, an
    // operator): worth another try, not the file's fault. Only this job (one segment) is retried.
    if (error instanceof FfmpegError && error.killedBy && !state.finalAttempt) throw error;
    if (error instanceof MissingCustomLutError) return this.fail(row, 'The imported LUT of this grade has been deleted.', 'Choose another look and export again.');
    if (error instanceof FfmpegError) {
      const log = { exportId: row.id, reason: error.message, ffmpeg: error.stderr.slice(-1200) };
      if (error.timedOut) {
        this.logger.warn('Export took too long', log);
        return this.fail(row, `${error.message} The export took too long.`, 'Try a lower quality or a shorter clip.');
      }
      // Only a failure to decode the original is the file's; the server's own ffmpeg failing is never put down to it.
      const cause = classifyFfmpegFailure(error);
      if (cause.side === 'input') {
        this.logger.warn('Export failed decoding the original', log);
        return this.fail(row, 'The export could not be rendered: the file may be damaged or in a format this server cannot decode.', EXPORT_MESSAGES.genericSuggestion);
      }
      this.logger.error(cause.side === 'server' ? "Export failed in the server's ffmpeg" : 'Export failed in ffmpeg', log);
      if (cause.side === 'server') return this.fail(row, serverFfmpegMessage('render this export', cause.detail), SERVER_FFMPEG_SUGGESTION);
      return this.fail(row, 'The export could not be rendered.', EXPORT_MESSAGES.genericSuggestion);
    }
    // Anything else (storage, database) is worth another try; the last try records the failure.
    if (state.finalAttempt) await this.fail(row, 'The export could not be completed.', EXPORT_MESSAGES.genericSuggestion);
    throw error;
  }

  private async fail(row: ExportRow, message: string, suggestion: string): Promise<JobOutcome> {
    const failed = await this.exports.updateIfActive(row.user_id, row.id, { status: 'failed', finished_at: new Date(), error: message, suggestion });
    if (failed) await this.publish(row.user_id, failed);
    return { status: 'failed', reason: message };
  }

  private async publish(userId: string, row: ExportRow): Promise<void> {
    await this.events.publish(userId, exportEvent(row)).catch((error: unknown) => this.logger.warn('Export live update not sent', { exportId: row.id, status: row.status, error }));
  }
}

/** Stops an ffmpeg an earlier, killed run of this export left writing into its folder; logs what it cannot do. */
export async function stopLeftoverRun(work: string, logger: Logger, exportId: string): Promise<void> {
  await stopRecordedProcess(work, (message, details) => logger.warn(`Export ${message}`, { exportId, ...details }));
}

/** The bytes of the files in a render's work folder (its output, segments or parts); 0 while it has none. */
async function folderBytes(dir: string): Promise<number> {
  const entries = await fs.promises.readdir(dir, { withFileTypes: true }).catch(() => []);
  const sizes = await Promise.all(entries.filter((entry) => entry.isFile()).map((entry) => fs.promises.stat(path.join(dir, entry.name)).then((stat) => stat.size, () => 0)));
  return sizes.reduce((sum, size) => sum + size, 0);
}
