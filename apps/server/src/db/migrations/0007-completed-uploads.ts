import { sql, type Kysely } from 'kysely';

/**
 * Uploads that became assets, kept for a day after (`uploads/completed-uploads.repository.ts`):
 * a client whose final response was lost asks where to resume, and hears that the upload is
 * complete and which asset it became, instead of starting over and sending the bytes again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table completed_uploads (
      upload_id text primary key,
      user_id uuid not null,
      asset_id uuid not null,
      size_bytes bigint not null,
      completed_at timestamptz not null default now()
    );
  `.execute(db);
}
