import { sql, type Kysely } from 'kysely';

/**
 * Storage quotas (`uploads/storage-quota.ts`): the size of each asset's derived files and of each
 * export's file, so a user's use is summed from rows, and the uploads still arriving with the
 * length each declared (a row per upload, removed when it finishes, is cancelled or expires).
 * Rows written before this migration count 0 for derived files and exports until rewritten.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table projects add column derived_bytes bigint not null default 0;
    alter table exports add column size_bytes bigint not null default 0;
    create table pending_uploads (
      upload_id text primary key,
      user_id uuid not null references users(id) on delete cascade,
      declared_bytes bigint not null,
      created_at timestamptz not null default now()
    );
    create index pending_uploads_user on pending_uploads(user_id);
  `.execute(db);
}
