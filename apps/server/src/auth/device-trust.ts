import crypto from 'node:crypto';

/**
 * Devices that have signed in to an account before (the "device cookie" of OWASP's
 * authentication guidance): a successful sign-in leaves a signed token naming the account in the
 * browser's `cinegrade.device` cookie. A sign-in that carries one for the account it names is
 * limited per device, not by the account's limit that guessing from many addresses meets, so
 * strangers cannot lock the owner out of a device they have used (docs/engineering-rules.md,
 * 'Abuse and limits'). An unlock link mailed to the owner puts the same token on a new device.
 *
 * A token is `{payload}.{signature}`: the payload (base64url JSON) holds the account (the
 * lower-cased email), a random nonce that names the device in the limits, and the issue time;
 * the signature is an HMAC-SHA256 of it with a key derived from the server's secret.
 */
export const DEVICE_COOKIE = 'cinegrade.device';
/** A device stays known for a year after its last successful sign-in. */
export const DEVICE_TRUST_SECONDS = 365 * 24 * 60 * 60;
/** Accounts one browser keeps tokens for (newest first); older ones are dropped. */
const MAX_ACCOUNTS_PER_DEVICE = 5;
/** An unlock link works for 30 minutes. */
export const UNLOCK_LINK_SECONDS = 30 * 60;

export interface KnownDevice {
  account: string;
  /** Names this device in its own limits. */
  deviceId: string;
}

export class DeviceTrust {
  private readonly deviceKey: Buffer;
  private readonly unlockKey: Buffer;

  constructor(secret: string) {
    this.deviceKey = crypto.createHmac('sha256', secret).update('cinegrade device cookie').digest();
    this.unlockKey = crypto.createHmac('sha256', secret).update('cinegrade unlock link').digest();
  }

  /** A new token for `account` on a device (a fresh device id unless `deviceId` keeps one). */
  issue(account: string, deviceId: string = crypto.randomBytes(16).toString('base64url'), now = Date.now()): string {
    return sign(this.deviceKey, { a: account, d: deviceId, i: Math.floor(now / 1000) });
  }

  /** The device behind the cookie header's token for `account`, if it carries a genuine, unexpired one. */
  knownDevice(cookieHeader: string | null, account: string, now = Date.now()): KnownDevice | null {
    for (const token of deviceTokens(cookieHeader)) {
      const payload = verify(this.deviceKey, token) as { a?: unknown; d?: unknown; i?: unknown } | null;
      if (!payload || payload.a !== account || typeof payload.d !== 'string' || typeof payload.i !== 'number') continue;
      if (payload.i + DEVICE_TRUST_SECONDS < now / 1000) continue;
      return { account, deviceId: payload.d };
    }
    return null;
  }

  /**
   * The Set-Cookie value after `account` signed in on this device: its token renewed (the same
   * device id when it had one), the device's other accounts kept, at most five, newest first.
   */
  setCookie(cookieHeader: string | null, account: string, secure: boolean, now = Date.now()): string {
    const known = this.knownDevice(cookieHeader, account, now);
    const others = deviceTokens(cookieHeader).filter((token) => {
      const payload = verify(this.deviceKey, token) as { a?: unknown } | null;
      return payload !== null && payload.a !== account;
    });
    const tokens = [this.issue(account, known?.deviceId, now), ...others].slice(0, MAX_ACCOUNTS_PER_DEVICE);
    return `${DEVICE_COOKIE}=${tokens.join('~')}; Path=/api/auth; Max-Age=${DEVICE_TRUST_SECONDS}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
  }

  /** A token for the emailed unlock link of `account`. */
  unlockToken(account: string, now = Date.now()): string {
    return sign(this.unlockKey, { a: account, e: Math.floor(now / 1000) + UNLOCK_LINK_SECONDS });
  }

  /** The account an unlock link's token is for, or null when it is forged or expired. */
  unlockAccount(token: string, now = Date.now()): string | null {
    const payload = verify(this.unlockKey, token) as { a?: unknown; e?: unknown } | null;
    if (!payload || typeof payload.a !== 'string' || typeof payload.e !== 'number' || payload.e < now / 1000) return null;
    return payload.a;
  }
}

function sign(key: Buffer, payload: object): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${crypto.createHmac('sha256', key).update(body).digest('base64url')}`;
}

function verify(key: Buffer, token: string): unknown {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return null;
  const expected = Buffer.from(crypto.createHmac('sha256', key).update(body).digest('base64url'));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null;
  try {
    return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as unknown;
  } catch {
    return null;
  }
}

/** The tokens in the cookie header's `cinegrade.device` cookie (at most a few, each bounded). */
function deviceTokens(cookieHeader: string | null): string[] {
  if (!cookieHeader) return [];
  for (const part of cookieHeader.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === DEVICE_COOKIE) {
      return value
        .join('=')
        .split('~')
        .filter((token) => token.length > 0 && token.length <= 512)
        .slice(0, MAX_ACCOUNTS_PER_DEVICE);
    }
  }
  return [];
}
