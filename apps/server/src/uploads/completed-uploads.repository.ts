import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema';

/** How long a finished upload still answers a client asking where to resume: as long as a partial one lives. */
export const COMPLETED_UPLOAD_MEMORY_HOURS = 24;

export interface CompletedUpload {
  assetId: string;
  size: number;
}

/**
 * Uploads that became assets, remembered for a day: a client whose final response was lost asks
 * (tus HEAD) where to resume and hears "all of it", with the asset it became, instead of
 * creating a second upload and sending the bytes again.
 */
export class CompletedUploadRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  async record(uploadId: string, userId: string, assetId: string, size: number): Promise<void> {
    await this.db
      .insertInto('completed_uploads')
      .values({ upload_id: uploadId, user_id: userId, asset_id: assetId, size_bytes: size })
      .onConflict((oc) => oc.column('upload_id').doNothing())
      .execute();
  }

  async find(uploadId: string, userId: string): Promise<CompletedUpload | null> {
    const row = await this.db
      .selectFrom('completed_uploads')
      .select(['asset_id', 'size_bytes'])
      .where('upload_id', '=', uploadId)
      .where('user_id', '=', userId)
      .where('completed_at', '>', sql<Date>`now() - make_interval(hours => ${COMPLETED_UPLOAD_MEMORY_HOURS})`)
      .executeTakeFirst();
    return row ? { assetId: row.asset_id, size: Number(row.size_bytes) } : null;
  }

  /** Forgets uploads finished more than a day ago; answers how many. */
  async removeExpired(): Promise<number> {
    const result = await this.db
      .deleteFrom('completed_uploads')
      .where('completed_at', '<', sql<Date>`now() - make_interval(hours => ${COMPLETED_UPLOAD_MEMORY_HOURS})`)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
