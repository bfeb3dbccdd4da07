import crypto from 'node:crypto';

/**
 * Short-lived links to private files: `/api/files/{payload}.{signature}` where the payload names
 * the key, the owner and the expiry, and the signature is an HMAC-SHA256 of it. The file route
 * also checks that the signed-in user is the owner, so a leaked link is useless to anyone else.
 */
export interface FileGrant {
  key: string;
  userId: string;
  /** Unix seconds. */
  expiresAt: number;
  /** Download under this name (Content-Disposition: attachment). */
  downloadName?: string;
}

export const SIGNED_URL_SECONDS = 60 * 60;

export class FileSigner {
  private readonly secret: Buffer;

  constructor(secret: string) {
    this.secret = crypto.createHmac('sha256', secret).update('cinegrade file links').digest();
  }

  url(grant: Omit<FileGrant, 'expiresAt'>, ttlSeconds = SIGNED_URL_SECONDS, now = Date.now()): string {
    const full: FileGrant = { ...grant, expiresAt: Math.floor(now / 1000) + ttlSeconds };
    const payload = Buffer.from(JSON.stringify({ k: full.key, u: full.userId, e: full.expiresAt, n: full.downloadName })).toString('base64url');
    return `/api/files/${payload}.${this.sign(payload)}`;
  }

  /** The grant of a token, or why it is refused. */
  verify(token: string, now = Date.now()): { ok: true; grant: FileGrant } | { ok: false; reason: 'invalid' | 'expired' } {
    const [payload, signature] = token.split('.');
    if (!payload || !signature) return { ok: false, reason: 'invalid' };
    const expected = Buffer.from(this.sign(payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return { ok: false, reason: 'invalid' };
    let parsed: { k?: unknown; u?: unknown; e?: unknown; n?: unknown };
    try {
      parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as typeof parsed;
    } catch {
      return { ok: false, reason: 'invalid' };
    }
    if (typeof parsed.k !== 'string' || typeof parsed.u !== 'string' || typeof parsed.e !== 'number') return { ok: false, reason: 'invalid' };
    if (parsed.e * 1000 < now) return { ok: false, reason: 'expired' };
    return { ok: true, grant: { key: parsed.k, userId: parsed.u, expiresAt: parsed.e, downloadName: typeof parsed.n === 'string' ? parsed.n : undefined } };
  }

  private sign(payload: string): string {
    return crypto.createHmac('sha256', this.secret).update(payload).digest('base64url');
  }
}
