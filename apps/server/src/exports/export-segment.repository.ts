import { sql, type Kysely, type Selectable } from 'kysely';
import type { DatabaseSchema, ExportSegmentsTable } from '../db/schema';
import type { SegmentPlan } from './export-segments';

export type ExportSegmentRow = Selectable<ExportSegmentsTable>;

/** The `export_segments` table and the export's `join_job_id`. Callers have checked the export is the user's. */
export class ExportSegmentRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  /**
   * The export's plan, written once: a retry of the export's first job (its worker died after
   * planning) keeps the segments already planned, rendered or queued. Answers the segments whose
   * job is still to be sent.
   */
  async planOnce(exportId: string, plan: SegmentPlan[], fileKey: (part: number) => string): Promise<ExportSegmentRow[]> {
    await this.db
      .insertInto('export_segments')
      .values(plan.map((s) => ({ export_id: exportId, part: s.part, start_frame: s.startFrame, frames: s.frames, to_end: s.toEnd, seek_seconds: s.seekSeconds, file_key: fileKey(s.part) })))
      .onConflict((oc) => oc.columns(['export_id', 'part']).doNothing())
      .execute();
    return this.db.selectFrom('export_segments').selectAll().where('export_id', '=', exportId).where('queued', '=', false).orderBy('part').execute();
  }

  async markQueued(exportId: string, part: number): Promise<void> {
    await this.db.updateTable('export_segments').set({ queued: true }).where('export_id', '=', exportId).where('part', '=', part).execute();
  }

  get(exportId: string, part: number): Promise<ExportSegmentRow | undefined> {
    return this.db.selectFrom('export_segments').selectAll().where('export_id', '=', exportId).where('part', '=', part).executeTakeFirst();
  }

  all(exportId: string): Promise<ExportSegmentRow[]> {
    return this.db.selectFrom('export_segments').selectAll().where('export_id', '=', exportId).orderBy('part').execute();
  }

  async isSplit(exportId: string): Promise<boolean> {
    return (await this.db.selectFrom('export_segments').select('part').where('export_id', '=', exportId).limit(1).executeTakeFirst()) !== undefined;
  }

  /** A run of the segment starts: one more attempt, from 0 %. */
  async startAttempt(exportId: string, part: number): Promise<void> {
    await this.db
      .updateTable('export_segments')
      .set((eb) => ({ attempts: eb('attempts', '+', 1), progress: 0, done: false }))
      .where('export_id', '=', exportId)
      .where('part', '=', part)
      .execute();
  }

  /** Saves a segment's progress; answers the export's, in tenths of a percent: the segments' weighted by their frames. */
  async setProgress(exportId: string, part: number, progress: number): Promise<number> {
    await this.db.updateTable('export_segments').set({ progress }).where('export_id', '=', exportId).where('part', '=', part).execute();
    const row = await this.db
      .selectFrom('export_segments')
      .select([sql<number>`sum(frames * progress)::float8`.as('weighted'), sql<number>`sum(frames)::float8`.as('frames')])
      .where('export_id', '=', exportId)
      .executeTakeFirst();
    return row && row.frames > 0 ? Math.floor((10 * row.weighted) / row.frames) / 10 : 0;
  }

  async markDone(exportId: string, part: number): Promise<void> {
    await this.db.updateTable('export_segments').set({ done: true, progress: 100 }).where('export_id', '=', exportId).where('part', '=', part).execute();
  }

  async allDone(exportId: string): Promise<boolean> {
    const left = await this.db.selectFrom('export_segments').select('part').where('export_id', '=', exportId).where('done', '=', false).limit(1).executeTakeFirst();
    return left === undefined;
  }

  /**
   * Lets one join job join the export once every segment is done: the first to run claims it (a
   * retry of that job keeps its claim); a second one queued by segments that finished at the same
   * moment finds it claimed. The update's row lock makes the two see each other.
   */
  async claimJoin(userId: string, exportId: string, jobId: string): Promise<boolean> {
    const claimed = await this.db
      .updateTable('exports')
      .set({ join_job_id: jobId })
      .where('user_id', '=', userId)
      .where('id', '=', exportId)
      .where('status', '=', 'processing')
      .where((eb) => eb.or([eb('join_job_id', 'is', null), eb('join_job_id', '=', jobId)]))
      .where((eb) => eb.not(eb.exists(eb.selectFrom('export_segments').select('part').where('export_id', '=', exportId).where('done', '=', false))))
      .returning('id')
      .executeTakeFirst();
    return claimed !== undefined;
  }

  async removeAll(exportId: string): Promise<void> {
    await this.db.deleteFrom('export_segments').where('export_id', '=', exportId).execute();
  }
}
