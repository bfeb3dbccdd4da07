import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The embedded database must be opened by one process at a time: PGlite persists to a folder but
 * does not lock it, and two writers corrupt it. A lock file holding our pid makes a second
 * process (a second server, or the admin command while the app runs) refuse to open it.
 */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The data folder ${dataDir} is in use by another Cinegrade process (pid ${pid}). ` +
        'Stop that process first, or point DATA_DIR elsewhere. (If no such process is running, delete ' +
        `${path.join(dataDir, LOCK_NAME)}.)`,
    );
  }
}

const LOCK_NAME = 'cinegrade.lock';

export interface DataDirLock {
  release(): void;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function lockDataDir(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, LOCK_NAME);
  const content = JSON.stringify({ pid: process.pid, host: os.hostname(), since: new Date().toISOString() });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, content, { flag: 'wx' });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(lockPath, 'utf8') === content) fs.unlinkSync(lockPath);
        } catch {
          // Already gone: nothing to release.
        }
      };
      process.once('exit', release);
      return { release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readHolder(lockPath);
      if (holder && holder.host === os.hostname() && holder.pid !== process.pid && isAlive(holder.pid)) {
        throw new DataDirInUseError(dataDir, holder.pid);
      }
      if (holder && holder.host !== os.hostname()) {
        throw new DataDirInUseError(dataDir, holder.pid);
      }
      // The holder is gone (a crash or a kill -9): the lock is stale.
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock the data folder ${dataDir}.`);
}

function readHolder(lockPath: string): { pid: number; host: string } | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(lockPath, 'utf8')) as { pid?: unknown; host?: unknown };
    return typeof parsed.pid === 'number' && typeof parsed.host === 'string' ? { pid: parsed.pid, host: parsed.host } : null;
  } catch {
    return null;
  }
}
