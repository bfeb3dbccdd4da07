import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { MAX_PENDING_UPLOADS_PER_USER, stripUnsafeNameCharacters, type Asset } from '@cinegrade/contract';
import { useAuth } from '../auth/AuthProvider';
import { toast } from '../ui/toast-store';
import { putAssetInList } from './asset-queries';
import { isMediaFile, notMediaReason } from './media-file';
import { useOpenMediaActions } from './open-media';
import { startUpload, type UploadHandle } from './upload-client';

/** One file on its way to the server, as the upload tray shows it. */
export interface UploadItem {
  id: number;
  fileName: string;
  size: number;
  sent: number;
  /** 'waiting': queued until fewer than the server's cap of unfinished uploads are under way. */
  status: 'waiting' | 'uploading' | 'paused' | 'retrying' | 'done' | 'failed';
  /** Why it failed, in the words the server or this app gave. */
  error?: string;
}

/** What happens when one upload ends; by default the new asset opens, and a failure is a toast. */
export interface UploadOutcome {
  onDone?: (asset: Asset) => void;
  onFail?: (message: string) => void;
  /** Bytes sent so far (the batch processor shows each file's upload). */
  onProgress?: (sent: number, total: number) => void;
}

export interface UploadActions {
  /** Uploads the video and image files among `files`, saying when some were not. */
  uploadFiles: (files: File[]) => void;
  uploadFile: (file: File, outcome?: UploadOutcome) => void;
  pauseUpload: (id: number) => void;
  resumeUpload: (id: number) => void;
  cancelUpload: (id: number) => void;
  dismissUpload: (id: number) => void;
  /** Empties the tray (on signing out; uploads under way wait, interrupted, for their owner to sign in again). */
  clearUploads: () => void;
}

/** Why a file the browser does not report as video or image is not sent. */
export const NOT_MEDIA = 'Only video and image files can be uploaded.';

/** How long a finished upload stays in the tray. */
const DONE_SHOWN_MS = 3000;

const UploadsContext = createContext<readonly UploadItem[] | null>(null);
const UploadActionsContext = createContext<UploadActions | null>(null);

/**
 * The tus uploads of this tab (`upload-client.ts`): the tray's items, and the handles that pause,
 * resume and cancel them. A kept upload's asset goes into the cached list at once (the live update
 * that follows refetches it) and, unless the caller says otherwise, opens. At most
 * `MAX_PENDING_UPLOADS_PER_USER` are under way (paused ones included: the server still holds
 * them); more files wait their turn instead of being refused (docs/product-rules.md, 'Limits').
 * Signing out interrupts the uploads under way (they stop; the server lets their quota go a minute
 * later); when the same person signs in again they come back to the tray and go on where they
 * stopped. Another account signing in never takes them up.
 */
