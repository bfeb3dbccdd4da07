import type { Kysely, Selectable } from 'kysely';
import type { DatabaseSchema, UserLutsTable } from '../db/schema';

export type UserLutRow = Selectable<UserLutsTable>;
export type UserLutSummaryRow = Omit<UserLutRow, 'table_data' | 'source_text' | 'source_format'>;

/** The `user_luts` table. Every method takes the owner's id: no query reads or writes another's row. */
export class UserLutRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  list(userId: string): Promise<UserLutSummaryRow[]> {
    return this.db
      .selectFrom('user_luts')
      .select(['id', 'user_id', 'name', 'size', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .execute();
  }

  async exists(userId: string, id: string): Promise<boolean> {
    return (await this.db.selectFrom('user_luts').select('id').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst()) !== undefined;
  }

  get(userId: string, id: string): Promise<UserLutRow | undefined> {
    return this.db.selectFrom('user_luts').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  }

  async count(userId: string): Promise<number> {
    const counted = await this.db.selectFrom('user_luts').select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', userId).executeTakeFirst();
    return Number(counted?.n ?? 0);
  }

  /**
   * Inserts a LUT unless the user already keeps `limit` of them (then answers null). The user's
   * row is locked for the count, so two imports at once cannot both slip under the limit.
   */
  insertWithinLimit(userId: string, limit: number, lut: { name: string; size: number; table: Uint8Array; source: { text: string; format: string } | null }): Promise<UserLutSummaryRow | null> {
    return this.db.transaction().execute(async (tx) => {
      await tx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
      const counted = await tx.selectFrom('user_luts').select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', userId).executeTakeFirst();
      if (Number(counted?.n ?? 0) >= limit) return null;
      return tx
        .insertInto('user_luts')
        .values({ user_id: userId, name: lut.name, size: lut.size, table_data: lut.table, source_text: lut.source?.text ?? null, source_format: lut.source?.format ?? null })
        .returning(['id', 'user_id', 'name', 'size', 'created_at'])
        .executeTakeFirstOrThrow();
    });
  }

  async delete(userId: string, id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('user_luts').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
