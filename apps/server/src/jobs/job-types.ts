/**
 * Every background job: its name, its payload, and how it is retried. Handlers answer an
 * outcome instead of throwing for expected failures (a damaged file fails once, with a reason);
 * a thrown error means "try again later" and is retried with backoff.
 */
export interface JobPayloads {
  /** Thumbnail and, when needed, a browser-playable proxy for a new upload. */
  'media.derive': { assetId: string; userId: string };
  /** The same for an upload whose preparation is short (`isShortDerive`): its own lane, never behind a long one. */
  'media.derive-short': { assetId: string; userId: string };
  /** Removes stored files queued in pending_file_deletions. */
  'storage.delete': { reason: string };
  /** Renders one export (a row of `exports`) of the user's asset. */
  'export.render': { exportId: string; userId: string };
  /** Renders one segment of a split export (`exports/export-segments.ts`), on any worker. */
  'export.render-segment': { exportId: string; userId: string; part: number };
  /** Joins a split export's rendered segments and encodes its audio once. */
  'export.join': { exportId: string; userId: string };
}

export type JobName = keyof JobPayloads;

export type JobOutcome = { status: 'success' } | { status: 'skipped'; reason: string } | { status: 'failed'; reason: string };

export interface JobContext {
  jobId: string;
  /** Aborted when the process stops; long jobs should stop their child processes. */
  signal: AbortSignal;
  /** 1 for the first run, then 2, 3, … for retries. */
  attempt: number;
  /** No retry follows if this run throws: the job's own record must say it failed. */
  finalAttempt: boolean;
}

export interface JobDefinition<N extends JobName> {
  name: N;
  /** Attempts after the first, for thrown (transient) errors. */
  retryLimit: number;
  retryDelaySeconds: number;
  /** Longer than the longest run of this job; a job still active after this is retried. */
  expireInSeconds: number;
  /** Jobs of this kind run at once in one worker process. */
  concurrency: number;
  handler: (data: JobPayloads[N], context: JobContext) => Promise<JobOutcome>;
}
