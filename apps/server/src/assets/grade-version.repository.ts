import type { Kysely, Selectable } from 'kysely';
import type { DatabaseSchema, GradeVersionsTable } from '../db/schema';

export type GradeVersionRow = Selectable<GradeVersionsTable>;

/**
 * The `grade_versions` table. Every method takes the owner's id and the asset's id: no query
 * reads or writes another user's row, nor a version through another asset.
 */
export class GradeVersionRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  list(userId: string, assetId: string): Promise<GradeVersionRow[]> {
    return this.db
      .selectFrom('grade_versions')
      .selectAll()
      .where('user_id', '=', userId)
      .where('asset_id', '=', assetId)
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .execute();
  }

  /**
   * Inserts a version unless the asset already keeps `limit` of them (then answers 'full'), or the
   * asset is not the user's ('no-asset'). The asset's row is locked for the count, so two saves at
   * once cannot both slip under the limit.
   */
  insertWithinLimit(
    userId: string,
    assetId: string,
    limit: number,
    version: { name: string; selected_lut: string | null; color_settings: string },
  ): Promise<GradeVersionRow | 'full' | 'no-asset'> {
    return this.db.transaction().execute(async (tx) => {
      const asset = await tx.selectFrom('projects').select('id').where('user_id', '=', userId).where('id', '=', assetId).forUpdate().executeTakeFirst();
      if (!asset) return 'no-asset';
      const counted = await tx.selectFrom('grade_versions').select((eb) => eb.fn.countAll<string>().as('n')).where('asset_id', '=', assetId).executeTakeFirst();
      if (Number(counted?.n ?? 0) >= limit) return 'full';
      return tx
        .insertInto('grade_versions')
        .values({ user_id: userId, asset_id: assetId, ...version })
        .returningAll()
        .executeTakeFirstOrThrow();
    });
  }

  rename(userId: string, assetId: string, id: string, name: string): Promise<GradeVersionRow | undefined> {
    return this.db
      .updateTable('grade_versions')
      .set({ name, updated_at: new Date() })
      .where('user_id', '=', userId)
      .where('asset_id', '=', assetId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  async delete(userId: string, assetId: string, id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('grade_versions').where('user_id', '=', userId).where('asset_id', '=', assetId).where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
