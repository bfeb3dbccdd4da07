import { MESSAGES, WRITE_RATE_LIMIT_EXEMPT_PATHS, WRITE_RATE_LIMITS } from '@cinegrade/contract';
import type { MiddlewareHandler } from 'hono';
import type { RateLimiter } from '../auth/rate-limiter';
import { UPLOAD_PATH } from '../uploads/upload-server';
import type { AppEnv } from './app-env';
import type { SessionLookup } from './register-route';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Holds every writer to `WRITE_RATE_LIMITS` (docs/product-rules.md, 'Limits'): each POST, PUT,
 * PATCH or DELETE under /api counts once against the signed-in user, or against the address
 * when signed out, in the shared database counters of `RateLimiter`, so every server process
 * sees the same count. Over the limit answers 429 with Retry-After before the body is read.
 * Not counted: tus upload requests (a file is hundreds of chunks; the storage quota and the
 * uploads-in-progress limit bound them) and `WRITE_RATE_LIMIT_EXEMPT_PATHS` (reads sent as POST,
 * which the web app polls, and the signed payment webhook).
 */
export function writeRateLimit(session: SessionLookup, limiter: RateLimiter): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const path = c.req.path;
    if (READS.has(c.req.method) || path === UPLOAD_PATH || path.startsWith(`${UPLOAD_PATH}/`) || WRITE_RATE_LIMIT_EXEMPT_PATHS.has(path)) return next();
    const signedIn = await session(c);
    const who = signedIn ? `user:${signedIn.user.id}` : `ip:${c.get('clientIp')}`;
    for (const rule of WRITE_RATE_LIMITS) {
      await limiter.hit(`write:${rule.windowSeconds}:${who}`, rule, MESSAGES.tooManyRequests);
    }
    return next();
  };
}
