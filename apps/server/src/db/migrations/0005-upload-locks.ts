import { sql, type Kysely } from 'kysely';

/**
 * Locks on resumable uploads shared by every process (`uploads/upload-locker.ts`): one row per
 * upload being written, with the lock's holder and when its lease runs out. Rows live while a
 * request holds the lock; one left by a process that died runs out and is taken over.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table upload_locks (
      upload_id text primary key,
      holder uuid not null,
      expires_at timestamptz not null
    );
  `.execute(db);
}
