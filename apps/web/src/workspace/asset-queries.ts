import { queryOptions, skipToken, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { API, type Asset } from '@cinegrade/contract';
import { callApi } from '../api/client';
import { queryKeys } from '../api/query-keys';
import { useAuth } from '../auth/AuthProvider';
import { toast } from '../ui/toast-store';

/**
 * The signed-in person's assets (My Assets): the list query, kept current by the live channel
 * (`assets-changed` invalidates `queryKeys.assets.all`), and the single asset read on opening it.
 */
export function assetListQuery(userId: string | null) {
  return queryOptions({
    queryKey: queryKeys.assets.list(userId),
    queryFn: userId === null ? skipToken : async ({ signal }) => (await callApi(API.listAssets, { signal })).assets,
    meta: { errorTitle: 'Error', errorFallback: 'Failed to load assets' },
  });
}

/** One asset with fresh signed links; the open media reads it until the list has it. */
export function assetDetailQuery(userId: string | null, assetId: string | null) {
  return queryOptions({
    queryKey: queryKeys.assets.detail(userId, assetId),
    queryFn: userId === null || assetId === null ? skipToken : ({ signal }) => callApi(API.getAsset, { params: { id: assetId }, signal }),
  });
}

/** The list, newest first; null while it loads and when nobody is signed in. */
export function useAssetList(): Asset[] | null {
  const { user } = useAuth();
  return useQuery(assetListQuery(user?.id ?? null)).data ?? null;
}

/**
 * Puts a row this tab has just been given (an upload kept, an asset opened) into the cached list:
 * in its place, or first when new. A list fetch already on its way started before the row existed
 * and would drop it, so it is cancelled, and asked again once the row is in.
 */
export async function putAssetInList(client: QueryClient, userId: string, asset: Asset): Promise<void> {
  const queryKey = queryKeys.assets.list(userId);
  const fetching = client.isFetching({ queryKey }) > 0;
  if (fetching) await client.cancelQueries({ queryKey });
  client.setQueryData<Asset[]>(queryKey, (list) => {
    if (!list) return [asset];
    return list.some((a) => a.id === asset.id) ? list.map((a) => (a.id === asset.id ? asset : a)) : [asset, ...list];
  });
  if (fetching) void client.invalidateQueries({ queryKey });
}

/**
 * Deletes an asset and its files; the list drops it at once (the open editor closes with it, see
 * `open-media.tsx`), and says so.
 */
export function useDeleteAsset() {
  const client = useQueryClient();
  const { user } = useAuth();
  const userId = user?.id ?? null;
  return useMutation({
    mutationFn: (asset: Asset) => callApi(API.deleteAsset, { params: { id: asset.id } }),
    onSuccess: (_answer, asset) => {
      if (userId !== null) client.setQueryData<Asset[]>(queryKeys.assets.list(userId), (list) => list?.filter((a) => a.id !== asset.id));
      toast({ title: 'Asset deleted successfully', variant: 'success' });
    },
    meta: { errorTitle: 'Error', errorFallback: 'Failed to delete asset' },
  });
}

/**
 * Turns deinterlacing of an interlaced video off or on (docs/product-rules.md, 'Interlaced
 * sources'); the saved asset takes the place of the cached one, so the export menu shows it.
 */
export function useSetDeinterlace() {
  const client = useQueryClient();
  const { user } = useAuth();
  const userId = user?.id ?? null;
  return useMutation({
    mutationFn: ({ asset, deinterlace }: { asset: Asset; deinterlace: boolean }) => callApi(API.updateAsset, { params: { id: asset.id }, body: { deinterlace } }),
    onSuccess: async (saved) => {
      if (userId === null) return;
      client.setQueryData(queryKeys.assets.detail(userId, saved.id), saved);
      await putAssetInList(client, userId, saved);
    },
    meta: { errorTitle: 'Error', errorFallback: 'Failed to change deinterlacing' },
  });
}
