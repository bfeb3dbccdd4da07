import type { Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type { DatabaseSchema, ProjectsTable } from '../db/schema';

export type AssetRow = Selectable<ProjectsTable>;

/** Finds the stored files of other rows that belong to an asset, inside the transaction deleting it. */
export type DerivedFilesLookup = (tx: Transaction<DatabaseSchema>, userId: string, assetId: string) => Promise<string[]>;

/** The `projects` table. Every method takes the owner's id: no query reads or writes another's row. */
export class AssetRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  async list(userId: string, batchProcessed?: boolean): Promise<AssetRow[]> {
    let query = this.db.selectFrom('projects').selectAll().where('user_id', '=', userId).where('media_file_name', 'is not', null);
    if (batchProcessed !== undefined) query = query.where('batch_processed', '=', batchProcessed);
    return query.orderBy('updated_at', 'desc').orderBy('created_at', 'desc').execute();
  }

  get(userId: string, id: string): Promise<AssetRow | undefined> {
    return this.db.selectFrom('projects').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  }

  insert(row: Insertable<ProjectsTable>): Promise<AssetRow> {
    return this.db.insertInto('projects').values(row).returningAll().executeTakeFirstOrThrow();
  }

  update(userId: string, id: string, change: Updateable<ProjectsTable>): Promise<AssetRow | undefined> {
    return this.db
      .updateTable('projects')
      .set({ ...change, updated_at: new Date() })
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * Deletes the row and, in the same transaction, queues its files for removal, so a storage
   * failure later is retried rather than leaving orphans. `extraKeys` names the files of rows that
   * go with the asset (its exports): it runs in the transaction, on the locked row, before the
   * delete cascades to them. Answers the row, or undefined.
   */
  async deleteWithFiles(userId: string, id: string, extraKeys: (row: AssetRow, tx: Transaction<DatabaseSchema>) => Promise<string[]>): Promise<AssetRow | undefined> {
    return this.db.transaction().execute(async (tx) => {
      const row = await tx.selectFrom('projects').selectAll().where('user_id', '=', userId).where('id', '=', id).forUpdate().executeTakeFirst();
      if (!row) return undefined;
      const extra = await extraKeys(row, tx);
      await tx.deleteFrom('projects').where('user_id', '=', userId).where('id', '=', id).execute();
      const keys = [row.media_file_path, row.thumbnail_path, row.proxy_path, ...extra].filter((k): k is string => !!k);
      if (keys.length > 0) {
        await tx
          .insertInto('pending_file_deletions')
          .values(keys.map((key) => ({ key, user_id: userId })))
          .onConflict((oc) => oc.column('key').doNothing())
          .execute();
      }
      return row;
    });
  }
}
