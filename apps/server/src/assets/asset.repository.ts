import type { Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type { DatabaseSchema, ProjectsTable } from '../db/schema';

export type AssetRow = Selectable<ProjectsTable>;

/** Finds the stored files of other rows that belong to an asset, inside the transaction deleting it. */
export type DerivedFilesLookup = (tx: Transaction<DatabaseSchema>, userId: string, assetId: string) => Promise<string[]>;

class RolledBack extends Error {}

/** The stored files of an asset row itself: original, working original (HEIC, AVIF), thumbnail, proxy. */
export function assetFileKeys(row: Pick<AssetRow, 'media_file_path' | 'thumbnail_path' | 'proxy_path' | 'metadata'>): string[] {
  return [row.media_file_path, decodedOriginalKey(row), row.thumbnail_path, row.proxy_path].filter((k): k is string => !!k);
}

/**
 * The lossless PNG a HEIC or AVIF upload was decoded to when it arrived (kept in the asset's
 * private metadata as `decodedOriginal`), or null for media ffmpeg reads as uploaded.
 */
export function decodedOriginalKey(row: Pick<AssetRow, 'metadata'>): string | null {
  const metadata = row.metadata as { decodedOriginal?: unknown } | null;
  return typeof metadata?.decodedOriginal === 'string' ? metadata.decodedOriginal : null;
}

/**
 * The file that thumbnails, preview copies and exports decode: the decoded original where there is
 * one, else the upload itself. The user's download of the original is always the upload.
 */
export function workingOriginalKey(row: Pick<AssetRow, 'media_file_path' | 'metadata'>): string | null {
  return decodedOriginalKey(row) ?? row.media_file_path;
}

/** Queues files for removal by the `storage.delete` job, in the transaction that deletes their rows. */
export async function queueFileDeletions(tx: Transaction<DatabaseSchema>, userId: string, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await tx
    .insertInto('pending_file_deletions')
    .values(keys.map((key) => ({ key, user_id: userId })))
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}

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
   * The same change on several of the user's rows, all or none: answers undefined (and changes
   * nothing) when any id is not one of the user's rows.
   */
  async updateMany(userId: string, ids: string[], change: Updateable<ProjectsTable>): Promise<AssetRow[] | undefined> {
    return this.db.transaction().execute(async (tx) => {
      const rows = await tx
        .updateTable('projects')
        .set({ ...change, updated_at: new Date() })
        .where('user_id', '=', userId)
        .where('id', 'in', ids)
        .returningAll()
        .execute();
      if (rows.length !== ids.length) throw new RolledBack();
      return rows;
    }).catch((error: unknown) => {
      if (error instanceof RolledBack) return undefined;
      throw error;
    });
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
      if (row.batch_session_id !== null) {
        // A batch is never kept without files (docs/product-rules.md, 'Batch'): its last file's
        // deletion takes the session with it, instead of leaving an empty one 'processing'.
        const sessionId = row.batch_session_id;
        await tx
          .deleteFrom('batch_sessions')
          .where('user_id', '=', userId)
          .where('id', '=', sessionId)
          .where((eb) => eb.not(eb.exists(eb.selectFrom('batch_files').select('asset_id').where('batch_session_id', '=', sessionId))))
          .execute();
      }
      await queueFileDeletions(tx, userId, [...assetFileKeys(row), ...extra]);
      return row;
    });
  }
}
