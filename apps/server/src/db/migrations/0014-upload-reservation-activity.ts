import { sql, type Kysely } from 'kysely';

/**
 * When an unfinished upload last showed activity (its creation, or a chunk starting or ending):
 * its declared length counts towards the storage quota only while it is active, so an upload given
 * up (signed out, tab closed, failed) stops holding the quota a minute later, and a resumed one
 * reserves it again (`uploads/storage-quota.ts`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table pending_uploads add column touched_at timestamptz not null default now();
  `.execute(db);
}