export function UploadsProvider({ children }: { children: ReactNode }) {
  const client = useQueryClient();
  const { user } = useAuth();
  const userId = useRef<string | null>(null);
  userId.current = user?.id ?? null;
  const { openAsset } = useOpenMediaActions();
  const [items, setItems] = useState<UploadItem[]>([]);
  const handles = useRef(new Map<number, UploadHandle>());
  /** Who started each upload under way. */
  const owners = useRef(new Map<number, string | null>());
  /** Uploads stopped by their owner's sign-out, as the tray last showed them: resumed when that owner signs in. */
  const interrupted = useRef(new Map<number, { owner: string; item: UploadItem | undefined }>());
  const shown = useRef<UploadItem[]>([]);
  shown.current = items;
  const nextId = useRef(1);

  const patch = useCallback((id: number, change: Partial<UploadItem>) => {
    setItems((list) => list.map((item) => (item.id === id ? { ...item, ...change } : item)));
  }, []);
  const remove = useCallback((id: number) => setItems((list) => list.filter((item) => item.id !== id)), []);

  const waiting = useRef(new Map<number, () => void>());
  const underWay = useRef(0);
  /** One upload under way ended (kept, failed or cancelled): the longest waiting one starts. */
  const ended = useCallback(() => {
    underWay.current = Math.max(0, underWay.current - 1);
    const next = waiting.current.entries().next();
    if (next.done) return;
    waiting.current.delete(next.value[0]);
    next.value[1]();
  }, []);

  /** Stops an upload under way until its owner signs in again. */
  const interrupt = useCallback(
    (id: number, owner: string) => {
      if (!interrupted.current.has(id)) interrupted.current.set(id, { owner, item: shown.current.find((item) => item.id === id) });
      patch(id, { status: 'paused' });
    },
    [patch],
  );

  /** Sends one file now (`upload-client.ts`). */
  const send = useCallback(
    (id: number, file: File, outcome: UploadOutcome) => {
      const owner = userId.current;
      owners.current.set(id, owner);
      const handle = startUpload(
        file,
        {
          onProgress: (sent, total) => {
            patch(id, { sent, status: 'uploading' });
            outcome.onProgress?.(sent, total);
          },
          onRetry: () => patch(id, { status: 'retrying' }),
          // Its owner signed out (the server answered 401): it waits for them rather than failing.
          ...(owner !== null ? { onSignedOut: () => interrupt(id, owner) } : {}),
          onSuccess: (asset) => {
            handles.current.delete(id);
            owners.current.delete(id);
            ended();
            patch(id, { sent: file.size, status: 'done' });
            const owner = userId.current;
            void (owner === null ? Promise.resolve() : putAssetInList(client, owner, asset)).then(() => {
              if (outcome.onDone) outcome.onDone(asset);
              else void openAsset(asset);
            });
            window.setTimeout(() => remove(id), DONE_SHOWN_MS);
          },
          onError: (message) => {
            handles.current.delete(id);
            owners.current.delete(id);
            ended();
            patch(id, { status: 'failed', error: message });
            if (outcome.onFail) outcome.onFail(message);
            else toast({ title: 'Upload Failed', description: `Upload failed: ${message}`, variant: 'destructive' });
          },
        },
        owner,
      );
      handles.current.set(id, handle);
    },
    [client, ended, interrupt, openAsset, patch, remove],
  );

  // Signing out stops the uploads under way; their owner signing in again resumes them.
  const signedIn = user?.id ?? null;
  const lastSignedIn = useRef(signedIn);
  useEffect(() => {
    const before = lastSignedIn.current;
    lastSignedIn.current = signedIn;
    if (before !== null && before !== signedIn) {
      for (const [id, handle] of handles.current) {
        if (owners.current.get(id) !== before) continue;
        handle.pause();
        interrupt(id, before);
      }
    }
    if (signedIn === null) return;
    for (const [id, { owner, item }] of interrupted.current) {
      interrupted.current.delete(id);
      const handle = handles.current.get(id);
      if (owner !== signedIn || !handle) {
        // Another account: this upload is not theirs to go on with, nor to see.
        handles.current.delete(id);
        owners.current.delete(id);
        remove(id);
        if (handle) ended();
        continue;
      }
      setItems((list) => (list.some((entry) => entry.id === id) ? list : item ? [...list, item] : list));
      patch(id, { status: 'uploading' });
      handle.resume();
    }
  }, [signedIn, ended, interrupt, patch, remove]);

  const uploadFile = useCallback(
    (file: File, outcome: UploadOutcome = {}) => {
      const id = nextId.current++;
      const begin = () => {
        underWay.current++;
        patch(id, { status: 'uploading' });
        send(id, file, outcome);
      };
      const startsNow = underWay.current < MAX_PENDING_UPLOADS_PER_USER;
      setItems((list) => [...list, { id, fileName: stripUnsafeNameCharacters(file.name), size: file.size, sent: 0, status: startsNow ? 'uploading' : 'waiting' }]);
      if (startsNow) begin();
      else waiting.current.set(id, begin);
    },
    [patch, send],
  );

  const actions = useMemo<UploadActions>(
    () => ({
      uploadFiles: (files) => {
        const accepted = files.filter(isMediaFile);
        const refused = files.filter((file) => !isMediaFile(file));
        if (refused.length > 0) {
          const reasons = new Set(refused.map((file) => notMediaReason(file, NOT_MEDIA)));
          toast({ title: 'Upload Failed', description: reasons.size === 1 ? [...reasons][0] : NOT_MEDIA, variant: 'destructive' });
          // Each refused file stays in the tray, named, with the reason, until dismissed.
          const failed = refused.map((file): UploadItem => ({ id: nextId.current++, fileName: file.name, size: file.size, sent: 0, status: 'failed', error: notMediaReason(file, NOT_MEDIA) }));
          setItems((list) => [...list, ...failed]);
        }
        for (const file of accepted) uploadFile(file);
      },
      uploadFile,
      pauseUpload: (id) => {
        handles.current.get(id)?.pause();
        patch(id, { status: 'paused' });
      },
      resumeUpload: (id) => {
        handles.current.get(id)?.resume();
        patch(id, { status: 'uploading' });
      },
      cancelUpload: (id) => {
        if (waiting.current.delete(id)) return remove(id);
        const handle = handles.current.get(id);
        handle?.cancel();
        handles.current.delete(id);
        owners.current.delete(id);
        interrupted.current.delete(id);
        remove(id);
        if (handle) ended();
      },
      dismissUpload: remove,
      clearUploads: () => {
        // Files not yet started never will be: they were this session's.
        waiting.current.clear();
        setItems([]);
      },
    }),
    [uploadFile, patch, remove, ended],
  );

  return (
    <UploadActionsContext.Provider value={actions}>
      <UploadsContext.Provider value={items}>{children}</UploadsContext.Provider>
    </UploadActionsContext.Provider>
  );
}

/** The uploads in the tray, oldest first. */
export function useUploads(): readonly UploadItem[] {
  const items = useContext(UploadsContext);
  if (!items) throw new Error('useUploads must be used within an UploadsProvider');
  return items;
}

export function useUploadActions(): UploadActions {
  const actions = useContext(UploadActionsContext);
  if (!actions) throw new Error('useUploadActions must be used within an UploadsProvider');
  return actions;
}
