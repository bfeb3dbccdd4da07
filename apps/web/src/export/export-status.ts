import { matchQuery, type QueryClient } from '@tanstack/react-query';
import { API, type ProcessingResult } from '@cinegrade/contract';
import { callApi } from '../api/client';
import { queryKeys } from '../api/query-keys';
import type { ExportRunDeps, ExportStatusUpdate } from './export-run';

/** Resolves after `ms`, or at once when `wake` is called. */
function wait(ms: number, waker: { onWake?: () => void }): Promise<void> {
  return new Promise<void>((resolve) => {
    const finish = () => {
      window.clearTimeout(timer);
      waker.onWake = undefined;
      resolve();
    };
    const timer = window.setTimeout(finish, ms);
    waker.onWake = finish;
  });
}

/** Calls `listener` with every new status written to an export status query of `userId`. */
function watchExportStatuses(client: QueryClient, userId: string, listener: (update: ExportStatusUpdate) => void): () => void {
  const prefix = queryKeys.exports.all(userId);
  return client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    if (!matchQuery({ queryKey: prefix }, event.query)) return;
    const status = event.query.state.data as ProcessingResult | undefined;
    if (status) listener(status);
  });
}

/**
 * An export run's connections in the app: each export's status is a query
 * (`queryKeys.exports.status`) that the start, every poll, the cancel and the live channel's
 * `export-progress` events (`live-query-sync.ts`) write to, and the run follows that query.
 */
export function exportRunDeps(client: QueryClient, userId: string): ExportRunDeps {
  const statusKey = (predictionId: string) => queryKeys.exports.status(userId, predictionId);
  const remember = (result: ProcessingResult) => {
    client.setQueryData(statusKey(result.predictionId), result);
    return result;
  };
  return {
    start: async (body) => remember(await callApi(API.processVideo, { body })),
    // The run counts failed checks itself, so the query does not retry them.
    status: (predictionId) =>
      client.fetchQuery({
        queryKey: statusKey(predictionId),
        queryFn: ({ signal }) => callApi(API.checkProcessingStatus, { body: { predictionId }, signal }),
        staleTime: 0,
        retry: false,
      }),
    cancel: async (predictionId) => remember(await callApi(API.cancelProcessing, { body: { predictionId } })),
    subscribe: (listener) => watchExportStatuses(client, userId, listener),
    wait,
  };
}
