import crypto from 'node:crypto';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env';
import { HttpError } from './http-error';

/** Gives every request an id (echoed in X-Request-Id and in logged errors) and its client address. */
export function requestContext(trustProxy: boolean): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('requestId', c.req.header('x-request-id')?.slice(0, 64) || crypto.randomUUID());
    let ip = 'unknown';
    if (trustProxy) ip = c.req.header('x-forwarded-for')?.split(',')[0]?.trim() || ip;
    if (ip === 'unknown') {
      try {
        ip = getConnInfo(c).remote.address ?? 'unknown';
      } catch {
        // In-process requests (tests) have no socket.
        ip = 'local';
      }
    }
    c.set('clientIp', ip);
    await next();
    c.header('X-Request-Id', c.get('requestId'));
  };
}

/**
 * Refuses state-changing API calls sent by another site's page (CSRF), in addition to the
 * SameSite session cookie: a browser always sends Origin on such requests.
 */
export function sameOriginWrites(publicUrl: string): MiddlewareHandler<AppEnv> {
  const allowed = new URL(publicUrl).origin;
  return async (c, next) => {
    const origin = c.req.header('origin');
    if (origin && !['GET', 'HEAD', 'OPTIONS'].includes(c.req.method)) {
      const own = new URL(c.req.url).origin;
      if (origin !== allowed && origin !== own) {
        throw new HttpError(403, 'forbidden', 'This request came from another site and was refused.');
      }
    }
    await next();
  };
}

/** Conservative security headers for everything this process serves. */
export function securityHeaders(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'same-origin');
    c.header('X-Frame-Options', 'DENY');
  };
}
