import {
  EXPORT_MESSAGES,
  isFinishedStatus,
  STATUS_POLL_INTERVAL_MS,
  STATUS_POLL_MAX_ATTEMPTS,
  type ProcessingResult,
  type ProcessVideoRequest,
} from '@cinegrade/contract';
import { ApiError } from '../api/client';

/**
 * One export from the menu, start to download (docs/product-rules.md, 'Export'): start it, then
 * poll check-processing-status every 3 s and follow every update of its status in between (the
 * live channel's), so the percentage moves between polls too.
 *
 * The spec's limit of 60 attempts is 3 minutes, shorter than a long export. Here an attempt is a
 * poll that brings no sign of progress (the percentage, to a tenth, or the status has not moved
 * since the previous poll, by poll or live event); a poll that shows progress starts the count
 * again. So 'Processing timeout - please try again' means three minutes in which nothing moved —
 * an export stuck in the queue, say — never a long export that is visibly running. A failed
 * status call counts as an attempt too, and once more than half the attempts are used, one aborts
 * the wait with 'Status check failed'.
 */
/** What the run follows of an export's status between polls. */
export type ExportStatusUpdate = Pick<ProcessingResult, 'predictionId' | 'status' | 'progress'>;

export interface ExportRunDeps {
  start(body: ProcessVideoRequest): Promise<ProcessingResult>;
  status(predictionId: string): Promise<ProcessingResult>;
  cancel(predictionId: string): Promise<ProcessingResult>;
  /** Hears every new status of any export (the run picks its own); answers the unsubscribe. */
  subscribe(listener: (update: ExportStatusUpdate) => void): () => void;
  /** Resolves after `ms`, or early when `wake` is called (a live event said the export finished). */
  wait(ms: number, wake: { onWake?: () => void }): Promise<void>;
}

export type ExportOutcome =
  | { kind: 'succeeded'; result: ProcessingResult & { downloadUrl: string } }
  | { kind: 'failed'; title: string; message: string }
  | { kind: 'canceled' }
  /** The page stopped waiting (signed out, closed the menu's screen); the export itself goes on. */
  | { kind: 'abandoned' };

export interface ExportRunHandle {
  /** Asks the server to stop; the run then ends as canceled. */
  cancel(): Promise<void>;
  readonly done: Promise<ExportOutcome>;
}

const failed = (message: string): ExportOutcome => ({ kind: 'failed', title: EXPORT_MESSAGES.failedTitle, message });

/** The failure a person reads: the server's reason, its suggestion, and when to try again. */
export function describeFailure(result: Pick<ProcessingResult, 'error' | 'suggestion' | 'retryAfter'>): string {
  const parts = [result.error ?? EXPORT_MESSAGES.unknownError];
  if (result.suggestion) parts.push(result.suggestion);
  if (result.retryAfter) parts.push(`Try again in ${result.retryAfter} seconds.`);
  return parts.map((p) => p.trim().replace(/([^.!?])$/, '$1.')).join(' ');
}

export function runExport(request: ProcessVideoRequest, deps: ExportRunDeps, onProgress: (percent: number) => void, signal?: AbortSignal): ExportRunHandle {
  let predictionId: string | null = null;
  let cancelRequested = false;
  let best = { status: 'starting' as ProcessingResult['status'], progress: 0 };
  const waker: { onWake?: () => void } = {};

  /** True when `next` is further along than anything seen so far. */
  const advance = (next: { status: ProcessingResult['status']; progress: number }): boolean => {
    const moved = next.progress > best.progress || (next.status !== best.status && next.status !== 'starting');
    if (moved) {
      best = { status: next.status, progress: Math.max(best.progress, next.progress) };
      onProgress(best.progress);
    }
    return moved;
  };

  const done = (async (): Promise<ExportOutcome> => {
    let started: ProcessingResult;
    try {
      started = await deps.start(request);
    } catch (error) {
      // A refusal carries the server's reason (the Free limit, a locked look); anything else is the spec's 'Processing failed'.
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
        return failed(describeFailure({ error: error.message, suggestion: null, retryAfter: error.retryAfter ?? null }));
      }
      return failed(EXPORT_MESSAGES.processingFailed);
    }
    predictionId = started.predictionId;
    let progressedSincePoll = false;
    const unsubscribe = deps.subscribe((event) => {
      if (event.predictionId !== predictionId) return;
      if (advance(event)) progressedSincePoll = true;
      if (isFinishedStatus(event.status)) waker.onWake?.();
    });
    try {
      if (cancelRequested) await deps.cancel(started.predictionId).catch(() => undefined);
      let latest = started;
      let attempts = 0;
      while (!isFinishedStatus(latest.status)) {
        if (attempts >= STATUS_POLL_MAX_ATTEMPTS) return failed(EXPORT_MESSAGES.timeout);
        await deps.wait(STATUS_POLL_INTERVAL_MS, waker);
        if (signal?.aborted) return { kind: 'abandoned' };
        try {
          latest = await deps.status(started.predictionId);
        } catch {
          attempts++;
          if (attempts > STATUS_POLL_MAX_ATTEMPTS / 2) return failed(EXPORT_MESSAGES.statusCheckFailed);
          continue;
        }
        const moved = advance(latest) || progressedSincePoll;
        progressedSincePoll = false;
        attempts = moved ? 0 : attempts + 1;
      }
      switch (latest.status) {
        case 'succeeded':
          // A success without a file to fetch is not one (a succeeded status needs an output).
          if (!latest.downloadUrl) return failed(EXPORT_MESSAGES.unknownError);
          if (best.progress < 100) onProgress(100);
          return { kind: 'succeeded', result: { ...latest, downloadUrl: latest.downloadUrl } };
        case 'canceled':
          return { kind: 'canceled' };
        case 'failed':
        case 'starting':
        case 'processing':
          return failed(describeFailure(latest));
      }
    } finally {
      unsubscribe();
    }
  })();

  signal?.addEventListener('abort', () => waker.onWake?.(), { once: true });
  return {
    done,
    cancel: async () => {
      cancelRequested = true;
      if (predictionId) await deps.cancel(predictionId);
      waker.onWake?.();
    },
  };
}
