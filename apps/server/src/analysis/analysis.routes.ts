import { API } from '@cinegrade/contract';
import type { Hono } from 'hono';
import type { AppEnv } from '../http/app-env';
import { registerRoute, type SessionLookup } from '../http/register-route';
import type { RateLimiter, RateLimitRule } from '../auth/rate-limiter';
import type { AnalysisService } from './analysis.service';

/**
 * Each analysis decodes up to four frames with ffmpeg in the web process: a person clicks Smart
 * Analyze a few times a minute at most, a script hammering it is held back.
 */
export const ANALYZE_LIMIT: RateLimitRule = { limit: 20, windowSeconds: 60 };

export function registerAnalysisRoutes(app: Hono<AppEnv>, session: SessionLookup, analysis: AnalysisService, limiter: RateLimiter): void {
  registerRoute(app, API.analyzeScene, session, async ({ user, body }) => {
    await limiter.hit(`analyze-scene:${user.user.id}`, ANALYZE_LIMIT);
    return analysis.analyze(user.user.id, body);
  });
}
