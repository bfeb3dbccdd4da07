import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { isIdentityGrade } from '@cinegrade/color';
import { API, savedGradeFromGrade } from '@cinegrade/contract';
import { callApi } from '../api/client';
import { useAuth } from '../auth/AuthProvider';
import { handleError } from '../ui/handle-error';
import { toast } from '../ui/toast-store';
import { useOpenMediaActions } from './open-media';
import { trialGrade } from './trial-file';
import { useTrialFile, type TrialFile } from './trial-file-context';
import { useUploadActions } from './uploads';

/**
 * The grade a signed-out visitor gave their trial file is saved on the asset it becomes, so signing
 * up loses none of the work. A grade the server refuses (a look the plan does not include) is
 * said, and the asset opens as the original.
 */
async function keepTrialGrade(assetId: string): Promise<void> {
  const grade = trialGrade();
  if (grade === null || isIdentityGrade(grade)) return;
  try {
    await callApi(API.updateAsset, { params: { id: assetId }, body: savedGradeFromGrade(grade) });
  } catch (error) {
    handleError(error, 'Grade not kept', 'The grade of your trial file could not be saved with it.');
  }
}

const RestoringContext = createContext<boolean | null>(null);

/**
 * Signing in with a trial file saves it as an asset (docs/product-rules.md, 'Temporary file'): it is uploaded, its
 * grade saved on the new asset, 'File Restored!' said and the asset opened in its place; only then
 * is the trial file forgotten, so the editor never shows nothing in between. On failure:
 * 'Restoration Failed', and the trial file is forgotten.
 */
export function TrialRestoreProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const { trial, clear } = useTrialFile();
  const { uploadFile } = useUploadActions();
  const { openAsset } = useOpenMediaActions();
  const [restoring, setRestoring] = useState(false);
  const latest = useRef({ clear, uploadFile, openAsset });
  useEffect(() => {
    latest.current = { clear, uploadFile, openAsset };
  });

  // Started once per trial file: on signing in with one, or when one kept before a reload is read
  // while signed in (the sign-in happened in another tab, or the last restoration was cut off).
  const started = useRef<TrialFile | null>(null);
  useEffect(() => {
    const { clear: forget, uploadFile: upload, openAsset: open } = latest.current;
    const pending = trial;
    if (userId === null || !pending || started.current === pending) return;
    started.current = pending;
    setRestoring(true);
    upload(pending.file, {
      onDone: (asset) => {
        void (async () => {
          await keepTrialGrade(asset.id);
          setRestoring(false);
          toast({ title: 'File Restored!', description: 'Your file has been saved to My Assets.', variant: 'success' });
          await open(asset);
          forget();
        })();
      },
      onFail: () => {
        forget();
        setRestoring(false);
        toast({ title: 'Restoration Failed', description: 'Unable to restore your temporary file. Please try uploading again.', variant: 'destructive' });
      },
    });
  }, [userId, trial]);

  return <RestoringContext.Provider value={restoring}>{children}</RestoringContext.Provider>;
}

/** True while a signed-in visitor's trial file is being saved as an asset. */
export function useTrialRestoring(): boolean {
  const restoring = useContext(RestoringContext);
  if (restoring === null) throw new Error('useTrialRestoring must be used within a TrialRestoreProvider');
  return restoring;
}
