/**
 * A rolling restart that loses nothing, on a real PostgreSQL and the S3 emulator: two web
 * processes behind a load balancer (test/support/load-balancer.ts) under steady traffic — a loop
 * of reads and a resumable upload sent in slow chunks. Each web process in turn is stopped with
 * SIGTERM while an upload chunk is in flight to it, and replaced. No read fails, the chunk in
 * flight at each SIGTERM completes, and the upload arrives with every byte. A chunk the balancer
 * could not deliver at all (the stopping process reset a connection it had not yet taken; nginx
 * does not resend a PATCH either) is resumed as any tus client does, at most twice.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { API, type Asset } from '@cinegrade/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtures } from './support/fixtures';
import { startLoadBalancer, type LoadBalancer } from './support/load-balancer';
import { startS3Server, type S3TestServer } from './support/s3-server';
import { signUpOverHttp, startServerProcess, type ServerProcess } from './support/server-process';
import { freshDatabase } from './support/test-server';
import { waitFor, within, WAIT } from './support/wait';

const CHUNK_BYTES = 512 * 1024;
/** Each chunk is sent in pieces, like a slow connection, so a chunk is in flight for a while. */
const PIECE_BYTES = 64 * 1024;
const PIECE_GAP_MS = 30;
/** The upload keeps this many chunks back until both restarts are done, so it spans them. */
const HELD_BACK_CHUNKS = 3;

