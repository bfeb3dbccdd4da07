import fs from 'node:fs';

/** Free space is read at most this often; between reads the last answer stands. */
const READ_EVERY_MS = 2000;

export interface DiskStatus {
  /** Bytes free to this process on the fullest of the watched folders' file systems. */
  freeBytes: number;
  floorBytes: number;
  /** False while free space is below the floor: new uploads and renders are refused. */
  acceptingWork: boolean;
}

export const LOW_DISK_MESSAGE = 'The server is short of disk space and is not taking new uploads or exports for now. Please try again later.';

/**
 * The disk the server writes to (the data folder: the embedded database and local files; the
 * temporary folder: uploads in progress and renders) against `DISK_FREE_FLOOR_MB`
 * (docs/operations.md, 'Disk space'). Below the floor new work is refused, so what is already
 * saved, the database first, keeps room; `/api/health` reports it.
 */
export class DiskSpace {
  private last: { at: number; status: Promise<DiskStatus> } | null = null;

  constructor(
    private readonly folders: string[],
    private readonly floorBytes: number,
  ) {}

  status(now = Date.now()): Promise<DiskStatus> {
    if (!this.last || now - this.last.at >= READ_EVERY_MS) this.last = { at: now, status: this.read() };
    return this.last.status;
  }

  /** Why new work is refused now, or null. */
  async refusal(): Promise<string | null> {
    return (await this.status()).acceptingWork ? null : LOW_DISK_MESSAGE;
  }

  private async read(): Promise<DiskStatus> {
    const free = await Promise.all(
      this.folders.map((folder) =>
        fs.promises.statfs(folder).then(
          (stats) => stats.bavail * stats.bsize,
          // A folder not made yet (the data folder before the first start) does not count.
          () => Number.POSITIVE_INFINITY,
        ),
      ),
    );
    const freeBytes = Math.min(...free);
    const known = Number.isFinite(freeBytes) ? freeBytes : 0;
    return { freeBytes: known, floorBytes: this.floorBytes, acceptingWork: this.floorBytes <= 0 || !Number.isFinite(freeBytes) || freeBytes >= this.floorBytes };
  }
}
