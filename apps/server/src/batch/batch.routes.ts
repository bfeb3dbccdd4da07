import { Readable } from 'node:stream';
import { API } from '@cinegrade/contract';
import type { Hono } from 'hono';
import { contentDisposition } from '../assets/asset.routes';
import type { AppEnv } from '../http/app-env';
import { unauthenticated } from '../http/http-error';
import { registerRoute, type RouteOptions, type SessionLookup } from '../http/register-route';
import type { BatchService } from './batch.service';

/**
 * The batch routes. Each is refused (403) before its body is read unless the signed-in tier is
 * exactly Premium or Enterprise (docs/product-rules.md, 'Batch').
 */
export function registerBatchRoutes(app: Hono<AppEnv>, session: SessionLookup, batches: BatchService): void {
  const gated: RouteOptions = {
    before: async ({ user }) => {
      if (!user) throw unauthenticated();
      await batches.gate(user.user.id);
    },
  };
  registerRoute(app, API.createBatch, session, ({ user, body }) => batches.create(user.user.id, body), gated);
  registerRoute(app, API.listBatches, session, async ({ user, query }) => ({ sessions: await batches.list(user.user.id, query.status) }), gated);
  registerRoute(app, API.getBatch, session, ({ user, params }) => batches.get(user.user.id, params.id), gated);
  registerRoute(
    app,
    API.deleteBatch,
    session,
    async ({ user, params }) => {
      await batches.delete(user.user.id, params.id);
    },
    gated,
  );
  registerRoute(app, API.retryBatchFile, session, ({ user, params }) => batches.retry(user.user.id, params.id, params.assetId), gated);
  registerRoute(app, API.updateBatchGrade, session, ({ user, params, body }) => batches.updateGrade(user.user.id, params.id, body), gated);
  registerRoute(app, API.exportBatch, session, ({ user, params, body }) => batches.exportFiles(user.user.id, params.id, body), gated);
  registerRoute(
    app,
    API.downloadBatch,
    session,
    async ({ user, params }) => {
      const { name, zip } = await batches.download(user.user.id, params.id);
      return new Response(Readable.toWeb(zip) as ReadableStream<Uint8Array>, {
        status: 200,
        headers: { 'Content-Type': 'application/zip', 'Content-Disposition': contentDisposition(name), 'Cache-Control': 'private, no-store' },
      });
    },
    gated,
  );
}
