import { queryOptions, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API, savedGradeFromGrade, type GradeVersion } from '@cinegrade/contract';
import type { Grade } from '@cinegrade/color';
import { callApi } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { useAuth } from '../../auth/AuthProvider';

/**
 * The open asset's named grade versions (docs/product-rules.md, 'Grade versions'): one query per
 * asset that saving, renaming and deleting update.
 */
function versionsQuery(userId: string | null, assetId: string | null) {
  return queryOptions({
    queryKey: queryKeys.assets.versions(userId, assetId),
    queryFn: userId === null || assetId === null ? skipToken : async ({ signal }) => (await callApi(API.listGradeVersions, { params: { id: assetId }, signal })).versions,
  });
}

export function useGradeVersions(assetId: string | null) {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const client = useQueryClient();
  const query = useQuery(versionsQuery(userId, assetId));
  const key = queryKeys.assets.versions(userId, assetId);
  const replace = (update: (versions: GradeVersion[]) => GradeVersion[]) => client.setQueryData<GradeVersion[]>(key, (old) => update(old ?? []));

  const save = useMutation({
    mutationFn: ({ name, grade }: { name: string; grade: Grade }) =>
      callApi(API.createGradeVersion, { params: { id: assetId ?? '' }, body: { name, ...savedGradeFromGrade(grade) } }),
    onSuccess: (version) => replace((versions) => [...versions, version]),
  });
  const rename = useMutation({
    mutationFn: ({ versionId, name }: { versionId: string; name: string }) => callApi(API.renameGradeVersion, { params: { id: assetId ?? '', versionId }, body: { name } }),
    onSuccess: (version) => replace((versions) => versions.map((v) => (v.id === version.id ? version : v))),
  });
  const remove = useMutation({
    mutationFn: (versionId: string) => callApi(API.deleteGradeVersion, { params: { id: assetId ?? '', versionId } }),
    onSuccess: (_, versionId) => replace((versions) => versions.filter((v) => v.id !== versionId)),
  });
  return { versions: query.data ?? [], loading: query.isPending && userId !== null && assetId !== null, error: query.error, save, rename, remove };
}

/** The name a new version is offered: "Version N", the first N no version of the asset uses. */
export function nextVersionName(versions: readonly { name: string }[]): string {
  const taken = new Set(versions.map((v) => v.name));
  let n = versions.length + 1;
  while (taken.has(`Version ${n}`)) n++;
  return `Version ${n}`;
}
