import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { API } from '@cinegrade/contract';
import { callApi } from '../api/client';
import { queryKeys } from '../api/query-keys';
import { useAuth } from '../auth/AuthProvider';

/** The signed-in person's storage use and their plan's quota (`queryKeys.storageUsage`), as the server sums it. */
export function storageUsageQuery(userId: string | null) {
  return queryOptions({
    queryKey: queryKeys.storageUsage(userId),
    queryFn: userId === null ? skipToken : ({ signal }) => callApi(API.getStorageUsage, { signal }),
    // Uploads and exports change it without a live event of their own: read afresh on each visit.
    staleTime: 0,
  });
}

export function useStorageUsage() {
  const { user } = useAuth();
  return useQuery(storageUsageQuery(user?.id ?? null));
}
