import type { Asset } from '@cinegrade/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtures } from './support/fixtures';
import { startTestServer, type TestServer } from './support/test-server';
import { TusTestClient } from './support/tus-client';
import { WAIT } from './support/wait';

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
