import { sql, type Kysely } from 'kysely';

/**
 * Grade versions (`assets/grade-version.repository.ts`): named snapshots of an asset's grade in
 * the saved form. Each row belongs to its owner and its asset, and goes when either does.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table grade_versions (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users(id) on delete cascade,
      asset_id uuid not null references projects(id) on delete cascade,
      name text not null,
      selected_lut text,
      color_settings jsonb not null default '{}'::jsonb,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index grade_versions_asset on grade_versions(asset_id, created_at);
  `.execute(db);
}
