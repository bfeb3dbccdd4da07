import { sql, type Kysely } from 'kysely';

/**
 * Batch sessions (docs/product-rules.md, 'Batch'): a session per batch run, and a row per file of
 * it linking the file's asset to the export rendering it now (or the reason it could not start).
 * The session is written in the same transaction as its files and its assets' link to it, so there
 * is never a session without its files. Deleting a session's assets removes their file rows; the
 * assets' own `batch_session_id` (from the assets migration) now names a real session.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table batch_sessions (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users(id) on delete cascade,
      name text not null,
      file_count integer not null check (file_count > 0),
      status text not null default 'processing' check (status in ('processing', 'completed', 'failed')),
      selected_lut text,
      settings jsonb not null default '{}'::jsonb,
      thumbnail_asset_id uuid,
      completed_at timestamptz,
      created_at timestamptz not null default now()
    );
    create index batch_sessions_user on batch_sessions(user_id, completed_at desc);
    create table batch_files (
      asset_id uuid primary key references projects(id) on delete cascade,
      batch_session_id uuid not null references batch_sessions(id) on delete cascade,
      user_id uuid not null references users(id) on delete cascade,
      position integer not null,
      export_id uuid references exports(id) on delete set null,
      error text,
      rate_limited boolean not null default false,
      unique (batch_session_id, position)
    );
    create index batch_files_export on batch_files(export_id);
    alter table projects add constraint projects_batch_session foreign key (batch_session_id) references batch_sessions(id) on delete set null;
  `.execute(db);
}
