import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import type { Asset } from '@cinegrade/contract';
import { Upload } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadOptions } from '../../web/src/workspace/upload-client';
import { createApp } from '../src/app';
import { fixtures } from './support/fixtures';
import { startTestServer, type DatabaseKind, type TestServer } from './support/test-server';

/**
 * A proxy in front of the server that forwards everything but loses the answer to the PATCH that
 * completes an upload (the connection drops after the server did the work), as a flaky network
 * does; it counts the upload bytes that pass through.
 */
async function lossyProxy(upstream: string): Promise<{ url: string; patchBytes: () => number; dropped: () => number; close(): Promise<void> }> {
  let patchBytes = 0;
  let dropped = 0;
  const server = http.createServer((request, response) => {
    const target = new URL(request.url ?? '/', upstream);
    const forward = http.request(target, { method: request.method, headers: request.headers }, (answer) => {
      const offset = answer.headers['upload-offset'];
      const completing = request.method === 'PATCH' && offset !== undefined && answer.statusCode === 200 && dropped === 0;
      if (completing) {
        dropped++;
        answer.resume();
        request.socket.destroy();
        return;
      }
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    request.on('data', (chunk: Buffer) => {
      if (request.method === 'PATCH') patchBytes += chunk.length;
    });
    request.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    patchBytes: () => patchBytes,
    dropped: () => dropped,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe.each<DatabaseKind>(['embedded', 'postgres'])('a lost final upload answer on the %s database', (kind) => {
  let server: TestServer;
  let listening: ServerType;
  let origin: string;
  beforeAll(async () => {
    server = await startTestServer(kind);
    listening = serve({ fetch: createApp(server.services).fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => listening.once('listening', () => resolve()));
    origin = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => listening?.close(() => resolve()));
    await server?.close();
  });

  it('makes one asset and sends the bytes once when the web client retries', async () => {
    const alice = await server.signedInUser();
    const proxy = await lossyProxy(origin);
    try {
      const bytes = fs.readFileSync(fixtures.h264Mp4);
      const uploaded = await new Promise<Asset>((resolve, reject) => {
        const upload = new Upload(
          bytes,
          uploadOptions(
            { filename: 'clip.mp4', filetype: 'video/mp4' },
            { onProgress: () => undefined, onSuccess: resolve, onError: (message) => reject(new Error(message)) },
            {
              endpoint: `${proxy.url}/api/uploads`,
              headers: { cookie: alice.cookie },
              getAsset: async (id) => {
                const response = await server.request(`/api/assets/${id}`, { cookie: alice.cookie });
                return (await response.json()) as Asset;
              },
            },
          ),
        );
        upload.start();
      });
      expect(proxy.dropped()).toBe(1);
      expect(proxy.patchBytes()).toBe(bytes.length);
      const list = (await (await server.request('/api/assets', { cookie: alice.cookie })).json()) as { assets: Asset[] };
      expect(list.assets.map((a) => a.id)).toEqual([uploaded.id]);
      expect(uploaded.name).toBe('clip');
    } finally {
      await proxy.close();
    }
  });
});
