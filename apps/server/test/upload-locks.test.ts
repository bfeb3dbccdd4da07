import crypto from 'node:crypto';
import { ERRORS } from '@tus/server';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/database';
import { createMemoryNotifications, createPostgresNotifications, type Notifications } from '../src/db/notifications';
import { createLogger } from '../src/platform/logger';
import { UploadLocker, type UploadLockerOptions } from '../src/uploads/upload-locker';
import { DATABASE_KINDS, freshDatabase, type DatabaseKind } from './support/test-server';
import { within } from './support/wait';

const logger = createLogger('error');
const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A process's view of the database: its own pool and its own notification connection. */
interface Process {
  database: Database;
  locker(options?: UploadLockerOptions): Promise<UploadLocker>;
}

/**
 * Two processes on one PostgreSQL (separate pools and LISTEN connections), or, embedded, the one
 * process that may hold the data folder, seen twice.
 */
async function twoProcesses(kind: DatabaseKind): Promise<[Process, Process]> {
  const fresh = await freshDatabase(kind);
  cleanups.push(() => fresh.drop());
  const open = async (): Promise<Database> => {
    const database = await openDatabase({ databaseUrl: fresh.databaseUrl, dataDir: fresh.dataDir });
    cleanups.push(() => database.close());
    return database;
  };
  const processOn = (database: Database, notifications: Notifications): Process => ({
    database,
    locker: (options) => UploadLocker.create(database.db, notifications, logger, options),
  });
  const withNotifications = async (database: Database): Promise<Notifications> => {
    const notifications = fresh.databaseUrl ? await createPostgresNotifications(fresh.databaseUrl, database.pool, logger) : createMemoryNotifications();
    cleanups.push(() => notifications.close());
    return notifications;
  };
  if (kind === 'embedded') {
    const database = await open();
    const notifications = await withNotifications(database);
    return [processOn(database, notifications), processOn(database, notifications)];
  }
  const first = await open();
  const second = await open();
  return [processOn(first, await withNotifications(first)), processOn(second, await withNotifications(second))];
}

const uploadId = () => `${crypto.randomUUID()}_${crypto.randomBytes(12).toString('hex')}`;
const neverAborted = () => new AbortController().signal;

async function holderOf(database: Database, id: string): Promise<string | undefined> {
  const row = await database.db.selectFrom('upload_locks').select('holder').where('upload_id', '=', id).executeTakeFirst();
  return row?.holder;
}

