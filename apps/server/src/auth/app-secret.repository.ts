import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema';

/** Named secrets the server generates once and keeps in the database (`app_secrets`). */
export class AppSecretRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  /**
   * The secret called `name`, stored as `generated` when there is none yet. When several
   * processes start at once, the first insert wins and every one reads that value.
   */
  async getOrCreate(name: string, generated: string): Promise<string> {
    await this.db
      .insertInto('app_secrets')
      .values({ name, value: generated })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const row = await this.db.selectFrom('app_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
    return row.value;
  }
}
