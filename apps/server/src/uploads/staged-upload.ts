import fs from 'node:fs';
import type { LocalCopy, Storage } from '../storage/storage';

/**
 * A finished tus upload waiting for the asset service's verdict, wherever tus kept it: a file in
 * DATA_DIR/uploads (embedded) or an object in the bucket (S3 mode, so that every web process
 * behind a load balancer sees the same upload).
 */
export interface StagedUpload {
  size(): Promise<number>;
  /** The first bytes, for deciding the type from its magic numbers. */
  head(bytes: number): Promise<Uint8Array>;
  localCopy(): Promise<LocalCopy>;
  /** Puts the bytes into storage under `key`. */
  keep(key: string): Promise<void>;
  /** Removes whatever is left of the upload, including tus's record of it; safe to call twice. */
  discard(): Promise<void>;
}

async function readFileHead(file: string, bytes: number): Promise<Uint8Array> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** An upload in tus's file store: the bytes in `file`, tus's record in `file.json`. */
export function stagedFile(file: string, storage: Storage): StagedUpload {
  return {
    size: async () => (await fs.promises.stat(file)).size,
    head: (bytes) => readFileHead(file, bytes),
    localCopy: () => Promise.resolve({ path: file, release: () => Promise.resolve() }),
    keep: (key) => storage.putFile(key, file, { move: true }),
    discard: async () => {
      await fs.promises.rm(file, { force: true });
      await fs.promises.rm(`${file}.json`, { force: true });
    },
  };
}

/**
 * An upload tus's S3 store finished in the bucket: the object `key`, tus's record `key.info`
 * and, if a chunk was left over, `key.part`. Keeping it is a copy within the bucket.
 */
export function stagedObject(storage: Storage, key: string): StagedUpload {
  return {
    // tus completes no object for an upload that never received a byte.
    size: async () => (await storage.size(key)) ?? 0,
    head: async (bytes) => {
      const size = (await storage.size(key)) ?? 0;
      if (size === 0) return new Uint8Array();
      const { body } = await storage.read(key, { start: 0, end: Math.min(size, bytes) - 1 });
      const chunks: Buffer[] = [];
      for await (const chunk of body) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
    localCopy: () => storage.localCopy(key),
    keep: (target) => storage.move(key, target),
    discard: async () => {
      for (const leftover of [key, `${key}.info`, `${key}.part`]) await storage.delete(leftover);
    },
  };
}
