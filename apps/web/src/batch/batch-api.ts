import { queryOptions, skipToken, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { API, BATCH_MESSAGES, type BatchSession } from '@cinegrade/contract';
import { ApiError, callApi } from '../api/client';
import { queryKeys } from '../api/query-keys';
import { useAuth } from '../auth/AuthProvider';
import { toast } from '../ui/toast-store';

/**
 * The batch calls (docs/product-rules.md, 'Batch'): the library, one session with its files'
 * status, and what changes them. A 403 from any of them means the plan has no batch access (the
 * server decides): the person is told so and taken to the plans.
 */

/** A running session is read this often until every file has finished (live events move it in between). */
export const RUNNING_BATCH_POLL_MS = 2000;

export function batchListQuery(userId: string | null) {
  return queryOptions({
    queryKey: queryKeys.batches.list(userId),
    queryFn: userId === null ? skipToken : async ({ signal }) => (await callApi(API.listBatches, { signal })).sessions,
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
  });
}

/** The person's batches still rendering, newest first. */
export function runningBatchesQuery(userId: string | null) {
  return queryOptions({
    queryKey: queryKeys.batches.running(userId),
    queryFn: userId === null ? skipToken : async ({ signal }) => (await callApi(API.listBatches, { query: { status: 'processing' }, signal })).sessions,
    retry: false,
    staleTime: 0,
  });
}

export function batchDetailQuery(userId: string | null, batchId: string | null) {
  return queryOptions({
    queryKey: queryKeys.batches.detail(userId, batchId),
    queryFn: userId === null || batchId === null ? skipToken : ({ signal }) => callApi(API.getBatch, { params: { id: batchId }, signal }),
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
    refetchInterval: (query) => (query.state.data?.status === 'processing' || query.state.data?.files.some((f) => f.status === 'processing') ? RUNNING_BATCH_POLL_MS : false),
  });
}

export function useBatchSession(batchId: string | null) {
  const { user } = useAuth();
  return useQuery(batchDetailQuery(user?.id ?? null, batchId));
}

export function useBatchLibrary() {
  const { user } = useAuth();
  return useQuery(batchListQuery(user?.id ?? null));
}

/**
 * What a failed batch call does: a 403 (no batch access) says so and goes to the plans; anything
 * else is a toast with the server's words, or `fallback`.
 */
export function useBatchFailure() {
  const navigate = useNavigate();
  return useCallback(
    (error: unknown, fallback: string) => {
      if (error instanceof ApiError && error.status === 403) {
        toast({ title: 'Premium Feature', description: BATCH_MESSAGES.premiumOnly, variant: 'destructive' });
        void navigate('/subscriptions');
        return;
      }
      toast({ title: 'Error', description: error instanceof ApiError ? error.message : fallback, variant: 'destructive' });
    },
    [navigate],
  );
}

/** Puts a session answered by the server into the cache (its detail, and the library when completed). */
export function putBatchSession(client: QueryClient, userId: string, session: BatchSession): void {
  client.setQueryData(queryKeys.batches.detail(userId, session.id), session);
  void client.invalidateQueries({ queryKey: queryKeys.batches.list(userId) });
}

export function useDeleteBatch() {
  const client = useQueryClient();
  const { user } = useAuth();
  const fail = useBatchFailure();
  return useMutation({
    mutationFn: (session: BatchSession) => callApi(API.deleteBatch, { params: { id: session.id } }),
    onSuccess: (_answer, session) => {
      if (user) {
        client.setQueryData<BatchSession[]>(queryKeys.batches.list(user.id), (list) => list?.filter((s) => s.id !== session.id));
        client.removeQueries({ queryKey: queryKeys.batches.detail(user.id, session.id) });
        void client.invalidateQueries({ queryKey: queryKeys.assets.all(user.id) });
      }
      toast({ title: BATCH_MESSAGES.deleted, variant: 'success' });
    },
    onError: (error) => fail(error, BATCH_MESSAGES.deleteFailed),
  });
}

/** The address of a session's ZIP, streamed by the server. */
export function batchZipUrl(batchId: string): string {
  return API.downloadBatch.path.replace('{id}', encodeURIComponent(batchId));
}
