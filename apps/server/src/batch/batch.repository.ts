import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import { knownSettings, type ColorSettings } from '@cinegrade/contract';
import { assetFileKeys, queueFileDeletions } from '../assets/asset.repository';
import type { BatchFilesTable, BatchSessionsTable, BatchSessionStatus, DatabaseSchema, ExportStatus } from '../db/schema';
import { ExportRepository } from '../exports/export.repository';

export type BatchSessionRow = Selectable<BatchSessionsTable>;

/** A file of a batch with what its asset and current export say. */
export interface BatchFileRow {
  asset_id: string;
  position: number;
  export_id: string | null;
  error: string | null;
  rate_limited: boolean;
  media_file_name: string;
  media_file_path: string | null;
  proxy_path: string | null;
  thumbnail_path: string | null;
  needs_proxy: boolean;
  size_bytes: number;
  metadata: unknown;
  selected_lut: string | null;
  color_settings: Record<string, unknown>;
  processing_status: 'processing' | 'ready' | 'failed';
  processing_error: string | null;
  export_status: ExportStatus | null;
  export_progress: number | null;
  export_error: string | null;
  export_job_id: string | null;
  /** The grade the current render was (or is being) made with. */
  export_lut: string | null;
  export_color_settings: Record<string, unknown> | null;
  output_key: string | null;
  download_name: string | null;
  /** The last completed render, kept while the current one is not (yet) succeeded; null otherwise. */
  kept_export_id: string | null;
  kept_output_key: string | null;
  kept_download_name: string | null;
}

/** The file's current render is a succeeded export of its owner (decided inside an update of `batch_files`). */
const currentRenderSucceeded = sql<boolean>`exists (select 1 from exports e where e.id = batch_files.export_id and e.user_id = batch_files.user_id and e.status = 'succeeded')`;

export interface NewBatchSession {
  id: string;
  name: string;
  selected_lut: string | null;
  settings: Record<string, unknown>;
  /** In order; the first one's thumbnail stands for the session. */
  assetIds: string[];
  /** The grade saved on every file. */
  grade: { selected_lut: string | null; color_settings: ColorSettings };
}

/** A file of a batch was not linked (another batch took it, or it was deleted meanwhile). */
export class BatchFilesChangedError extends Error {
  constructor() {
    super('A file of the batch changed while it was being saved.');
    this.name = 'BatchFilesChangedError';
  }
}

/**
 * `batch_sessions` and `batch_files`. Every method names the owner: another user's session is
 * simply not found.
 */
