import crypto from 'node:crypto';
import fs from 'node:fs';
import type { Asset } from '@cinegrade/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtures } from './support/fixtures';
import { startTestServer, type TestServer } from './support/test-server';
import { TusTestClient } from './support/tus-client';

const sha1 = (bytes: Uint8Array) => `sha1 ${crypto.createHash('sha1').update(bytes).digest('base64')}`;

/** The tus checksum extension: a chunk whose sha1 does not match is refused whole and can be sent again. */
describe('upload checksums', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('embedded', {}, undefined, { runWorker: false });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('advertises sha1, keeps a chunk only when its checksum matches, and refuses a corrupted one with 460, keeping nothing of it', async () => {
    const options = await server.request('/api/uploads', { method: 'OPTIONS', headers: { 'Tus-Resumable': '1.0.0' } });
    expect(options.headers.get('tus-extension')?.split(',')).toContain('checksum');
    expect(options.headers.get('tus-checksum-algorithm')).toBe('sha1');

    const user = await server.signedInUser();
    const tus = new TusTestClient(server, user.cookie);
    const bytes = fs.readFileSync(fixtures.jpeg);
    const created = await tus.create(bytes.length, 'checked.jpg');
    expect(created.status).toBe(201);
    const location = created.headers.get('location') ?? '';
    const half = Math.floor(bytes.length / 2);
    const first = bytes.subarray(0, half);
    const length = (chunk: Uint8Array) => ({ 'Content-Length': String(chunk.length) });

    // One byte flipped on the way: refused, and the offset does not move.
    const corrupted = Buffer.from(first);
    corrupted[10] = (corrupted[10] ?? 0) ^ 0xff;
    const refused = await tus.patch(location, 0, corrupted, { 'Upload-Checksum': sha1(first), ...length(corrupted) });
    expect(refused.status).toBe(460);
    expect(((await refused.json()) as { message: string }).message).toMatch(/did not arrive intact/);
    expect(await tus.offset(location)).toBe(0);

    // An algorithm the server does not check is refused as such.
    expect((await tus.patch(location, 0, first, { 'Upload-Checksum': `md5 ${crypto.createHash('md5').update(first).digest('base64')}`, ...length(first) })).status).toBe(400);
    expect(await tus.offset(location)).toBe(0);

    // Sent again intact, then the rest: the upload becomes the asset, byte for byte.
    const kept = await tus.patch(location, 0, first, { 'Upload-Checksum': sha1(first), ...length(first) });
    expect(kept.status).toBe(204);
    expect(await tus.offset(location)).toBe(half);
    const rest = bytes.subarray(half);
    const finished = await tus.patch(location, half, rest, { 'Upload-Checksum': sha1(rest), ...length(rest) });
    expect(finished.status, await finished.clone().text()).toBe(200);
    const { asset } = (await finished.json()) as { asset: Asset };
    expect(asset.size_bytes).toBe(bytes.length);

    // Someone else's checksummed chunk is refused by tus before its body is read.
    const other = await server.signedInUser();
    const stranger = await new TusTestClient(server, other.cookie).patch(location, 0, first, { 'Upload-Checksum': sha1(first), ...length(first) });
    expect(stranger.status).toBe(404);
  });
});
