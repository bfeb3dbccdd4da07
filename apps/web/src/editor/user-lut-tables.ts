import { useCallback, useMemo } from 'react';
import { queryOptions, skipToken, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { API, type UserLut } from '@cinegrade/contract';
import { lutFromBytes as decodeLut, type Lut3D } from '@cinegrade/color';
import { ApiError, toApiError } from '../api/client';
import { queryKeys } from '../api/query-keys';
import { useAuth } from '../auth/AuthProvider';

/**
 * The tables of the signed-in user's imported LUTs, shared by everything that bakes a grade in
 * the browser: the PROGRAM renderer, the version wipe, the look swatches, the `.cube` download and
 * the autosave's check for a deleted LUT. Each is one query (`queryKeys.lutTable`, under the
 * person's `['user', id]` prefix, so signing out forgets them with the rest of their state),
 * fetched once: a LUT never changes after import, so a table is never stale and is kept while its
 * owner is signed in. A 404 is remembered as null (the LUT is gone); a failed fetch is not, so the
 * next use asks again.
 */
export type LutTableState = { status: 'loading' } | { status: 'ready'; lut: Lut3D } | { status: 'missing' } | { status: 'failed'; message: string };

/** Parses the served form: size³ RGB float32 triplets, little-endian, red fastest, then a shaper's points when the table has one. */
export const lutFromBytes: (size: number, buffer: ArrayBuffer) => Lut3D = decodeLut;

async function downloadLutTable(id: string): Promise<Lut3D | null> {
  const response = await fetch(API.userLutTable.path.replace('{id}', encodeURIComponent(id)), { credentials: 'same-origin' });
  if (response.status === 404) return null;
  if (!response.ok) throw await toApiError(response);
  return lutFromBytes(Number(response.headers.get('X-Lut-Size')), await response.arrayBuffer());
}

/** How long an unused table stays in the cache: while its owner is signed in. */
const KEPT = Infinity;

/** One table's query; it never runs while nobody is signed in or without a LUT. */
function lutTableQuery(userId: string | null, id: string | null) {
  return queryOptions({
    queryKey: queryKeys.lutTable(userId, id),
    queryFn: userId === null || id === null ? skipToken : () => downloadLutTable(id),
    staleTime: Infinity,
    gcTime: KEPT,
  });
}

/**
 * The table of an imported LUT of `userId`, from the cache or fetched into it; null when the user
 * no longer has it (404). For code outside render (the `.cube` download, the autosave, the swatches).
 */
export function fetchLutTable(client: QueryClient, userId: string | null, id: string): Promise<Lut3D | null> {
  if (userId === null) return Promise.reject(new Error('Imported LUTs are there only while you are signed in.'));
  return client.fetchQuery(lutTableQuery(userId, id));
}

/** `fetchLutTable` for the signed-in person, from the app's client. */
export function useFetchLutTable(): (id: string) => Promise<Lut3D | null> {
  const client = useQueryClient();
  const userId = useAuth().user?.id ?? null;
  return useCallback((id: string) => fetchLutTable(client, userId, id), [client, userId]);
}

/** Seeds the cache with a table the browser already has (a file just imported). */
export function rememberLutTable(client: QueryClient, userId: string, lut: UserLut, table: Lut3D): void {
  const { queryKey } = lutTableQuery(userId, lut.id);
  // Built with the tables' cache time first, so the seed is kept like a fetched table.
  client.getQueryCache().build(client, { queryKey: queryKeys.lutTable(userId, lut.id), gcTime: KEPT });
  client.setQueryData(queryKey, table);
}

/** Forgets a deleted LUT's table. */
export function forgetLutTable(client: QueryClient, userId: string, id: string): void {
  client.removeQueries({ queryKey: queryKeys.lutTable(userId, id), exact: true });
}

/** The table of `id` for rendering, or null when the grade has no imported LUT. */
export function useLutTable(id: string | null): LutTableState | null {
  const userId = useAuth().user?.id ?? null;
  const { data, error } = useQuery(lutTableQuery(userId, id));
  return useMemo<LutTableState | null>(() => {
    if (id === null) return null;
    if (data === null) return { status: 'missing' };
    if (data) return { status: 'ready', lut: data };
    if (error) return { status: 'failed', message: error instanceof ApiError ? error.message : 'The imported LUT could not be loaded.' };
    return { status: 'loading' };
  }, [id, data, error]);
}
