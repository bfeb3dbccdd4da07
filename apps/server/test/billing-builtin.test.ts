/**
 * The built-in provider (no Stripe keys): the test checkout and portal pages, and the rule that a
 * tier changes only through a verified payment event and ends with its period.
 */
import type { Asset } from '@cinegrade/contract';
import { BATCH_MESSAGES, BILLING_MESSAGES, PREMIUM_LOOK_REFUSAL_MESSAGE } from '@cinegrade/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson } from './support/exports';
import { fixtures } from './support/fixtures';
import { DATABASE_KINDS, startTestServer, type TestServer } from './support/test-server';
import { TusTestClient } from './support/tus-client';

const DAY = 24 * 60 * 60;

describe.each(DATABASE_KINDS)('built-in billing on the %s database', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { CINEGRADE_TEST_CLOCK: 'true' });
  });
  afterAll(async () => {
    await server?.close();
  });

  const post = (path: string, cookie: string, json?: unknown) => server.request(path, { method: 'POST', cookie, ...(json === undefined ? {} : { json }) });
  const status = async (cookie: string) => (await (await post('/api/functions/check-subscription', cookie)).json()) as { subscribed: boolean; subscription_tier: string; subscription_end: string | null; renews: boolean };
  const profileTier = async (cookie: string) => ((await (await server.request('/api/profile', { cookie })).json()) as { subscription_tier: string }).subscription_tier;
  const checkoutPath = async (cookie: string) => new URL(((await (await post('/api/functions/create-checkout', cookie)).json()) as { url: string }).url).pathname;

  it('never makes a Free user Premium through any route but a confirmed payment', async () => {
    const user = await server.signedInUser();
    const other = await server.signedInUser();
    expect(await status(user.cookie)).toEqual({ subscribed: false, subscription_tier: 'Free', subscription_end: null, renews: false });
    // The success address, a tier sent by the client, the portal, another user's checkout, a forged webhook.
    await server.request('/?payment=success', { cookie: user.cookie });
    expect(await (await post('/api/functions/check-subscription', user.cookie, { subscription_tier: 'Premium', subscribed: true })).json()).toMatchObject({ subscription_tier: 'Free' });
    expect((await server.request('/api/profile', { method: 'PATCH', cookie: user.cookie, json: { subscription_tier: 'Premium' } })).status).toBe(404);
    expect((await post('/api/functions/customer-portal', user.cookie)).status).toBe(404);
    expect((await post('/api/webhooks/stripe', user.cookie, { type: 'checkout.session.completed' })).status).toBe(404);
    const othersCheckout = await checkoutPath(other.cookie);
    expect((await server.request(othersCheckout, { cookie: user.cookie })).status).toBe(404);
    const stolen = await post(`/api${othersCheckout}/confirm`, user.cookie);
    expect(stolen.headers.get('location')).toBe('/subscriptions');
    // The owner's checkout still works after someone else tried it.
    expect((await post(`/api${othersCheckout}/confirm`, other.cookie)).headers.get('location')).toBe('/?payment=success');
    expect(await status(other.cookie)).toMatchObject({ subscribed: true, subscription_tier: 'Premium' });
    expect((await post('/api/billing/test-portal/cancel', user.cookie)).status).toBe(404);
    expect(await status(user.cookie)).toMatchObject({ subscribed: false, subscription_tier: 'Free' });

    // An administrator's grant is not a subscription: nothing to buy or manage, and no end date.
    const granted = await server.signedInUser();
    await server.services.profiles.setTierByEmail(granted.email, 'Enterprise');
    expect(await status(granted.cookie)).toEqual({ subscribed: true, subscription_tier: 'Enterprise', subscription_end: null, renews: false });
    for (const path of ['/api/functions/create-checkout', '/api/functions/customer-portal']) {
      expect(await (await post(path, granted.cookie)).json()).toMatchObject({ message: BILLING_MESSAGES.grantedPlan });
    }
  });

  it('moves the test clock only for a signed-in person, by a bounded whole number of seconds', async () => {
    const clock = (json: unknown, cookie?: string) => server.request('/api/test/clock', { method: 'POST', json, ...(cookie ? { cookie } : {}) });
    expect((await clock({ advanceSeconds: 1 })).status).toBe(401);
    const user = await server.signedInUser();
    for (const advanceSeconds of [1e308, Infinity, -5, 0, 1.5, '60', 401 * DAY]) {
      const refused = await clock({ advanceSeconds }, user.cookie);
      expect(refused.status, String(advanceSeconds)).toBe(400);
      expect(((await refused.json()) as { field: string }).field).toBe('advanceSeconds');
    }
    // Nothing refused moved it: billing still answers, with today's date.
    expect((await status(user.cookie)).subscription_tier).toBe('Free');
    expect((await clock({ advanceSeconds: 1 }, user.cookie)).status).toBe(200);
  });

  it('sells one month of Premium on a page marked as a test payment, once per checkout', async () => {
    const user = await server.signedInUser();
    const path = await checkoutPath(user.cookie);
    expect(path).toMatch(/^\/billing\/test-checkout\/[0-9a-f-]{36}$/);
    const page = await server.request(path, { cookie: user.cookie });
    const html = await page.text();
    expect(html).toContain('Test payment page');
    expect(html).toContain('No card is asked for and no money is taken.');
    expect(html).toContain('$7.99/month');
    expect(html).toContain(`<form method="post" action="/api${path}/cancel">`);
    expect(html).toContain('It does not renew');
    expect((await server.request(path)).headers.get('location')).toBe('/auth');

    const confirmed = await post(`/api${path}/confirm`, user.cookie);
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('location')).toBe('/?payment=success');
    const now = await status(user.cookie);
    // The page said the month does not renew, and the record says so too (the profile's 'Ends on').
    expect(now).toMatchObject({ subscribed: true, subscription_tier: 'Premium', renews: false });
    const days = (new Date(now.subscription_end!).getTime() - Date.now()) / 1000 / DAY;
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThan(32);
    // The same checkout confirmed again changes nothing; a subscriber is not sold a second one.
    expect((await post(`/api${path}/confirm`, user.cookie)).headers.get('location')).toBe('/?payment=success');
    expect(await server.services.database.db.selectFrom('billing_events').select('id').where('id', 'like', `builtin:checkout:${path.split('/').at(-1)}:%`).execute()).toHaveLength(1);
    expect((await post('/api/functions/create-checkout', user.cookie)).status).toBe(409);

    const portalUrl = ((await (await post('/api/functions/customer-portal', user.cookie)).json()) as { url: string }).url;
    expect(portalUrl).toBe('http://localhost:3000/billing/test-portal');
    const portal = await (await server.request('/billing/test-portal', { cookie: user.cookie })).text();
    expect(portal).toContain('and does not renew');
    expect(portal).not.toContain('Cancel subscription');
  });

  it('never confirms a checkout that was cancelled or superseded', async () => {
    const user = await server.signedInUser();
    // Cancelled on its page: back to the plans page with the cancelled toast, and the link is dead.
    const cancelledPath = await checkoutPath(user.cookie);
    const cancelled = await post(`/api${cancelledPath}/cancel`, user.cookie);
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get('location')).toBe('http://localhost:3000/?payment=cancelled');
    expect((await server.request(cancelledPath, { cookie: user.cookie })).status).toBe(404);
    expect((await post(`/api${cancelledPath}/confirm`, user.cookie)).headers.get('location')).toBe('/subscriptions');
    expect(await status(user.cookie)).toMatchObject({ subscribed: false, subscription_tier: 'Free' });

    // Superseded by a newer checkout: only the newest one can be confirmed.
    const older = await checkoutPath(user.cookie);
    const newer = await checkoutPath(user.cookie);
    expect((await server.request(older, { cookie: user.cookie })).status).toBe(404);
    expect((await post(`/api${older}/confirm`, user.cookie)).headers.get('location')).toBe('/subscriptions');
    expect(await status(user.cookie)).toMatchObject({ subscribed: false });
    expect((await post(`/api${newer}/confirm`, user.cookie)).headers.get('location')).toBe('/?payment=success');
    const bought = await status(user.cookie);
    expect(bought).toMatchObject({ subscribed: true, renews: false });

    // A checkout left open in another tab while a newer one was confirmed: it cannot add a second,
    // renewing month later, so 'Ends on' stays what it was.
    const other = await server.signedInUser();
    const { db } = server.services.database;
    const otherId = (await db.selectFrom('users').select('id').where('email', '=', other.email).executeTakeFirstOrThrow()).id;
    const first = await checkoutPath(other.cookie);
    await db.insertInto('billing_checkouts').values({ user_id: otherId, expires_at: new Date(Date.now() + 3600_000) }).execute();
    expect((await post(`/api${first}/confirm`, other.cookie)).headers.get('location')).toBe('/?payment=success');
    const left = await db.selectFrom('billing_checkouts').select(['id', 'completed_at']).where('user_id', '=', otherId).execute();
    expect(left).toEqual([expect.objectContaining({ id: first.split('/').at(-1) })]);
    const after = await status(other.cookie);
    expect(after).toMatchObject({ subscribed: true, renews: false });
  });

  it('takes a premium look, pro formats and batch away when the period ends, cancelled or not', async () => {
    const user = await server.signedInUser();
    const response = await new TusTestClient(server, user.cookie).upload(fixtures.h264Mp4, 'billing clip.mp4');
    expect(response.status, await response.clone().text()).toBe(200);
    const { asset } = (await response.json()) as { asset: Asset };
    const setLook = (look: string | null) => server.request(`/api/assets/${asset.id}`, { method: 'PATCH', cookie: user.cookie, json: { selected_lut: look } });
    expect((await setLook('blockbuster-teal-orange')).status).toBe(403);

    await post(`/api${await checkoutPath(user.cookie)}/confirm`, user.cookie);
    expect((await setLook('blockbuster-teal-orange')).status).toBe(200);
    expect((await server.request('/api/batches', { cookie: user.cookie })).status).toBe(200);

    // The test month (or a subscription cancelled in the portal): Premium until the end of the period, then Free with nobody acting.
    const cancelled = await post('/api/billing/test-portal/cancel', user.cookie);
    expect(cancelled.headers.get('location')).toBe('/billing/test-portal');
    expect(await (await server.request('/billing/test-portal', { cookie: user.cookie })).text()).toContain('and does not renew. You keep Premium until then.');
    expect(await status(user.cookie)).toMatchObject({ subscribed: true, subscription_tier: 'Premium' });

    server.services.billing.clock.advance(32 * DAY);
    expect(await status(user.cookie)).toEqual({ subscribed: false, subscription_tier: 'Free', subscription_end: null, renews: false });
    expect(await profileTier(user.cookie)).toBe('Free');
    const batches = await server.request('/api/batches', { cookie: user.cookie });
    expect(batches.status).toBe(403);
    expect(((await batches.json()) as { message: string }).message).toBe(BATCH_MESSAGES.premiumOnly);
    const look = await setLook('blade-runner-2049');
    expect(look.status).toBe(403);
    // The premium look saved while subscribed is not exported either.
    const lookExport = await postJson(server, '/api/functions/process-video', user.cookie, { assetId: asset.id, outputFormat: 'mp4', quality: '720p', selectedLUT: 'blockbuster-teal-orange' });
    expect(lookExport.status).toBe(403);
    expect(((await lookExport.json()) as { message: string }).message).toBe(PREMIUM_LOOK_REFUSAL_MESSAGE);
    const pro = await postJson(server, '/api/functions/process-video', user.cookie, { assetId: asset.id, outputFormat: 'mov', quality: '720p' });
    expect(pro.status).toBe(403);
    expect(((await pro.json()) as { message: string }).message).toContain('MOV (ProRes 422 HQ) needs Premium');
    expect(await (await server.request('/billing/test-portal', { cookie: user.cookie })).text()).toContain('Your Premium subscription ended on');
  });
});
