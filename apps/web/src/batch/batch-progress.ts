import type { QueryClient } from '@tanstack/react-query';
import { isFinishedStatus, type BatchSession, type LiveEvent } from '@cinegrade/contract';
import { queryKeys } from '../api/query-keys';

type ExportProgress = Extract<LiveEvent, { type: 'export-progress' }>;

/** A batch session with one export's live progress written into the file it renders. */
export function withBatchFileProgress(session: BatchSession | undefined, event: ExportProgress): BatchSession | undefined {
  if (!session?.files.some((file) => file.predictionId === event.predictionId && file.status === 'processing')) return session;
  return {
    ...session,
    files: session.files.map((file) => (file.predictionId === event.predictionId && file.status === 'processing' ? { ...file, progress: Math.max(file.progress, event.progress) } : file)),
  };
}

/** Writes a live export-progress event into every cached batch session that renders it; a finished export refetches them. */
export function applyBatchProgressEvent(client: QueryClient, userId: string, event: ExportProgress): void {
  client.setQueriesData<BatchSession>({ queryKey: [...queryKeys.batches.all(userId), 'detail'] }, (session) => withBatchFileProgress(session, event));
  if (isFinishedStatus(event.status)) void client.invalidateQueries({ queryKey: queryKeys.batches.all(userId) });
}
