import { sql, type Kysely } from 'kysely';
import { MESSAGES } from '@cinegrade/contract';
import type { DatabaseSchema } from '../db/schema';
import { HttpError } from '../http/http-error';

export interface RateLimitRule {
  /** Attempts allowed per window. */
  limit: number;
  windowSeconds: number;
}

/**
 * Fixed-window counters kept in the database, so every server process shares them. One atomic
 * upsert per attempt: a window older than its length starts again at 1.
 */
export class RateLimiter {
  private calls = 0;

  constructor(
    private readonly db: Kysely<DatabaseSchema>,
    /** Multiplies every limit; tests that sign up many users from one address raise it. */
    private readonly multiplier = 1,
  ) {}

  /** Counts one attempt against `key`; throws 429 with the seconds to wait when over the limit. */
  async hit(key: string, rule: RateLimitRule): Promise<void> {
    const window = rule.windowSeconds;
    const row = await sql<{ hits: number; retry_after: number }>`
      insert into rate_limits (key, window_started_at, hits) values (${key}, now(), 1)
      on conflict (key) do update set
        hits = case when rate_limits.window_started_at <= now() - make_interval(secs => ${window}) then 1 else rate_limits.hits + 1 end,
        window_started_at = case when rate_limits.window_started_at <= now() - make_interval(secs => ${window}) then now() else rate_limits.window_started_at end
      returning hits, ceil(extract(epoch from (window_started_at + make_interval(secs => ${window}) - now())))::int as retry_after
    `.execute(this.db);
    if (++this.calls % 200 === 0) await this.sweep();
    const result = row.rows[0];
    if (result && result.hits > rule.limit * this.multiplier) {
      throw new HttpError(429, 'rate_limited', MESSAGES.tooManyAttempts, { retryAfter: Math.max(1, result.retry_after) });
    }
  }

  /** Forget windows that ended a day ago or more. */
  async sweep(): Promise<void> {
    await this.db.deleteFrom('rate_limits').where('window_started_at', '<', sql<Date>`now() - interval '1 day'`).execute();
  }
}

/** Limits for the account endpoints, per client address and per account (email). */
export const AUTH_LIMITS = {
  signInPerIp: { limit: 30, windowSeconds: 15 * 60 },
  signInPerAccount: { limit: 10, windowSeconds: 15 * 60 },
  signUpPerIp: { limit: 10, windowSeconds: 60 * 60 },
  signUpPerAccount: { limit: 5, windowSeconds: 60 * 60 },
} as const satisfies Record<string, RateLimitRule>;
