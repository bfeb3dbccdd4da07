import { APIError } from 'better-auth/api';
import {
  MESSAGES,
  type Profile,
  type SessionResponse,
  type SignInRequest,
  type SignUpRequest,
  type User,
} from '@cinegrade/contract';
import type { ProfileRepository } from '../account/profile.repository';
import type { SignedIn } from '../http/app-env';
import { HttpError, invalidField } from '../http/http-error';
import type { Mailer } from '../mail/mailer';
import { unlockEmail } from '../mail/templates';
import type { Logger } from '../platform/logger';
import { SESSION_LIFETIME_SECONDS, type BetterAuth } from './better-auth.adapter';
import { isCommonPassword } from './common-passwords';
import type { DeviceTrust } from './device-trust';
import type { KnownAddressRepository } from './known-address.repository';
import { AUTH_LIMITS, hitAccountLimits, hitKnownDeviceLimits, type RateLimiter } from './rate-limiter';
import type { UserRepository } from './user.repository';

interface BetterAuthUser {
  id: string;
  email: string;
  name: string;
  createdAt: Date;
}

export interface WithCookies<T> {
  value: T;
  /** Set-Cookie headers to pass on to the browser. */
  headers: Headers;
}

/**
 * Account rules: who may sign up and sign in, how often, and what they are told. better-auth
 * does the protocol underneath; everything here answers known and unknown emails alike.
 */
/**
 * The least time a sign-up, sign-in or verification resend takes to answer, so that a known and
 * an unknown email answer alike (docs/engineering-rules.md, 'Abuse and limits'). Both paths hash
 * a password (better-auth hashes one for unknown emails too); creating an account writes rows
 * that checking a known one does not, and this floor hides that difference.
 */
export const ACCOUNT_ANSWER_FLOOR_MS = 250;

/** Runs `work`, then waits until `floorMs` have passed since it began, whether it answered or failed. */
export async function answerNoSoonerThan<T>(floorMs: number, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const settle = async () => {
    const left = floorMs - (performance.now() - started);
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  };
  try {
    const result = await work();
    await settle();
    return result;
  } catch (error) {
    await settle();
    throw error;
  }
}

export class AuthService {
  constructor(
    private readonly auth: BetterAuth,
    private readonly users: UserRepository,
    private readonly profiles: ProfileRepository,
    private readonly limiter: RateLimiter,
    private readonly logger: Logger,
    private readonly trust: {
      devices: DeviceTrust;
      /** Addresses each account has signed in from. */
      addresses: Pick<KnownAddressRepository, 'isKnown' | 'remember'>;
      mailer: Mailer;
      /** The address people use: unlock links point here, and `https://` makes the device cookie Secure. */
      publicUrl: string;
    },
  ) {}

  async signUp(input: SignUpRequest, clientIp: string, headers: Headers): Promise<void> {
    await hitAccountLimits(this.limiter, 'sign-up', input.email, clientIp, AUTH_LIMITS.signUp);
    if (isCommonPassword(input.password)) throw invalidField('password', MESSAGES.commonPassword);
    await answerNoSoonerThan(ACCOUNT_ANSWER_FLOOR_MS, () => this.createAccount(input, headers));
  }

  private async createAccount(input: SignUpRequest, headers: Headers): Promise<void> {
    try {
      // An existing email gets the same answer (better-auth returns a synthetic user and we
      // mail the owner instead), so sign-up cannot be used to find out who has an account.
      await this.auth.api.signUpEmail({
        body: { name: input.fullName, email: input.email, password: input.password, callbackURL: '/auth?verified=1' },
        headers,
      });
    } catch (error) {
      throw this.translate(error);
    }
  }

  /**
   * A device, or an address, that has signed in to this account before is limited on its own; any
   * other meets the address's and the account's limits, and the account's answers `account_locked`
   * (docs/engineering-rules.md, 'Abuse and limits'). A successful sign-in renews the device cookie.
   */
  async signIn(input: SignInRequest, clientIp: string, headers: Headers): Promise<WithCookies<SessionResponse>> {
    const cookies = headers.get('cookie');
    const device = this.trust.devices.knownDevice(cookies, input.email);
    if (device) await hitKnownDeviceLimits(this.limiter, 'sign-in', device.deviceId, AUTH_LIMITS.signIn);
    else if (await this.trust.addresses.isKnown(input.email, clientIp)) await hitKnownDeviceLimits(this.limiter, 'sign-in', `address:${input.email}:${clientIp}`, AUTH_LIMITS.signIn);
    else await hitAccountLimits(this.limiter, 'sign-in', input.email, clientIp, AUTH_LIMITS.signIn, MESSAGES.accountLocked);
    const signedIn = await answerNoSoonerThan(ACCOUNT_ANSWER_FLOOR_MS, () => this.checkPassword(input, headers));
    signedIn.headers.append('set-cookie', this.trust.devices.setCookie(cookies, input.email, this.secureCookies));
    await this.trust.addresses.remember(input.email, clientIp);
    return signedIn;
  }

  /**
   * Mails the account a link that makes the device opening it known (`unlockDevice`), for an
   * owner locked out of a new device. Held to the mail-sending limits of sign-up, and answered
   * the same, as quickly, whether or not the email has an account.
   */
  async requestUnlockLink(email: string, clientIp: string): Promise<void> {
    await hitAccountLimits(this.limiter, 'sign-up', email, clientIp, AUTH_LIMITS.signUp);
    await answerNoSoonerThan(ACCOUNT_ANSWER_FLOOR_MS, async () => {
      if ((await this.users.emailVerified(email)) === null) return;
      const link = new URL(`/api/auth/unlock?token=${encodeURIComponent(this.trust.devices.unlockToken(email))}`, this.trust.publicUrl).toString();
      this.trust.mailer.send(unlockEmail(email, link)).catch((error: unknown) => {
        this.logger.warn('Could not send an unlock email', { error });
      });
    });
  }

