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

/**
 * What the app's pages may load (docs/engineering-rules.md, 'Abuse and limits'): scripts only
 * from this origin and never inline; media, images and workers also from `blob:` (local files
 * the editor plays before they are uploaded), images from `data:` (frames the editor analyses);
 * network requests only to this origin (the API, live events, uploads and signed file links all
 * live here). Inline styles stay allowed: React sets element styles. No plugins, no framing.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Conservative security headers for everything this process serves. */
export function securityHeaders(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    c.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'same-origin');
    c.header('X-Frame-Options', 'DENY');
  };
}
