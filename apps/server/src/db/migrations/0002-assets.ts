import { sql, type Kysely } from 'kysely';

/**
 * Assets (the spec's `projects` table) and what keeps their files honest: deletions waiting
 * for storage (so a storage failure is retried instead of leaving orphans) and job leases (so a
 * job whose worker died is noticed within a minute and retried).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table projects (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users(id) on delete cascade,
      name text not null,
      media_file_name text not null,
      media_file_path text,
      media_file_type text not null check (media_file_type in ('video', 'image')),
      mime_type text not null,
      size_bytes bigint not null,
      thumbnail_path text,
      proxy_path text,
      needs_proxy boolean not null default false,
      selected_lut text,
      color_settings jsonb not null default '{}'::jsonb,
      processing_status text not null default 'processing' check (processing_status in ('processing', 'ready', 'failed')),
      processing_error text,
      metadata jsonb,
      batch_processed boolean not null default false,
      batch_session_id uuid,
      processed_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index projects_user_updated on projects(user_id, updated_at desc);
    create table pending_file_deletions (
      key text primary key,
      user_id uuid not null,
      attempts integer not null default 0,
      last_error text,
      created_at timestamptz not null default now()
    );
    create table job_leases (
      job_id uuid primary key,
      queue text not null,
      worker_id text not null,
      heartbeat_at timestamptz not null default now()
    );
  `.execute(db);
}
