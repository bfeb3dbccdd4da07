import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { clearTrialFile, retrieveTrialFile, storeTrialFile, type TrialFileRecord } from './trial-file';

/**
 * The signed-out visitor's one temporary file, as the workspace sees it: the file and its record
 * while it is kept, null otherwise. `trial-file.ts` keeps it (in memory, the record in browser
 * storage); this context is the only reader and writer, so keeping it somewhere that outlives a
 * reload changes `trial-file.ts` and the initial state here, nothing else.
 */
export interface TrialFile {
  file: File;
  record: TrialFileRecord;
}

export interface TrialFileState {
  trial: TrialFile | null;
  /** Keeps `file` as the trial file (replacing any); answers null when it is too large. */
  keep: (file: File) => TrialFileRecord | null;
  /** Forgets the trial file and its record. */
  clear: () => void;
}

const TrialFileContext = createContext<TrialFileState | null>(null);

export function TrialFileProvider({ children }: { children: ReactNode }) {
  const [trial, setTrial] = useState<TrialFile | null>(retrieveTrialFile);
  const keep = useCallback((file: File) => {
    const record = storeTrialFile(file);
    if (record) setTrial({ file, record });
    return record;
  }, []);
  const clear = useCallback(() => {
    clearTrialFile();
    setTrial(null);
  }, []);
  const value = useMemo(() => ({ trial, keep, clear }), [trial, keep, clear]);
  return <TrialFileContext.Provider value={value}>{children}</TrialFileContext.Provider>;
}

export function useTrialFile(): TrialFileState {
  const context = useContext(TrialFileContext);
  if (!context) throw new Error('useTrialFile must be used within a TrialFileProvider');
  return context;
}
