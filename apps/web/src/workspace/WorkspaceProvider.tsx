import type { ReactNode } from 'react';
import { OpenMediaProvider } from './open-media';
import { TrialFileProvider } from './trial-file-context';
import { TrialRestoreProvider } from './trial-restore';
import { UploadsProvider } from './uploads';

/**
 * The workspace's state, one concern each, every one read through its own hook so a component
 * re-renders only for what it reads:
 *
 * - the trial file (`useTrialFile`): the signed-out visitor's temporary file;
 * - the open media (`useOpenMedia`, `useOpenMediaActions`): which asset or trial file the editor
 *   shows, its row read from the asset queries (`asset-queries.ts`: the list and deleting);
 * - the uploads (`useUploads`, `useUploadActions`): the tray's tus uploads and their handles;
 * - the trial file's restoration on signing in (`useTrialRestoring`).
 *
 * Each layer uses only the ones above it. Mounted by the app shell, inside the router.
 */
export function WorkspaceProvider({ children }: { children: ReactNode }) {
  return (
    <TrialFileProvider>
      <OpenMediaProvider>
        <UploadsProvider>
          <TrialRestoreProvider>{children}</TrialRestoreProvider>
        </UploadsProvider>
      </OpenMediaProvider>
    </TrialFileProvider>
  );
}
