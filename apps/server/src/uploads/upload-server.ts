import crypto from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Server as TusServer } from '@tus/server';
import { MAX_UPLOAD_BYTES, MESSAGES, UPLOAD_ASSET_HEADER } from '@cinegrade/contract';
import { EMPTY_FILE_MESSAGE, type AssetService } from '../assets/asset.service';
import type { AuthService } from '../auth/auth.service';
import { HttpError } from '../http/http-error';
import type { Logger } from '../platform/logger';
import type { CompletedUpload, CompletedUploadRepository } from './completed-uploads.repository';
import type { StorageQuota } from './storage-quota';
import type { UploadLocker } from './upload-locker';
import type { UploadStaging } from './upload-staging';

export const UPLOAD_PATH = '/api/uploads';

/** The last segment of an upload URL: `{user id}_{24 hex}`, as `namingFunction` makes them. */
const UPLOAD_NAME = /^[0-9a-f-]+_[0-9a-f]{24}$/;

/** What tus hooks throw to answer with a status and body (the shape @tus/server reads). */
class TusRejection extends Error {
  readonly status_code: number;
  readonly body: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.status_code = status;
    this.body = JSON.stringify({ code, message });
  }
}

/** A browser sends a bare name; anything naming folders or holding control characters is refused. */
export function isPlainFileName(name: string): boolean {
  // eslint-disable-next-line no-control-regex
  return name.length <= 255 && !/[\\/\u0000-\u001f\u007f]/.test(name) && name !== '.' && name !== '..' && name.trim() !== '';
}

function reject(status: number, code: string, message: string): TusRejection {
  return new TusRejection(status, code, message);
}

/**
 * Resumable uploads (tus 1.0.0, `@tus/server`): chunks stream to the staging store (a folder
 * under DATA_DIR, or the bucket in S3 mode) and never sit whole in memory; HEAD tells a client
 * where to resume after a dropped connection or a server restart. Each upload belongs to the
 * user who created it; its id starts with theirs, and every request on it must come from them.
 * Requests on one upload take turns through a lock every process shares (`upload-locker.ts`).
 * When the last chunk arrives, the asset service decides from the bytes whether to keep it.
 * Creating an upload reserves its declared length against the plan's storage quota and counts
 * towards the cap on unfinished uploads while it is active; an upload idle for a minute (given up)
 * stops counting and its next chunk reserves again; each chunk is refused once the user is over
 * quota (`storage-quota.ts`).
 */
