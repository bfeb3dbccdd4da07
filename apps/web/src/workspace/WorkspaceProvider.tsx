import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { isIdentityGrade } from '@cinegrade/color';
import { API, savedGradeFromGrade, TEMP_FILE_CLEAR_DELAY_MS, type Asset } from '@cinegrade/contract';
import { gradeStore } from '../editor/grade-store';
import { callApi } from '../api/client';
import { onLiveReconnect, subscribeLiveEvents } from '../api/live-events';
import { useAuth } from '../auth/AuthProvider';
import { handleError } from '../ui/handle-error';
import { toast } from '../ui/toast-store';
import { clearTrialFile, retrieveTrialFile, storeTrialFile, type TrialFileRecord } from './trial-file';
import { startUpload, type UploadHandle } from './upload-client';

/**
 * What the editor shows: a saved asset, or the signed-out visitor's temporary file. An asset's
 * `url` is null while the server is still making its browser-playable copy (the asset is
 * `processing`); the live update that marks it ready brings the link.
 */
export type OpenMedia =
  | { source: 'asset'; asset: Asset; url: string | null; mediaType: Asset['media_file_type']; name: string }
  | { source: 'trial'; record: TrialFileRecord; url: string; mediaType: TrialFileRecord['mediaType']; name: string };

export interface UploadItem {
  id: number;
  fileName: string;
  size: number;
  sent: number;
  status: 'uploading' | 'paused' | 'retrying' | 'done' | 'failed';
  error?: string;
}

export interface WorkspaceState {
  assets: Asset[] | null;
  media: OpenMedia | null;
  uploads: UploadItem[];
  /** A signed-in visitor's temporary file is being saved as an asset. */
  restoring: boolean;
  uploadFiles: (files: File[]) => void;
  pauseUpload: (id: number) => void;
  resumeUpload: (id: number) => void;
  cancelUpload: (id: number) => void;
  dismissUpload: (id: number) => void;
  openAsset: (asset: Asset) => Promise<void>;
  openTrialFile: (file: File) => void;
  closeMedia: () => void;
  deleteAsset: (asset: Asset) => Promise<void>;
  refreshAssets: () => Promise<void>;
}

const WorkspaceContext = createContext<WorkspaceState | null>(null);

/**
 * Only files a browser reports as video or image are sent (docs/product-rules.md, 'Validation'); the server decides
 * from the bytes. Browsers report no type at all for some video containers (MXF, MPEG-TS, some
 * MKV), so an empty type is sent too and the server answers for it.
 */
function isMediaFile(file: File): boolean {
  return file.type === '' || file.type.startsWith('video/') || file.type.startsWith('image/');
}

/**
 * The grade a signed-out visitor gave their trial file is saved on the asset it becomes, so signing
 * up loses none of the work. A grade the server refuses (a look the plan does not include) is
 * said, and the asset opens as the original.
 */
async function keepTrialGrade(assetId: string): Promise<void> {
  const { assetId: gradedAsset, grade } = gradeStore.getState();
  if (gradedAsset !== null || isIdentityGrade(grade)) return;
  try {
    await callApi(API.updateAsset, { params: { id: assetId }, body: savedGradeFromGrade(grade) });
  } catch (error) {
    handleError(error, 'Grade not kept', 'The grade of your trial file could not be saved with it.');
  }
}

/**
 * The asset as the editor opens it. Null only when it can never play: its preparation failed, or
 * it is ready but has no playable file (the server then has lost it).
 */
function assetMedia(asset: Asset): OpenMedia | null {
  if (!asset.media_url && asset.processing_status !== 'processing') return null;
  return { source: 'asset', asset, url: asset.media_url, mediaType: asset.media_file_type, name: asset.name };
}

