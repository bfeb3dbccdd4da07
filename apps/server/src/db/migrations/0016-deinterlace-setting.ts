import { sql, type Kysely } from 'kysely';

/**
 * Whether an interlaced asset is deinterlaced (docs/product-rules.md, 'Interlaced sources'): on
 * by default; off keeps the fields in an export that can carry them. The export keeps the value it
 * was started with, so a change while it renders does not change it (nor split it between
 * segments). Progressive assets keep the default, which does nothing for them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table projects add column deinterlace boolean not null default true;
    alter table exports add column deinterlace boolean not null default true;
  `.execute(db);
}
