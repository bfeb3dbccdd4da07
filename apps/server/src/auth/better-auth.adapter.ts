import { betterAuth } from 'better-auth';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema';
import type { Mailer } from '../mail/mailer';
import { existingAccountEmail, verificationEmail } from '../mail/templates';
import type { Logger } from '../platform/logger';
import { hashPassword, verifyPassword } from './password-hash';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@cinegrade/contract';

export interface BetterAuthDeps {
  db: Kysely<DatabaseSchema>;
  secret: string;
  publicUrl: string;
  mailer: Mailer;
  logger: Logger;
}

export const SESSION_COOKIE_PREFIX = 'cinegrade';
/** Sessions last a week and renew themselves once a day while in use. */
export const SESSION_LIFETIME_SECONDS = 7 * 24 * 60 * 60;
export const SESSION_RENEW_AFTER_SECONDS = 24 * 60 * 60;
export const VERIFICATION_LINK_SECONDS = 24 * 60 * 60;

/**
 * better-auth does the protocol (sessions, cookies, verification tokens); we supply the
 * database, argon2id hashing, the mailer and snake_case table names. It is only called through
 * auth.service.ts, whose routes are in the contract; its own HTTP handler is not mounted.
 */
export function createBetterAuth(deps: BetterAuthDeps) {
  return betterAuth({
    appName: 'Cinegrade',
    baseURL: deps.publicUrl,
    basePath: '/api/auth',
    secret: deps.secret,
    trustedOrigins: [deps.publicUrl],
    telemetry: { enabled: false },
    logger: {
      level: 'warn',
      log: (level, message, ...args) => {
        const fields = args.length > 0 ? { details: args } : undefined;
        if (level === 'error') deps.logger.error(`auth: ${message}`, fields);
        else if (level === 'warn') deps.logger.warn(`auth: ${message}`, fields);
        else deps.logger.debug(`auth: ${message}`, fields);
      },
    },
    rateLimit: { enabled: false }, // our own limits, per IP and per account, in rate-limiter.ts
    database: { db: deps.db, type: 'postgres' },
    advanced: {
      cookiePrefix: SESSION_COOKIE_PREFIX,
      useSecureCookies: deps.publicUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      database: { generateId: 'uuid' },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      password: { hash: hashPassword, verify: verifyPassword },
      onExistingUserSignUp: async ({ user }) => {
        await deps.mailer.send(existingAccountEmail(user.email, `${deps.publicUrl}/auth`));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: false,
      expiresIn: VERIFICATION_LINK_SECONDS,
      sendVerificationEmail: async ({ user, url }) => {
        await deps.mailer.send(verificationEmail(user.email, user.name, url));
      },
      afterEmailVerification: async (user) => {
        await deps.db.updateTable('users').set({ email_confirmed_at: new Date() }).where('id', '=', user.id).execute();
      },
    },
    session: {
      modelName: 'sessions',
      expiresIn: SESSION_LIFETIME_SECONDS,
      updateAge: SESSION_RENEW_AFTER_SECONDS,
      fields: { expiresAt: 'expires_at', ipAddress: 'ip_address', userAgent: 'user_agent', userId: 'user_id', createdAt: 'created_at', updatedAt: 'updated_at' },
    },
    user: {
      modelName: 'users',
      fields: { emailVerified: 'email_verified', createdAt: 'created_at', updatedAt: 'updated_at' },
    },
    account: {
      modelName: 'accounts',
      fields: {
        accountId: 'account_id',
        providerId: 'provider_id',
        userId: 'user_id',
        accessToken: 'access_token',
        refreshToken: 'refresh_token',
        idToken: 'id_token',
        accessTokenExpiresAt: 'access_token_expires_at',
        refreshTokenExpiresAt: 'refresh_token_expires_at',
        createdAt: 'created_at',
        updatedAt: 'updated_at',
      },
    },
    verification: {
      modelName: 'verifications',
      fields: { expiresAt: 'expires_at', createdAt: 'created_at', updatedAt: 'updated_at' },
    },
    databaseHooks: {
      user: {
        create: {
          // Every user gets a profile row: Free until told otherwise (docs/product-rules.md, 'Tiers').
          after: async (user) => {
            await deps.db
              .insertInto('profiles')
              .values({ id: user.id, full_name: user.name || null, avatar_url: user.image ?? null })
              .onConflict((oc) => oc.column('id').doNothing())
              .execute();
            deps.logger.info('Account created', { userId: user.id });
          },
        },
      },
    },
  });
}

export type BetterAuth = ReturnType<typeof createBetterAuth>;
