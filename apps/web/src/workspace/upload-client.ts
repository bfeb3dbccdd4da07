import { DetailedError, Upload } from 'tus-js-client';
import { UploadResult, type Asset } from '@cinegrade/contract';

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

export function startUpload(file: File, callbacks: UploadCallbacks): UploadHandle {
  let attempt = 0;
  const upload = new Upload(file, {
    endpoint: '/api/uploads',
    chunkSize: CHUNK_SIZE,
    retryDelays: RETRY_DELAYS,
    metadata: { filename: file.name, filetype: file.type || 'application/octet-stream' },
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
      try {
        const parsed = UploadResult.parse(JSON.parse(lastResponse.getBody()));
        callbacks.onSuccess(parsed.asset);
      } catch {
        callbacks.onError('The upload finished but the server did not say what it saved.');
      }
    },
    onError: (error) => callbacks.onError(uploadErrorMessage(error)),
  });
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
