import { Readable } from 'node:stream';
import { API, stripUnsafeNameCharacters } from '@cinegrade/contract';
import type { Hono } from 'hono';
import type { AppEnv } from '../http/app-env';
import { unauthenticated } from '../http/http-error';
import { registerRoute, type SessionLookup } from '../http/register-route';
import { mimeForKey } from '../media/sniff';
import type { AssetService } from './asset.service';
import type { FileService } from './file.service';

/** `attachment` with the name as ASCII and as UTF-8, without characters that could disguise it. */
export function contentDisposition(downloadName: string): string {
  const name = stripUnsafeNameCharacters(downloadName);
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export function registerAssetRoutes(app: Hono<AppEnv>, session: SessionLookup, assets: AssetService, files: FileService): void {
  registerRoute(app, API.listAssets, session, async ({ user, query }) => ({ assets: await assets.list(user.user.id, query) }));
  registerRoute(app, API.getAsset, session, ({ user, params }) => assets.get(user.user.id, params.id));
  registerRoute(app, API.updateAsset, session, ({ user, params, body }) => assets.update(user.user.id, params.id, body));
  registerRoute(app, API.applyGrade, session, async ({ user, body }) => ({
    assets: await assets.applyGrade(user.user.id, body.assetIds, { selected_lut: body.selected_lut, color_settings: body.color_settings }),
  }));
  registerRoute(app, API.deleteAsset, session, async ({ user, params }) => {
    await assets.delete(user.user.id, params.id);
  });

  // Files: a valid, unexpired signature and the owner's own session (docs/product-rules.md, 'Files and privacy').
  registerRoute(app, API.file, session, async ({ c }) => {
    const grant = files.grant(c.req.param('token') ?? '');
    const viewer = await session(c);
    if (!viewer) throw unauthenticated();
    const opened = await files.open(grant, viewer.user.id, c.req.header('range'));
    if (opened.kind === 'unsatisfiable') {
      return c.body(null, 416, { 'Content-Range': `bytes */${opened.size}`, 'Accept-Ranges': 'bytes' });
    }
    const { size, range, object } = opened;
    const headers: Record<string, string> = {
      'Content-Type': mimeForKey(grant.key),
      'Accept-Ranges': 'bytes',
      'Cache-Control': 'private, max-age=3600',
      'Content-Length': String(range ? range.end - range.start + 1 : size),
    };
    if (range) headers['Content-Range'] = `bytes ${range.start}-${range.end}/${size}`;
    if (grant.downloadName) headers['Content-Disposition'] = contentDisposition(grant.downloadName);
    const body = Readable.toWeb(object.body) as ReadableStream<Uint8Array>;
    return new Response(c.req.method === 'HEAD' ? null : body, { status: range ? 206 : 200, headers });
  });
}
