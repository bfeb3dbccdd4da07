import { API, PREMIUM_PRICE } from '@cinegrade/contract';
import type { Context, Hono } from 'hono';
import type { AppEnv } from '../http/app-env';
import { HttpError, unauthenticated } from '../http/http-error';
import { registerRoute, type SessionLookup } from '../http/register-route';
import { returnUrls } from './billing-provider';
import type { BillingService } from './billing.service';
import { BUILTIN_CHECKOUT_PATH, BUILTIN_PORTAL_PATH, BuiltinBilling } from './builtin-billing';
import { testPaymentPage } from './builtin-pages';
import { isPaying } from './subscription-state';

export function registerBillingRoutes(app: Hono<AppEnv>, session: SessionLookup, billing: BillingService, publicUrl: string): void {
  registerRoute(app, API.checkSubscription, session, ({ user }) => billing.status(user.user.id));
  registerRoute(app, API.createCheckout, session, ({ user }) => billing.checkout({ id: user.user.id, email: user.user.email }));
  registerRoute(app, API.customerPortal, session, ({ user }) => billing.portal(user.user.id));
  registerRoute(app, API.stripeWebhook, session, async ({ c }) => {
    const raw = Buffer.from(await c.req.arrayBuffer());
    const result = await billing.handleStripeWebhook(raw, c.req.header('stripe-signature'));
    return c.json({ received: true, result });
  });
  if (billing.provider instanceof BuiltinBilling) registerBuiltinPages(app, session, billing, billing.provider, publicUrl);
  if (billing.clock.adjustable) {
    // Only on servers started with CINEGRADE_TEST_CLOCK (never in production): moves billing time
    // forward, for a signed-in person, by a whole number of seconds up to TEST_CLOCK_MAX_ADVANCE_SECONDS.
    app.post('/api/test/clock', async (c) => {
      if (!(await session(c))) throw unauthenticated();
      const body: { advanceSeconds?: unknown } = await c.req.json<{ advanceSeconds?: unknown }>().catch(() => ({}));
      const seconds = body.advanceSeconds;
      if (typeof seconds !== 'number' || !Number.isInteger(seconds) || seconds < 1 || seconds > TEST_CLOCK_MAX_ADVANCE_SECONDS) {
        throw new HttpError(400, 'validation_failed', `advanceSeconds must be a whole number of seconds from 1 to ${TEST_CLOCK_MAX_ADVANCE_SECONDS} (400 days).`, { field: 'advanceSeconds' });
      }
      billing.clock.advance(seconds);
      return c.json({ now: billing.clock.now().toISOString() });
    });
  }
}

/** The most the test clock moves in one request: 400 days, past any one billing period. */
const TEST_CLOCK_MAX_ADVANCE_SECONDS = 400 * 24 * 60 * 60;

/** The built-in provider's test checkout and portal pages (docs/product-rules.md, 'Premium determination'). */
function registerBuiltinPages(app: Hono<AppEnv>, session: SessionLookup, billing: BillingService, builtin: BuiltinBilling, publicUrl: string): void {
  const urls = returnUrls(publicUrl);
  const signedIn = async (c: Context<AppEnv>) => (await session(c))?.user ?? null;

  app.get(`${BUILTIN_CHECKOUT_PATH}/:id`, async (c) => {
    const user = await signedIn(c);
    if (!user) return c.redirect('/auth', 302);
    const checkout = await builtin.openCheckout(user.id, c.req.param('id'));
    if (!checkout) {
      return c.html(testPaymentPage({ title: 'Checkout expired', body: `<p>This test checkout was already used or has expired.</p><p><a href="/subscriptions">Back to Subscription Plans</a></p>` }), 404);
    }
    return c.html(
      testPaymentPage({
        title: 'Premium checkout',
        body: `<p class="plan">Cinegrade Premium <strong>${PREMIUM_PRICE.amount}${PREMIUM_PRICE.period}</strong></p>
<p>Account: ${escapeHtml(user.email)}</p>
<p>Confirming starts one month of Premium. It does not renew: buy again when it ends.</p>
<form method="post" action="/api${BUILTIN_CHECKOUT_PATH}/${checkout.id}/confirm"><button type="submit">Confirm test payment</button></form>
<form method="post" action="/api${BUILTIN_CHECKOUT_PATH}/${checkout.id}/cancel"><button type="submit" class="secondary">Cancel</button></form>`,
      }),
    );
  });

  app.post(`/api${BUILTIN_CHECKOUT_PATH}/:id/confirm`, async (c) => {
    const user = await signedIn(c);
    if (!user) return c.redirect('/auth', 303);
    const result = await billing.confirmBuiltinCheckout(user.id, c.req.param('id'));
    // A used or expired checkout changes nothing; the plans page then says the payment was not found.
    return c.redirect(result === 'ignored' ? '/subscriptions' : '/?payment=success', 303);
  });

  // Cancel on the checkout page: the checkout is dropped, so its link can never be confirmed later.
  app.post(`/api${BUILTIN_CHECKOUT_PATH}/:id/cancel`, async (c) => {
    const user = await signedIn(c);
    if (!user) return c.redirect('/auth', 303);
    await billing.cancelBuiltinCheckout(user.id, c.req.param('id'));
    return c.redirect(urls.cancel, 303);
  });

  app.get(BUILTIN_PORTAL_PATH, async (c) => {
    const user = await signedIn(c);
    if (!user) return c.redirect('/auth', 302);
    const record = await billing.subscriptionRecord(user.id);
    const paying = record?.provider === 'builtin' && isPaying(record, billing.clock.now());
    const end = record?.currentPeriodEnd?.toISOString().slice(0, 10) ?? '';
    const body = !record
      ? '<p>You have no subscription.</p>'
      : !paying
        ? `<p>Your Premium subscription ended on ${end}.</p>`
        : record.cancelAtPeriodEnd
          ? `<p>Premium ends on ${end} and does not renew. You keep Premium until then.</p>`
          : `<p>Premium (${PREMIUM_PRICE.amount}${PREMIUM_PRICE.period}) is active until ${end}.</p>
<form method="post" action="/api${BUILTIN_PORTAL_PATH}/cancel"><button type="submit">Cancel subscription</button></form>`;
    return c.html(testPaymentPage({ title: 'Manage subscription', body: `${body}<p><a href="/subscriptions">Back to Subscription Plans</a></p>` }));
  });

  app.post(`/api${BUILTIN_PORTAL_PATH}/cancel`, async (c) => {
    const user = await signedIn(c);
    if (!user) return c.redirect('/auth', 303);
    await billing.cancelBuiltinSubscription(user.id);
    return c.redirect(BUILTIN_PORTAL_PATH, 303);
  });
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
