import { sql, type Kysely } from 'kysely';

/**
 * Exports: one row per export of an asset, the API's "prediction". The output key is
 * fixed when the row is made, so a retried render overwrites the same file instead of leaving a
 * second one; the grade is copied in its saved form, so editing the asset meanwhile does not
 * change an export already asked for. Rows go with their asset (and the asset's deletion queues
 * the files, see AssetService.delete).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table exports (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users(id) on delete cascade,
      asset_id uuid not null references projects(id) on delete cascade,
      status text not null default 'queued' check (status in ('queued', 'processing', 'succeeded', 'failed', 'canceled')),
      progress real not null default 0 check (progress between 0 and 100),
      output_format text not null,
      quality text not null,
      selected_lut text,
      color_settings jsonb not null default '{}'::jsonb,
      width integer not null,
      height integer not null,
      output_key text not null unique,
      download_name text not null,
      job_id uuid,
      attempts integer not null default 0,
      error text,
      suggestion text,
      created_at timestamptz not null default now(),
      started_at timestamptz,
      finished_at timestamptz,
      updated_at timestamptz not null default now()
    );
    create index exports_user_asset on exports(user_id, asset_id);
    create index exports_user_active on exports(user_id) where status in ('queued', 'processing');
  `.execute(db);
}
