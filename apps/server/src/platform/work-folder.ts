import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Runs `work` with a new private folder under the system's temp folder (its name starts with
 * `prefix`) and removes the folder and everything in it afterwards, whether `work` succeeded or
 * threw. The services that need scratch files (deriving a thumbnail, decoding a frame) get them
 * here rather than touching the file system themselves (docs/engineering-rules.md, 'Layering').
 */
export async function withWorkFolder<T>(prefix: string, work: (folder: string) => Promise<T>): Promise<T> {
  const folder = await fs.promises.mkdtemp(path.join(os.tmpdir(), prefix));
  try {
    return await work(folder);
  } finally {
    await fs.promises.rm(folder, { recursive: true, force: true });
  }
}
