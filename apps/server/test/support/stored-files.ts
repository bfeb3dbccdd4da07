import fs from 'node:fs';
import path from 'node:path';
import { startS3Server } from './s3-server';
import type { TestServer } from './test-server';

export type StorageKind = 'local' | 's3';

/**
 * The storage a test server runs on, seen from outside the code under test: the data folder's
 * files/ and uploads/, or every key of the test bucket.
 */
export interface StorageUnderTest {
  kind: StorageKind;
  /** Environment for `startTestServer` that selects this storage. */
  env: Record<string, string>;
  /** Every stored file or object whose key holds `text`, unfinished uploads included. */
  find(server: TestServer, text: string): Promise<string[]>;
  exists(server: TestServer, key: string): Promise<boolean>;
  /** Makes deleting `key` fail until the answer is called. */
  failDeletesOf(server: TestServer, key: string): () => void;
  stop(): Promise<void>;
}

function localFiles(): StorageUnderTest {
  const filesRoot = (server: TestServer) => path.join(server.config.dataDir, 'files');
  return {
    kind: 'local',
    env: {},
    find: (server, text) => {
      const found: string[] = [];
      for (const folder of ['files', 'uploads']) {
        const root = path.join(server.config.dataDir, folder);
        if (!fs.existsSync(root)) continue;
        for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
          const file = path.join(entry.parentPath, entry.name);
          if (entry.isFile() && file.includes(text)) found.push(file);
        }
      }
      return Promise.resolve(found);
    },
    exists: (server, key) => Promise.resolve(fs.existsSync(path.join(filesRoot(server), key))),
    failDeletesOf: (server, key) => {
      // A non-empty folder where the file was: removing it as a file fails.
      const file = path.join(filesRoot(server), key);
      fs.rmSync(file);
      fs.mkdirSync(path.join(file, 'blocker'), { recursive: true });
      return () => {
        fs.rmSync(file, { recursive: true });
        fs.writeFileSync(file, 'x');
      };
    },
    stop: () => Promise.resolve(),
  };
}

async function bucketObjects(): Promise<StorageUnderTest> {
  const s3 = await startS3Server();
  return {
    kind: 's3',
    env: s3.env,
    find: async (_server, text) => (await s3.keys()).filter((key) => key.includes(text)),
    exists: (_server, key) => s3.exists(key),
    failDeletesOf: (_server, key) => s3.failDeletesOf(key),
    stop: () => s3.stop(),
  };
}

export function storageUnderTest(kind: StorageKind): Promise<StorageUnderTest> {
  return kind === 's3' ? bucketObjects() : Promise.resolve(localFiles());
}