export function WorkspaceProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const [assets, setAssets] = useState<Asset[] | null>(null);
  const [media, setMedia] = useState<OpenMedia | null>(() => {
    const trial = retrieveTrialFile();
    return trial ? { source: 'trial', record: trial.record, url: trial.record.mediaUrl, mediaType: trial.record.mediaType, name: trial.record.fileName } : null;
  });
  const [uploads, setUploads] = useState<UploadItem[]>([]);
  const [restoring, setRestoring] = useState(false);
  const handles = useRef(new Map<number, UploadHandle>());
  const nextUploadId = useRef(1);
  const previousUser = useRef<string | null>(null);

  const patchUpload = useCallback((id: number, change: Partial<UploadItem>) => {
    setUploads((items) => items.map((item) => (item.id === id ? { ...item, ...change } : item)));
  }, []);

  const refreshAssets = useCallback(async () => {
    try {
      const { assets: list } = await callApi(API.listAssets);
      setAssets(list);
      // Keep the open asset's row (and its signed links) current.
      setMedia((current) => {
        if (current?.source !== 'asset') return current;
        const fresh = list.find((a) => a.id === current.asset.id);
        if (!fresh) return null;
        return { ...current, asset: fresh, name: fresh.name, url: fresh.media_url ?? current.url };
      });
    } catch (error) {
      handleError(error, 'Error', 'Failed to load assets');
    }
  }, []);

  const openAsset = useCallback(async (asset: Asset) => {
    if (!asset.media_file_path) {
      toast({ title: 'Re-upload Required', description: 'This asset needs to be re-uploaded', variant: 'destructive' });
      return;
    }
    try {
      const fresh = await callApi(API.getAsset, { params: { id: asset.id } });
      const opened = assetMedia(fresh);
      if (!opened) throw new Error(fresh.processing_error ?? 'Failed to get public URL');
      setMedia(opened);
    } catch (error) {
      console.error(`Failed to load asset: ${error instanceof Error ? error.message : 'Unknown error'}`);
      setMedia(null);
      toast({ title: 'Load Failed', description: 'Failed to load asset. Please try uploading again.', variant: 'destructive' });
    }
  }, []);

  const uploadOne = useCallback(
    (file: File, onDone?: (asset: Asset) => void, onFail?: (message: string) => void) => {
      const id = nextUploadId.current++;
      setUploads((items) => [...items, { id, fileName: file.name, size: file.size, sent: 0, status: 'uploading' }]);
      const handle = startUpload(file, {
        onProgress: (sent) => patchUpload(id, { sent, status: 'uploading' }),
        onRetry: () => patchUpload(id, { status: 'retrying' }),
        onSuccess: (asset) => {
          handles.current.delete(id);
          patchUpload(id, { sent: file.size, status: 'done' });
          setAssets((list) => (list ? [asset, ...list.filter((a) => a.id !== asset.id)] : [asset]));
          if (onDone) onDone(asset);
          else void openAsset(asset);
          window.setTimeout(() => setUploads((items) => items.filter((item) => item.id !== id)), 3000);
        },
        onError: (message) => {
          handles.current.delete(id);
          patchUpload(id, { status: 'failed', error: message });
          if (onFail) onFail(message);
          else toast({ title: 'Upload Failed', description: `Upload failed: ${message}`, variant: 'destructive' });
        },
      });
      handles.current.set(id, handle);
    },
    [openAsset, patchUpload],
  );

  const uploadFiles = useCallback(
    (files: File[]) => {
      const accepted = files.filter(isMediaFile);
      if (accepted.length < files.length) {
        toast({ title: 'Upload Failed', description: 'Only video and image files can be uploaded.', variant: 'destructive' });
      }
      for (const file of accepted) uploadOne(file);
    },
    [uploadOne],
  );

  const openTrialFile = useCallback((file: File) => {
    if (!isMediaFile(file)) {
      toast({ title: 'Unsupported file', description: 'Choose a video or an image.', variant: 'destructive' });
      return;
    }
    const record = storeTrialFile(file);
    if (!record) {
      toast({ title: 'File Too Large', description: 'Please sign up to upload larger files.', variant: 'destructive' });
      return;
    }
    setMedia({ source: 'trial', record, url: record.mediaUrl, mediaType: record.mediaType, name: record.fileName });
  }, []);

  // Signing in with a temporary file saves it as an asset (docs/product-rules.md, 'Temporary file').
  useEffect(() => {
    const signedInNow = user?.id ?? null;
    const was = previousUser.current;
    previousUser.current = signedInNow;
    if (signedInNow && !was) {
      void refreshAssets();
      const trial = retrieveTrialFile();
      if (trial) {
        setRestoring(true);
        uploadOne(
          trial.file,
          (asset) => {
            clearTrialFile();
            void keepTrialGrade(asset.id).finally(() => {
              setRestoring(false);
              toast({ title: 'File Restored!', description: 'Your file has been saved to My Assets.', variant: 'success' });
              void openAsset(asset);
            });
          },
          () => {
            clearTrialFile();
            setRestoring(false);
            setMedia(null);
            toast({ title: 'Restoration Failed', description: 'Unable to restore your temporary file. Please try uploading again.', variant: 'destructive' });
          },
        );
      }
    }
    if (!signedInNow && was) {
      // Seen signed out: clear what belonged to the session a second later.
      const timer = window.setTimeout(() => {
        clearTrialFile();
        setMedia(null);
        setAssets(null);
        setUploads([]);
      }, TEMP_FILE_CLEAR_DELAY_MS);
      return () => window.clearTimeout(timer);
    }
    return undefined;
  }, [user, refreshAssets, uploadOne, openAsset]);

  // Live updates: every change to this user's assets, from any tab or process, refreshes the list.
  useEffect(() => {
    if (!user) return;
    let timer: number | undefined;
    const refreshSoon = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => void refreshAssets(), 100);
    };
    const unsubscribe = subscribeLiveEvents('assets-changed', refreshSoon);
    // Changes made while the connection was away were never sent: each reconnection refetches.
    const unsubscribeReconnect = onLiveReconnect(refreshSoon);
    return () => {
      window.clearTimeout(timer);
      unsubscribe();
      unsubscribeReconnect();
    };
  }, [user, refreshAssets]);

  const value = useMemo<WorkspaceState>(
    () => ({
      assets,
      media,
      uploads,
      restoring,
      uploadFiles,
      pauseUpload: (id) => {
        handles.current.get(id)?.pause();
        patchUpload(id, { status: 'paused' });
      },
      resumeUpload: (id) => {
        handles.current.get(id)?.resume();
        patchUpload(id, { status: 'uploading' });
      },
      cancelUpload: (id) => {
        handles.current.get(id)?.cancel();
        handles.current.delete(id);
        setUploads((items) => items.filter((item) => item.id !== id));
      },
      dismissUpload: (id) => setUploads((items) => items.filter((item) => item.id !== id)),
      openAsset,
      openTrialFile,
      closeMedia: () => {
        if (media?.source === 'trial') clearTrialFile();
        setMedia(null);
      },
      deleteAsset: async (asset) => {
        try {
          await callApi(API.deleteAsset, { params: { id: asset.id } });
          setAssets((list) => list?.filter((a) => a.id !== asset.id) ?? null);
          setMedia((current) => (current?.source === 'asset' && current.asset.id === asset.id ? null : current));
          toast({ title: 'Asset deleted successfully', variant: 'success' });
        } catch (error) {
          handleError(error, 'Error', 'Failed to delete asset');
        }
      },
      refreshAssets,
    }),
    [assets, media, uploads, restoring, uploadFiles, patchUpload, openAsset, openTrialFile, refreshAssets],
  );

  return <WorkspaceContext.Provider value={value}>{children}</WorkspaceContext.Provider>;
}

export function useWorkspace(): WorkspaceState {
  const context = useContext(WorkspaceContext);
  if (!context) throw new Error('useWorkspace must be used within a WorkspaceProvider');
  return context;
}
