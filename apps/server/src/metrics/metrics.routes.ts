import crypto from 'node:crypto';
import { API } from '@cinegrade/contract';
import type { Hono } from 'hono';
import type { AppEnv } from '../http/app-env';
import { HttpError, notFound } from '../http/http-error';
import { registerRoute, type SessionLookup } from '../http/register-route';
import type { Lifecycle } from '../platform/shutdown';
import { collectMetrics, formatMetrics } from './metrics';
import type { QueueStatsRepository } from './queue-stats.repository';

const digest = (value: string) => crypto.createHash('sha256').update(value).digest();

/**
 * GET /api/metrics for Prometheus: only with `Authorization: Bearer <METRICS_TOKEN>` (compared in
 * constant time), and absent (404, as any unknown API path) when no token is configured.
 */
export function registerMetricsRoutes(app: Hono<AppEnv>, session: SessionLookup, deps: { token: string | null; queues: QueueStatsRepository; lifecycle: Lifecycle }): void {
  const expected = deps.token === null ? null : digest(deps.token);
  registerRoute(app, API.metrics, session, async ({ c }) => {
    if (expected === null) throw notFound(`No API route GET ${API.metrics.path}.`);
    const presented = /^Bearer (.+)$/i.exec(c.req.header('authorization') ?? '')?.[1]?.trim();
    if (!presented || !crypto.timingSafeEqual(digest(presented), expected)) {
      c.header('WWW-Authenticate', 'Bearer realm="metrics"');
      throw new HttpError(401, 'unauthenticated', 'The metrics need the bearer token set in METRICS_TOKEN.');
    }
    const body = formatMetrics(collectMetrics(await deps.queues.all(), deps.lifecycle.draining));
    return c.body(body, 200, { 'Content-Type': 'text/plain; version=0.0.4; charset=utf-8', 'Cache-Control': 'no-store' });
  });
}
