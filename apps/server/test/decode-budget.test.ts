import fs from 'node:fs';
import path from 'node:path';
import type { Asset } from '@cinegrade/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtures } from './support/fixtures';
import { startTestServer, type TestServer } from './support/test-server';
import { TusTestClient } from './support/tus-client';

describe('decoding bounded by memory', () => {
  let server: TestServer;
  let alice: { cookie: string; email: string };
  beforeAll(async () => {
    server = await startTestServer('embedded');
    alice = await server.signedInUser();
  });
  afterAll(async () => {
    await server.close();
  });

  it('refuses a small PNG declaring 16000×16000 by its header, keeps nothing, and still takes an ordinary PNG', async () => {
    const bomb = Buffer.from(fs.readFileSync(fixtures.png));
    bomb.writeUInt32BE(16000, 16);
    bomb.writeUInt32BE(16000, 20);
    const file = path.join(server.config.dataDir, 'declared-huge.png');
    fs.writeFileSync(file, bomb);
    const tus = new TusTestClient(server, alice.cookie);
    const refused = await tus.upload(file, 'declared-huge.png');
    expect(refused.status).toBe(413);
    expect(((await refused.json()) as { message: string }).message).toMatch(/^The picture is 16000×16000: decoding it would take about \d+ MB of memory, more than the 256 MB/);
    const list = (await (await server.request('/api/assets', { cookie: alice.cookie })).json()) as { assets: Asset[] };
    expect(list.assets).toEqual([]);
    expect((await tus.upload(fixtures.png, 'ordinary.png')).status).toBe(200);
  });
});