export class BatchRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  /**
   * The session, its file rows and its assets' link to it (with the grade), in one transaction:
   * if any of it fails nothing is kept, so there is never a session without its files.
   */
  async createWithFiles(userId: string, session: NewBatchSession): Promise<BatchSessionRow> {
    return this.db.transaction().execute(async (tx) => {
      const row = await tx
        .insertInto('batch_sessions')
        .values({
          id: session.id,
          user_id: userId,
          name: session.name,
          file_count: session.assetIds.length,
          selected_lut: session.selected_lut,
          settings: JSON.stringify(session.settings),
          thumbnail_asset_id: session.assetIds[0] ?? null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const files: Insertable<BatchFilesTable>[] = session.assetIds.map((assetId, position) => ({ asset_id: assetId, batch_session_id: row.id, user_id: userId, position, export_id: null, error: null, rate_limited: false }));
      await tx.insertInto('batch_files').values(files).execute();
      const linked = await tx
        .updateTable('projects')
        .set({
          batch_processed: true,
          batch_session_id: row.id,
          selected_lut: session.grade.selected_lut,
          color_settings: JSON.stringify(knownSettings(session.grade.color_settings)),
          updated_at: new Date(),
        })
        .where('user_id', '=', userId)
        .where('id', 'in', session.assetIds)
        .where('batch_session_id', 'is', null)
        .executeTakeFirst();
      if (Number(linked.numUpdatedRows) !== session.assetIds.length) throw new BatchFilesChangedError();
      return row;
    });
  }

  get(userId: string, id: string): Promise<BatchSessionRow | undefined> {
    return this.db.selectFrom('batch_sessions').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  }

  /** Sessions of the user in a status, newest first (completed ones by completion). */
  list(userId: string, status: BatchSessionStatus): Promise<BatchSessionRow[]> {
    return this.db
      .selectFrom('batch_sessions')
      .selectAll()
      .where('user_id', '=', userId)
      .where('status', '=', status)
      .orderBy('completed_at', 'desc')
      .orderBy('created_at', 'desc')
      .execute();
  }

  async files(userId: string, sessionId: string): Promise<BatchFileRow[]> {
    const rows = await this.db
      .selectFrom('batch_files as f')
      .innerJoin('projects as p', 'p.id', 'f.asset_id')
      .leftJoin('exports as e', 'e.id', 'f.export_id')
      .leftJoin('exports as k', (join) => join.onRef('k.id', '=', 'f.kept_export_id').onRef('k.user_id', '=', 'f.user_id').on('k.status', '=', 'succeeded'))
      .select([
        'f.asset_id',
        'f.position',
        'f.export_id',
        'f.error',
        'f.rate_limited',
        'p.media_file_name',
        'p.media_file_path',
        'p.proxy_path',
        'p.thumbnail_path',
        'p.needs_proxy',
        'p.size_bytes',
        'p.metadata',
        'p.selected_lut',
        'p.color_settings',
        'p.processing_status',
        'p.processing_error',
        'e.status as export_status',
        'e.progress as export_progress',
        'e.error as export_error',
        'e.job_id as export_job_id',
        'e.selected_lut as export_lut',
        'e.color_settings as export_color_settings',
        'e.output_key',
        'e.download_name',
        'k.id as kept_export_id',
        'k.output_key as kept_output_key',
        'k.download_name as kept_download_name',
      ])
      .where('f.user_id', '=', userId)
      .where('f.batch_session_id', '=', sessionId)
      .orderBy('f.position')
      .execute();
    return rows.map((row) => ({ ...row, size_bytes: Number(row.size_bytes) }));
  }

  /**
   * The file's render is now this export (a first start, a retry or a re-export). The render it
   * replaces, when that one succeeded, is kept until the new one succeeds (docs/product-rules.md,
   * 'Batch'); otherwise the render kept before stays kept.
   */
  async setExport(userId: string, assetId: string, exportId: string): Promise<void> {
    const kept = sql<string | null>`case when ${currentRenderSucceeded} then batch_files.export_id else batch_files.kept_export_id end`;
    await this.db.updateTable('batch_files').set({ kept_export_id: kept, export_id: exportId, error: null, rate_limited: false }).where('user_id', '=', userId).where('asset_id', '=', assetId).execute();
  }

  /**
   * The file's new render could not start, and why. A completed render the file links to is kept
   * (it stays the file's download and is in the ZIP; docs/product-rules.md, 'Batch'); any other
   * link is let go. Decided in the update itself, from the linked export's status at that moment.
   */
  async setError(userId: string, assetId: string, error: string, rateLimited: boolean): Promise<void> {
    const keptRender = sql<string | null>`case when ${currentRenderSucceeded} then batch_files.export_id end`;
    await this.db.updateTable('batch_files').set({ export_id: keptRender, error, rate_limited: rateLimited }).where('user_id', '=', userId).where('asset_id', '=', assetId).execute();
  }

  /** A processing session whose files have all finished: completed (or failed), once. */
  async finish(userId: string, id: string, status: Exclude<BatchSessionStatus, 'processing'>): Promise<BatchSessionRow | undefined> {
    return this.db
      .updateTable('batch_sessions')
      .set({ status, completed_at: status === 'completed' ? new Date() : null })
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .where('status', '=', 'processing')
      .returningAll()
      .executeTakeFirst();
  }

  /** The session's output format and size from now on (Export Batch with a new choice). */
  async updateSettings(userId: string, id: string, settings: Record<string, unknown>): Promise<BatchSessionRow | undefined> {
    return this.db.updateTable('batch_sessions').set({ settings: JSON.stringify(settings) }).where('user_id', '=', userId).where('id', '=', id).returningAll().executeTakeFirst();
  }

  /** A failed session some of whose files render again is processing again. */
  async reopenIfFailed(userId: string, id: string): Promise<void> {
    await this.db.updateTable('batch_sessions').set({ status: 'processing' }).where('user_id', '=', userId).where('id', '=', id).where('status', '=', 'failed').execute();
  }

  /** Files of the user's batches whose render is queued or running. */
  async countRendering(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('batch_files as f')
      .innerJoin('exports as e', 'e.id', 'f.export_id')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('f.user_id', '=', userId)
      .where('e.status', 'in', ['queued', 'processing'])
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /**
   * Deletes the session and every asset of it, and queues all their files (originals, derived
   * files, exports) for the `storage.delete` job, in one transaction: a storage failure later is
   * retried by that job rather than leaving files behind. Answers the asset ids, or undefined when
   * the user has no such session.
   */
  async deleteWithFiles(userId: string, id: string): Promise<string[] | undefined> {
    return this.db.transaction().execute(async (tx) => {
      const session = await tx.selectFrom('batch_sessions').select('id').where('user_id', '=', userId).where('id', '=', id).forUpdate().executeTakeFirst();
      if (!session) return undefined;
      const assets = await tx
        .selectFrom('projects')
        .select(['id', 'media_file_path', 'thumbnail_path', 'proxy_path', 'metadata'])
        .where('user_id', '=', userId)
        .where('batch_session_id', '=', id)
        .forUpdate()
        .execute();
      const keys: string[] = [];
      for (const asset of assets) keys.push(...assetFileKeys(asset), ...(await ExportRepository.outputKeysOfAsset(tx, userId, asset.id)));
      await queueFileDeletions(tx, userId, keys);
      if (assets.length > 0)
        await tx
          .deleteFrom('projects')
          .where('user_id', '=', userId)
          .where(
            'id',
            'in',
            assets.map((a) => a.id),
          )
          .execute();
      await tx.deleteFrom('batch_sessions').where('user_id', '=', userId).where('id', '=', id).execute();
      return assets.map((a) => a.id);
    });
  }
}
