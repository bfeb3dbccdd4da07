import type { ReactNode } from 'react';
import { OpenMediaProvider, useOpenMediaActions } from './open-media';
import { useClearAfterSignOut } from './sign-out-clear';
import { TrialFileProvider } from './trial-file-context';
import type { TrialStore } from './trial-store';
import { TrialRestoreProvider } from './trial-restore';
import { UploadsProvider, useUploadActions } from './uploads';

/**
 * The workspace's state, one concern each, every one read through its own hook so a component
 * re-renders only for what it reads:
 *
 * - the trial file (`useTrialFile`): the signed-out visitor's temporary file, kept in the browser;
 * - the open media (`useOpenMedia`, `useOpenMediaActions`): which asset or trial file the editor
 *   shows, its row read from the asset queries (`asset-queries.ts`: the list and deleting);
 * - the uploads (`useUploads`, `useUploadActions`): the tray's tus uploads and their handles;
 * - the trial file's restoration on signing in (`useTrialRestoring`).
 *
 * Each layer uses only the ones above it. A second after the person is seen to sign out, all of it
 * is cleared at once. Mounted by the app shell, inside the router (the open asset is in the
 * address). `trialStore` is where the trial file outlives a reload: the browser's IndexedDB unless
 * a test gives another.
 */
export function WorkspaceProvider({ children, trialStore }: { children: ReactNode; trialStore?: TrialStore }) {
  return (
    <TrialFileProvider store={trialStore}>
      <OpenMediaProvider>
        <UploadsProvider>
          <TrialRestoreProvider>
            <ClearAfterSignOut />
            {children}
          </TrialRestoreProvider>
        </UploadsProvider>
      </OpenMediaProvider>
    </TrialFileProvider>
  );
}

/** What belonged to the session goes a second after signing out: the open media, the trial file, the tray. */
function ClearAfterSignOut() {
  const { closeAll } = useOpenMediaActions();
  const { clearUploads } = useUploadActions();
  useClearAfterSignOut(() => {
    closeAll();
    clearUploads();
  });
  return null;
}
