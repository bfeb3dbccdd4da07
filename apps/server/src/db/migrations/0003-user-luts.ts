import { sql, type Kysely } from 'kysely';

/**
 * Imported LUTs: a person's own `.cube` files, stored as the 0..1 3D table the renderers use
 * (size³ RGB float32 triplets, little-endian, red fastest), at most 65 points per side (3.3 MB).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table user_luts (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users(id) on delete cascade,
      name text not null,
      size integer not null check (size between 2 and 65),
      table_data bytea not null,
      created_at timestamptz not null default now()
    );
    create index user_luts_user_created on user_luts(user_id, created_at desc);
  `.execute(db);
}
