import { API } from '@cinegrade/contract';
import type { Hono } from 'hono';
import type { AppEnv } from '../http/app-env';
import { registerRoute, type SessionLookup } from '../http/register-route';
import type { ExportService } from './export.service';

/** The server functions for export, scoped to the signed-in user. */
export function registerExportRoutes(app: Hono<AppEnv>, session: SessionLookup, exports: ExportService): void {
  registerRoute(app, API.processVideo, session, ({ user, body }) => exports.start(user.user.id, body));
  registerRoute(app, API.checkProcessingStatus, session, ({ user, body }) => exports.status(user.user.id, body.predictionId));
  registerRoute(app, API.cancelProcessing, session, ({ user, body }) => exports.cancel(user.user.id, body.predictionId));
}
