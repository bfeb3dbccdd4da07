import { DATA_RETENTION_OPTIONS, DEFAULT_SETTINGS } from '@cinegrade/contract';
import { sql, type Insertable, type Kysely, type Selectable, type Transaction, type Updateable } from 'kysely';
import type { DatabaseSchema, ExportsTable, ExportStatus } from '../db/schema';

export type ExportRow = Selectable<ExportsTable>;

const ACTIVE: ExportStatus[] = ['queued', 'processing'];

/**
 * The `exports` table. Every read and write names the owner; the state changes of a render are
 * conditional on the row still being active, so a cancelled or deleted export is never revived by
 * a worker that had not noticed yet.
 */
export class ExportRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  get(userId: string, id: string): Promise<ExportRow | undefined> {
    return this.db.selectFrom('exports').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  }

  insert(row: Insertable<ExportsTable>): Promise<ExportRow> {
    return this.db.insertInto('exports').values(row).returningAll().executeTakeFirstOrThrow();
  }

  /** The user's single exports queued or running (batch files excluded). */
  async countActive(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('exports')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', userId)
      .where('status', 'in', ACTIVE)
      // A batch's files are not single exports: the queue keeps their turn fair instead.
      .where((eb) => eb.not(eb.exists(eb.selectFrom('batch_files').select('batch_files.asset_id').whereRef('batch_files.export_id', '=', 'exports.id'))))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async setJob(userId: string, id: string, jobId: string): Promise<void> {
    await this.db.updateTable('exports').set({ job_id: jobId }).where('user_id', '=', userId).where('id', '=', id).execute();
  }

  async remove(userId: string, id: string): Promise<void> {
    await this.db.deleteFrom('exports').where('user_id', '=', userId).where('id', '=', id).execute();
  }

  /** Moves an active export to `change.status` (or keeps it active with new progress); undefined when it was no longer active. */
  updateIfActive(userId: string, id: string, change: Updateable<ExportsTable>): Promise<ExportRow | undefined> {
    return this.db
      .updateTable('exports')
      .set({ ...change, updated_at: new Date() })
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .where('status', 'in', ACTIVE)
      .returningAll()
      .executeTakeFirst();
  }

  /** A new run of the render: processing from 0 %, one more attempt. */
  startRun(userId: string, id: string): Promise<ExportRow | undefined> {
    const now = new Date();
    return this.db
      .updateTable('exports')
      .set((eb) => ({ status: 'processing' as const, progress: 0, started_at: now, updated_at: now, attempts: eb('attempts', '+', 1) }))
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .where('status', 'in', ACTIVE)
      .returningAll()
      .executeTakeFirst();
  }

  async statusOf(userId: string, id: string): Promise<ExportStatus | null> {
    const row = await this.db.selectFrom('exports').select('status').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
    return row?.status ?? null;
  }

  /** The files of an asset's exports (and of the segments of split ones not joined yet), read in the transaction that deletes the asset. */
  static async outputKeysOfAsset(tx: Transaction<DatabaseSchema>, userId: string, assetId: string): Promise<string[]> {
    const rows = await tx.selectFrom('exports').select('output_key').where('user_id', '=', userId).where('asset_id', '=', assetId).execute();
    const segments = await tx
      .selectFrom('export_segments')
      .innerJoin('exports', 'exports.id', 'export_segments.export_id')
      .select('export_segments.file_key')
      .where('exports.user_id', '=', userId)
      .where('exports.asset_id', '=', assetId)
      .execute();
    return [...rows.map((r) => r.output_key), ...segments.map((s) => s.file_key)];
  }

  /**
   * Queues the stored segments of a split export for deletion (job `storage.delete`) and removes
   * their rows: for an export that ended without its own jobs tidying up (see
   * ExportService.healLostJob). Answers how many files were queued.
   */
  async queueSegmentFilesForDeletion(userId: string, id: string): Promise<number> {
    return this.db.transaction().execute(async (tx) => {
      const rows = await tx
        .selectFrom('export_segments')
        .innerJoin('exports', 'exports.id', 'export_segments.export_id')
        .select(['export_segments.file_key', 'exports.user_id'])
        .where('exports.user_id', '=', userId)
        .where('exports.id', '=', id)
        .execute();
      if (rows.length === 0) return 0;
      await tx
        .insertInto('pending_file_deletions')
        .values(rows.map((row) => ({ key: row.file_key, user_id: row.user_id })))
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
      await tx.deleteFrom('export_segments').where('export_id', '=', id).execute();
      return rows.length;
    });
  }

  /**
   * Data retention (docs/product-rules.md, 'Settings'): removes the finished exports (succeeded,
   * failed or cancelled) of every user whose retention is a number of days, once finished longer
   * ago than that, and queues their files for deletion in the same transaction. A user who never
   * chose has the default; 'forever' keeps them. Answers how many were removed.
   */
  async removePastRetention(): Promise<number> {
    const days = DATA_RETENTION_OPTIONS.filter((option) => option !== 'forever');
    const fallback = DEFAULT_SETTINGS.dataRetention;
    const result = await sql<{ removed: string }>`
      with retention as (
        select u.id as user_id,
          case when s.settings->>'dataRetention' in (${sql.join([...DATA_RETENTION_OPTIONS])}) then s.settings->>'dataRetention' else ${fallback} end as chosen
        from users u left join user_settings s on s.user_id = u.id
      ),
      expired as (
        delete from exports e
        using retention r
        where e.user_id = r.user_id
          and r.chosen in (${sql.join(days)})
          and e.status in ('succeeded', 'failed', 'canceled')
          and coalesce(e.finished_at, e.updated_at) < now() - make_interval(days => r.chosen::int)
        returning e.output_key, e.user_id
      ),
      queued as (
        insert into pending_file_deletions (key, user_id)
        select output_key, user_id from expired
        on conflict (key) do nothing
      )
      select count(*) as removed from expired
    `.execute(this.db);
    return Number(result.rows[0]?.removed ?? 0);
  }
}
