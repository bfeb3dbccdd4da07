/**
 * The Stripe adapter through the real `stripe` SDK, against a local stand-in for Stripe's API,
 * with webhook payloads signed by the SDK's own test-header helper.
 */
import { BILLING_MESSAGES } from '@cinegrade/contract';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeStripe, type FakeSubscription } from './support/fake-stripe';
import { DATABASE_KINDS, startTestServer, type TestServer } from './support/test-server';

const WEBHOOK_SECRET = 'whsec_test_cinegrade';
const STRIPE_ENV = { STRIPE_SECRET_KEY: 'sk_test_cinegrade', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_PRICE_ID: 'price_premium_monthly' };
const sdk = new Stripe('sk_test_unused');
const DAY = 24 * 60 * 60;

describe.each(DATABASE_KINDS)('Stripe billing on the %s database', (kind) => {
  let server: TestServer;
  const fake = new FakeStripe();
  let eventNumber = 0;

  beforeAll(async () => {
    const address = await fake.start();
    server = await startTestServer(kind, STRIPE_ENV, undefined, { stripeApi: address });
  });
  afterAll(async () => {
    await server?.close();
    await fake.stop();
  });

  const call = (path: string, cookie: string) => server.request(path, { method: 'POST', cookie });
  const status = async (cookie: string) => (await (await call('/api/functions/check-subscription', cookie)).json()) as { subscribed: boolean; subscription_tier: string; subscription_end: string | null; renews: boolean };
  const userIdOf = async (cookie: string) => ((await (await server.request('/api/profile', { cookie })).json()) as { id: string }).id;
  const eventRows = async () => (await server.services.database.db.selectFrom('billing_events').select(['id']).execute()).length;

  function event(type: string, object: object, created = Math.floor(Date.now() / 1000)) {
    return { id: `evt_${kind}_${++eventNumber}`, object: 'event', type, created, api_version: Stripe.API_VERSION, data: { object } };
  }
  function deliver(payload: object, options: { secret?: string; timestamp?: number; tamper?: (body: string) => string; unsigned?: boolean } = {}) {
    // Indented as Stripe sends it: a body parsed and serialised again before checking would not verify.
    const body = JSON.stringify(payload, null, 2);
    const header = sdk.webhooks.generateTestHeaderString({ payload: body, secret: options.secret ?? WEBHOOK_SECRET, ...(options.timestamp ? { timestamp: options.timestamp } : {}) });
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (!options.unsigned) headers['stripe-signature'] = header;
    return server.request('/api/webhooks/stripe', { method: 'POST', body: options.tamper ? options.tamper(body) : body, headers });
  }
  function subscription(id: string, userId: string, fields: Partial<FakeSubscription> = {}): FakeSubscription {
    const value = { id, customer: `cus_${userId.slice(0, 8)}`, status: 'active', cancel_at_period_end: false, current_period_end: Math.floor(Date.now() / 1000) + 30 * DAY, metadata: { user_id: userId }, ...fields };
    fake.subscriptions.set(id, value);
    return value;
  }
  const completed = (sub: FakeSubscription, userId: string) =>
    event('checkout.session.completed', { id: `cs_${sub.id}`, object: 'checkout.session', mode: 'subscription', client_reference_id: userId, customer: sub.customer, subscription: sub.id, metadata: {} });

  it('creates a subscription-mode Checkout Session for the caller, with the spec\'s return addresses', async () => {
    expect((await server.request('/api/functions/create-checkout', { method: 'POST' })).status).toBe(401);
    const user = await server.signedInUser();
    const response = await call('/api/functions/create-checkout', user.cookie);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ url: expect.stringMatching(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_\d+$/) as string });
    const request = fake.calls('POST', '/v1/checkout/sessions').at(-1)!;
    expect(request.authorization).toBe('Bearer sk_test_cinegrade');
    expect(Object.fromEntries(request.form)).toMatchObject({
      mode: 'subscription',
      client_reference_id: await userIdOf(user.cookie),
      customer_email: user.email,
      'line_items[0][price]': 'price_premium_monthly',
      'line_items[0][quantity]': '1',
      success_url: 'http://localhost:3000/?payment=success',
      cancel_url: 'http://localhost:3000/?payment=cancelled',
    });
    // Checkout alone changes nothing: the tier waits for a verified event.
    expect(await status(user.cookie)).toEqual({ subscribed: false, subscription_tier: 'Free', subscription_end: null, renews: false });

    // Stripe refuses the session: the spec's wording, and still nothing changes.
    fake.refuseCheckouts = true;
    try {
      const refused = await call('/api/functions/create-checkout', user.cookie);
      expect(refused.status).toBe(503);
      expect(await refused.json()).toMatchObject({ code: 'unavailable', message: BILLING_MESSAGES.checkoutFailed });
    } finally {
      fake.refuseCheckouts = false;
    }
    expect(await status(user.cookie)).toMatchObject({ subscribed: false, subscription_tier: 'Free' });
  });

  it('refuses unsigned, wrongly signed, altered and stale (over 300 s) events with 400, writing nothing', async () => {
    const user = await server.signedInUser();
    const userId = await userIdOf(user.cookie);
    const sub = subscription(`sub_bad_${kind}`, userId);
    const before = await eventRows();
    const attempts = [
      deliver(completed(sub, userId), { unsigned: true }),
      deliver(completed(sub, userId), { secret: 'whsec_someone_else' }),
      deliver(completed(sub, userId), { tamper: (body) => body.replace('"mode": "subscription"', '"mode": "subscriptioN"') }),
      deliver(completed(sub, userId), { timestamp: Math.floor(Date.now() / 1000) - 301 }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'validation_failed', message: 'The webhook signature could not be verified.' });
    }
    expect(await eventRows()).toBe(before);
    expect(await status(user.cookie)).toMatchObject({ subscribed: false, subscription_tier: 'Free' });
    expect(fake.calls('GET', `/v1/subscriptions/${sub.id}`)).toHaveLength(0);

    // The tolerance is 300 seconds: the same event signed 290 seconds ago is accepted.
    const recent = await deliver(completed(sub, userId), { timestamp: Math.floor(Date.now() / 1000) - 290 });
    expect(await recent.json()).toEqual({ received: true, result: 'applied' });
    expect(await status(user.cookie)).toMatchObject({ subscribed: true, subscription_tier: 'Premium' });
  });

  it('fulfils one event delivered ten times at once exactly once, and the buyer is Premium until the period end', async () => {
    const user = await server.signedInUser();
    const userId = await userIdOf(user.cookie);
    const sub = subscription(`sub_once_${kind}`, userId);
    const payload = completed(sub, userId);
    const responses = await Promise.all(Array.from({ length: 10 }, () => deliver(payload)));
    const results = await Promise.all(responses.map(async (r) => ((await r.json()) as { result: string }).result));
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(results.filter((r) => r === 'applied')).toHaveLength(1);
    expect(results.filter((r) => r === 'duplicate')).toHaveLength(9);
    expect(fake.calls('GET', `/v1/subscriptions/${sub.id}`)).toHaveLength(1);
    expect(await status(user.cookie)).toEqual({ subscribed: true, subscription_tier: 'Premium', subscription_end: new Date(sub.current_period_end * 1000).toISOString(), renews: true });
    const profile = (await (await server.request('/api/profile', { cookie: user.cookie })).json()) as { subscription_tier: string };
    expect(profile.subscription_tier).toBe('Premium');

    // The portal is opened for this user's Stripe customer and returns to the plans page.
    const portal = await call('/api/functions/customer-portal', user.cookie);
    expect(portal.status).toBe(200);
    expect(((await portal.json()) as { url: string }).url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\/\d+$/);
    expect(Object.fromEntries(fake.calls('POST', '/v1/billing_portal/sessions').at(-1)!.form)).toEqual({ customer: sub.customer, return_url: 'http://localhost:3000/subscriptions' });
    // A subscriber is not sent to a second checkout.
    const again = await call('/api/functions/create-checkout', user.cookie);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ message: BILLING_MESSAGES.alreadySubscribed });
  });

  it('sets the tier from the subscription\'s current state, whatever order its events arrive in', async () => {
    const user = await server.signedInUser();
    const userId = await userIdOf(user.cookie);
    const sub = subscription(`sub_order_${kind}`, userId, { status: 'canceled' });
    const created = Math.floor(Date.now() / 1000);
    // Stripe delivers `deleted` before `created`: the subscription really is cancelled, so Free either way.
    expect((await deliver(event('customer.subscription.deleted', { ...sub, object: 'subscription' }, created + 5))).status).toBe(200);
    expect((await deliver(event('customer.subscription.created', { ...sub, object: 'subscription', status: 'active' }, created))).status).toBe(200);
    expect(await status(user.cookie)).toMatchObject({ subscribed: false, subscription_tier: 'Free' });

    // A stale `deleted` of a subscription that is active now leaves the user Premium.
    const live = subscription(`sub_live_${kind}`, userId);
    expect((await deliver(event('customer.subscription.deleted', { ...live, object: 'subscription', status: 'canceled' }, created - 60))).status).toBe(200);
    expect(await status(user.cookie)).toMatchObject({ subscribed: true, subscription_tier: 'Premium' });

    // Cancelled in the portal: still Premium until the period ends, and it says it will not renew.
    fake.subscriptions.set(live.id, { ...live, cancel_at_period_end: true });
    expect((await deliver(event('customer.subscription.updated', { ...live, object: 'subscription', cancel_at_period_end: true }))).status).toBe(200);
    expect(await status(user.cookie)).toMatchObject({ subscribed: true, subscription_tier: 'Premium', renews: false });

    // Then ended by Stripe: Free again.
    fake.subscriptions.set(live.id, { ...live, status: 'canceled' });
    expect((await deliver(event('customer.subscription.deleted', { ...live, object: 'subscription', status: 'canceled' }))).status).toBe(200);
    expect(await status(user.cookie)).toMatchObject({ subscribed: false, subscription_tier: 'Free' });
  });

  it('answers the portal only for a subscriber, with the spec\'s wording when Stripe refuses, and keeps an event Stripe could not be asked about for its retry', async () => {
    const user = await server.signedInUser();
    const none = await call('/api/functions/customer-portal', user.cookie);
    expect(none.status).toBe(404);
    expect(await none.json()).toMatchObject({ message: BILLING_MESSAGES.noSubscription });

    const userId = await userIdOf(user.cookie);
    const sub = subscription(`sub_retry_${kind}`, userId, { customer: `cus_unknown_${kind}` });
    const payload = completed(sub, userId);
    fake.subscriptions.delete(sub.id);
    // Stripe cannot answer for the subscription: 500, nothing recorded, so Stripe's redelivery is applied.
    const failed = await deliver(payload);
    expect(failed.status).toBe(500);
    expect(await status(user.cookie)).toMatchObject({ subscription_tier: 'Free' });
    fake.subscriptions.set(sub.id, sub);
    const retried = await deliver(payload);
    expect(await retried.json()).toEqual({ received: true, result: 'applied' });
    expect(await status(user.cookie)).toMatchObject({ subscription_tier: 'Premium' });

    const portal = await call('/api/functions/customer-portal', user.cookie);
    expect(portal.status).toBe(503);
    expect(await portal.json()).toMatchObject({ code: 'unavailable', message: BILLING_MESSAGES.portalFailed });
  });
});
