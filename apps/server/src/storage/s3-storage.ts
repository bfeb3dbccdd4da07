import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCopyCommand,
  type CompletedPart,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { ConfigError, type S3Config } from '../config';
import { isS3NotFound, s3ClientConfig } from './s3-client';
import { ObjectNotFoundError, type ByteRange, type LocalCopy, type Storage, type StoredObject } from './storage';

const MIB = 1024 * 1024;

/** Part sizes; the defaults suit every provider, tests lower them to see several parts. */
export interface S3Tuning {
  /** Size of each part of a multipart upload. R2 wants every part but the last the same size. */
  partSize?: number;
  /** CopyObject copies at most 5 GiB in one request; larger objects are copied in parts. */
  maxSingleCopyBytes?: number;
  copyPartSize?: number;
}

/**
 * Files in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO): the at-scale half of file
 * storage (docs/operations.md, 'Object storage'). Objects stay private; the signed `/api/files/…` route streams them through the server.
 * Nothing here holds a whole file in memory: uploads go in parts from a file stream and
 * downloads stream to the caller or to a temporary file.
 */
export class S3Storage implements Storage {
  readonly kind = 's3' as const;
  readonly bucket: string;
  private readonly client: S3Client;
  private readonly partSize: number;
  private readonly maxSingleCopyBytes: number;
  private readonly copyPartSize: number;

  constructor(config: S3Config, tuning: S3Tuning = {}) {
    this.bucket = config.bucket;
    this.client = new S3Client(s3ClientConfig(config));
    this.partSize = tuning.partSize ?? 8 * MIB;
    this.maxSingleCopyBytes = tuning.maxSingleCopyBytes ?? 5 * 1024 * MIB;
    this.copyPartSize = tuning.copyPartSize ?? 512 * MIB;
  }

  /** Fails at start, with the reason, when the bucket cannot be reached rather than at the first upload. */
  async verifyBucket(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
      const where = `S3 bucket "${this.bucket}" (S3_BUCKET)`;
      if (status === 404) throw new ConfigError(`The ${where} does not exist at the configured S3_ENDPOINT and S3_REGION. Create it first.`);
      if (status === 403 || status === 401) throw new ConfigError(`The ${where} refused S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: check the keys and their permissions.`);
      const reason = error instanceof Error ? error.message : String(error);
      throw new ConfigError(`The ${where} could not be reached (${reason}). Check S3_ENDPOINT, S3_REGION and S3_FORCE_PATH_STYLE.`);
    }
  }

  async putFile(key: string, sourcePath: string, options: { move?: boolean } = {}): Promise<void> {
    // lib-storage sends one PutObject for a small file and a multipart upload otherwise,
    // holding at most queueSize parts in memory.
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: fs.createReadStream(sourcePath) },
      partSize: this.partSize,
      queueSize: 2,
    });
    await upload.done();
    if (options.move) await fs.promises.rm(sourcePath, { force: true });
  }

  async size(key: string): Promise<number | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return head.ContentLength ?? 0;
    } catch (error) {
      if (isS3NotFound(error)) return null;
      throw error;
    }
  }

  async read(key: string, range?: ByteRange): Promise<StoredObject> {
    let response;
    try {
      response = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }));
    } catch (error) {
      if (isS3NotFound(error)) throw new ObjectNotFoundError(key);
      throw error;
    }
    if (!(response.Body instanceof Readable)) throw new Error(`S3 answered no readable body for ${key}`);
    // A ranged answer carries the whole size after the slash: `bytes 100-199/12582912`.
    const total = /\/(\d+)$/.exec(response.ContentRange ?? '')?.[1];
    return { size: total ? Number(total) : (response.ContentLength ?? 0), body: response.Body };
  }

  async localCopy(key: string): Promise<LocalCopy> {
    const folder = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'cinegrade-s3-'));
    const release = () => fs.promises.rm(folder, { recursive: true, force: true });
    try {
      const file = path.join(folder, path.basename(key));
      const { body } = await this.read(key);
      await pipeline(body, fs.createWriteStream(file));
      return { path: file, release };
    } catch (error) {
      await release();
      throw error;
    }
  }

  async move(fromKey: string, toKey: string): Promise<void> {
    const size = await this.size(fromKey);
    if (size === null) throw new ObjectNotFoundError(fromKey);
    if (size <= this.maxSingleCopyBytes) {
      await this.client.send(new CopyObjectCommand({ Bucket: this.bucket, Key: toKey, CopySource: this.copySource(fromKey) }));
    } else {
      await this.copyInParts(fromKey, toKey, size);
    }
    await this.delete(fromKey);
  }

  async delete(key: string): Promise<void> {
    // S3 answers 204 for a key that is already gone, so deleting twice succeeds.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  /** Frees the client's connections when the process stops. */
  close(): void {
    this.client.destroy();
  }

  /** Server-side copy of a large object (UploadPartCopy), in equal parts but the last. */
  private async copyInParts(fromKey: string, toKey: string, size: number): Promise<void> {
    const { UploadId } = await this.client.send(new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: toKey }));
    if (!UploadId) throw new Error(`S3 started no multipart upload for ${toKey}`);
    try {
      const parts: CompletedPart[] = [];
      for (let start = 0, number = 1; start < size; start += this.copyPartSize, number++) {
        const end = Math.min(size, start + this.copyPartSize) - 1;
        const { CopyPartResult } = await this.client.send(
          new UploadPartCopyCommand({ Bucket: this.bucket, Key: toKey, UploadId, PartNumber: number, CopySource: this.copySource(fromKey), CopySourceRange: `bytes=${start}-${end}` }),
        );
        parts.push({ PartNumber: number, ETag: CopyPartResult?.ETag });
      }
      await this.client.send(new CompleteMultipartUploadCommand({ Bucket: this.bucket, Key: toKey, UploadId, MultipartUpload: { Parts: parts } }));
    } catch (error) {
      // The copy's own error is the one thrown (and logged by the caller); an abort that fails too
      // leaves only unfinished parts, never a readable object under the key.
      await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: toKey, UploadId })).catch(() => undefined);
      throw error;
    }
  }

  /** `bucket/key`, URL-encoded as CopyObject requires (keys keep their slashes). */
  private copySource(key: string): string {
    return `${this.bucket}/${key.split('/').map(encodeURIComponent).join('/')}`;
  }
}
