import { sql, type Kysely } from 'kysely';

/**
 * The author's file of an imported LUT that the renderers could not take as written (a shaper,
 * a domain other than 0..1, a long 1D table): `table_data` then holds a 65-point sampling of it,
 * and `source_text`/`source_format` keep the file itself, so a renderer that applies shapers as a
 * stage of their own can apply it exactly later. Null for a file kept as written (its table is
 * `table_data`) and for imports made before this column.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table user_luts add column source_text text;
    alter table user_luts add column source_format text;
  `.execute(db);
}
