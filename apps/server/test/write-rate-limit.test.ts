import fs from 'node:fs';
import { MESSAGES, WRITE_RATE_LIMITS, type UserSettings } from '@cinegrade/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtures } from './support/fixtures';
import { startTestServer, type TestServer } from './support/test-server';
import { TusTestClient } from './support/tus-client';

const [perMinute] = WRITE_RATE_LIMITS;

describe('the per-user limit on writes', () => {
  let server: TestServer;
  beforeAll(async () => {
    // The real limits: the other tests raise them, as many of their requests come from one place.
    server = await startTestServer('embedded', { RATE_LIMIT_MULTIPLIER: '1', TRUST_PROXY: 'true' }, undefined, { runWorker: false });
  });
  afterAll(async () => {
    await server?.close();
  });

  const saveSettings = (cookie: string, settings: Partial<UserSettings>) => server.request('/api/settings', { method: 'PUT', cookie, json: settings });
  const savedSettings = async (cookie: string) => (await (await server.request('/api/settings', { cookie })).json()) as UserSettings;

  it('answers a burst past the limit with 429 and Retry-After, keeps the refused change out, and leaves other users and uploads alone', async () => {
    const [script, person] = [await server.signedInUser(), await server.signedInUser()];
    for (let i = 0; i < perMinute.limit; i++) {
      const saved = await saveSettings(script.cookie, { weeklyTips: i % 2 === 0 });
      expect(saved.status, `write ${i + 1} of ${perMinute.limit}`).toBe(200);
    }
    const before = await savedSettings(script.cookie);
    const refused = await saveSettings(script.cookie, { weeklyTips: !before.weeklyTips });
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(perMinute.windowSeconds);
    const body = (await refused.json()) as { code: string; message: string; retryAfter: number };
    expect(body).toMatchObject({ code: 'rate_limited', message: MESSAGES.tooManyRequests, retryAfter });
    // The refused write changed nothing, and reads still answer.
    expect(await savedSettings(script.cookie)).toEqual(before);

    // Reads the web app polls with POST still answer.
    expect((await server.request('/api/functions/check-subscription', { method: 'POST', cookie: script.cookie })).status).toBe(200);

    // Another user is not held back by the first one's burst.
    expect((await saveSettings(person.cookie, { weeklyTips: true })).status).toBe(200);

    // A tus upload in more chunks than the limit goes through whole, even for the user who is held back.
    const bytes = fs.statSync(fixtures.h264Mp4).size;
    const chunkSize = Math.ceil(bytes / (perMinute.limit + 30));
    const uploaded = await new TusTestClient(server, script.cookie).upload(fixtures.h264Mp4, 'many chunks.mp4', chunkSize);
    expect(uploaded.status).toBe(200);
    const { asset } = (await uploaded.json()) as { asset: { size_bytes: number } };
    expect(asset.size_bytes).toBe(bytes);
  });

  it('holds signed-out writes to the limit per address, and not another address', async () => {
    // A write a signed-out browser can send: counted against its address, then refused for want of a session.
    const write = (address: string) => server.request('/api/settings', { method: 'PUT', headers: { 'x-forwarded-for': address }, json: { weeklyTips: true } });
    for (let i = 0; i < perMinute.limit; i++) expect((await write('203.0.113.7')).status, `write ${i + 1}`).toBe(401);
    const refused = await write('203.0.113.7');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await write('203.0.113.8')).status).toBe(401);
  });

  it('never refuses sign-out: a user whose write limit is spent still signs out, and the session ends', async () => {
    const user = await server.signedInUser();
    for (let i = 0; i < perMinute.limit; i++) expect((await saveSettings(user.cookie, { weeklyTips: i % 2 === 0 })).status, `write ${i + 1}`).toBe(200);
    expect((await saveSettings(user.cookie, { weeklyTips: true })).status).toBe(429);
    const signedOut = await server.request('/api/auth/sign-out', { method: 'POST', cookie: user.cookie });
    expect(signedOut.status).toBe(204);
    // The cookie no longer opens anything.
    expect((await server.request('/api/settings', { cookie: user.cookie })).status).toBe(401);
    // Signed out from an address whose write limit is spent, too.
    for (let i = 0; i <= perMinute.limit; i++) await server.request('/api/settings', { method: 'PUT', headers: { 'x-forwarded-for': '203.0.113.9' }, json: {} });
    expect((await server.request('/api/auth/sign-out', { method: 'POST', headers: { 'x-forwarded-for': '203.0.113.9' } })).status).toBe(204);
  });
});
