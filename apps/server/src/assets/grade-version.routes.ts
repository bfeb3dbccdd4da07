import { API } from '@cinegrade/contract';
import type { Hono } from 'hono';
import type { AppEnv } from '../http/app-env';
import { registerRoute, type SessionLookup } from '../http/register-route';
import type { GradeVersionService } from './grade-version.service';

export function registerGradeVersionRoutes(app: Hono<AppEnv>, session: SessionLookup, versions: GradeVersionService): void {
  registerRoute(app, API.listGradeVersions, session, async ({ user, params }) => ({ versions: await versions.list(user.user.id, params.id) }));
  registerRoute(app, API.createGradeVersion, session, ({ user, params, body }) => versions.create(user.user.id, params.id, body));
  registerRoute(app, API.renameGradeVersion, session, ({ user, params, body }) => versions.rename(user.user.id, params.id, params.versionId, body.name));
  registerRoute(app, API.deleteGradeVersion, session, async ({ user, params }) => {
    await versions.delete(user.user.id, params.id, params.versionId);
  });
}
