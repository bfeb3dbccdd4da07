import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Asset } from '@cinegrade/contract';
import { useAuth } from '../auth/AuthProvider';
import { toast } from '../ui/toast-store';
import { assetDetailQuery, assetListQuery, putAssetInList } from './asset-queries';
import { isMediaFile } from './media-file';
import type { TrialFileRecord } from './trial-file';
import { useTrialFile } from './trial-file-context';

/**
 * What the editor shows: a saved asset, or the signed-out visitor's temporary file. An asset's
 * `url` is null while the server is still making its browser-playable copy (the asset is
 * `processing`); the live update that marks it ready brings the link.
 */
export type OpenMedia =
  | { source: 'asset'; asset: Asset; url: string | null; mediaType: Asset['media_file_type']; name: string }
  | { source: 'trial'; record: TrialFileRecord; url: string; mediaType: TrialFileRecord['mediaType']; name: string };

export interface OpenMediaActions {
  /** Reads the asset afresh and opens it, or says it cannot be loaded. */
  openAsset: (asset: Asset) => Promise<void>;
  /** Keeps a signed-out visitor's file as the trial file and shows it. */
  openTrialFile: (file: File) => void;
  /** Closes what is open (a trial file is forgotten). */
  closeMedia: () => void;
  /** Closes the open asset and forgets the trial file, whichever shows (on signing out). */
  closeAll: () => void;
}

/**
 * Which media is open is one piece of state, the id of the open asset; everything else is read:
 * the asset's row from the list query (so the live refresh of the list keeps its row and signed
 * links current, and an asset gone from the list closes the editor), or from the single read made
 * on opening it until the list has it. With no asset open, the trial file shows when there is one.
 * Putting the open asset in the address later means reading `openAssetId` from there.
 */
const OpenMediaContext = createContext<OpenMedia | null | undefined>(undefined);
const OpenMediaActionsContext = createContext<OpenMediaActions | null>(null);

/** Whether an asset can play: not when its preparation failed, nor when it is ready without a file. */
function isPlayable(asset: Asset): boolean {
  return asset.media_url !== null || asset.processing_status === 'processing';
}

function trialMedia(record: TrialFileRecord): OpenMedia {
  return { source: 'trial', record, url: record.mediaUrl, mediaType: record.mediaType, name: record.fileName };
}

export function OpenMediaProvider({ children }: { children: ReactNode }) {
  const client = useQueryClient();
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const { trial, keep, clear: clearTrial } = useTrialFile();
  const [openAssetId, setOpenAssetId] = useState<string | null>(null);
  const list = useQuery(assetListQuery(userId)).data;
  // Only read here: `openAsset` fetches it; the list's refetches keep the row current after that.
  const opened = useQuery({ ...assetDetailQuery(userId, openAssetId), enabled: false }).data;

  const current = openAssetId === null ? undefined : list ? list.find((a) => a.id === openAssetId) : opened;
  // Signed out, the open asset stays as last seen until the workspace is cleared a second later.
  const lastSeen = useRef<Asset | undefined>(undefined);
  if (current) lastSeen.current = current;
  const row = current ?? (userId === null && lastSeen.current?.id === openAssetId ? lastSeen.current : undefined);
  const removed = openAssetId !== null && list !== undefined && current === undefined;
  useEffect(() => {
    if (removed) setOpenAssetId(null);
  }, [removed]);

  const media = useMemo<OpenMedia | null>(() => {
    if (openAssetId !== null) {
      if (!row) return null;
      return { source: 'asset', asset: row, url: row.media_url ?? opened?.media_url ?? null, mediaType: row.media_file_type, name: row.name };
    }
    return trial ? trialMedia(trial.record) : null;
  }, [openAssetId, row, opened, trial]);

  const openAsset = useCallback(
    async (asset: Asset) => {
      if (!asset.media_file_path) {
        toast({ title: 'Re-upload Required', description: 'This asset needs to be re-uploaded', variant: 'destructive' });
        return;
      }
      if (userId === null) return;
      try {
        const fresh = await client.fetchQuery({ ...assetDetailQuery(userId, asset.id), staleTime: 0, retry: false });
        if (!isPlayable(fresh)) throw new Error(fresh.processing_error ?? 'Failed to get public URL');
        await putAssetInList(client, userId, fresh);
        setOpenAssetId(fresh.id);
      } catch (error) {
        console.error(`Failed to load asset: ${error instanceof Error ? error.message : 'Unknown error'}`);
        setOpenAssetId(null);
        toast({ title: 'Load Failed', description: 'Failed to load asset. Please try uploading again.', variant: 'destructive' });
      }
    },
    [client, userId],
  );

  const openTrialFile = useCallback(
    (file: File) => {
      if (!isMediaFile(file)) {
        toast({ title: 'Unsupported file', description: 'Choose a video or an image.', variant: 'destructive' });
        return;
      }
      if (!keep(file)) {
        toast({ title: 'File Too Large', description: 'Please sign up to upload larger files.', variant: 'destructive' });
        return;
      }
      setOpenAssetId(null);
    },
    [keep],
  );

  const openAssetIdNow = useRef(openAssetId);
  openAssetIdNow.current = openAssetId;
  const closeMedia = useCallback(() => {
    if (openAssetIdNow.current !== null) setOpenAssetId(null);
    else clearTrial();
  }, [clearTrial]);

  const closeAll = useCallback(() => {
    clearTrial();
    setOpenAssetId(null);
  }, [clearTrial]);

  const actions = useMemo(() => ({ openAsset, openTrialFile, closeMedia, closeAll }), [openAsset, openTrialFile, closeMedia, closeAll]);
  return (
    <OpenMediaActionsContext.Provider value={actions}>
      <OpenMediaContext.Provider value={media}>{children}</OpenMediaContext.Provider>
    </OpenMediaActionsContext.Provider>
  );
}

/** The media open in the editor, or null. */
export function useOpenMedia(): OpenMedia | null {
  const media = useContext(OpenMediaContext);
  if (media === undefined) throw new Error('useOpenMedia must be used within an OpenMediaProvider');
  return media;
}

export function useOpenMediaActions(): OpenMediaActions {
  const actions = useContext(OpenMediaActionsContext);
  if (!actions) throw new Error('useOpenMediaActions must be used within an OpenMediaProvider');
  return actions;
}
