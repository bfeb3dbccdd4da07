import type { Logger } from '../platform/logger';
import type { FileDeletions } from '../storage/file-deletions';
import type { JobQueue } from './job-queue';

/** How often a worker process looks for work nobody else will start. */
export const HOUSEKEEPING_INTERVAL_MS = 15 * 60 * 1000;

export interface HousekeepingTasks {
  deletions: Pick<FileDeletions, 'count'>;
  jobs: Pick<JobQueue, 'send'>;
  /** Removes unfinished uploads past their expiry from this process's staging (tus). */
  cleanUpExpiredUploads(): Promise<number>;
  /** Removes upload locks left by processes that died (`UploadLocker.removeStale`). */
  removeStaleUploadLocks(): Promise<number>;
  /** Removes finished exports past their owner's data retention, queuing their files (`ExportRepository.removePastRetention`). */
  removeExportsPastRetention(): Promise<number>;
  logger: Logger;
}

/**
 * Work that no request starts: files still queued for deletion after the `storage.delete` job
 * used up its retries (a storage outage longer than its backoff) are queued again, and
 * abandoned uploads past their 24 h expiry are removed, with upload locks left by processes that died,
 * and finished exports older than their owner's data retention (settings: 7, 30 or 90 days) go. Runs in every process that runs jobs,
 * at start and then every 15 minutes; the deletion job is a singleton, so processes that sweep
 * at once queue it once.
 */
export class Housekeeping {
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly tasks: HousekeepingTasks) {}

  start(): void {
    void this.sweep();
    this.timer = setInterval(() => void this.sweep(), HOUSEKEEPING_INTERVAL_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  async sweep(): Promise<{ queuedDeletions: number; removedUploads: number; removedExports: number }> {
    const { tasks } = this;
    let queuedDeletions = 0;
    let removedUploads = 0;
    let removedExports = 0;
    try {
      // First, so that the files of the exports it removes are deleted in this sweep.
      removedExports = await tasks.removeExportsPastRetention();
      if (removedExports > 0) tasks.logger.info(`Removed ${removedExports} export(s) past their owner's data retention`);
    } catch (error) {
      tasks.logger.warn('Housekeeping could not remove exports past their retention', { error });
    }
    try {
      queuedDeletions = await tasks.deletions.count();
      if (queuedDeletions > 0) await tasks.jobs.send('storage.delete', { reason: 'housekeeping' }, { singletonKey: 'housekeeping' });
    } catch (error) {
      tasks.logger.warn('Housekeeping could not check queued file deletions', { error });
    }
    try {
      removedUploads = await tasks.cleanUpExpiredUploads();
      if (removedUploads > 0) tasks.logger.info(`Removed ${removedUploads} abandoned upload(s) past their expiry`);
      await tasks.removeStaleUploadLocks();
    } catch (error) {
      tasks.logger.warn('Housekeeping could not remove expired uploads', { error });
    }
    return { queuedDeletions, removedUploads, removedExports };
  }
}
