import crypto from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/server';
import { sql, type Kysely } from 'kysely';
import type { Notifications } from '../db/notifications';
import type { DatabaseSchema } from '../db/schema';
import type { Logger } from '../platform/logger';

/** Where a request waiting for an upload's lock asks its holder, in whichever process, to let go. */
const RELEASE_CHANNEL = 'cinegrade_upload_release';

export interface UploadLockerOptions {
  /** How long a lock lasts unless renewed; a holder renews it every third of this while it works. */
  leaseMs?: number;
  /** How long a request waits for a lock before failing (tus's own default: 30 s). */
  acquireTimeoutMs?: number;
  /** How often a waiting request tries again. */
  retryMs?: number;
}

/**
 * Locks on resumable uploads for tus (`@tus/server`'s Locker), shared by every process on the
 * database, so two requests on one upload never write it at once even when a load balancer sends
 * them to different processes (a client retrying a PATCH while its first attempt still runs
 * elsewhere). A lock is a row in `upload_locks` with a lease the holder renews; a request that
 * finds the upload locked asks the holder to let go (a notification to every process: the tus
 * protocol's advice, as the older request is usually a dead connection), then tries again until
 * the row is gone or its lease ran out (a process that died). The embedded database serves one
 * process, and the same rows and in-process notifications work there too.
 */
export class UploadLocker implements Locker {
  /** Locks held by requests in this process, by upload id, with how to ask each to let go. */
  private readonly held = new Map<string, { holder: string; requestRelease: RequestRelease }>();
  readonly leaseMs: number;
  readonly acquireTimeoutMs: number;
  readonly retryMs: number;

  private constructor(
    private readonly db: Kysely<DatabaseSchema>,
    private readonly notifications: Notifications,
    readonly logger: Logger,
    options: UploadLockerOptions,
  ) {
    this.leaseMs = options.leaseMs ?? 30_000;
    this.acquireTimeoutMs = options.acquireTimeoutMs ?? 30_000;
    this.retryMs = options.retryMs ?? 100;
  }

  static async create(db: Kysely<DatabaseSchema>, notifications: Notifications, logger: Logger, options: UploadLockerOptions = {}): Promise<UploadLocker> {
    const locker = new UploadLocker(db, notifications, logger, options);
    await notifications.listen(RELEASE_CHANNEL, (uploadId) => locker.releaseRequested(uploadId));
    return locker;
  }

  newLock(id: string): Lock {
    return new UploadLock(id, this);
  }

  /** Takes the lock if nobody holds it or its lease ran out; true when `holder` now holds it. */
  async tryAcquire(uploadId: string, holder: string): Promise<boolean> {
    const { rows } = await sql<{ holder: string }>`
      insert into upload_locks (upload_id, holder, expires_at)
      values (${uploadId}, ${holder}, now() + make_interval(secs => ${this.leaseMs / 1000}))
      on conflict (upload_id) do update set holder = excluded.holder, expires_at = excluded.expires_at
        where upload_locks.expires_at < now()
      returning holder
    `.execute(this.db);
    return rows.length > 0;
  }

