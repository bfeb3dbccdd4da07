import { API } from '@cinegrade/contract';
import type { Hono } from 'hono';
import type { AppEnv } from '../http/app-env';
import { registerRoute, type SessionLookup } from '../http/register-route';
import type { AnalysisService } from './analysis.service';

export function registerAnalysisRoutes(app: Hono<AppEnv>, session: SessionLookup, analysis: AnalysisService): void {
  registerRoute(app, API.analyzeScene, session, ({ user, body }) => analysis.analyze(user.user.id, body));
}