describe.each(DATABASE_KINDS)('upload locks shared by every process (%s)', (kind) => {
  it('makes a request on another process ask the holder to let go, and gives it the lock once it does', async () => {
    const [a, b] = await twoProcesses(kind);
    const [lockerA, lockerB] = [await a.locker(), await b.locker()];
    const id = uploadId();
    const first = lockerA.newLock(id);
    let askedToLetGo = 0;
    await first.lock(neverAborted(), async () => {
      askedToLetGo++;
      // What tus does when asked: the request ends, and its lock is released on the way out.
      await first.unlock();
    });
    expect(await holderOf(a.database, id)).toBeDefined();

    const second = lockerB.newLock(id);
    await second.lock(neverAborted(), () => undefined);
    expect(askedToLetGo).toBe(1);
    const holder = await holderOf(b.database, id);
    expect(holder).toBeDefined();

    await second.unlock();
    expect(await holderOf(a.database, id)).toBeUndefined();
  });

  it('keeps the lock of a holder that is working (its lease renewed) and fails the waiting request with a lock timeout', async () => {
    const [a, b] = await twoProcesses(kind);
    const lockerA = await a.locker({ leaseMs: 1500 });
    const lockerB = await b.locker({ acquireTimeoutMs: 4500, retryMs: 50 });
    const id = uploadId();
    const busy = lockerA.newLock(id);
    let asked = 0;
    // A holder that finishes its work first (it ignores the request to let go).
    await busy.lock(neverAborted(), () => {
      asked++;
    });
    const waiting = lockerB.newLock(id);
    // The wait outlasts the 1.5 s lease three times over (a lease long enough for a busy machine's timers): only renewals keep the lock with its holder.
    await expect(waiting.lock(neverAborted(), () => undefined)).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
    expect(asked).toBeGreaterThanOrEqual(1);
    await busy.unlock();
    // Once released, the upload is free for the next request.
    const next = lockerB.newLock(id);
    await next.lock(neverAborted(), () => undefined);
    await next.unlock();
  });

  it('takes over a lock whose holder died once its lease runs out', async () => {
    const [a, b] = await twoProcesses(kind);
    const id = uploadId();
    // A row as a process that died mid-request leaves it: nobody renews it or answers requests.
    await a.database.db
      .insertInto('upload_locks')
      .values({ upload_id: id, holder: crypto.randomUUID(), expires_at: new Date(Date.now() + 400) })
      .execute();
    const lockerB = await b.locker({ acquireTimeoutMs: 10_000, retryMs: 50 });
    const lock = lockerB.newLock(id);
    await lock.lock(neverAborted(), () => undefined);
    await lock.unlock();
    expect(await holderOf(b.database, id)).toBeUndefined();
  });

  it('stops waiting when the waiting request is aborted, and locks different uploads independently', async () => {
    const [a, b] = await twoProcesses(kind);
    const [lockerA, lockerB] = [await a.locker(), await b.locker()];
    const id = uploadId();
    const held = lockerA.newLock(id);
    await held.lock(neverAborted(), () => undefined);

    const other = lockerB.newLock(uploadId());
    await other.lock(neverAborted(), () => undefined);
    await other.unlock();

    const controller = new AbortController();
    const waiting = lockerB.newLock(id).lock(controller.signal, () => undefined);
    setTimeout(() => controller.abort(), 200);
    await expect(waiting).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
    await held.unlock();
  });

  it('asks a request to stop writing, before its lease runs out, when the lease cannot be renewed', async () => {
    const [a, b] = await twoProcesses(kind);
    const logged: string[] = [];
    const locker = await UploadLocker.create(a.database.db, createMemoryNotifications(), createLogger('warn', (line) => logged.push(line)), { leaseMs: 6000 });
    const id = uploadId();
    const lock = locker.newLock(id);
    let askedToStop!: () => void;
    const stopped = new Promise<void>((resolve) => (askedToStop = resolve));
    await lock.lock(neverAborted(), () => askedToStop());
    // The database refuses every renewal from now on (the table is gone under its name).
    await sql`alter table upload_locks rename to upload_locks_away`.execute(b.database.db);
    try {
      await within('the request to be asked to stop writing', stopped);
      // Asked while the lease still holds: no other request can have taken the upload yet.
      const { rows } = await sql<{ live: boolean }>`select expires_at > now() as live from upload_locks_away where upload_id = ${id}`.execute(b.database.db);
      expect(rows).toEqual([{ live: true }]);
    } finally {
      await sql`alter table upload_locks_away rename to upload_locks`.execute(b.database.db);
    }
    expect(logged.filter((line) => line.includes('WARN An upload lock could not be renewed'))).toHaveLength(2);
    expect(logged.some((line) => line.includes('ERROR An upload stops writing because its lease could not be renewed'))).toBe(true);
    await lock.unlock();
    expect(await holderOf(a.database, id)).toBeUndefined();
  });

  it('removes locks left by dead processes an hour after they ran out', async () => {
    const [a] = await twoProcesses(kind);
    const locker = await a.locker();
    const [stale, recent] = [uploadId(), uploadId()];
    await a.database.db
      .insertInto('upload_locks')
      .values([
        { upload_id: stale, holder: crypto.randomUUID(), expires_at: new Date(Date.now() - 2 * 3600_000) },
        { upload_id: recent, holder: crypto.randomUUID(), expires_at: new Date(Date.now() - 60_000) },
      ])
      .execute();
    expect(await locker.removeStale()).toBe(1);
    expect(await holderOf(a.database, stale)).toBeUndefined();
    expect(await holderOf(a.database, recent)).toBeDefined();
  });
});