export function createUploadServer(options: {
  staging: UploadStaging;
  locker: UploadLocker;
  completed: CompletedUploadRepository;
  quota: StorageQuota;
  auth: AuthService;
  assets: AssetService;
  logger: Logger;
  /** Refuses new uploads while the server's disk is below its floor. */
  disk?: { refusal(): Promise<string | null> };
}) {
  const { staging } = options;
  const userOf = async (request: Request): Promise<string | null> => (await options.auth.currentSession(request.headers)).value?.user.id ?? null;
  const ownedBy = (uploadId: string, userId: string) => uploadId.startsWith(`${staging.idPrefix}${userId}_`);

  const server = new TusServer({
    path: UPLOAD_PATH,
    datastore: staging.datastore,
    locker: options.locker,
    maxSize: MAX_UPLOAD_BYTES,
    relativeLocation: true,
    respectForwardedHeaders: false,
    namingFunction: async (request) => {
      const userId = await userOf(request);
      if (!userId) throw reject(401, 'unauthenticated', MESSAGES.signInRequired);
      return `${staging.idPrefix}${userId}_${crypto.randomBytes(12).toString('hex')}`;
    },
    // The URL names the upload without the store's prefix; anything but a name we made is unknown.
    generateUrl: (_request, { path, id }) => `${path}/${id.slice(staging.idPrefix.length)}`,
    getFileIdFromRequest: (_request, lastPath) => (lastPath && UPLOAD_NAME.test(lastPath) ? `${staging.idPrefix}${lastPath}` : undefined),
    onIncomingRequest: async (request, uploadId) => {
      const userId = await userOf(request);
      if (!userId) throw reject(401, 'unauthenticated', MESSAGES.signInRequired);
      // Another user's upload id answers exactly like one that does not exist.
      if (uploadId && !ownedBy(uploadId, userId)) throw reject(404, 'not_found', 'No such upload.');
      if (request.method === 'PATCH' && uploadId) {
        // A chunk after a pause (signed out, tab closed) reserves the quota again; then growth is checked.
        const refusal = await options.quota.resumeUpload(userId, uploadId);
        if (refusal) throw reject(refusal.status, refusal.code, refusal.message);
      }
    },
    onUploadCreate: async (request, upload) => {
      const userId = await userOf(request);
      if (!userId) throw reject(401, 'unauthenticated', MESSAGES.signInRequired);
      const filename = upload.metadata?.filename;
      if (!filename) throw reject(400, 'validation_failed', 'The upload has no file name.');
      if (!isPlainFileName(filename)) throw reject(400, 'validation_failed', 'The file name is not valid: it must not contain folders.');
      // Refused before the store creates anything (in S3 mode, a multipart upload with no parts).
      if (upload.size === 0) throw reject(415, 'unsupported_media', EMPTY_FILE_MESSAGE);
      // The quota is reserved from the declared length, so a length left for later is not taken.
      if (upload.size === undefined) throw reject(400, 'validation_failed', 'The upload must declare its length (Upload-Length).');
      const lowDisk = await options.disk?.refusal();
      if (lowDisk) throw reject(503, 'unavailable', lowDisk);
      const refusal = await options.quota.reserveUpload(userId, upload.id, upload.size);
      if (refusal) throw reject(refusal.status, refusal.code, refusal.message);
      return { metadata: { ...upload.metadata, filename } };
    },
    onUploadFinish: async (request, upload) => {
      const userId = await userOf(request);
      if (!userId || !ownedBy(upload.id, userId)) throw reject(401, 'unauthenticated', MESSAGES.signInRequired);
      const staged = staging.finished(upload.id);
      try {
        // Remembered before tus's record goes, so a HEAD never finds neither (see `answerCompleted`).
        const asset = await options.assets.acceptUpload(userId, staged, upload.metadata?.filename ?? 'Untitled', (saved) =>
          options.completed.record(upload.id, userId, saved.id, upload.size ?? 0),
        );
        return { status_code: 200, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ asset }) };
      } catch (error) {
        if (error instanceof HttpError) throw reject(error.status, error.code, error.message);
        options.logger.error('Upload could not be saved', { error, uploadId: upload.id });
        throw reject(500, 'internal', 'The upload could not be saved. Please try again.');
      } finally {
        // Kept as an asset (whose row now counts) or refused and discarded: no longer arriving.
        await options.quota.releaseUpload(upload.id);
      }
    },
    onResponseError: (_request, error) => {
      if (error instanceof TusRejection) return { status_code: error.status_code, body: error.body };
      if ('status_code' in error) return error;
      options.logger.error('Upload request failed', { error });
      return { status_code: 500, body: JSON.stringify({ code: 'internal', message: 'The upload failed. Please try again.' }) };
    },
  });
  return {
    handleWeb: async (request: Request): Promise<Response> => {
      if (request.method === 'DELETE') return cancel(request);
      if (request.method === 'OPTIONS') return withChecksumExtension(await server.handleWeb(request));
      if (request.method === 'PATCH') return patch(request);
      if (request.method !== 'HEAD') return server.handleWeb(request);
      const completed = await completedUpload(request);
      if (completed) return completedResponse(completed);
      const response = await server.handleWeb(request);
      const length = response.headers.get('upload-length');
      // Complete but not yet an asset: the last PATCH is being checked. Wait for its verdict.
      if (response.status === 200 && length !== null && response.headers.get('upload-offset') === length) {
        const verdict = await waitForVerdict(request);
        return verdict instanceof Response ? verdict : completedResponse(verdict);
      }
      return response;
    },
  };

  /** A chunk: once it ends, the upload's idle window starts again (it held the lock while it ran). */
  async function patch(request: Request): Promise<Response> {
    const response = request.headers.has('upload-checksum') ? await checkedChunk(request) : await server.handleWeb(request);
    const name = new URL(request.url).pathname.split('/').pop() ?? '';
    // Only a chunk its owner sent (an accepted one) counts as activity.
    if ((response.status === 204 || response.status === 200) && UPLOAD_NAME.test(name)) await options.quota.touchUpload(`${staging.idPrefix}${name}`);
    return response;
  }

  /**
   * tus checksum extension (sha1): a chunk sent with `Upload-Checksum: sha1 <base64>` is read
   * whole (at most `MAX_CHECKSUM_CHUNK_BYTES`), hashed, and written only when its digest matches;
   * a mismatch answers 460 and writes nothing, so the client sends the chunk again from the same
   * offset. Only the upload's owner gets this far: anyone else's request goes to tus as it is, to
   * be refused there before its body is read.
   */
  async function checkedChunk(request: Request): Promise<Response> {
    const name = new URL(request.url).pathname.split('/').pop() ?? '';
    const userId = await userOf(request);
    if (!userId || !UPLOAD_NAME.test(name) || !ownedBy(`${staging.idPrefix}${name}`, userId)) return server.handleWeb(request);
    const [algorithm = '', digest = ''] = (request.headers.get('upload-checksum') ?? '').trim().split(/\s+/);
    if (algorithm.toLowerCase() !== 'sha1' || !/^[A-Za-z0-9+/]+={0,2}$/.test(digest)) {
      return tusError(400, 'validation_failed', 'Upload-Checksum must be "sha1" and the base64 digest of the chunk: sha1 is the one algorithm this server checks.');
    }
    const declared = Number(request.headers.get('content-length') ?? NaN);
    if (!(declared <= MAX_CHECKSUM_CHUNK_BYTES)) {
      return tusError(400, 'validation_failed', `A chunk sent with Upload-Checksum must declare its Content-Length and be at most ${MAX_CHECKSUM_CHUNK_BYTES / (1024 * 1024)} MB.`);
    }
    const body = Buffer.from(await request.arrayBuffer());
    if (body.length !== declared) return tusError(400, 'validation_failed', 'The chunk is shorter or longer than its Content-Length.');
    if (crypto.createHash('sha1').update(body).digest('base64') !== digest) {
      return tusError(460, 'validation_failed', 'The chunk did not arrive intact (its sha1 checksum does not match); nothing of it was kept. Send it again.');
    }
    return server.handleWeb(new Request(request.url, { method: 'PATCH', headers: request.headers, body }));
  }

  /** tus termination: a cancelled upload gives its reservation back. */
  async function cancel(request: Request): Promise<Response> {
    const response = await server.handleWeb(request);
    const name = new URL(request.url).pathname.split('/').pop() ?? '';
    if (response.status === 204 && UPLOAD_NAME.test(name)) await options.quota.releaseUpload(`${staging.idPrefix}${name}`);
    return response;
  }

  /** The upload a HEAD asks about, if it became an asset of the asking user. */
  async function completedUpload(request: Request): Promise<CompletedUpload | null> {
    const name = new URL(request.url).pathname.split('/').pop() ?? '';
    if (!UPLOAD_NAME.test(name)) return null;
    const userId = await userOf(request);
    if (!userId) return null;
    const uploadId = `${staging.idPrefix}${name}`;
    if (!ownedBy(uploadId, userId)) return null;
    return options.completed.find(uploadId, userId);
  }

  /** Polls until the upload became an asset, or tus's answer changes (refused: its record is gone). */
  async function waitForVerdict(request: Request): Promise<CompletedUpload | Response> {
    const deadline = Date.now() + VERDICT_WAIT_MS;
    for (;;) {
      await sleep(200);
      const completed = await completedUpload(request);
      if (completed) return completed;
      const again = await server.handleWeb(new Request(request.url, { method: 'HEAD', headers: request.headers }));
      if (again.status !== 200 || Date.now() > deadline) return again;
    }
  }
}