describe('a rolling restart of two web processes behind a load balancer', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let s3: S3TestServer;
  let balancer: LoadBalancer;
  let env: Record<string, string>;
  const webs: ServerProcess[] = [];
  beforeAll(async () => {
    database = await freshDatabase('postgres');
    s3 = await startS3Server();
    balancer = await startLoadBalancer();
    env = { ...s3.env, DATABASE_URL: database.databaseUrl ?? '', DATA_DIR: database.dataDir, WEB_DIST_DIR: path.join(database.dataDir, 'no-web'), RUN_WORKER: 'false', PUBLIC_URL: balancer.url };
  });
  afterAll(async () => {
    for (const web of webs) await web.stop();
    await balancer.stop();
    await s3.stop();
    await database.drop();
  });

  const through = (urlPath: string, init: RequestInit & { cookie: string }) =>
    fetch(`${balancer.url}${urlPath}`, { ...init, headers: { ...(init.headers as Record<string, string>), cookie: init.cookie }, redirect: 'manual' });

  /** A chunk's bytes as a stream that arrives in pieces. */
  function slowBody(chunk: Buffer): ReadableStream<Uint8Array> {
    let offset = 0;
    return new ReadableStream({
      async pull(controller) {
        if (offset >= chunk.length) return controller.close();
        if (offset > 0) await new Promise((resolve) => setTimeout(resolve, PIECE_GAP_MS));
        controller.enqueue(new Uint8Array(chunk.subarray(offset, offset + PIECE_BYTES)));
        offset += PIECE_BYTES;
      },
    });
  }

  it('fails no request and the upload arrives whole', async () => {
    webs.push(await startServerProcess('main', env), await startServerProcess('main', env));
    balancer.setBackends(webs.map((web) => web.url));
    const cookie = await signUpOverHttp(webs[0] as ServerProcess, `rolling-${Date.now()}@example.com`);

    const failures: string[] = [];
    let reads = 0;
    let trafficOn = true;
    const traffic = (async () => {
      for (let i = 0; trafficOn; i++) {
        const urlPath = i % 2 === 0 ? API.listAssets.path : API.session.path;
        try {
          const response = await through(urlPath, { cookie });
          const text = await response.text();
          if (response.status !== 200) failures.push(`GET ${urlPath} answered ${response.status}: ${text.slice(0, 200)}`);
          reads++;
        } catch (error) {
          failures.push(`GET ${urlPath} failed: ${String(error)}`);
        }
      }
    })();

    const bytes = fs.readFileSync(fixtures.proresLongMov);
    const checksum = crypto.createHash('sha256').update(bytes).digest('hex');
    let restartsDone = false;
    let patches = 0;
    let uploadEnded = false;
    /** The offset of the chunk being sent, and each chunk's answer by offset (the first try's). */
    let sending = -1;
    const answers = new Map<number, number>();
    /** Chunks the balancer could not deliver (its backend reset the connection before reading it): resumed as a tus client does. */
    const resumed: string[] = [];
    const upload = (async () => {
      const metadata = `filename ${Buffer.from('rolling.mov').toString('base64')},filetype ${Buffer.from('video/quicktime').toString('base64')}`;
      const created = await through('/api/uploads', { method: 'POST', cookie, headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': String(bytes.length), 'Upload-Metadata': metadata } });
      if (created.status !== 201) throw new Error(`creating the upload answered ${created.status}: ${await created.text()}`);
      const location = created.headers.get('location') ?? '';
      let last: Response = created;
      for (let offset = 0; offset < bytes.length; ) {
        if (bytes.length - offset <= HELD_BACK_CHUNKS * CHUNK_BYTES) await waitFor('both restarts', () => Promise.resolve(restartsDone || undefined), WAIT.mediaMs);
        const chunk = bytes.subarray(offset, offset + CHUNK_BYTES);
        sending = offset;
        last = await through(location, {
          method: 'PATCH',
          cookie,
          headers: { 'Tus-Resumable': '1.0.0', 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream', 'Content-Length': String(chunk.length) },
          body: slowBody(chunk),
          duplex: 'half',
        } as RequestInit & { cookie: string });
        patches++;
        if (!answers.has(offset)) answers.set(offset, last.status);
        if (last.status === 502 && resumed.length < 2) {
          // Never delivered: ask the server where the upload stands and go on from there.
          resumed.push(`PATCH at ${offset}: ${await last.text()}`);
          const head = await through(location, { method: 'HEAD', cookie, headers: { 'Tus-Resumable': '1.0.0' } });
          if (head.status !== 200) failures.push(`HEAD after a lost chunk answered ${head.status}`);
          offset = Number(head.headers.get('upload-offset'));
          continue;
        }
        if (last.status !== 204 && last.status !== 200) {
          failures.push(`PATCH at ${offset} answered ${last.status}: ${await last.text()}`);
          return null;
        }
        offset += chunk.length;
      }
      return ((await last.json()) as { asset: Asset }).asset;
    })().finally(() => (uploadEnded = true));

    // Restart each web process in turn, each while an upload chunk is in flight to it.
    for (let i = 0; i < 2; i++) {
      const old = webs[i] as ServerProcess;
      await waitFor(
        `an upload chunk in flight to web process ${i + 1}`,
        () => {
          if (uploadEnded) throw new Error(`The upload stopped before restart ${i + 1}: ${failures.join('; ')}`);
          return Promise.resolve(balancer.inFlight().some((r) => r.method === 'PATCH' && r.backend === old.url) || undefined);
        },
        WAIT.serverMs,
        10,
      );
      const inFlightAtStop = sending;
      const exitCode = await within(`web process ${i + 1} to stop`, old.terminate(), WAIT.serverMs);
      expect(exitCode, old.log()).toBe(0);
      expect(old.log()).toMatch(/SIGTERM received: finishing requests in flight/);
      // The chunk in flight at SIGTERM was received whole and stored.
      expect(await waitFor('the chunk in flight to be answered', () => Promise.resolve(answers.get(inFlightAtStop)))).toBe(204);
      const replacement = await startServerProcess('main', env);
      webs[i] = replacement;
      balancer.setBackends(webs.map((web) => web.url));
    }
    restartsDone = true;

    const asset = await within('the upload to finish', upload, WAIT.mediaMs);
    trafficOn = false;
    await traffic;
    expect(failures).toEqual([]);
    expect(asset).not.toBeNull();
    console.log(`Rolling restart: ${reads} reads and ${patches} upload chunks through the load balancer, ${balancer.retried} sent again by the balancer, no read failed; chunks resumed: ${resumed.length ? resumed.join('; ') : 'none'}`);
    expect(reads).toBeGreaterThan(20);

    // Assets are rows of `projects`.
    const client = new pg.Client({ connectionString: database.databaseUrl ?? '' });
    await client.connect();
    const row = await client
      .query<{ media_file_path: string }>('select media_file_path from projects where id = $1', [asset?.id])
      .then((result) => result.rows[0])
      .finally(() => client.end());
    const stored = await s3.read(row?.media_file_path ?? '');
    expect(stored.length).toBe(bytes.length);
    expect(crypto.createHash('sha256').update(stored).digest('hex')).toBe(checksum);
  }, 900_000);
});
