import type { Asset } from '@cinegrade/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtures } from './support/fixtures';
import { MAX_STREAMS_PER_SESSION } from '../src/events/events.routes';
import { DATABASE_KINDS, sessionCookie, startTestServer, type TestServer } from './support/test-server';
import { TusTestClient } from './support/tus-client';
import { WAIT, waitFor } from './support/wait';

describe('live updates across server processes on PostgreSQL', () => {
  let first: TestServer;
  let second: TestServer;
  beforeAll(async () => {
    first = await startTestServer('postgres');
    second = await first.sibling();
  });
  afterAll(async () => {
    await second.services.close();
    await first.close();
  });

  it("reaches a tab connected to another process", async () => {
    const { cookie } = await first.signedInUser();
    const response = await new TusTestClient(first, cookie).upload(fixtures.jpeg, 'shared.jpg');
    const { asset } = (await response.json()) as { asset: Asset };

    const stream = await second.request('/api/events', { cookie });
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
    let text = '';
    const readUntil = async (pattern: RegExp, timeoutMs: number) => {
      const deadline = Date.now() + timeoutMs;
      while (!pattern.test(text) && Date.now() < deadline) {
        const chunk = await Promise.race([reader.read(), new Promise<null>((resolve) => setTimeout(() => resolve(null), deadline - Date.now()))]);
        if (!chunk || chunk.done) break;
        text += new TextDecoder().decode(chunk.value);
      }
      return pattern.test(text);
    };
    expect(await readUntil(/event: ready/, WAIT.serverMs), 'waiting for the event stream to be ready').toBe(true);
    text = '';
    await first.request(`/api/assets/${asset.id}`, { method: 'PATCH', cookie, json: { name: 'seen elsewhere' } });
    expect(await readUntil(new RegExp(`assets-changed[\\s\\S]*${asset.id}`), WAIT.serverMs), 'waiting for the other process to pass the change on').toBe(true);
    await reader.cancel();
  });
});

describe.each(DATABASE_KINDS)('live streams and sessions on the %s database', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server.close();
  });

  /** Opens a stream and waits for its `ready` event; `ended` settles when the server closes it. */
  const openStream = async (cookie: string) => {
    const response = await server.request('/api/events', { cookie });
    expect(response.status).toBe(200);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    let text = '';
    while (!/event: ready/.test(text)) {
      const chunk = await reader.read();
      if (chunk.done) throw new Error('The stream ended before it was ready');
      text += new TextDecoder().decode(chunk.value);
    }
    let closed = false;
    const ended = (async () => {
      for (;;) if ((await reader.read()).done) break;
      closed = true;
    })();
    return { ended, isClosed: () => closed, cancel: () => reader.cancel() };
  };

  it("closes a session's live streams when it signs out, and not another session's", async () => {
    const { cookie, email } = await server.signedInUser();
    const other = await server.request('/api/auth/sign-in', { method: 'POST', json: { email, password: 'correct horse battery' } });
    const otherCookie = sessionCookie(other);
    const mine = await openStream(cookie);
    const theirs = await openStream(otherCookie);
    expect((await server.request('/api/auth/sign-out', { method: 'POST', cookie })).status).toBeLessThan(300);
    await waitFor('the signed-out stream to close', () => Promise.resolve(mine.isClosed() ? true : undefined), WAIT.serverMs);
    expect(theirs.isClosed()).toBe(false);
    await theirs.cancel();
  });

  it(`keeps at most ${MAX_STREAMS_PER_SESSION} streams per session, closing the oldest`, async () => {
    const { cookie } = await server.signedInUser();
    const streams: Awaited<ReturnType<typeof openStream>>[] = [];
    for (let i = 0; i < MAX_STREAMS_PER_SESSION; i++) streams.push(await openStream(cookie));
    const newest = await openStream(cookie);
    await waitFor('the oldest stream to close', () => Promise.resolve(streams[0]?.isClosed() ? true : undefined), WAIT.serverMs);
    expect(streams.slice(1).map((s) => s.isClosed())).toEqual(Array(MAX_STREAMS_PER_SESSION - 1).fill(false));
    for (const stream of [...streams.slice(1), newest]) await stream.cancel();
  });
});