  /** Extends the lease; false when `holder` no longer holds the lock. */
  async renew(uploadId: string, holder: string): Promise<boolean> {
    const result = await this.db
      .updateTable('upload_locks')
      .set({ expires_at: sql<Date>`now() + make_interval(secs => ${this.leaseMs / 1000})` })
      .where('upload_id', '=', uploadId)
      .where('holder', '=', holder)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async release(uploadId: string, holder: string): Promise<void> {
    await this.db.deleteFrom('upload_locks').where('upload_id', '=', uploadId).where('holder', '=', holder).execute();
  }

  /** Asks whoever holds the upload's lock, in any process, to finish early and let go. */
  async askToRelease(uploadId: string): Promise<void> {
    await this.notifications.notify(RELEASE_CHANNEL, uploadId);
  }

  /** Removes rows whose lease ran out an hour ago or more (left by processes that died); returns how many. */
  async removeStale(): Promise<number> {
    const result = await this.db.deleteFrom('upload_locks').where('expires_at', '<', sql<Date>`now() - interval '1 hour'`).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  track(uploadId: string, holder: string, requestRelease: RequestRelease): void {
    this.held.set(uploadId, { holder, requestRelease });
  }

  untrack(uploadId: string, holder: string): void {
    if (this.held.get(uploadId)?.holder === holder) this.held.delete(uploadId);
  }

  private releaseRequested(uploadId: string): void {
    const entry = this.held.get(uploadId);
    if (!entry) return;
    Promise.resolve(entry.requestRelease()).catch((error: unknown) => this.logger.warn('An upload request could not be asked to finish', { uploadId, error }));
  }
}

/** One request's lock on one upload (tus makes one per request). */
class UploadLock implements Lock {
  private holder: string | null = null;
  private renewal: NodeJS.Timeout | null = null;
  private failedRenewals = 0;
  private stopping = false;

  constructor(
    private readonly uploadId: string,
    private readonly locker: UploadLocker,
  ) {}

  async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const { locker, uploadId } = this;
    const holder = crypto.randomUUID();
    const deadline = Date.now() + locker.acquireTimeoutMs;
    let nextAsk = 0;
    for (;;) {
      // tus answers what a locker throws from its `status_code` and `body`: its own error objects.
      // eslint-disable-next-line @typescript-eslint/only-throw-error
      if (signal.aborted) throw ERRORS.ERR_LOCK_TIMEOUT;
      if (await locker.tryAcquire(uploadId, holder)) break;
      const now = Date.now();
      // eslint-disable-next-line @typescript-eslint/only-throw-error
      if (now >= deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
      // Asked again now and then, in case a notification was missed while a connection was down.
      if (now >= nextAsk) {
        nextAsk = now + 1000;
        await locker.askToRelease(uploadId);
      }
      // An aborted wait rejects; the loop's first line answers the abort, so it is not an error here.
      await sleep(locker.retryMs, undefined, { signal }).catch(() => undefined);
    }
    this.holder = holder;
    locker.track(uploadId, holder, requestRelease);
    this.renewal = setInterval(() => void this.renew(holder, requestRelease), locker.leaseMs / 3);
    this.renewal.unref();
  }

  /**
   * Extends the lease; a request must never write past it, as another request may then take the
   * upload over. When the lease is gone, or renewing fails twice running (two thirds of the lease
   * have passed with no renewal, so the next attempt would come too late), the request is asked to
   * stop writing while its lease still holds; tus ends it and the client resumes from the offset.
   */
  private async renew(holder: string, requestRelease: RequestRelease): Promise<void> {
    const { locker, uploadId } = this;
    let stopBecause: string | null = null;
    try {
      if (await locker.renew(uploadId, holder)) {
        this.failedRenewals = 0;
        return;
      }
      // The lease ran out (the process stalled) and another request may hold it now.
      stopBecause = 'its lease ran out';
    } catch (error) {
      this.failedRenewals++;
      locker.logger.warn('An upload lock could not be renewed', { uploadId, attempt: this.failedRenewals, error });
      if (this.failedRenewals >= 2) stopBecause = 'its lease could not be renewed';
    }
    if (!stopBecause || this.stopping || this.holder !== holder) return;
    this.stopping = true;
    locker.logger.error(`An upload stops writing because ${stopBecause}; the client can resume it`, { uploadId });
    try {
      await requestRelease();
    } catch (error) {
      locker.logger.error('An upload request could not be asked to stop writing', { uploadId, error });
    }
  }

  async unlock(): Promise<void> {
    const { holder } = this;
    if (!holder) throw new Error('Releasing an upload lock that is not held');
    if (this.renewal) clearInterval(this.renewal);
    this.renewal = null;
    this.holder = null;
    this.failedRenewals = 0;
    this.stopping = false;
    this.locker.untrack(this.uploadId, holder);
    await this.locker.release(this.uploadId, holder);
  }
}
