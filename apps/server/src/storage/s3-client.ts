import { S3ServiceException, type S3ClientConfig } from '@aws-sdk/client-s3';
import type { S3Config } from '../config';

/**
 * One client configuration for every S3 caller (the storage adapter and tus's S3 store), so
 * AWS S3, Cloudflare R2 and MinIO are reached the same way.
 */
export function s3ClientConfig(s3: S3Config): S3ClientConfig {
  return {
    region: s3.region,
    ...(s3.endpoint ? { endpoint: s3.endpoint } : {}),
    forcePathStyle: s3.forcePathStyle,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    // aws-sdk v3 (since 3.729) sends CRC32 checksums on every upload by default, with aws-chunked
    // bodies that many S3-compatible servers reject or store wrongly; send them only where the
    // S3 API itself demands one (DeleteObjects).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
}

/** A 404 from S3: HeadObject answers a bare `NotFound`, GetObject `NoSuchKey`. */
export function isS3NotFound(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.$metadata.httpStatusCode === 404 || error.name === 'NoSuchKey' || error.name === 'NotFound');
}
