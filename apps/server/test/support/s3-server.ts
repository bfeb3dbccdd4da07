import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { S3Config } from '../../src/config';
import { isS3NotFound, s3ClientConfig } from '../../src/storage/s3-client';
import { freePort } from './postgres-server';

/**
 * A real S3-protocol server for the tests: s3rver on 127.0.0.1, on a port picked here, with its
 * files in a temporary folder. Storage code under test talks to it through the AWS SDK over HTTP
 * exactly as it would to AWS, R2 or MinIO.
 */
export interface S3TestServer {
  config: S3Config;
  /** The S3_* variables that point a server at this bucket. */
  env: Record<string, string>;
  /** Every key in the bucket (finished files and unfinished uploads alike). */
  keys(): Promise<string[]>;
  exists(key: string): Promise<boolean>;
  /** The bytes of an object. */
  read(key: string): Promise<Buffer>;
  /** Every request s3rver received, as `METHOD key?query`, oldest first. */
  requests: string[];
  /** Makes every DELETE of `key` fail with a 500 until the answer is called (a passing storage fault). */
  failDeletesOf(key: string): () => void;
  stop(): Promise<void>;
}

const BUCKET = 'cinegrade-test';
// s3rver checks SigV4 signatures against these fixed credentials.
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  headers: Record<string, string | string[] | undefined>;
  status: number;
  body: unknown;
}
type KoaMiddleware = (ctx: KoaContext, next: () => Promise<void>) => Promise<void>;

/** The parts of s3rver (a Koa application over a folder) that its type declarations leave out. */
interface S3rverInternals {
  middleware: KoaMiddleware[];
  store: {
    getResourcePath(bucket: string, key: string | undefined, resource: string): string;
    getObject(bucket: string, key: string, range?: { start: number; end: number }): Promise<{ content: Readable | null } | null>;
    putPart(bucket: string, uploadId: string, partNumber: number, content: Readable): Promise<{ md5: string }>;
  };
}

function s3Error(ctx: KoaContext, status: number, code: string, message: string): void {
  ctx.status = status;
  ctx.body = { Error: { Code: code, Message: message } };
}

/**
 * s3rver 3.7.1 answers 405 to three operations of the S3 API that the code under test needs:
 * ListParts, which @tus/s3-store calls on every PATCH and HEAD to learn the offset
 * (jamhall/s3rver#330, open since 2018), AbortMultipartUpload (tus termination) and
 * UploadPartCopy (S3Storage.move of objects over 5 GiB). They are answered here from s3rver's
 * own multipart folder, in the XML of the S3 API reference; every other request, including the
 * parts themselves and CompleteMultipartUpload, is s3rver's.
 */
function missingMultipartOperations(internals: S3rverInternals, faults: Set<string>, requests: string[]): KoaMiddleware {
  const { store } = internals;
  return async (ctx, next) => {
    const [bucket = '', ...rest] = ctx.path.split('/').slice(1).map(decodeURIComponent);
    const key = rest.join('/');
    requests.push(`${ctx.method} ${key}?${new URLSearchParams(ctx.query as Record<string, string>).toString()}`);
    const uploadId = typeof ctx.query.uploadId === 'string' ? ctx.query.uploadId : null;
    if (ctx.method === 'DELETE' && faults.has(key)) return s3Error(ctx, 500, 'InternalError', 'Injected by the test: this object cannot be deleted right now.');
    if (!uploadId || !key) return next();
    const uploadDir = path.join(store.getResourcePath(bucket, undefined, 'uploads'), uploadId);
    if (!fs.existsSync(uploadDir)) return s3Error(ctx, 404, 'NoSuchUpload', 'The specified multipart upload does not exist.');
    if (ctx.method === 'GET') {
      const numbers = fs
        .readdirSync(uploadDir)
        .filter((name) => /^\d+$/.test(name))
        .map(Number)
        .sort((a, b) => a - b);
      const Part = numbers.map((number) => {
        const file = path.join(uploadDir, String(number));
        const stat = fs.statSync(file);
        return { PartNumber: number, LastModified: stat.mtime.toISOString(), ETag: `"${fs.readFileSync(`${file}.md5`, 'utf8')}"`, Size: stat.size };
      });
      ctx.body = { ListPartsResult: { Bucket: bucket, Key: key, UploadId: uploadId, MaxParts: 10000, IsTruncated: false, Part } };
      return;
    }
    if (ctx.method === 'DELETE') {
      fs.rmSync(uploadDir, { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    const copySource = ctx.headers['x-amz-copy-source'];
    if (ctx.method === 'PUT' && typeof copySource === 'string') {
      const [sourceBucket = '', ...sourceKey] = decodeURIComponent(copySource.replace(/^\//, '')).split('/');
      const range = /^bytes=(\d+)-(\d+)$/.exec(String(ctx.headers['x-amz-copy-source-range'] ?? ''));
      const source = await store.getObject(sourceBucket, sourceKey.join('/'), range ? { start: Number(range[1]), end: Number(range[2]) } : undefined);
      if (!source?.content) return s3Error(ctx, 404, 'NoSuchKey', 'The specified key does not exist.');
      const { md5 } = await store.putPart(bucket, uploadId, Number(ctx.query.partNumber), source.content);
      ctx.body = { CopyPartResult: { ETag: `"${md5}"`, LastModified: new Date().toISOString() } };
      return;
    }
    return next();
  };
}

export async function startS3Server(): Promise<S3TestServer> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'cinegrade-s3-'));
  const port = await freePort();
  const server = new S3rver({ address: '127.0.0.1', port, directory, silent: true, configureBuckets: [{ name: BUCKET, configs: [] }] });
  const internals = server as unknown as S3rverInternals;
  const faults = new Set<string>();
  const requests: string[] = [];
  // Before s3rver's router, which is its last middleware.
  internals.middleware.splice(internals.middleware.length - 1, 0, missingMultipartOperations(internals, faults, requests));
  try {
    await server.run();
  } catch (error) {
    fs.rmSync(directory, { recursive: true, force: true });
    throw new Error(`The test S3 server (s3rver) did not start on 127.0.0.1:${port}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const config: S3Config = { bucket: BUCKET, endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', ...CREDENTIALS, forcePathStyle: true };
  const client = new S3Client(s3ClientConfig(config));
  return {
    config,
    env: {
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: config.endpoint ?? '',
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    requests,
    keys: async () => {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, ContinuationToken: token }));
        keys.push(...(page.Contents ?? []).map((object) => object.Key ?? ''));
        token = page.NextContinuationToken;
      } while (token);
      return keys;
    },
    exists: async (key) => {
      try {
        await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }));
        return true;
      } catch (error) {
        if (isS3NotFound(error)) return false;
        throw error;
      }
    },
    read: async (key) => {
      const object = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
      return Buffer.from((await object.Body?.transformToByteArray()) ?? []);
    },
    failDeletesOf: (key) => {
      faults.add(key);
      return () => faults.delete(key);
    },
    stop: async () => {
      client.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
