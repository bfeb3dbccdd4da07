import { type Insertable, type Kysely, type Selectable, type Transaction, type Updateable } from 'kysely';
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

  async countActive(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('exports')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', userId)
      .where('status', 'in', ACTIVE)
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

  /** The files of an asset's exports, read in the transaction that deletes the asset. */
  static async outputKeysOfAsset(tx: Transaction<DatabaseSchema>, userId: string, assetId: string): Promise<string[]> {
    const rows = await tx.selectFrom('exports').select('output_key').where('user_id', '=', userId).where('asset_id', '=', assetId).execute();
    return rows.map((r) => r.output_key);
  }
}
