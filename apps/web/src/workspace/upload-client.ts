import { DetailedError, Upload, type HttpResponse, type UploadOptions } from 'tus-js-client';
import { API, UPLOAD_ASSET_HEADER, UploadResult, type Asset } from '@cinegrade/contract';
import { callApi } from '../api/client';

/**
 * Resumable uploads with tus-js-client: 8 MB chunks, retries that outlast a dropped connection
 * or a server restart, and a fingerprint kept in browser storage, scoped to the signed-in user, so
 * the same file resumes where it stopped even after a reload, and never into another account.
 * An upload refused because its owner signed out (401) is interrupted, not failed: it resumes
 * when they sign in again (docs/product-rules.md, 'Limits').
 */
export interface UploadHandle {
  pause(): void;
  resume(): void;
  cancel(): void;
}

export interface UploadCallbacks {
  onProgress: (sent: number, total: number) => void;
  onSuccess: (asset: Asset) => void;
  onError: (message: string) => void;
  /** Retrying after a failure it may recover from (network, 5xx). */
  onRetry?: (attempt: number) => void;
  /** Refused because nobody is signed in any more (401): resume it once they are (`UploadHandle.resume`). */
  onSignedOut?: () => void;
}

const CHUNK_SIZE = 8 * 1024 * 1024;
/** About five minutes of retrying: long enough for a server restart. */
const RETRY_DELAYS = [0, 1000, 2000, 5000, 10_000, 10_000, 20_000, 30_000, 30_000, 60_000, 60_000, 60_000];

/** The message of a refused upload: the server's own, else a generic one. */
export function uploadErrorMessage(error: Error): string {
  if (error instanceof DetailedError && error.originalResponse) {
    try {
      const body = JSON.parse(error.originalResponse.getBody()) as { message?: string };
      if (body.message) return body.message;
    } catch {
      // Not JSON: fall through.
    }
    const status = error.originalResponse.getStatus();
    if (status === 413) return 'The file is larger than the upload limit.';
    if (status === 401) return 'Please sign in to upload.';
  }
  if (error instanceof DetailedError && !error.originalResponse) return 'The connection to the server was lost.';
  return error.message || 'Upload failed';
}

/** Where uploads go and how an asset is fetched: the page's own server, or (in tests) a given one. */
export interface UploadTransport {
  endpoint: string;
  headers?: Record<string, string>;
  getAsset(id: string): Promise<Asset>;
}

const PAGE_TRANSPORT: UploadTransport = {
  endpoint: '/api/uploads',
  getAsset: (id) => callApi(API.getAsset, { params: { id } }),
};

/**
 * The asset an upload became. Normally the final PATCH's answer says; when that answer was lost,
 * tus-js-client asks where to resume (HEAD), hears that every byte arrived, and succeeds with
 * that answer, which names the asset in a header instead.
 */
async function uploadedAsset(lastResponse: HttpResponse, transport: UploadTransport): Promise<Asset> {
  const body = lastResponse.getBody();
  if (body) return UploadResult.parse(JSON.parse(body)).asset;
  const assetId = lastResponse.getHeader(UPLOAD_ASSET_HEADER);
  if (!assetId) throw new Error('The upload finished without naming its asset.');
  return transport.getAsset(assetId);
}

/**
 * The key under which the browser remembers where an upload of this file stopped: tus-js-client's
 * own (name, type, size, modification time, endpoint) with the owner's id before it, so a file
 * picked again resumes only for the user who started it.
 */
export function uploadFingerprint(owner: string | null, file: { name: string; type: string; size: number; lastModified: number }, endpoint: string): string {
  return ['cinegrade', owner ?? 'signed-out', file.name, file.type, file.size, file.lastModified, endpoint].join('-');
}

/** Whether the server refused because nobody is signed in. */
function isSignedOut(error: Error): boolean {
  return error instanceof DetailedError && error.originalResponse?.getStatus() === 401;
}

/** tus-js-client's options for one file: chunking, retries, resuming and what a finished upload made. */
export function uploadOptions(
  metadata: { filename: string; filetype: string },
  callbacks: UploadCallbacks,
  transport: UploadTransport = PAGE_TRANSPORT,
  owner: string | null = null,
): UploadOptions {
  return {
    endpoint: transport.endpoint,
    fingerprint: (file, options) => Promise.resolve(uploadFingerprint(owner, file, options.endpoint ?? transport.endpoint)),
    ...(transport.headers ? { headers: transport.headers } : {}),
    chunkSize: CHUNK_SIZE,
    retryDelays: RETRY_DELAYS,
    metadata,
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
    onProgress: callbacks.onProgress,
    onShouldRetry: (error, retryAttempt) => {
      const status = error.originalResponse?.getStatus() ?? 0;
      const retry = status === 0 || status >= 500 || status === 409 || status === 423;
      if (retry) callbacks.onRetry?.(retryAttempt + 1);
      return retry;
    },
    onSuccess: ({ lastResponse }) => {
      uploadedAsset(lastResponse, transport).then(callbacks.onSuccess, () =>
        callbacks.onError('The upload finished but the server did not say what it saved.'),
      );
    },
    onError: (error) => {
      if (callbacks.onSignedOut && isSignedOut(error)) callbacks.onSignedOut();
      else callbacks.onError(uploadErrorMessage(error));
    },
  };
}

/** Starts uploading `file` for `owner` (the signed-in user), resuming an earlier upload of it by them. */
export function startUpload(file: File, callbacks: UploadCallbacks, owner: string | null = null): UploadHandle {
  let attempt = 0;
  const upload = new Upload(file, uploadOptions({ filename: file.name, filetype: file.type || 'application/octet-stream' }, callbacks, PAGE_TRANSPORT, owner));
  const begin = () => {
    attempt++;
    upload
      .findPreviousUploads()
      .then((previous) => {
        const resumable = previous.find((p) => p.size === file.size);
        if (resumable) upload.resumeFromPreviousUpload(resumable);
        upload.start();
      })
      .catch(() => upload.start());
  };
  begin();
  return {
    pause: () => void upload.abort(false),
    resume: () => {
      if (attempt > 0) upload.start();
    },
    cancel: () => void upload.abort(true),
  };
}
