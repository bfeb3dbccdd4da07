import { useQuery } from '@tanstack/react-query';
import { API, type MediaFeatureStates } from '@cinegrade/contract';
import { callApi } from '../api/client';
import { queryKeys } from '../api/query-keys';

/** The server probes its ffmpeg once when it starts; a few minutes of caching loses nothing. */
const FEATURES_STALE_MS = 5 * 60_000;

/**
 * What the server's ffmpeg can render (GET /api/health, as the server found it when it started),
 * or null until that is known. Unknown blocks nothing: the server refuses what it cannot render,
 * with the same reason.
 */
export function useMediaFeatures(): MediaFeatureStates | null {
  const health = useQuery({
    queryKey: queryKeys.health(),
    queryFn: ({ signal }) => callApi(API.health, { signal }),
    staleTime: FEATURES_STALE_MS,
  });
  return health.data?.media.features ?? null;
}