  /** Opens an unlock link: the Set-Cookie value that makes this device known to its account, or null for a forged or expired link. */
  unlockDevice(token: string, cookieHeader: string | null): string | null {
    const account = this.trust.devices.unlockAccount(token);
    return account === null ? null : this.trust.devices.setCookie(cookieHeader, account, this.secureCookies);
  }

  private get secureCookies(): boolean {
    return this.trust.publicUrl.startsWith('https://');
  }

  private async checkPassword(input: SignInRequest, headers: Headers): Promise<WithCookies<SessionResponse>> {
    try {
      const result = await this.auth.api.signInEmail({
        body: { email: input.email, password: input.password, rememberMe: true },
        headers,
        returnHeaders: true,
      });
      const session = await this.sessionFor(result.response.user, new Date(Date.now() + SESSION_LIFETIME_SECONDS * 1000));
      return { value: session, headers: result.headers };
    } catch (error) {
      throw this.translate(error);
    }
  }

  /** Ends the session of these headers; answers the cookies to clear and the session that ended, if any. */
  async signOut(headers: Headers): Promise<{ headers: Headers; endedSessionId: string | null }> {
    const current = await this.auth.api.getSession({ headers }).catch(() => null);
    try {
      const result = await this.auth.api.signOut({ headers, returnHeaders: true });
      return { headers: result.headers, endedSessionId: current?.session.id ?? null };
    } catch {
      // No session to end: still clear whatever cookie the browser holds.
      const cleared = new Headers();
      cleared.append('set-cookie', 'cinegrade.session_token=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax');
      return { headers: cleared, endedSessionId: null };
    }
  }

  /** The signed-in user for these request headers; renews the session cookie when it is due. */
  async currentSession(headers: Headers): Promise<WithCookies<SignedIn | null>> {
    const result = await this.auth.api.getSession({ headers, returnHeaders: true });
    const found = result.response;
    if (!found) return { value: null, headers: result.headers };
    const user = toUser(found.user, await this.confirmedAt(found.user.id));
    const profile = await this.profiles.getOrCreate(user.id, user.user_metadata.full_name);
    return { value: { user, profile, sessionExpiresAt: new Date(found.session.expiresAt), sessionId: found.session.id }, headers: result.headers };
  }

  /** Confirms an email from its link. Answers whether the token was good. */
  async verifyEmail(token: string): Promise<boolean> {
    try {
      await this.auth.api.verifyEmail({ query: { token } });
      return true;
    } catch (error) {
      if (error instanceof APIError) return false;
      throw error;
    }
  }

  async resendVerification(email: string, clientIp: string): Promise<void> {
    await hitAccountLimits(this.limiter, 'sign-up', email, clientIp, AUTH_LIMITS.signUp);
    await answerNoSoonerThan(ACCOUNT_ANSWER_FLOOR_MS, async () => {
      const verified = await this.users.emailVerified(email);
      // Only unverified accounts get a link, but the answer is the same for every address, and
      // as quick: the mail goes out after the answer rather than before it.
      if (verified === null || verified) return;
      this.auth.api.sendVerificationEmail({ body: { email, callbackURL: '/auth?verified=1' } }).catch((error: unknown) => {
        this.logger.warn('Could not resend a verification email', { error });
      });
    });
  }

  private async sessionFor(user: BetterAuthUser, expiresAt: Date | null): Promise<SessionResponse> {
    const publicUser = toUser(user, await this.confirmedAt(user.id));
    const profile: Profile = await this.profiles.getOrCreate(user.id, publicUser.user_metadata.full_name);
    return { user: publicUser, profile, expiresAt: expiresAt?.toISOString() ?? null };
  }

  private confirmedAt(userId: string): Promise<Date | null> {
    return this.users.confirmedAt(userId);
  }

  private translate(error: unknown): unknown {
    if (!(error instanceof APIError)) return error;
    const code = (error.body as { code?: string } | undefined)?.code ?? '';
    switch (code) {
      case 'INVALID_EMAIL_OR_PASSWORD':
        return new HttpError(401, 'invalid_credentials', MESSAGES.invalidCredentials);
      case 'EMAIL_NOT_VERIFIED':
        return new HttpError(403, 'email_not_verified', MESSAGES.emailNotVerified);
      case 'PASSWORD_TOO_SHORT':
        return invalidField('password', 'Password must be at least 6 characters');
      case 'PASSWORD_TOO_LONG':
        return invalidField('password', 'Password must be at most 128 characters');
      case 'INVALID_EMAIL':
        return invalidField('email', 'Please enter a valid email address');
      default:
        this.logger.warn('Unexpected auth error', { status: error.statusCode, code, message: error.message });
        return new HttpError(error.statusCode >= 500 ? 500 : 400, error.statusCode >= 500 ? 'internal' : 'validation_failed', error.message || MESSAGES.unexpected);
    }
  }
}

export function toUser(user: BetterAuthUser, confirmedAt: Date | null): User {
  return {
    id: user.id,
    email: user.email,
    user_metadata: { full_name: user.name || null },
    created_at: new Date(user.createdAt).toISOString(),
    email_confirmed_at: confirmedAt?.toISOString() ?? null,
  };
}
