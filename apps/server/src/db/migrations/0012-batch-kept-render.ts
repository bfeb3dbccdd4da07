import { sql, type Kysely } from 'kysely';

/**
 * A batch file's last completed render, kept while a newer render of it is queued or rendering and
 * after that one failed (docs/product-rules.md, 'Batch'): `kept_export_id` names it, so the file
 * still downloads it and the ZIP still holds it until a newer render succeeds. Deleting that export
 * (its retention, its asset) lets the link go.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table batch_files add column kept_export_id uuid references exports(id) on delete set null;
    create index batch_files_kept_export on batch_files(kept_export_id);
  `.execute(db);
}
