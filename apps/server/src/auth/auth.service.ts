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
import type { Logger } from '../platform/logger';
import { SESSION_LIFETIME_SECONDS, type BetterAuth } from './better-auth.adapter';
import { isCommonPassword } from './common-passwords';
import { AUTH_LIMITS, type RateLimiter } from './rate-limiter';
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
export class AuthService {
  constructor(
    private readonly auth: BetterAuth,
    private readonly users: UserRepository,
    private readonly profiles: ProfileRepository,
    private readonly limiter: RateLimiter,
    private readonly logger: Logger,
  ) {}

  async signUp(input: SignUpRequest, clientIp: string, headers: Headers): Promise<void> {
    await this.limiter.hit(`sign-up:ip:${clientIp}`, AUTH_LIMITS.signUpPerIp);
    await this.limiter.hit(`sign-up:account:${input.email}`, AUTH_LIMITS.signUpPerAccount);
    if (isCommonPassword(input.password)) throw invalidField('password', MESSAGES.commonPassword);
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

  async signIn(input: SignInRequest, clientIp: string, headers: Headers): Promise<WithCookies<SessionResponse>> {
    await this.limiter.hit(`sign-in:ip:${clientIp}`, AUTH_LIMITS.signInPerIp);
    await this.limiter.hit(`sign-in:account:${input.email}`, AUTH_LIMITS.signInPerAccount);
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

  async signOut(headers: Headers): Promise<Headers> {
    try {
      const result = await this.auth.api.signOut({ headers, returnHeaders: true });
      return result.headers;
    } catch {
      // No session to end: still clear whatever cookie the browser holds.
      const cleared = new Headers();
      cleared.append('set-cookie', 'cinegrade.session_token=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax');
      return cleared;
    }
  }

  /** The signed-in user for these request headers; renews the session cookie when it is due. */
  async currentSession(headers: Headers): Promise<WithCookies<SignedIn | null>> {
    const result = await this.auth.api.getSession({ headers, returnHeaders: true });
    const found = result.response;
    if (!found) return { value: null, headers: result.headers };
    const user = toUser(found.user, await this.confirmedAt(found.user.id));
    const profile = await this.profiles.getOrCreate(user.id, user.user_metadata.full_name);
    return { value: { user, profile, sessionExpiresAt: new Date(found.session.expiresAt) }, headers: result.headers };
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
    await this.limiter.hit(`sign-up:ip:${clientIp}`, AUTH_LIMITS.signUpPerIp);
    await this.limiter.hit(`sign-up:account:${email}`, AUTH_LIMITS.signUpPerAccount);
    const verified = await this.users.emailVerified(email);
    // Only unverified accounts get a link, but the answer is the same for every address.
    if (verified === null || verified) return;
    try {
      await this.auth.api.sendVerificationEmail({ body: { email, callbackURL: '/auth?verified=1' } });
    } catch (error) {
      this.logger.warn('Could not resend a verification email', { error });
    }
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
