import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ObjectNotFoundError, type ByteRange, type LocalCopy, type Storage, type StoredObject } from './storage';

/** Files on local disk under one root folder (DATA_DIR/files by default). */
export class LocalStorage implements Storage {
  readonly kind = 'local' as const;
  private readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
    fs.mkdirSync(this.root, { recursive: true });
  }

  /** The path of a key, refusing anything that would leave the root. */
  pathOf(key: string): string {
    const resolved = path.resolve(this.root, key);
    if (!resolved.startsWith(this.root + path.sep)) throw new Error(`Refusing storage key outside the root: ${key}`);
    return resolved;
  }

  async putFile(key: string, sourcePath: string, options: { move?: boolean } = {}): Promise<void> {
    const target = this.pathOf(key);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    const partial = `${target}.partial`;
    if (options.move) {
      try {
        await fs.promises.rename(sourcePath, target);
        return;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      }
    }
    // Copy through a partial file and rename, so a reader never sees half a file.
    await pipeline(fs.createReadStream(sourcePath), fs.createWriteStream(partial));
    await fs.promises.rename(partial, target);
    if (options.move) await fs.promises.rm(sourcePath, { force: true });
  }

  async size(key: string): Promise<number | null> {
    try {
      return (await fs.promises.stat(this.pathOf(key))).size;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async read(key: string, range?: ByteRange): Promise<StoredObject> {
    const size = await this.size(key);
    if (size === null) throw new ObjectNotFoundError(key);
    const body = fs.createReadStream(this.pathOf(key), range ? { start: range.start, end: range.end } : {});
    return { size, body };
  }

  async localCopy(key: string): Promise<LocalCopy> {
    const file = this.pathOf(key);
    if ((await this.size(key)) === null) throw new ObjectNotFoundError(key);
    return { path: file, release: () => Promise.resolve() };
  }

  async move(fromKey: string, toKey: string): Promise<void> {
    if ((await this.size(fromKey)) === null) throw new ObjectNotFoundError(fromKey);
    const target = this.pathOf(toKey);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    await fs.promises.rename(this.pathOf(fromKey), target);
    await this.removeEmptyFolder(fromKey);
  }

  async delete(key: string): Promise<void> {
    await fs.promises.rm(this.pathOf(key), { force: true });
    await this.removeEmptyFolder(key);
  }

  /** Leaves no empty per-user folders behind (but never removes the root itself). */
  private async removeEmptyFolder(key: string): Promise<void> {
    const folder = path.dirname(this.pathOf(key));
    // rmdir refuses a folder that still holds files (the point) or is already gone: both are fine.
    if (folder !== this.root) await fs.promises.rmdir(folder).catch(() => undefined);
  }
}
