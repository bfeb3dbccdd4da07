import { useEffect, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { DEFAULT_GRADE, type Grade, type Lut3D } from '@cinegrade/color';
import { API, gradeFromSavedGrade, type SavedGrade } from '@cinegrade/contract';
import { ApiError, toApiError } from '../../api/client';
import { handleError } from '../../ui/handle-error';
import { toast } from '../../ui/toast-store';
import { useOpenMedia, type OpenMedia } from '../../workspace/open-media';
import { trialGrade } from '../../workspace/trial-file';
import { gradeStore, type GradeStore } from '../grade-store';
import { useFetchLutTable } from '../user-lut-tables';
import { GradeAutosaver } from './grade-autosaver';
import { mediaKey } from './media-key';

/**
 * PATCH /api/assets/{id} with the grade. `keepalive` lets the request outlive the page when it is
 * sent from `pagehide` (the Fetch standard keeps such bodies up to 64 KB; a grade is ~300 bytes).
 */
export async function patchAssetGrade(assetId: string, saved: SavedGrade, keepalive: boolean): Promise<void> {
  const response = await fetch(API.updateAsset.path.replace('{id}', encodeURIComponent(assetId)), {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(saved),
    credentials: 'same-origin',
    keepalive,
  });
  if (!response.ok) throw await toApiError(response);
}

/**
 * Save failures become the server's message in a toast. A 404 is an asset deleted in the meantime
 * (here or in another tab): there is nothing left to save, so nothing to say.
 */
function reportSaveError(error: unknown): void {
  if (error instanceof ApiError && error.status === 404) return;
  handleError(error, 'Changes not saved', 'Your last change could not be saved. It will be tried again with your next change.');
}

/** The one autosaver of the app, following the one grade store. */
export const gradeAutosaver = new GradeAutosaver(patchAssetGrade, reportSaveError);

// Which media's grade is in the store, for the parts that must wait for it (the `?look=` link).
let loadedKey: string | null = null;
const loadedListeners = new Set<() => void>();

function setLoadedKey(key: string | null): void {
  loadedKey = key;
  for (const listener of loadedListeners) listener();
}

/** The media key (see `mediaKey`) whose grade the store holds; null before the first load. */
export function useLoadedMediaKey(): string | null {
  return useSyncExternalStore(
    (listener) => {
      loadedListeners.add(listener);
      return () => loadedListeners.delete(listener);
    },
    () => loadedKey,
  );
}

/**
 * The grade an opened media starts with: this tab's unsaved edits of the asset; else the grade
 * saved on it; else — when the saved one no longer parses — the original, saying why. The
 * signed-out trial file starts with the grade kept with it in the browser (after a reload), else
 * as the original; it is never saved on the server.
 */
export function initialGrade(media: OpenMedia, autosaver: GradeAutosaver = gradeAutosaver): Grade {
  if (media.source !== 'asset') return trialGrade() ?? DEFAULT_GRADE;
  const unsaved = autosaver.unsavedGrade(media.asset.id);
  if (unsaved) return unsaved;
  const parsed = gradeFromSavedGrade(media.asset);
  if (parsed.ok) return parsed.grade;
  toast({
    title: 'Grade not restored',
    description: `The grade saved on this asset could not be read (${parsed.message}), so it opens as the original.`,
    variant: 'destructive',
  });
  return DEFAULT_GRADE;
}

/** An imported LUT the person has since deleted: the grade continues without a look, and says so. */
async function dropMissingImportedLut(
  fetchLutTable: (id: string) => Promise<Lut3D | null>,
  store: GradeStore,
  assetId: string,
  customLook: string,
): Promise<void> {
  const table = await fetchLutTable(customLook).catch(() => undefined);
  const state = store.getState();
  if (table !== null || state.assetId !== assetId || state.grade.customLook !== customLook) return;
  if (state.revision === 0) store.load(assetId, { ...state.grade, customLook: null });
  else store.change((grade) => ({ ...grade, customLook: null }));
  toast({ title: 'Imported LUT missing', description: 'This asset used an imported LUT you no longer have, so it opens without a look.', variant: 'destructive' });
}

/**
 * Loads the open media's grade into the grade store and saves every change on the open asset
 * (debounced); the waiting change is sent at once when the asset is switched or closed and when
 * the page is hidden. Called once by the editor screen.
 */
export function useGradeAutosave(store: GradeStore = gradeStore, autosaver: GradeAutosaver = gradeAutosaver): void {
  const media = useOpenMedia();
  const key = mediaKey(media);
  const current = useRef(media);
  current.current = media;
  // Read when an asset opens; a change of person alone does not load the grade again.
  const fetchTable = useFetchLutTable();
  const fetchLutTable = useRef(fetchTable);
  fetchLutTable.current = fetchTable;

  useEffect(() => {
    const detach = autosaver.attach(store);
    const onPageHide = () => void autosaver.flush(true);
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') void autosaver.flush(true);
    };
    window.addEventListener('pagehide', onPageHide);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      detach();
      window.removeEventListener('pagehide', onPageHide);
      document.removeEventListener('visibilitychange', onVisibility);
      // The editor closed: what is waiting goes now.
      void autosaver.flush();
    };
  }, [store, autosaver]);

  // Before the new media's first paint: send the previous asset's waiting change, then load.
  useLayoutEffect(() => {
    const opened = current.current;
    void autosaver.flush();
    if (!opened) {
      setLoadedKey(null);
      return;
    }
    // The trial file's grade exists only in the store: the editor coming back to the same trial
    // file (after a visit to /auth, or on signing in before it is saved as an asset) keeps it.
    if (opened.source === 'trial' && key === loadedKey && store.getState().assetId === null) return;
    const grade = initialGrade(opened, autosaver);
    const assetId = opened.source === 'asset' ? opened.asset.id : null;
    store.load(assetId, grade);
    if (assetId) autosaver.noteLoaded(assetId, grade);
    setLoadedKey(key);
    if (assetId && grade.customLook !== null) void dropMissingImportedLut(fetchLutTable.current, store, assetId, grade.customLook);
  }, [key, store, autosaver]);
}
