import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { handleError } from '../ui/handle-error';
import { ApiError } from './client';

/**
 * What a query or mutation says when it fails: with `errorTitle` set, its errors become the one
 * toast through `handleError` (the API's message, else `errorFallback`). Without it the caller
 * decides (an inline message, a quiet fallback to defaults).
 */
export interface ErrorToastMeta extends Record<string, unknown> {
  errorTitle?: string;
  errorFallback?: string;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: ErrorToastMeta;
    mutationMeta: ErrorToastMeta;
  }
}

/** A refusal (4xx): asking again gives the same answer. */
export function isRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

/** Failures worth asking again after (network, 5xx): at most this many more times. */
const MAX_RETRIES = 2;

/** Fresh for this long: a screen mounting again within it reads the cache without asking. */
const STALE_MS = 30_000;

function report(error: unknown, meta: ErrorToastMeta | undefined): void {
  if (meta?.errorTitle) handleError(error, meta.errorTitle, meta.errorFallback);
}

/**
 * The app's one QueryClient (main.tsx creates it). Server state stays current through the live
 * channel (`live-query-sync.ts`), not by polling the window's focus: no refetch on focus or on the
 * browser coming back online (the live channel's own reconnection invalidates what it concerns),
 * no retry of a refusal.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => report(error, query.meta) }),
    mutationCache: new MutationCache({ onError: (error, _variables, _result, mutation) => report(error, mutation.meta) }),
    defaultOptions: {
      queries: {
        staleTime: STALE_MS,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        retry: (failures, error) => !isRefusal(error) && failures < MAX_RETRIES,
      },
      mutations: { retry: false },
    },
  });
}
