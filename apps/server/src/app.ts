import { API, buildOpenApiDocument, MAX_CUBE_FILE_BYTES, WRITE_RATE_LIMIT_EXEMPT_PATHS } from '@cinegrade/contract';
import { Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { registerAccountRoutes } from './account/account.routes';
import { registerAnalysisRoutes } from './analysis/analysis.routes';
import { registerAssetRoutes } from './assets/asset.routes';
import { registerBatchRoutes } from './batch/batch.routes';
import { registerBillingRoutes } from './billing/billing.routes';
import { registerAuthRoutes, createSessionLookup } from './auth/auth.routes';
import { registerEventRoutes } from './events/events.routes';
import { registerExportRoutes } from './exports/export.routes';
import { registerUserLutRoutes } from './luts/user-lut.routes';
import { registerMetricsRoutes } from './metrics/metrics.routes';
import { QueueStatsRepository } from './metrics/queue-stats.repository';
import { registerGradeVersionRoutes } from './assets/grade-version.routes';
import { UPLOAD_PATH } from './uploads/upload-server';
import type { Services } from './services';
import type { AppEnv } from './http/app-env';
import { createErrorHandler } from './http/error-handler';
import { HttpError } from './http/http-error';
import { requestContext, sameOriginWrites, securityHeaders } from './http/middleware';
import { registerRoute } from './http/register-route';
import { serveWebApp } from './http/static-web.adapter';
import { writeRateLimit } from './http/write-limit';

const JSON_BODY_LIMIT = 1024 * 1024;
/** A `.cube` import carries the file's text: up to 12 MB, plus JSON escaping. */
const LUT_IMPORT_BODY_LIMIT = MAX_CUBE_FILE_BYTES + 1024 * 1024;

function limitBody(maxSize: number): MiddlewareHandler<AppEnv> {
  return bodyLimit({
    maxSize,
    onError: () => {
      throw new HttpError(413, 'payload_too_large', 'The request is too large.');
    },
  });
}

/** The HTTP application: API routes of the contract, then the built web app for everything else. */
export function createApp(services: Services): Hono<AppEnv> {
  const { config, logger } = services;
  const app = new Hono<AppEnv>();
  app.use('*', requestContext(config.trustProxy));
  app.use('*', securityHeaders());
  // While the process stops, each answer asks its client to reconnect, so a load balancer
  // opens the next connection to a process that stays.
  app.use('*', async (c, next) => {
    await next();
    if (services.lifecycle.draining) c.header('Connection', 'close');
  });
  app.use('/api/*', sameOriginWrites(config.publicUrl));
  const session = createSessionLookup(services.auth);
  app.use('/api/*', writeRateLimit(session, services.rateLimiter));
  const jsonLimit = limitBody(JSON_BODY_LIMIT);
  const lutImportLimit = limitBody(LUT_IMPORT_BODY_LIMIT);
  // Upload chunks stream to disk; a .cube import is a few MB of text; every other API body is small JSON.
  const jsonBodies: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (c.req.path.startsWith(UPLOAD_PATH)) return next();
    return c.req.path === API.importUserLut.path ? lutImportLimit(c, next) : jsonLimit(c, next);
  };
  app.use('/api/*', jsonBodies);
  app.onError(createErrorHandler(logger));

  registerRoute(app, API.health, session, async () => {
    if (services.lifecycle.draining) throw new HttpError(503, 'unavailable', 'This server is shutting down.');
    await services.database.pool.query('select 1');
    return { ok: true as const, media: services.media, disk: await services.disk.status() };
  });
  const openApi = buildOpenApiDocument(API, { title: 'Cinegrade API', version: '1.0.0' }, { writeLimitExempt: WRITE_RATE_LIMIT_EXEMPT_PATHS });
  registerMetricsRoutes(app, session, { token: config.metricsToken, queues: new QueueStatsRepository(services.database.db), lifecycle: services.lifecycle });
  registerRoute(app, API.openApi, session, ({ c }) => Promise.resolve(c.json(openApi)));
  registerAuthRoutes(app, services.auth, session, services.events);
  registerAccountRoutes(app, session, services.profiles, services.settings, services.storageQuota);
  registerAssetRoutes(app, session, services.assets, services.files);
  registerGradeVersionRoutes(app, session, services.gradeVersions);
  registerEventRoutes(app, session, services.events, services.lifecycle.signal);
  registerUserLutRoutes(app, session, services.userLuts);
  registerAnalysisRoutes(app, session, services.analysis, services.rateLimiter);
  registerExportRoutes(app, session, services.exports);
  registerBatchRoutes(app, session, services.batches);
  registerBillingRoutes(app, session, services.billing, config.publicUrl);
  app.all(UPLOAD_PATH, (c) => services.uploads.handleWeb(c.req.raw));
  app.all(`${UPLOAD_PATH}/*`, (c) => services.uploads.handleWeb(c.req.raw));

  app.all('/api/*', (c) => c.json({ code: 'not_found', message: `No API route ${c.req.method} ${c.req.path}.` }, 404));
  serveWebApp(app, config.webDistDir);
  return app;
}
