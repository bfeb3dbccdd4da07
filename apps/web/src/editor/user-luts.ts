import { useMemo } from 'react';
import { queryOptions, skipToken, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { lutFileExactTable, lutFormatName, parseLutFile, type LutFormat } from '@cinegrade/color';
import { API, MAX_CUBE_FILE_BYTES, MAX_IMPORTED_LUT_SIZE, type UserLut } from '@cinegrade/contract';
import { ApiError, callApi } from '../api/client';
import { queryKeys } from '../api/query-keys';
import { useAuth } from '../auth/AuthProvider';
import { forgetLutTable, rememberLutTable } from './user-lut-tables';

/**
 * The signed-in user's imported LUTs ("My LUTs"): one query (`queryKeys.userLuts`, GET /api/luts)
 * that import and delete update, so the looks panel and the PROGRAM badge read one list.
 */
export interface UserLutsState {
  /** Whose list this is; null when nobody is signed in. */
  readonly userId: string | null;
  /** Newest first; empty while loading or signed out. */
  readonly luts: readonly UserLut[];
  readonly status: 'idle' | 'loading' | 'ready' | 'failed';
  readonly error: string | null;
}

const SIGNED_OUT: UserLutsState = { userId: null, luts: [], status: 'idle', error: null };
const NONE: readonly UserLut[] = [];

function userLutsQuery(userId: string | null) {
  return queryOptions({
    queryKey: queryKeys.userLuts(userId),
    queryFn: userId === null ? skipToken : async ({ signal }) => (await callApi(API.listUserLuts, { signal })).luts,
  });
}

/** The signed-in user's imported LUTs, loaded on first use. */
export function useUserLuts(): UserLutsState {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const { data, error, isPending } = useQuery(userLutsQuery(userId));
  return useMemo<UserLutsState>(() => {
    if (userId === null) return SIGNED_OUT;
    if (error) return { userId, luts: data ?? NONE, status: 'failed', error: error instanceof ApiError ? error.message : 'Your imported LUTs could not be loaded.' };
    if (isPending) return { userId, luts: NONE, status: 'loading', error: null };
    return { userId, luts: data, status: 'ready', error: null };
  }, [userId, data, error, isPending]);
}

/** The name of an imported LUT in the current list, or null when it is not (or no longer) there. */
export function userLutName(luts: readonly UserLut[], id: string | null): string | null {
  if (id === null) return null;
  return luts.find((lut) => lut.id === id)?.name ?? null;
}

/** A LUT file the browser refused before sending it: the parser's message, with its line. */
export class CubeFileError extends Error {
  constructor(
    message: string,
    readonly line: number | null,
    /** The format's name as people know it (".cube"), for the message's title. */
    readonly formatName = '.cube',
  ) {
    super(message);
    this.name = 'CubeFileError';
  }
}

/** The LUT's name from its file name: "Teal Punch.cube" → "Teal Punch" (likewise .3dl and .csp). */
export function lutNameFromFileName(fileName: string): string {
  const base = fileName.replace(/\.(cube|3dl|csp)$/i, '').trim();
  return (base || 'Imported LUT').slice(0, 100);
}

/**
 * Imports a `.cube`, `.3dl` or `.csp` file: parsed here first, so a broken file gets the parser's
 * line-numbered error at once without an upload, then sent to the server, which parses it again
 * and decides (its 400 and 403 messages reach the caller as ApiError). When the file is kept as
 * written (a plain 3D table over 0..1, or a short 1D one), the table the browser made seeds the
 * renderers' cache, so the new look shows without fetching it back; a resampled one is fetched.
 */
async function importUserLut(client: QueryClient, userId: string | null, name: string, text: string, format: LutFormat): Promise<UserLut> {
  const formatName = lutFormatName(format);
  if (text.length > MAX_CUBE_FILE_BYTES) throw new CubeFileError(`The file is larger than 12 MB, too large for a ${formatName} LUT.`, null, formatName);
  const parsed = parseLutFile(text, format);
  if (!parsed.ok) throw new CubeFileError(`This is not a valid ${formatName} file: ${parsed.message}`, parsed.line, formatName);
  const size3d = parsed.tableSize;
  if (size3d !== null && size3d > MAX_IMPORTED_LUT_SIZE) {
    throw new CubeFileError(
      `This LUT has ${size3d} points per side; Cinegrade takes imported LUTs of up to ${MAX_IMPORTED_LUT_SIZE}. Export it at ${MAX_IMPORTED_LUT_SIZE} or 33 points and import it again.`,
      null,
      formatName,
    );
  }
  const lut = await callApi(API.importUserLut, { body: { name, cube: text, ...(format === 'cube' ? {} : { format }) } });
  const exact = lutFileExactTable(parsed.file);
  if (userId !== null && exact && exact.size === lut.size) rememberLutTable(client, userId, lut, exact);
  return lut;
}

/** Imports a LUT file (see `importUserLut`) and puts it first in My LUTs. */
export function useImportUserLut() {
  const client = useQueryClient();
  const userId = useAuth().user?.id ?? null;
  const queryKey = queryKeys.userLuts(userId);
  return useMutation({
    mutationFn: ({ name, text, format = 'cube' }: { name: string; text: string; format?: LutFormat }) => importUserLut(client, userId, name, text, format),
    onSuccess: (lut) => client.setQueryData<UserLut[]>(queryKey, (luts) => [lut, ...(luts ?? []).filter((l) => l.id !== lut.id)]),
  });
}

/** Deletes an imported LUT on the server and from My LUTs. */
export function useDeleteUserLut() {
  const client = useQueryClient();
  const userId = useAuth().user?.id ?? null;
  const queryKey = queryKeys.userLuts(userId);
  return useMutation({
    mutationFn: (id: string) => callApi(API.deleteUserLut, { params: { id } }),
    onSuccess: (_answer, id) => {
      if (userId !== null) forgetLutTable(client, userId, id);
      client.setQueryData<UserLut[]>(queryKey, (luts) => luts?.filter((lut) => lut.id !== id));
    },
  });
}

