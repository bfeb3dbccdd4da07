import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { isFinishedStatus, type LiveEvent, type ProcessingResult } from '@cinegrade/contract';
import { onLiveReconnect, subscribeLiveEvents } from './live-events';
import { applyBatchProgressEvent } from '../batch/batch-progress';
import { queryKeys } from './query-keys';

/**
 * What each live event does to the query cache (the server sends them on /api/events for the
 * signed-in person; see `live-events.ts`):
 *
 * - `assets-changed` (an upload kept, a thumbnail or preview copy ready, a grade saved, an asset
 *   deleted, an export finished, in any tab or process) invalidates `queryKeys.assets.all`: the
 *   project list refetches, so every change to the person's projects shows live. A burst of them
 *   (one upload brings several) is one refetch.
 * - `export-progress` writes its status and percentage into that export's status query
 *   (`queryKeys.exports.status`), when this tab is following it; the export run hears it there.
 * - A reconnection of the live channel invalidates everything the events concern (assets and
 *   export statuses): what changed while it was away was never sent.
 */
export type ExportProgressEvent = Extract<LiveEvent, { type: 'export-progress' }>;

/** Quiet time that gathers a burst of asset events into one refetch. */
export const ASSET_EVENTS_GATHER_MS = 100;

/** An export's cached status after a live event: never backwards, and a finished one stays finished. */
export function withExportProgress(current: ProcessingResult | undefined, event: ExportProgressEvent): ProcessingResult | undefined {
  if (!current || isFinishedStatus(current.status)) return current;
  const status = event.status === 'starting' ? current.status : event.status;
  const progress = Math.max(current.progress, event.progress);
  if (status === current.status && progress === current.progress) return current;
  return { ...current, status, progress };
}

/** Connects the live channel to the cache of `userId`; answers the disconnect. */
export function connectLiveQueries(client: QueryClient, userId: string): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const invalidateAssets = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void client.invalidateQueries({ queryKey: queryKeys.assets.all(userId) }), ASSET_EVENTS_GATHER_MS);
  };
  const unsubscribers = [
    subscribeLiveEvents('assets-changed', invalidateAssets),
    subscribeLiveEvents('export-progress', (event) => {
      client.setQueryData<ProcessingResult>(queryKeys.exports.status(userId, event.predictionId), (current) => withExportProgress(current, event));
      applyBatchProgressEvent(client, userId, event);
    }),
    onLiveReconnect(() => {
      invalidateAssets();
      void client.invalidateQueries({ queryKey: queryKeys.exports.all(userId) });
      void client.invalidateQueries({ queryKey: queryKeys.batches.all(userId) });
    }),
  ];
  return () => {
    clearTimeout(timer);
    for (const unsubscribe of unsubscribers) unsubscribe();
  };
}

/** Keeps the signed-in person's queries current from the live channel; nothing when signed out. */
export function useLiveQuerySync(userId: string | null): void {
  const client = useQueryClient();
  useEffect(() => (userId === null ? undefined : connectLiveQueries(client, userId)), [client, userId]);
}
