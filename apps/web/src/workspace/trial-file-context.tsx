import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { TEMP_FILE_MAX_AGE_MS } from '@cinegrade/contract';
import { gradeStore } from '../editor/grade-store';
import { toast } from '../ui/toast-store';
import {
  clearTrialFile,
  keepTrialInBrowser,
  noteTrialGrade,
  persistTrialGrade,
  restoreTrialFile,
  retrieveTrialFile,
  storeTrialFile,
  type TrialFile,
  type TrialFileRecord,
  type TrialKeeping,
} from './trial-file';
import { indexedDbTrialStore, type TrialStore } from './trial-store';

export type { TrialFile } from './trial-file';

/**
 * The signed-out visitor's one temporary file, as the workspace sees it: the file and its record
 * while it is kept, null otherwise. `trial-file.ts` keeps it (in memory and in the browser's
 * storage); this context is the only reader and writer.
 */
export interface TrialFileState {
  trial: TrialFile | null;
  /** True until the browser's storage has been read for a file kept before a reload. */
  loading: boolean;
  /** Where the trial file is kept; null while that is not known yet (or there is no file). */
  keeping: TrialKeeping | null;
  /** Keeps `file` as the trial file (replacing any); answers null when it is too large. */
  keep: (file: File) => TrialFileRecord | null;
  /** Forgets the trial file and its record. */
  clear: () => void;
}

const TrialFileContext = createContext<TrialFileState | null>(null);

/** Grade edits are written to the browser's storage this long after the last one. */
const GRADE_WRITE_DELAY_MS = 300;

const browserStore = indexedDbTrialStore();

/** `store` is the browser's IndexedDB; tests give another. */
export function TrialFileProvider({ children, store = browserStore }: { children: ReactNode; store?: TrialStore | undefined }) {
  const [trial, setTrial] = useState<TrialFile | null>(retrieveTrialFile);
  const [loading, setLoading] = useState(trial === null);
  const [keeping, setKeeping] = useState<TrialKeeping | null>(null);

  useEffect(() => {
    let live = true;
    if (retrieveTrialFile()) return undefined;
    void restoreTrialFile(store).then((restored) => {
      if (!live) return;
      if (restored) {
        setTrial(restored);
        setKeeping('browser');
      }
      setLoading(false);
    });
    return () => {
      live = false;
    };
  }, [store]);

  // The grade made on the trial file (the grade store's media without an asset) goes with it.
  useEffect(() => {
    let timer: number | undefined;
    const unsubscribe = gradeStore.subscribe(() => {
      const { assetId, grade, revision } = gradeStore.getState();
      if (assetId !== null || revision === 0 || !retrieveTrialFile()) return;
      noteTrialGrade(grade);
      window.clearTimeout(timer);
      timer = window.setTimeout(() => void persistTrialGrade(store), GRADE_WRITE_DELAY_MS);
    });
    return () => {
      unsubscribe();
      window.clearTimeout(timer);
    };
  }, [store]);

  const keep = useCallback(
    (file: File) => {
      const kept = storeTrialFile(file);
      if (!kept) return null;
      setTrial(kept);
      setLoading(false);
      setKeeping(null);
      void keepTrialInBrowser(kept, store).then((where) => {
        if (retrieveTrialFile() === kept) setKeeping(where);
      });
      return kept.record;
    },
    [store],
  );
  const clear = useCallback(() => {
    clearTrialFile(store);
    setTrial(null);
    setKeeping(null);
  }, [store]);
  // Kept a day at most (docs/product-rules.md, 'Temporary file'), in a page left open that long too.
  useEffect(() => {
    if (!trial) return undefined;
    const timer = window.setTimeout(
      () => {
        clear();
        toast({ title: 'Temporary File Expired', description: 'A file tried without an account is kept for a day. Sign up to keep your work.' });
      },
      Math.max(0, trial.record.timestamp + TEMP_FILE_MAX_AGE_MS - Date.now()),
    );
    return () => window.clearTimeout(timer);
  }, [trial, clear]);

  const value = useMemo(() => ({ trial, loading, keeping, keep, clear }), [trial, loading, keeping, keep, clear]);
  return <TrialFileContext.Provider value={value}>{children}</TrialFileContext.Provider>;
}

export function useTrialFile(): TrialFileState {
  const context = useContext(TrialFileContext);
  if (!context) throw new Error('useTrialFile must be used within a TrialFileProvider');
  return context;
}
