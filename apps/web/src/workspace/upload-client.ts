import { DetailedError, Upload, type HttpResponse, type UploadOptions } from 'tus-js-client';
import { API, UPLOAD_ASSET_HEADER, UploadResult, type Asset } from '@cinegrade/contract';
import { callApi } from '../api/client';

/**
 * Resumable uploads with tus-js-client: 8 MB chunks, retries that outlast a dropped connection
 * or a server restart, and a fingerprint kept in browser storage so the same file resumes where
 * it stopped even after a reload.
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

/** tus-js-client's options for one file: chunking, retries, resuming and what a finished upload made. */
export function uploadOptions(
  metadata: { filename: string; filetype: string },
  callbacks: UploadCallbacks,
  transport: UploadTransport = PAGE_TRANSPORT,
): UploadOptions {
  return {
    endpoint: transport.endpoint,
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
    onError: (error) => callbacks.onError(uploadErrorMessage(error)),
  };
}

export function startUpload(file: File, callbacks: UploadCallbacks): UploadHandle {
  let attempt = 0;
  const upload = new Upload(file, uploadOptions({ filename: file.name, filetype: file.type || 'application/octet-stream' }, callbacks));
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
