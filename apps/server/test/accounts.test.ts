import { MEDIA_FEATURE_IDS, MESSAGES } from '@cinegrade/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, sessionCookie, startTestServer, type TestServer } from './support/test-server';
import { waitFor } from './support/wait';

describe.each(DATABASE_KINDS)('accounts on the %s database', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server.close();
  });

  const signUp = (body: unknown) => server.request('/api/auth/sign-up', { method: 'POST', json: body });
  const signIn = (body: unknown) => server.request('/api/auth/sign-in', { method: 'POST', json: body });

  it('answers health and serves an OpenAPI document listing the routes', async () => {
    // With the machine's ffmpeg (Debian's 5.1 here) every media feature is on.
    const everyFeatureOn = Object.fromEntries(MEDIA_FEATURE_IDS.map((id) => [id, { available: true, reason: null }]));
    expect(await (await server.request('/api/health')).json()).toEqual({
      ok: true,
      media: { ffmpeg: expect.stringMatching(/^\S+$/) as string, features: everyFeatureOn },
      disk: { freeBytes: expect.any(Number) as number, floorBytes: 1024 * 1024 * 1024, acceptingWork: true },
    });
    const doc = (await (await server.request('/api/openapi.json')).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/auth/sign-up', '/api/auth/sign-in', '/api/settings']));
  });

  it('refuses bad sign-up fields with the spec message and the field named', async () => {
    const cases: [unknown, string, string][] = [
      [{ fullName: ' ', email: 'a@example.com', password: 'secret-pass' }, 'fullName', 'Please enter your full name'],
      [{ fullName: 'A', email: 'nope', password: 'secret-pass' }, 'email', 'Please enter a valid email address'],
      [{ fullName: 'A', email: 'a@example.com', password: '12345' }, 'password', 'Password must be at least 6 characters'],
      [{ fullName: 'A', email: 'a@example.com', password: 'password123' }, 'password', 'This password is too common. Please choose a less common one.'],
      // Unknown fields are refused, not dropped: a client asking for a tier learns it is not a field.
      [{ fullName: 'A', email: 'tier@example.com', password: 'a long enough password', tier: 'Premium' }, 'tier', '"tier" is not a field of this request.'],
    ];
    for (const [body, field, message] of cases) {
      const response = await signUp(body);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'validation_failed', field, message });
    }
    const notJson = await server.request('/api/auth/sign-up', { method: 'POST', body: '{', headers: { 'content-type': 'application/json' } });
    expect(notJson.status).toBe(400);
  });

  it('answers a known and an unknown email alike on sign-up, sign-in and verification resend', async () => {
    const { email: known } = await server.signedInUser();
    const unknown = `nobody-${kind}-${Date.now()}@example.com`;
    const answer = async (response: Response) => ({ status: response.status, body: await response.text() });
    const post = (path: string, json: unknown) => server.request(path, { method: 'POST', json }).then(answer);
    const password = 'a long enough password';
    expect(await post('/api/auth/sign-up', { fullName: 'Known', email: known, password })).toEqual(
      await post('/api/auth/sign-up', { fullName: 'Known', email: unknown, password }),
    );
    const other = `other-${kind}-${Date.now()}@example.com`;
    expect(await post('/api/auth/sign-in', { email: known, password: 'not the password' })).toEqual(await post('/api/auth/sign-in', { email: other, password: 'not the password' }));
    expect(await post('/api/auth/resend-verification', { email: known })).toEqual(await post('/api/auth/resend-verification', { email: other }));
  });

  it('refuses a JSON route sent as a form, as text or with no type, with 415 and a message for a person', async () => {
    const body = JSON.stringify({ fullName: 'Form Poster', email: `form-${kind}@example.com`, password: 'a long enough password' });
    for (const contentType of ['application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data; boundary=x', null]) {
      const response = await server.request('/api/auth/sign-up', {
        method: 'POST',
        body: new TextEncoder().encode(body),
        ...(contentType ? { headers: { 'content-type': contentType } } : {}),
      });
      expect(response.status, String(contentType)).toBe(415);
      expect(await response.json()).toMatchObject({ code: 'unsupported_media', message: 'This request must be sent as JSON (Content-Type: application/json).' });
    }
    const withCharset = await server.request('/api/auth/sign-up', { method: 'POST', body, headers: { 'content-type': 'application/json; charset=utf-8' } });
    expect(withCharset.status).toBe(200);
  });

  it('signs up, needs the emailed link before sign-in, then keeps a renewable httpOnly session', async () => {
    const email = `ada-${kind}@example.com`;
    const password = 'difference engine';
    expect((await signUp({ fullName: 'Ada Lovelace', email, password })).status).toBe(200);

    const early = await signIn({ email, password });
    expect(early.status).toBe(403);
    expect(await early.json()).toMatchObject({ code: 'email_not_verified' });

    const link = new URL(server.mailbox.lastLinkTo(email));
    const verified = await server.request(`${link.pathname}${link.search}`);
    expect(verified.status).toBe(302);
    expect(verified.headers.get('location')).toBe('/auth?verified=1');

    const response = await signIn({ email: email.toUpperCase(), password });
    expect(response.status).toBe(200);
    const setCookie = response.headers.getSetCookie().find((c) => c.startsWith('cinegrade.session_token='));
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const body = (await response.json()) as { user: { email: string; email_confirmed_at: string | null }; profile: { full_name: string; subscription_tier: string } };
    expect(body.user.email).toBe(email);
    expect(body.user.email_confirmed_at).not.toBeNull();
    expect(body.profile).toMatchObject({ full_name: 'Ada Lovelace', subscription_tier: 'Free' });

    const cookie = sessionCookie(response);
    const session = (await (await server.request('/api/auth/session', { cookie })).json()) as { user: { email: string } | null; expiresAt: string };
    expect(session.user?.email).toBe(email);
    expect(new Date(session.expiresAt).getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 3600 * 1000);

    const out = await server.request('/api/auth/sign-out', { method: 'POST', cookie });
    expect(out.status).toBe(204);
    const after = (await (await server.request('/api/auth/session', { cookie })).json()) as { user: unknown };
    expect(after.user).toBeNull();
  });

  it('renews a session that is due, extending its expiry and resending the cookie', async () => {
    const { cookie } = await server.signedInUser();
    const token = decodeURIComponent(cookie.split('=')[1] ?? '').split('.')[0] ?? '';
    // Age the session: as if it had been created two days ago and expires in five.
    await server.services.database.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() + 5 * 24 * 3600 * 1000), updated_at: new Date(Date.now() - 2 * 24 * 3600 * 1000) })
      .where('token', '=', token)
      .execute();
    const response = await server.request('/api/auth/session', { cookie });
    const body = (await response.json()) as { expiresAt: string };
    expect(new Date(body.expiresAt).getTime()).toBeGreaterThan(Date.now() + 6.9 * 24 * 3600 * 1000);
    expect(response.headers.getSetCookie().some((c) => c.startsWith('cinegrade.session_token='))).toBe(true);
  });

  it('answers known and unknown emails the same way', async () => {
    const { email } = await server.signedInUser();
    const again = await signUp({ fullName: 'Someone Else', email, password: 'another long one' });
    const fresh = await signUp({ fullName: 'Someone Else', email: `never-seen-${kind}@example.com`, password: 'another long one' });
    expect(again.status).toBe(fresh.status);
    expect(await again.json()).toEqual(await fresh.json());

    const wrongPassword = await signIn({ email, password: 'not the password' });
    const unknownEmail = await signIn({ email: `nobody-${kind}@example.com`, password: 'not the password' });
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(await wrongPassword.json()).toEqual(await unknownEmail.json());
  });

  it('stores passwords as argon2id hashes', async () => {
    const { email } = await server.signedInUser();
    const row = await server.services.database.db
      .selectFrom('accounts')
      .innerJoin('users', 'users.id', 'accounts.user_id')
      .select('accounts.password')
      .where('users.email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('answers 401 on signed-in routes without a session', async () => {
    for (const [method, path] of [['GET', '/api/profile'], ['GET', '/api/settings'], ['PUT', '/api/settings'], ['POST', '/api/functions/check-subscription']]) {
      const response = await server.request(path ?? '', { method, json: method === 'PUT' ? { weeklyTips: true } : undefined });
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(await response.json()).toMatchObject({ code: 'unauthenticated' });
    }
  });

  it('saves settings per user and keeps each user to their own', async () => {
    const alice = await server.signedInUser();
    const bob = await server.signedInUser();
    const saved = await server.request('/api/settings', { method: 'PUT', cookie: alice.cookie, json: { weeklyTips: true, defaultFormat: 'mov' } });
    expect(saved.status).toBe(200);
    await server.request('/api/settings', { method: 'PUT', cookie: alice.cookie, json: { dataRetention: '90' } });
    const aliceSettings: unknown = await (await server.request('/api/settings', { cookie: alice.cookie })).json();
    expect(aliceSettings).toMatchObject({ weeklyTips: true, defaultFormat: 'mov', dataRetention: '90', autoSave: true });
    const bobSettings: unknown = await (await server.request('/api/settings', { cookie: bob.cookie })).json();
    expect(bobSettings).toMatchObject({ weeklyTips: false, defaultFormat: 'mp4', dataRetention: '30' });

    const bad = await server.request('/api/settings', { method: 'PUT', cookie: alice.cookie, json: { defaultFormat: 'gif' } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ field: 'defaultFormat' });
    const unknown = await server.request('/api/settings', { method: 'PUT', cookie: alice.cookie, json: { autosave: false } });
    expect(await unknown.json()).toMatchObject({ field: 'autosave' });
    expect(await (await server.request('/api/settings', { cookie: alice.cookie })).json()).toMatchObject({ autoSave: true, defaultFormat: 'mov' });
  });

  it("reads the signed-in user's own profile and subscription", async () => {
    const { cookie, email } = await server.signedInUser(undefined, 'Grace Hopper');
    const profile = (await (await server.request('/api/profile', { cookie })).json()) as { full_name: string; subscription_tier: string };
    expect(profile).toMatchObject({ full_name: 'Grace Hopper', subscription_tier: 'Free' });
    await server.services.profiles.setTierByEmail(email, 'Premium');
    const status: unknown = await (await server.request('/api/functions/check-subscription', { method: 'POST', cookie })).json();
    expect(status).toEqual({ subscribed: true, subscription_tier: 'Premium', subscription_end: null, renews: false });
  });

  it('refuses writes from another origin', async () => {
    const response = await server.request('/api/auth/sign-in', {
      method: 'POST',
      json: { email: 'a@example.com', password: 'whatever1' },
      headers: { origin: 'https://evil.example' },
    });
    expect(response.status).toBe(403);
  });
});

