import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../src/config';
import { LocalStorage } from '../src/storage/local-storage';
import { S3Storage } from '../src/storage/s3-storage';
import { ObjectNotFoundError, type Storage } from '../src/storage/storage';
import { startS3Server, type S3TestServer } from './support/s3-server';

const MIB = 1024 * 1024;
const user = '0b7c1f6e-8d7a-4c4e-9f55-2a1d3c4b5e6f';

async function bytesOf(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

let s3: S3TestServer;
let work: string;
/** 12 MiB of random bytes: three 5 MiB parts (the S3 minimum) with the test tuning. */
let large: string;
let largeBytes: Buffer;

beforeAll(async () => {
  s3 = await startS3Server();
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'cinegrade-storage-test-'));
  large = path.join(work, 'large.bin');
  largeBytes = crypto.randomBytes(12 * MIB);
  fs.writeFileSync(large, largeBytes);
});
afterAll(async () => {
  await s3.stop();
  fs.rmSync(work, { recursive: true, force: true });
});

const adapters: [string, () => Storage][] = [
  ['S3Storage on s3rver', () => new S3Storage(s3.config, { partSize: 5 * MIB, maxSingleCopyBytes: 6 * MIB, copyPartSize: 5 * MIB })],
  ['LocalStorage', () => new LocalStorage(path.join(work, 'files'))],
];

describe.each(adapters)('%s', (_name, open) => {
  let storage: Storage;
  beforeAll(() => {
    storage = open();
  });

  it('stores a file, reads it whole and in byte ranges', async () => {
    const key = `${user}/1-whole.bin`;
    await storage.putFile(key, large);
    expect(fs.existsSync(large)).toBe(true);
    expect(await storage.size(key)).toBe(largeBytes.length);
    const whole = await storage.read(key);
    expect(whole.size).toBe(largeBytes.length);
    expect((await bytesOf(whole.body)).equals(largeBytes)).toBe(true);
    const slice = await storage.read(key, { start: 100, end: 199 });
    expect(slice.size).toBe(largeBytes.length);
    expect(await bytesOf(slice.body)).toEqual(largeBytes.subarray(100, 200));
    const tail = await storage.read(key, { start: largeBytes.length - 10, end: largeBytes.length - 1 });
    expect(await bytesOf(tail.body)).toEqual(largeBytes.subarray(-10));
  });

  it('moves the source file when asked', async () => {
    const source = path.join(work, 'moved.jpg');
    fs.writeFileSync(source, 'not really a jpeg');
    await storage.putFile(`${user}/2-moved.jpg`, source, { move: true });
    expect(fs.existsSync(source)).toBe(false);
    expect(await storage.size(`${user}/2-moved.jpg`)).toBe(17);
  });

  it('gives ffmpeg a local copy and removes a temporary one on release', async () => {
    const key = `${user}/3-copy.bin`;
    await storage.putFile(key, large);
    const copy = await storage.localCopy(key);
    expect(fs.readFileSync(copy.path).equals(largeBytes)).toBe(true);
    await copy.release();
    if (storage.kind === 's3') expect(fs.existsSync(copy.path)).toBe(false);
  });

  it('renames an object, small or larger than one copy request', async () => {
    const small = path.join(work, 'small.bin');
    fs.writeFileSync(small, 'twelve bytes');
    await storage.putFile('uploads/small', small);
    await storage.move('uploads/small', `${user}/4-small.bin`);
    expect(await storage.size('uploads/small')).toBeNull();
    expect(await bytesOf((await storage.read(`${user}/4-small.bin`)).body)).toEqual(Buffer.from('twelve bytes'));

    await storage.putFile('uploads/large', large);
    await storage.move('uploads/large', `${user}/5-large.bin`);
    expect(await storage.size('uploads/large')).toBeNull();
    expect((await bytesOf((await storage.read(`${user}/5-large.bin`)).body)).equals(largeBytes)).toBe(true);
    await expect(storage.move('uploads/large', `${user}/6-again.bin`)).rejects.toThrow(ObjectNotFoundError);
  });

  it('answers a missing object as missing', async () => {
    expect(await storage.size(`${user}/none.mp4`)).toBeNull();
    await expect(storage.read(`${user}/none.mp4`)).rejects.toThrow(ObjectNotFoundError);
    await expect(storage.localCopy(`${user}/none.mp4`)).rejects.toThrow(ObjectNotFoundError);
  });

  it('deletes, and deleting again succeeds', async () => {
    const key = `${user}/7-gone.bin`;
    await storage.putFile(key, large);
    await storage.delete(key);
    expect(await storage.size(key)).toBeNull();
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });
});

describe('S3Storage', () => {
  const parts = (from: number, key: string) => s3.requests.slice(from).filter((r) => r.startsWith(`PUT ${key}?`) && r.includes('partNumber='));

  it('uploads a large file in parts, not in one request', async () => {
    const storage = new S3Storage(s3.config, { partSize: 5 * MIB });
    const before = s3.requests.length;
    await storage.putFile(`${user}/8-parts.bin`, large);
    expect(parts(before, `${user}/8-parts.bin`)).toHaveLength(3);
    expect(s3.requests.slice(before).some((r) => r.startsWith(`POST ${user}/8-parts.bin?uploads=`))).toBe(true);
    expect(await storage.size(`${user}/8-parts.bin`)).toBe(largeBytes.length);
  });

  it('copies within the bucket, in parts past the single-copy limit, without downloading', async () => {
    const storage = new S3Storage(s3.config, { partSize: 5 * MIB, maxSingleCopyBytes: 6 * MIB, copyPartSize: 5 * MIB });
    await storage.putFile('uploads/copied', large);
    const before = s3.requests.length;
    await storage.move('uploads/copied', `${user}/9-copied.bin`);
    const during = s3.requests.slice(before);
    expect(parts(before, `${user}/9-copied.bin`)).toHaveLength(3);
    expect(during.some((r) => r.startsWith('GET uploads/copied'))).toBe(false);
  });

  it('refuses to start on a bucket that does not exist, naming the setting', async () => {
    const storage = new S3Storage({ ...s3.config, bucket: 'no-such-bucket' });
    await expect(storage.verifyBucket()).rejects.toThrow(new ConfigError('The S3 bucket "no-such-bucket" (S3_BUCKET) does not exist at the configured S3_ENDPOINT and S3_REGION. Create it first.'));
    await expect(new S3Storage(s3.config).verifyBucket()).resolves.toBeUndefined();
    storage.close();
  });
});
