import { queryOptions, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API, type UpdateSettingsRequest, type UserSettings } from '@cinegrade/contract';
import { callApi } from '../api/client';
import { queryKeys } from '../api/query-keys';
import { useAuth } from '../auth/AuthProvider';
import { toast } from '../ui/toast-store';

/**
 * The signed-in person's settings (`queryKeys.settings`), read by the settings page and by the
 * export menu (its default format and quality), so a change on the one shows in the other.
 */
export function settingsQuery(userId: string | null) {
  return queryOptions({
    queryKey: queryKeys.settings(userId),
    queryFn: userId === null ? skipToken : ({ signal }) => callApi(API.getSettings, { signal }),
  });
}

export function useUserSettings() {
  const { user } = useAuth();
  return useQuery(settingsQuery(user?.id ?? null));
}

/**
 * Saves a change: shown at once, then replaced by what the server kept ('Settings saved'); a
 * refused or failed save puts the previous settings back and says why.
 */
export function useUpdateSettings() {
  const client = useQueryClient();
  const { user } = useAuth();
  const queryKey = queryKeys.settings(user?.id ?? null);
  return useMutation({
    mutationFn: (change: UpdateSettingsRequest) => callApi(API.updateSettings, { body: change }),
    onMutate: async (change) => {
      await client.cancelQueries({ queryKey });
      const previous = client.getQueryData<UserSettings>(queryKey);
      if (previous) client.setQueryData<UserSettings>(queryKey, { ...previous, ...change });
      return { previous };
    },
    onError: (_error, _change, context) => {
      if (context?.previous) client.setQueryData(queryKey, context.previous);
    },
    onSuccess: (saved) => {
      client.setQueryData(queryKey, saved);
      toast({ title: 'Settings saved', variant: 'success' });
    },
    meta: { errorTitle: 'Error', errorFallback: 'Failed to save settings' },
  });
}