describe.each(DATABASE_KINDS)('rate limits on the %s database', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    // Behind a proxy the client address comes from X-Forwarded-For, so one test can be many addresses.
    server = await startTestServer(kind, { RATE_LIMIT_MULTIPLIER: '1', TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await server.close();
  });
  const signIn = (body: unknown, address = '198.51.100.1') =>
    server.request('/api/auth/sign-in', { method: 'POST', json: body, headers: { 'x-forwarded-for': address } });

  it('throttles wrong passwords from one address with 429, and the owner still signs in from another', async () => {
    const { email } = await server.signedInUser();
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await signIn({ email, password: `wrong-${i}-password` }, '203.0.113.7')).status);
    // Five quick attempts, then the address waits (the window grows with every rule it meets).
    expect(statuses.slice(0, 5)).toEqual(Array(5).fill(401));
    expect(statuses.slice(5)).toEqual(Array(5).fill(429));
    const limited = await signIn({ email, password: 'correct horse battery' }, '203.0.113.7');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await limited.json()).toMatchObject({ code: 'rate_limited', message: 'Too many attempts. Please wait a few minutes and try again.' });
    const owner = await signIn({ email, password: 'correct horse battery' }, '192.0.2.44');
    expect(owner.status).toBe(200);
  });

  it('stops guessing on one account from many addresses', async () => {
    const { email } = await server.signedInUser();
    const statuses: number[] = [];
    // Four guesses from each address stays under every per-address rule; the account's own limit is 50.
    for (let i = 0; statuses.length < 60; i++) {
      for (let j = 0; j < 4; j++) statuses.push((await signIn({ email, password: `guess-${i}-${j}` }, `10.1.${i}.${j + 1}`)).status);
    }
    const firstRefusal = statuses.indexOf(429);
    expect(firstRefusal).toBeGreaterThan(0);
    expect(firstRefusal).toBeLessThanOrEqual(50);
    expect(statuses.slice(firstRefusal).every((status) => status === 429)).toBe(true);
  });

  /** The `name=value` of a cookie the response sets, for the next request's Cookie header. */
  const cookieFrom = (response: Response, name: string) => response.headers.getSetCookie().find((c) => c.startsWith(`${name}=`))?.split(';')[0] ?? '';
  const signInWith = (body: unknown, address: string, cookie: string) =>
    server.request('/api/auth/sign-in', { method: 'POST', json: body, cookie, headers: { 'x-forwarded-for': address } });

  it('never locks the owner out of a device or address they signed in from: guessing from many addresses locks only new ones, which an emailed link unlocks', async () => {
    const { email } = await server.signedInUser();
    const password = 'correct horse battery';
    // The owner's laptop signed in once, and keeps a device cookie (httpOnly, for the auth routes only).
    const first = await signIn({ email, password }, '192.0.2.10');
    expect(first.status).toBe(200);
    const setCookie = first.headers.getSetCookie().find((c) => c.startsWith('cinegrade.device=')) ?? '';
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/Path=\/api\/auth/);
    const laptop = cookieFrom(first, 'cinegrade.device');

    // Five wrong passwords from each of eleven addresses: past the account's limit of 50.
    for (let address = 0; address < 11; address++) {
      for (let i = 0; i < 5; i++) await signIn({ email, password: `guess-${address}-${i}` }, `198.51.100.${100 + address}`);
    }
    // A new device is held back, with a message that says what to do.
    const stranger = await signIn({ email, password }, '192.0.2.77');
    expect(stranger.status).toBe(429);
    expect(await stranger.json()).toMatchObject({ code: 'account_locked', message: MESSAGES.accountLocked });
    // The address the owner signed in from before is known too: no cookie needed there.
    expect((await signIn({ email, password }, '192.0.2.10')).status).toBe(200);
    // The laptop signs in, from any address; a forged or another account's cookie does not help.
    expect((await signInWith({ email, password }, '192.0.2.200', laptop)).status).toBe(200);
    const tampered = laptop.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await signInWith({ email, password }, '192.0.2.201', tampered)).status).toBe(429);
    const other = await server.signedInUser();
    const otherDevice = cookieFrom(await signIn({ email: other.email, password }, '192.0.2.202'), 'cinegrade.device');
    expect((await signInWith({ email, password }, '192.0.2.203', otherDevice)).status).toBe(429);

    // The known device is still limited on its own: five attempts a minute (its sign-in above was
    // the first), then it waits.
    const laptopGuesses: number[] = [];
    for (let i = 0; i < 5; i++) laptopGuesses.push((await signInWith({ email, password: `typo-${i}` }, '192.0.2.200', laptop)).status);
    expect(laptopGuesses).toEqual([401, 401, 401, 401, 429]);

    // The owner on a new phone asks for an unlock link; the answer is the same for an unknown email.
    const ask = (who: string) => server.request('/api/auth/unlock-link', { method: 'POST', json: { email: who }, headers: { 'x-forwarded-for': '192.0.2.78' } });
    const asked = await ask(email);
    expect(asked.status).toBe(200);
    expect(await asked.json()).toEqual({ message: MESSAGES.unlockLinkSent });
    expect(await (await ask(`nobody-${Date.now()}@example.com`)).json()).toEqual({ message: MESSAGES.unlockLinkSent });
    const mail = await waitFor('the unlock email', () => Promise.resolve([...server.mailbox.sent].reverse().find((m) => m.to === email && /\/api\/auth\/unlock\?token=/.test(m.text))));
    const link = new URL(mail.text.match(/https?:\/\/\S+\/api\/auth\/unlock\?token=\S+/)?.[0] ?? '');
    // A forged link unlocks nothing.
    const forged = await server.request(`/api/auth/unlock?token=${link.searchParams.get('token')?.slice(0, -2) ?? ''}xx`);
    expect(forged.headers.get('location')).toBe('/auth?unlocked=0');
    expect(forged.headers.getSetCookie().some((c) => c.startsWith('cinegrade.device='))).toBe(false);
    const opened = await server.request(`${link.pathname}${link.search}`);
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toBe('/auth?unlocked=1');
    const phone = cookieFrom(opened, 'cinegrade.device');
    expect(phone).not.toBe('');
    // The link alone signs nobody in: the phone still needs the password, and now gets in.
    expect((await signInWith({ email, password: 'not it' }, '192.0.2.79', phone)).status).toBe(401);
    expect((await signInWith({ email, password }, '192.0.2.79', phone)).status).toBe(200);
  });

  it('holds verification resends to the same rules: one address cannot use them up for another', async () => {
    const email = `resend-${Date.now()}@example.com`;
    const resend = (address: string) =>
      server.request('/api/auth/resend-verification', { method: 'POST', json: { email }, headers: { 'x-forwarded-for': address } });
    const fromA: number[] = [];
    for (let i = 0; i < 6; i++) fromA.push((await resend('203.0.113.9')).status);
    expect(fromA.slice(0, 3).every((status) => status < 400)).toBe(true);
    expect(fromA.slice(3)).toEqual([429, 429, 429]);
    expect((await resend('192.0.2.45')).status).toBeLessThan(400);
  });

  it('answers 429 after ten sign-ups from one address in an hour', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const response = await server.request('/api/auth/sign-up', {
        method: 'POST',
        json: { fullName: 'Bulk', email: `bulk-${i}@example.com`, password: 'a long enough password' },
        headers: { 'x-forwarded-for': '198.51.100.20' },
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses[10]).toBe(429);
  });
});
