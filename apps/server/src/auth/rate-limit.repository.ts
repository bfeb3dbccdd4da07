import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema';

/**
 * Fixed-window counters kept in the database, so every server process shares them. One atomic
 * upsert per attempt: a window older than its length starts again at 1.
 */
export class RateLimitRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  /** Counts one attempt against `key`: the attempts in its current window and the seconds left in it. */
  async count(key: string, windowSeconds: number): Promise<{ hits: number; retryAfter: number }> {
    const row = await sql<{ hits: number; retry_after: number }>`
      insert into rate_limits (key, window_started_at, hits) values (${key}, now(), 1)
      on conflict (key) do update set
        hits = case when rate_limits.window_started_at <= now() - make_interval(secs => ${windowSeconds}) then 1 else rate_limits.hits + 1 end,
        window_started_at = case when rate_limits.window_started_at <= now() - make_interval(secs => ${windowSeconds}) then now() else rate_limits.window_started_at end
      returning hits, ceil(extract(epoch from (window_started_at + make_interval(secs => ${windowSeconds}) - now())))::int as retry_after
    `.execute(this.db);
    const result = row.rows[0];
    if (!result) throw new Error(`The rate limit counter for ${key} returned no row`);
    return { hits: result.hits, retryAfter: result.retry_after };
  }

  /** Forget windows that ended a day ago or more. */
  async sweep(): Promise<void> {
    await this.db.deleteFrom('rate_limits').where('window_started_at', '<', sql<Date>`now() - interval '1 day'`).execute();
  }
}
