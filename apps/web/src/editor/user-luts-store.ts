import { useEffect, useSyncExternalStore } from 'react';
import { cubeToLut3D, parseCube } from '@cinegrade/color';
import { API, MAX_CUBE_FILE_BYTES, MAX_IMPORTED_LUT_SIZE, type UserLut } from '@cinegrade/contract';
import { ApiError, callApi } from '../api/client';
import { useAuth } from '../auth/AuthProvider';
import { forgetLutTable, rememberLutTable } from './user-lut-tables';

/**
 * The signed-in user's imported LUTs ("My LUTs", ".cube in and out"): loaded once per
 * user from GET /api/luts and kept current by import and delete, so the looks panel and the
 * PROGRAM badge read one list. Kept outside React like the grade store.
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

let state: UserLutsState = SIGNED_OUT;
const listeners = new Set<() => void>();

function publish(next: UserLutsState): void {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getState = (): UserLutsState => state;

/** Loads the list of `userId` (again when `force`), or clears it when nobody is signed in. */
export async function loadUserLuts(userId: string | null, force = false): Promise<void> {
  if (userId === null) {
    if (state.userId !== null) publish(SIGNED_OUT);
    return;
  }
  if (!force && state.userId === userId && state.status !== 'failed') return;
  publish({ userId, luts: state.userId === userId ? state.luts : [], status: 'loading', error: null });
  try {
    const { luts } = await callApi(API.listUserLuts);
    if (state.userId === userId) publish({ userId, luts, status: 'ready', error: null });
  } catch (error) {
    if (state.userId !== userId) return;
    const message = error instanceof ApiError ? error.message : 'Your imported LUTs could not be loaded.';
    publish({ ...state, status: 'failed', error: message });
  }
}

/** The signed-in user's imported LUTs, loaded on first use. */
export function useUserLuts(): UserLutsState {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  useEffect(() => {
    void loadUserLuts(userId);
  }, [userId]);
  const current = useSyncExternalStore(subscribe, getState, getState);
  return current.userId === userId ? current : SIGNED_OUT;
}

/** The name of an imported LUT in the current list, or null when it is not (or no longer) there. */
export function userLutName(luts: readonly UserLut[], id: string | null): string | null {
  if (id === null) return null;
  return luts.find((lut) => lut.id === id)?.name ?? null;
}

/** A `.cube` file the browser refused before sending it: the parser's message, with its line. */
export class CubeFileError extends Error {
  constructor(
    message: string,
    readonly line: number | null,
  ) {
    super(message);
    this.name = 'CubeFileError';
  }
}

/** The LUT's name from its file name: "Teal Punch.cube" → "Teal Punch". */
export function lutNameFromFileName(fileName: string): string {
  const base = fileName.replace(/\.cube$/i, '').trim();
  return (base || 'Imported LUT').slice(0, 100);
}

/**
 * Imports a `.cube` file: parsed here first, so a broken file gets the parser's line-numbered
 * error at once without an upload, then sent to the server, which parses it again and decides
 * (its 400 and 403 messages reach the caller as ApiError). The table the browser parsed seeds
 * the renderers' cache, so the new look shows without fetching it back.
 */
export async function importUserLut(name: string, text: string): Promise<UserLut> {
  if (text.length > MAX_CUBE_FILE_BYTES) throw new CubeFileError('The file is larger than 12 MB, too large for a .cube LUT.', null);
  const parsed = parseCube(text);
  if (!parsed.ok) throw new CubeFileError(`This is not a valid .cube file: ${parsed.message}`, parsed.line);
  const size3d = parsed.cube.lut3d?.size ?? null;
  if (size3d !== null && size3d > MAX_IMPORTED_LUT_SIZE) {
    throw new CubeFileError(
      `This LUT has ${size3d} points per side; Cinegrade takes imported LUTs of up to ${MAX_IMPORTED_LUT_SIZE}. Export it at ${MAX_IMPORTED_LUT_SIZE} or 33 points and import it again.`,
      null,
    );
  }
  const lut = await callApi(API.importUserLut, { body: { name, cube: text } });
  // The server resamples 1D files and non-0..1 domains to a 3D table of lut.size; so do we.
  rememberLutTable(lut, cubeToLut3D(parsed.cube, lut.size));
  if (state.userId !== null) publish({ ...state, luts: [lut, ...state.luts.filter((l) => l.id !== lut.id)] });
  return lut;
}

/** Deletes an imported LUT on the server and from the list. */
export async function deleteUserLut(id: string): Promise<void> {
  await callApi(API.deleteUserLut, { params: { id } });
  forgetLutTable(id);
  publish({ ...state, luts: state.luts.filter((lut) => lut.id !== id) });
}

/** Test hook: forget everything (each test starts signed out). */
export function resetUserLutsForTests(): void {
  publish(SIGNED_OUT);
}
