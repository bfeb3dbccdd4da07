import { API, MESSAGES, SIGN_UP_SUCCESS_MESSAGE } from '@cinegrade/contract';
import type { Context, Hono } from 'hono';
import type { AppEnv } from '../http/app-env';
import { registerRoute, type SessionLookup } from '../http/register-route';
import type { EventBus } from '../events/event-bus';
import type { AuthService } from './auth.service';

/** Passes Set-Cookie headers from better-auth on to our response. */
export function forwardCookies(c: Context<AppEnv>, headers: Headers): void {
  for (const cookie of headers.getSetCookie()) c.header('Set-Cookie', cookie, { append: true });
}

export function registerAuthRoutes(app: Hono<AppEnv>, auth: AuthService, session: SessionLookup, events: Pick<EventBus, 'endSession'>): void {
  registerRoute(app, API.signUp, session, async ({ c, body }) => {
    await auth.signUp(body, c.get('clientIp'), c.req.raw.headers);
    return { message: SIGN_UP_SUCCESS_MESSAGE };
  });

  registerRoute(app, API.signIn, session, async ({ c, body }) => {
    const result = await auth.signIn(body, c.get('clientIp'), c.req.raw.headers);
    forwardCookies(c, result.headers);
    return result.value;
  });

  registerRoute(app, API.signOut, session, async ({ c }) => {
    const { headers, endedSessionId } = await auth.signOut(c.req.raw.headers);
    if (endedSessionId) await events.endSession(endedSessionId);
    forwardCookies(c, headers);
  });

  registerRoute(app, API.session, session, async ({ c }) => {
    const signedIn = await session(c);
    return signedIn
      ? { user: signedIn.user, profile: signedIn.profile, expiresAt: signedIn.sessionExpiresAt.toISOString() }
      : { user: null, profile: null, expiresAt: null };
  });

  registerRoute(app, API.verifyEmail, session, async ({ c, query }) => {
    const ok = await auth.verifyEmail(query.token);
    return c.redirect(ok ? '/auth?verified=1' : '/auth?verified=0', 302);
  });

  registerRoute(app, API.requestUnlockLink, session, async ({ c, body }) => {
    await auth.requestUnlockLink(body.email, c.get('clientIp'));
    return { message: MESSAGES.unlockLinkSent };
  });

  registerRoute(app, API.unlockDevice, session, ({ c, query }) => {
    const cookie = auth.unlockDevice(query.token, c.req.header('cookie') ?? null);
    if (cookie) c.header('Set-Cookie', cookie, { append: true });
    return Promise.resolve(c.redirect(cookie ? '/auth?unlocked=1' : '/auth?unlocked=0', 302));
  });

  registerRoute(app, API.resendVerification, session, async ({ c, body }) => {
    await auth.resendVerification(body.email, c.get('clientIp'));
    return { message: SIGN_UP_SUCCESS_MESSAGE };
  });
}

/** A per-request cached session lookup that forwards renewed cookies. */
export function createSessionLookup(auth: AuthService): SessionLookup {
  const cache = new WeakMap<Request, ReturnType<AuthService['currentSession']>>();
  return async (c) => {
    let pending = cache.get(c.req.raw);
    if (!pending) {
      pending = auth.currentSession(c.req.raw.headers);
      cache.set(c.req.raw, pending);
      forwardCookies(c, (await pending).headers);
    }
    return (await pending).value;
  };
}
