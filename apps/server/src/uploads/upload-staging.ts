import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import type { DataStore } from '@tus/utils';
import type { S3Config } from '../config';
import { s3ClientConfig } from '../storage/s3-client';
import type { Storage } from '../storage/storage';
import { stagedFile, stagedObject, type StagedUpload } from './staged-upload';

/** Unfinished uploads are kept this long for resuming (tus `Upload-Expires`). */
export const UPLOAD_EXPIRY_MS = 24 * 60 * 60 * 1000;

/** Where unfinished uploads live in the bucket, apart from finished files (one lifecycle rule can clean it). */
export const S3_UPLOAD_PREFIX = 'uploads/';

/**
 * S3 multipart part size for tus chunks. Every part but the last the same size, as Cloudflare R2
 * requires (the @tus/s3-store README); 8 MiB keeps a 20 GiB upload within S3's 10,000 parts.
 */
const S3_PART_BYTES = 8 * 1024 * 1024;

/** Where tus keeps uploads while they arrive, and how a finished one is handed on. */
export interface UploadStaging {
  datastore: DataStore;
  /** Put before every upload id in the store: '' on disk, `uploads/` in the bucket. */
  idPrefix: string;
  finished(uploadId: string): StagedUpload;
  /**
   * Removes unfinished uploads past their expiry; answers how many. On disk tus does it; in the
   * bucket a lifecycle rule on the uploads/ prefix does (docs/operations.md), so this answers 0.
   */
  cleanUpExpired(): Promise<number>;
}

/**
 * The embedded default keeps uploads on this machine's disk (DATA_DIR/uploads). In S3 mode they
 * live in the bucket, because behind a load balancer the chunks of one upload reach different
 * web processes; tus's S3 store adds each chunk as a part of an S3 multipart upload.
 */
export function createUploadStaging(options: { dataDir: string; s3: S3Config | null; storage: Storage }): UploadStaging {
  const { s3, storage } = options;
  if (!s3) {
    const directory = path.join(options.dataDir, 'uploads');
    const datastore = new FileStore({ directory, expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS });
    return {
      datastore,
      idPrefix: '',
      finished: (uploadId) => stagedFile(path.join(directory, uploadId), storage),
      cleanUpExpired: () => datastore.deleteExpired(),
    };
  }
  return {
    datastore: new S3Store({
      partSize: S3_PART_BYTES,
      minPartSize: S3_PART_BYTES,
      // Expiry tags (`Tus-Completed=false`) are not supported by every S3-compatible service;
      // abandoned uploads are removed by a bucket lifecycle rule on the prefix (docs/operations.md).
      useTags: false,
      expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS,
      s3ClientConfig: { ...s3ClientConfig(s3), bucket: s3.bucket },
    }),
    idPrefix: S3_UPLOAD_PREFIX,
    finished: (uploadId) => stagedObject(storage, uploadId),
    cleanUpExpired: () => Promise.resolve(0),
  };
}
