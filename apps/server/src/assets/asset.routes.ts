import { Readable } from 'node:stream';
import { API } from '@cinegrade/contract';
import type { Hono } from 'hono';
import type { AppEnv } from '../http/app-env';
import { HttpError, unauthenticated } from '../http/http-error';
import { registerRoute, type SessionLookup } from '../http/register-route';
import { mimeForKey } from '../media/sniff';
import type { FileSigner } from '../storage/signed-urls';
import { ObjectNotFoundError, type ByteRange, type Storage } from '../storage/storage';
import type { AssetService } from './asset.service';

/** Parses a single `bytes=` range (RFC 9110 §14.1.2); multi-range requests get the whole file. */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, startText = '', endText = ''] = match;
  if (startText === '' && endText === '') return null;
  let start: number;
  let end: number;
  if (startText === '') {
    const suffix = Number(endText);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(startText);
    end = endText === '' ? size - 1 : Math.min(Number(endText), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export function registerAssetRoutes(app: Hono<AppEnv>, session: SessionLookup, assets: AssetService, storage: Storage, signer: FileSigner): void {
  registerRoute(app, API.listAssets, session, async ({ user, query }) => ({ assets: await assets.list(user.user.id, query) }));
  registerRoute(app, API.getAsset, session, ({ user, params }) => assets.get(user.user.id, params.id));
  registerRoute(app, API.updateAsset, session, ({ user, params, body }) => assets.update(user.user.id, params.id, body));
  registerRoute(app, API.deleteAsset, session, async ({ user, params }) => {
    await assets.delete(user.user.id, params.id);
  });

  // Files: a valid, unexpired signature and the owner's own session (docs/product-rules.md, 'Files and privacy').
  registerRoute(app, API.file, session, async ({ c }) => {
    const verdict = signer.verify(c.req.param('token') ?? '');
    if (!verdict.ok) throw new HttpError(verdict.reason === 'expired' ? 403 : 404, verdict.reason === 'expired' ? 'forbidden' : 'not_found', verdict.reason === 'expired' ? 'This link has expired. Reload the page for a new one.' : 'No such file.');
    const viewer = await session(c);
    if (!viewer) throw unauthenticated();
    if (viewer.user.id !== verdict.grant.userId) throw new HttpError(404, 'not_found', 'No such file.');
    const size = await storage.size(verdict.grant.key);
    if (size === null) throw new HttpError(404, 'not_found', 'No such file.');
    const range = parseRange(c.req.header('range'), size);
    if (range === 'unsatisfiable') {
      return c.body(null, 416, { 'Content-Range': `bytes */${size}`, 'Accept-Ranges': 'bytes' });
    }
    let object;
    try {
      object = await storage.read(verdict.grant.key, range ?? undefined);
    } catch (error) {
      if (error instanceof ObjectNotFoundError) throw new HttpError(404, 'not_found', 'No such file.');
      throw error;
    }
    const headers: Record<string, string> = {
      'Content-Type': mimeForKey(verdict.grant.key),
      'Accept-Ranges': 'bytes',
      'Cache-Control': 'private, max-age=3600',
      'Content-Length': String(range ? range.end - range.start + 1 : size),
    };
    if (range) headers['Content-Range'] = `bytes ${range.start}-${range.end}/${size}`;
    if (verdict.grant.downloadName) headers['Content-Disposition'] = contentDisposition(verdict.grant.downloadName);
    const body = Readable.toWeb(object.body) as ReadableStream<Uint8Array>;
    return new Response(c.req.method === 'HEAD' ? null : body, { status: range ? 206 : 200, headers });
  });
}
