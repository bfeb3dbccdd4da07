import { MESSAGES } from '@cinegrade/contract';
import { HttpError } from '../http/http-error';
import type { RateLimitRepository } from './rate-limit.repository';

export interface RateLimitRule {
  /** Attempts allowed per window. */
  limit: number;
  windowSeconds: number;
}

/**
 * Attempts counted per key in fixed windows (the counters are in the database,
 * `rate-limit.repository.ts`, so every server process shares them); over the limit is a 429
 * with the seconds to wait.
 */
export class RateLimiter {
  private calls = 0;

  constructor(
    private readonly counters: RateLimitRepository,
    /** Multiplies every limit; tests that sign up many users from one address raise it. */
    private readonly multiplier = 1,
  ) {}

  /** Counts one attempt against `key`; throws 429 with the seconds to wait when over the limit. */
  async hit(key: string, rule: RateLimitRule): Promise<void> {
    const { hits, retryAfter } = await this.counters.count(key, rule.windowSeconds);
    if (++this.calls % 200 === 0) await this.counters.sweep();
    if (hits > rule.limit * this.multiplier) {
      throw new HttpError(429, 'rate_limited', MESSAGES.tooManyAttempts, { retryAfter: Math.max(1, retryAfter) });
    }
  }
}

/** Limits for the account endpoints, per client address and per account (email). */
export const AUTH_LIMITS = {
  signInPerIp: { limit: 30, windowSeconds: 15 * 60 },
  signInPerAccount: { limit: 10, windowSeconds: 15 * 60 },
  signUpPerIp: { limit: 10, windowSeconds: 60 * 60 },
  signUpPerAccount: { limit: 5, windowSeconds: 60 * 60 },
} as const satisfies Record<string, RateLimitRule>;
