import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type Asset, type SavedGrade } from '@cinegrade/contract';
import { callApi } from '../api/client';
import { queryKeys } from '../api/query-keys';
import { useAuth } from '../auth/AuthProvider';
import { toast } from '../ui/toast-store';

/**
 * Pastes a copied grade onto several assets in one call (the server saves it on each, or on none
 * when one id is not the caller's). The asset list and batch sessions then show it.
 */
export function usePasteGrade() {
  const client = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: ({ assetIds, grade }: { assetIds: string[]; grade: SavedGrade }) => callApi(API.applyGrade, { body: { assetIds, ...grade } }),
    onSuccess: (answer: { assets: Asset[] }) => {
      if (user) {
        const changed = new Map(answer.assets.map((asset) => [asset.id, asset]));
        client.setQueryData<Asset[]>(queryKeys.assets.list(user.id), (list) => list?.map((asset) => changed.get(asset.id) ?? asset));
        void client.invalidateQueries({ queryKey: queryKeys.batches.all(user.id) });
      }
      toast({ title: 'Grade Pasted', description: `Grade pasted onto ${answer.assets.length} file${answer.assets.length === 1 ? '' : 's'}`, variant: 'success' });
    },
    meta: { errorTitle: 'Error', errorFallback: 'Failed to paste the grade' },
  });
}
