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

  /** Counts one attempt against `key`; throws 429 (saying `message`, with `code`) with the seconds to wait when over the limit. */
  async hit(key: string, rule: RateLimitRule, message: string = MESSAGES.tooManyAttempts, code: 'rate_limited' | 'account_locked' = 'rate_limited'): Promise<void> {
    const { hits, retryAfter } = await this.counters.count(key, rule.windowSeconds);
    if (++this.calls % 200 === 0) await this.counters.sweep();
    if (hits > rule.limit * this.multiplier) {
      throw new HttpError(429, code, message, { retryAfter: Math.max(1, retryAfter) });
    }
  }
}

/**
 * How attempts on one account are limited, so that a stranger cannot lock the owner out and
 * guessing from many addresses still stops (docs/engineering-rules.md, 'Abuse and limits').
 */
export interface AccountLimits {
  /** Every attempt from one address, whatever the account. */
  perAddress: RateLimitRule;
  /**
   * Attempts on one account from one address, in windows of growing length: the wait after
   * each is longer than the one before (backoff), and other addresses are unaffected.
   */
  perAccountFromAddress: readonly RateLimitRule[];
  /**
   * Attempts on one account from everywhere: high, so only guessing from many addresses meets it.
   * For sign-in it counts devices the account does not know only (see `hitKnownDeviceLimits`).
   */
  perAccount: RateLimitRule;
}

/** Limits for the account endpoints. */
export const AUTH_LIMITS = {
  signIn: {
    perAddress: { limit: 30, windowSeconds: 15 * 60 },
    perAccountFromAddress: [
      { limit: 5, windowSeconds: 60 },
      { limit: 10, windowSeconds: 15 * 60 },
      { limit: 20, windowSeconds: 4 * 60 * 60 },
    ],
    perAccount: { limit: 50, windowSeconds: 15 * 60 },
  },
  /** Sign-up and verification resends, which both send mail to the address. */
  signUp: {
    perAddress: { limit: 10, windowSeconds: 60 * 60 },
    perAccountFromAddress: [
      { limit: 3, windowSeconds: 60 },
      { limit: 5, windowSeconds: 60 * 60 },
    ],
    perAccount: { limit: 20, windowSeconds: 60 * 60 },
  },
} as const satisfies Record<string, AccountLimits>;

/**
 * Counts one attempt of `action` on `account` from `address` under every rule of `limits`; the
 * first one exceeded answers 429. Past the account's own limit the answer is `account_locked`
 * with `lockedMessage` when one is given (sign-in: the owner can still come in from a known
 * device, or ask for an unlock link).
 */
export async function hitAccountLimits(limiter: RateLimiter, action: string, account: string, address: string, limits: AccountLimits, lockedMessage?: string): Promise<void> {
  await limiter.hit(`${action}:ip:${address}`, limits.perAddress);
  for (const rule of limits.perAccountFromAddress) {
    await limiter.hit(`${action}:account-ip:${rule.windowSeconds}:${account}:${address}`, rule);
  }
  if (lockedMessage) await limiter.hit(`${action}:account:${account}`, limits.perAccount, lockedMessage, 'account_locked');
  else await limiter.hit(`${action}:account:${account}`, limits.perAccount);
}

/**
 * A sign-in from a device that has signed in to this account before (`DeviceTrust`): held to the
 * same growing waits as one address (`perAccountFromAddress`), counted for that device alone, so
 * failures from other devices and addresses, however many, never stop it.
 */
export async function hitKnownDeviceLimits(limiter: RateLimiter, action: string, deviceId: string, limits: AccountLimits): Promise<void> {
  for (const rule of limits.perAccountFromAddress) {
    await limiter.hit(`${action}:device:${rule.windowSeconds}:${deviceId}`, rule);
  }
}