/** How long a HEAD waits for a finished upload to be checked (probing a large file takes a while). */
const VERDICT_WAIT_MS = 120_000;

/**
 * tus's answer for an upload that is complete: every byte is here (so tus-js-client sends none
 * again and reports success), and which asset it became, for a client whose final response was lost.
 */
function completedResponse(completed: CompletedUpload): Response {
  return new Response(null, {
    status: 200,
    headers: {
      'Tus-Resumable': '1.0.0',
      'Upload-Offset': String(completed.size),
      'Upload-Length': String(completed.size),
      'Cache-Control': 'no-store',
      [UPLOAD_ASSET_HEADER]: completed.assetId,
    },
  });
}

/** The largest chunk read whole to check its Upload-Checksum (the web app sends smaller ones). */
export const MAX_CHECKSUM_CHUNK_BYTES = 32 * 1024 * 1024;

/** An error in the shape the tus routes answer (`onResponseError`), with tus's version header. */
function tusError(status: number, code: string, message: string): Response {
  return new Response(JSON.stringify({ code, message }), { status, headers: { 'Tus-Resumable': '1.0.0', 'Content-Type': 'application/json', 'Cache-Control': 'no-store' } });
}

/** OPTIONS answers the checksum extension and its one algorithm beside tus's own extensions. */
function withChecksumExtension(response: Response): Response {
  const extensions = response.headers.get('tus-extension');
  if (response.status >= 300 || extensions === null) return response;
  const headers = new Headers(response.headers);
  headers.set('Tus-Extension', `${extensions},checksum`);
  headers.set('Tus-Checksum-Algorithm', 'sha1');
  return new Response(response.body, { status: response.status, headers });
}
