import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema';
import type { JobOutcome } from '../jobs/job-types';
import type { Logger } from '../platform/logger';
import type { Storage } from './storage';

/**
 * Job `storage.delete`: removes the files queued in `pending_file_deletions` when their rows were
 * deleted. A file that fails stays queued and the job is retried with backoff, so nothing is
 * left orphaned by a passing storage failure.
 */
export class FileDeletions {
  constructor(
    private readonly db: Kysely<DatabaseSchema>,
    private readonly storage: Storage,
    private readonly logger: Logger,
  ) {}

  async run(): Promise<JobOutcome> {
    const pending = await this.db.selectFrom('pending_file_deletions').select(['key']).orderBy('created_at').limit(500).execute();
    let failures = 0;
    for (const { key } of pending) {
      try {
        await this.storage.delete(key);
        await this.db.deleteFrom('pending_file_deletions').where('key', '=', key).execute();
      } catch (error) {
        failures++;
        const message = error instanceof Error ? error.message : String(error);
        await this.db
          .updateTable('pending_file_deletions')
          .set({ attempts: sql<number>`attempts + 1`, last_error: message })
          .where('key', '=', key)
          .execute();
        this.logger.warn('A stored file could not be deleted yet', { key, error: message });
      }
    }
    if (failures > 0) throw new Error(`${failures} stored file(s) could not be deleted yet; retrying.`);
    return pending.length > 0 ? { status: 'success' } : { status: 'skipped', reason: 'Nothing to delete.' };
  }

  /** Files still waiting, for the periodic sweep. */
  async count(): Promise<number> {
    const row = await this.db.selectFrom('pending_file_deletions').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirst();
    return Number(row?.n ?? 0);
  }
}
