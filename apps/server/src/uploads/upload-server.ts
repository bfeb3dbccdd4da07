import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { Server as TusServer } from '@tus/server';
import { MAX_UPLOAD_BYTES, MESSAGES } from '@cinegrade/contract';
import type { AssetService } from '../assets/asset.service';
import type { AuthService } from '../auth/auth.service';
import { HttpError } from '../http/http-error';
import type { Logger } from '../platform/logger';

export const UPLOAD_PATH = '/api/uploads';
/** Unfinished uploads are kept this long for resuming, then removed. */
const UPLOAD_EXPIRY_MS = 24 * 60 * 60 * 1000;

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
 * Resumable uploads (tus 1.0.0, `@tus/server`): chunks stream to a file store under
 * DATA_DIR/uploads and never sit whole in memory; HEAD tells a client where to resume after a
 * dropped connection or a server restart. Each upload belongs to the user who created it; its
 * id starts with theirs, and every request on it must come from them. When the last chunk
 * arrives, the asset service decides from the bytes whether to keep it.
 */
export function createUploadServer(options: { dataDir: string; auth: AuthService; assets: AssetService; logger: Logger }) {
  const userOf = async (request: Request): Promise<string | null> => (await options.auth.currentSession(request.headers)).value?.user.id ?? null;

  const server = new TusServer({
    path: UPLOAD_PATH,
    datastore: new FileStore({ directory: path.join(options.dataDir, 'uploads'), expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS }),
    maxSize: MAX_UPLOAD_BYTES,
    relativeLocation: true,
    respectForwardedHeaders: false,
    namingFunction: async (request) => {
      const userId = await userOf(request);
      if (!userId) throw reject(401, 'unauthenticated', MESSAGES.signInRequired);
      return `${userId}_${crypto.randomBytes(12).toString('hex')}`;
    },
    onIncomingRequest: async (request, uploadId) => {
      const userId = await userOf(request);
      if (!userId) throw reject(401, 'unauthenticated', MESSAGES.signInRequired);
      // Another user's upload id answers exactly like one that does not exist.
      if (uploadId && !uploadId.startsWith(`${userId}_`)) throw reject(404, 'not_found', 'No such upload.');
    },
    onUploadCreate: async (request, upload) => {
      const userId = await userOf(request);
      if (!userId) throw reject(401, 'unauthenticated', MESSAGES.signInRequired);
      const filename = upload.metadata?.filename;
      if (!filename) throw reject(400, 'validation_failed', 'The upload has no file name.');
      if (!isPlainFileName(filename)) throw reject(400, 'validation_failed', 'The file name is not valid: it must not contain folders.');
      return { metadata: { ...upload.metadata, filename } };
    },
    onUploadFinish: async (request, upload) => {
      const userId = await userOf(request);
      if (!userId || !upload.id.startsWith(`${userId}_`)) throw reject(401, 'unauthenticated', MESSAGES.signInRequired);
      const staged = path.join(options.dataDir, 'uploads', upload.id);
      try {
        const asset = await options.assets.acceptUpload(userId, staged, upload.metadata?.filename ?? 'Untitled');
        return { status_code: 200, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ asset }) };
      } catch (error) {
        if (error instanceof HttpError) throw reject(error.status, error.code, error.message);
        options.logger.error('Upload could not be saved', { error, uploadId: upload.id });
        throw reject(500, 'internal', 'The upload could not be saved. Please try again.');
      } finally {
        // The file itself was moved into storage or removed; drop tus's record of it too.
        await fs.promises.rm(staged, { force: true });
        await fs.promises.rm(`${staged}.json`, { force: true });
      }
    },
    onResponseError: (_request, error) => {
      if (error instanceof TusRejection) return { status_code: error.status_code, body: error.body };
      if ('status_code' in error) return error;
      options.logger.error('Upload request failed', { error });
      return { status_code: 500, body: JSON.stringify({ code: 'internal', message: 'The upload failed. Please try again.' }) };
    },
  });
  return server;
}
