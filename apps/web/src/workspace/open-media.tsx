import { createContext, useCallback, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Asset } from '@cinegrade/contract';
import { ApiError } from '../api/client';
import { useAuth } from '../auth/AuthProvider';
import { toast } from '../ui/toast-store';
import { addressWithAsset, assetIdOf } from './asset-address';
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
 * Which media is open is one piece of state, the id of the open asset, and it lives in the address
 * (`asset-address.ts`): opening an asset adds a history entry, closing it another, so the back
 * button, a reload or a link sent to oneself show the same thing. Everything else is read: the
 * asset's row from the list query (so the live refresh of the list keeps its row and signed links
 * current, and an asset gone from the list closes the editor), or from the single read made on
 * opening it until the list has it. With no asset open, the trial file shows when there is one.
 */
const OpenMediaContext = createContext<OpenMedia | null | undefined>(undefined);
const OpenMediaActionsContext = createContext<OpenMediaActions | null>(null);
const OpeningContext = createContext<boolean>(false);

/** Whether an asset can play: not when its preparation failed, nor when it is ready without a file. */
function isPlayable(asset: Asset): boolean {
  return asset.media_url !== null || asset.processing_status === 'processing';
}

function trialMedia(record: TrialFileRecord): OpenMedia {
  return { source: 'trial', record, url: record.mediaUrl, mediaType: record.mediaType, name: record.fileName };
}

/** Reads the asset afresh (new signed links) into the list; throws when it cannot be opened. */
async function fetchPlayable(client: QueryClient, userId: string, assetId: string): Promise<Asset> {
  const fresh = await client.fetchQuery({ ...assetDetailQuery(userId, assetId), staleTime: 0, retry: false });
  if (!isPlayable(fresh)) throw new Error(fresh.processing_error ?? 'Failed to get public URL');
  await putAssetInList(client, userId, fresh);
  return fresh;
}

function sayLoadFailed(error: unknown): void {
  console.error(`Failed to load asset: ${error instanceof Error ? error.message : 'Unknown error'}`);
  if (error instanceof ApiError && error.status === 404) {
    toast({ title: 'Asset not found', description: 'This asset does not exist or is not in your account.', variant: 'destructive' });
  } else {
    toast({ title: 'Load Failed', description: 'Failed to load asset. Please try uploading again.', variant: 'destructive' });
  }
}

export function OpenMediaProvider({ children }: { children: ReactNode }) {
  const client = useQueryClient();
  const { user, loading } = useAuth();
  const userId = user?.id ?? null;
  const { trial, keep, clear: clearTrial } = useTrialFile();
  const location = useLocation();
  const navigate = useNavigate();
  const openAssetId = assetIdOf(location);
  const list = useQuery(assetListQuery(userId)).data;
  // Only read here: opening fetches it; the list's refetches keep the row current after that.
  const opened = useQuery({ ...assetDetailQuery(userId, openAssetId), enabled: false }).data;

  const current = openAssetId === null ? undefined : list ? list.find((a) => a.id === openAssetId) : opened;
  // Signed out, the open asset stays as last seen until the workspace is cleared a second later.
  const lastSeen = useRef<Asset | undefined>(undefined);
  if (current) lastSeen.current = current;
  const row = current ?? (userId === null && lastSeen.current?.id === openAssetId ? lastSeen.current : undefined);

  // Address changes are made from the latest address, whenever the callback runs.
  const here = useRef(location);
  here.current = location;
  const goTo = useCallback(
    (assetId: string | null, replace: boolean) => {
      if (assetId === null && assetIdOf(here.current) === null) return;
      const next = addressWithAsset(here.current, assetId);
      if (next.pathname === here.current.pathname && next.search === here.current.search) return;
      void navigate(next, { replace });
    },
    [navigate],
  );

  // The address names an asset this tab has not read: read it (a reload, the back button, a link).
  // One the person cannot open is said and taken out of the address, leaving the empty workspace.
  const reading = useRef<string | null>(null);
  const deleted = openAssetId !== null && list !== undefined && current === undefined && lastSeen.current?.id === openAssetId;
  useEffect(() => {
    if (openAssetId === null || loading || current) return;
    if (userId === null) {
      // Signed out a moment ago: the workspace is cleared in a second. Otherwise the link needs an account.
      if (lastSeen.current?.id === openAssetId) return;
      toast({ title: 'Sign in to open this asset', description: 'Assets are kept in your account. Sign in, then open it from My Assets.', variant: 'destructive' });
      goTo(null, true);
      return;
    }
    // Deleted (here or elsewhere): the deletion was said already.
    if (deleted) {
      goTo(null, true);
      return;
    }
    if (reading.current === openAssetId) return;
    const wanted = openAssetId;
    reading.current = wanted;
    fetchPlayable(client, userId, wanted)
      .catch((error: unknown) => {
        sayLoadFailed(error);
        if (assetIdOf(here.current) === wanted) goTo(null, true);
      })
      .finally(() => {
        if (reading.current === wanted) reading.current = null;
      });
  }, [openAssetId, loading, current, userId, deleted, client, goTo]);

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
        const fresh = await fetchPlayable(client, userId, asset.id);
        goTo(fresh.id, false);
      } catch (error) {
        sayLoadFailed(error);
        if (assetIdOf(here.current) === asset.id) goTo(null, true);
      }
    },
    [client, userId, goTo],
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
      goTo(null, true);
    },
    [keep, goTo],
  );

  const closeMedia = useCallback(() => {
    if (assetIdOf(here.current) !== null) goTo(null, false);
    else clearTrial();
  }, [clearTrial, goTo]);

  const closeAll = useCallback(() => {
    clearTrial();
    goTo(null, true);
  }, [clearTrial, goTo]);

  const actions = useMemo(() => ({ openAsset, openTrialFile, closeMedia, closeAll }), [openAsset, openTrialFile, closeMedia, closeAll]);
  const opening = openAssetId !== null && !row;
  return (
    <OpenMediaActionsContext.Provider value={actions}>
      <OpeningContext.Provider value={opening}>
        <OpenMediaContext.Provider value={media}>{children}</OpenMediaContext.Provider>
      </OpeningContext.Provider>
    </OpenMediaActionsContext.Provider>
  );
}

/** True while the asset the address names is being read (after a reload, the back button or a link). */
export function useOpeningAsset(): boolean {
  return useContext(OpeningContext);
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
