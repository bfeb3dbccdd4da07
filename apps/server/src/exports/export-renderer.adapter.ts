import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bakeLut, cubeFromLut, DEFAULT_LUT_SIZE, MissingCustomLutError, writeCube } from '@cinegrade/color';
import { EXPORT_MESSAGES, type AnyExportFormat, type ExportQuality } from '@cinegrade/contract';
import type { AssetRepository } from '../assets/asset.repository';
import type { EventBus } from '../events/event-bus';
import type { JobContext, JobOutcome } from '../jobs/job-types';
import type { UserLutService } from '../luts/user-lut.service';
import { classifyFfmpegFailure, SERVER_FFMPEG_SUGGESTION, serverFfmpegMessage } from '../media/ffmpeg-failure';
import { FfmpegError, runTool } from '../media/ffmpeg-runner';
import type { MediaTools } from '../media/media-tools';
import type { Logger } from '../platform/logger';
import { PID_FILE, stopRecordedProcess } from '../platform/work-folder';
import type { Storage } from '../storage/storage';
import { exportArgs, exportTimeoutMs } from './export-args';
import type { ExportPolicy } from './export-policy';
import type { ExportRepository, ExportRow } from './export.repository';
import { exportEvent, gradeOfRequest, type AssetMetadata } from './export.service';

/** How often a running render writes its progress and looks for a cancellation. */
const PROGRESS_TICK_MS = 1000;

/** Beside a refusal found when the render starts: what changed since the export was asked for. */
const CHANGED_SINCE_QUEUED = 'Your plan or your imported LUTs changed after this export was queued. Choose a look and format your plan includes, then export again.';

class RenderStopped extends Error {}

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
  ) {}

  async render({ exportId, userId }: { exportId: string; userId: string }, context: JobContext): Promise<JobOutcome> {
    const row = await this.exports.startRun(userId, exportId);
    if (!row) return { status: 'skipped', reason: 'The export was cancelled, deleted or already finished.' };
    await this.publish(userId, row);
    const asset = await this.assets.get(userId, row.asset_id);
    const metadata = asset?.metadata as AssetMetadata | null | undefined;
    if (!asset?.media_file_path || !metadata) return this.fail(row, `${EXPORT_MESSAGES.noMediaFile}: the asset's file is gone.`, 'Upload the file again, then export it.');
    const format = row.output_format as AnyExportFormat;
    const quality = row.quality as ExportQuality;
    const grade = gradeOfRequest(row.selected_lut, row.color_settings as Record<string, string | number | null>);
    // The rules again, before any work: the plan may have been downgraded or the LUT deleted since
    // the export was queued, and this worker's ffmpeg may lack what the web process's had.
    const verdict = await this.policy.check(userId, { format, quality, grade, metadata });
    if (!verdict.allowed) {
      // This process's own ffmpeg lacking something needs an operator; a changed plan does not.
      this.logger[verdict.refusal.kind === 'server' ? 'error' : 'info']('Export refused when its render started', { exportId: row.id, reason: verdict.refusal.message });
      return this.fail(row, verdict.refusal.message, verdict.refusal.kind === 'server' ? SERVER_FFMPEG_SUGGESTION : CHANGED_SINCE_QUEUED);
    }

    const work = path.join(this.workRoot, `cinegrade-export-${row.id}`);
    await stopLeftoverRun(work, this.logger, row.id);
    await fs.promises.rm(work, { recursive: true, force: true });
    await fs.promises.mkdir(work, { recursive: true });
    const original = await this.storage.localCopy(asset.media_file_path);
    const stop = new AbortController();
    const onProcessStop = () => stop.abort();
    context.signal.addEventListener('abort', onProcessStop, { once: true });
    let cancelled = false;
    let progress = 0;
    let written = 0;
    let ticking: Promise<void> = Promise.resolve();
    // One tick at a time: save the progress if it moved (or just look at the status), and stop
    // ffmpeg when the row is no longer processing (cancelled, or deleted with its asset).
    const tick = async () => {
      const current = progress;
      const still = current !== written ? await this.exports.updateIfActive(userId, row.id, { progress: current }) : (await this.exports.statusOf(userId, row.id)) === 'processing';
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
    try {
      const customLut = grade.customLook !== null ? await this.userLuts.load(userId, grade.customLook) : undefined;
      const lutPath = path.join(work, 'grade.cube');
      await fs.promises.writeFile(lutPath, writeCube(cubeFromLut(bakeLut(grade, DEFAULT_LUT_SIZE, { customLut: customLut ?? undefined }), `Cinegrade export ${row.id}`)));
      const outputPath = path.join(work, `output.${path.extname(row.output_key).slice(1)}`);
      const args = exportArgs({ input: { path: original.path, demuxer: metadata.demuxer }, metadata, grade, format, quality, lutPath, outputPath });
      const duration = metadata.durationSeconds ?? 0;
      await runTool(this.tools.binaries.ffmpeg, args, {
        timeoutMs: exportTimeoutMs(metadata, format, quality),
        signal: stop.signal,
        // Without the pid file a retry on this machine cannot stop this ffmpeg should the worker die.
        onSpawn: (pid) =>
          void fs.promises.writeFile(path.join(work, PID_FILE), String(pid)).catch((error: unknown) => this.logger.warn('Export ffmpeg pid not recorded', { exportId: row.id, pid, error })),
        onProgress: (seconds) => {
          // Tenths of a percent: a long export moves between two polls (the menu's stall rule).
          if (duration > 0) progress = Math.min(99.9, Math.max(progress, Math.floor((1000 * seconds) / duration) / 10));
        },
      });
      const size = await fs.promises.stat(outputPath).then((s) => s.size, () => 0);
      // ffmpeg ran and finished, yet no frame came out of the original: that one is the file's.
      if (size === 0) return await this.fail(row, 'The export could not be rendered: no picture could be decoded from the file, which may be damaged.', EXPORT_MESSAGES.genericSuggestion);
      clearInterval(ticker);
      await ticking;
      if (cancelled) throw new RenderStopped();
      return await this.finish(row, outputPath);
    } catch (error) {
      return await this.handleFailure(row, error, { cancelled: () => cancelled, processStopping: context.signal.aborted, finalAttempt: context.finalAttempt });
    } finally {
      clearInterval(ticker);
      await ticking;
      context.signal.removeEventListener('abort', onProcessStop);
      await original.release();
      await fs.promises.rm(work, { recursive: true, force: true });
    }
  }

  /** Stores the file under the export's key (atomically), then marks the row; a row that stopped being active meanwhile loses the file. */
  private async finish(row: ExportRow, outputPath: string): Promise<JobOutcome> {
    // Counted towards the owner's storage quota (docs/product-rules.md, 'Limits').
    const sizeBytes = (await fs.promises.stat(outputPath)).size;
    await this.storage.putFile(row.output_key, outputPath, { move: true });
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
