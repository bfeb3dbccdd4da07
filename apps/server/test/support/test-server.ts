import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { createApp } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import type { Email, Mailer } from '../../src/mail/mailer';
import { createLogger } from '../../src/platform/logger';
import { createServices, type ServiceOverrides, type Services } from '../../src/services';

export type DatabaseKind = 'embedded' | 'postgres';
export const DATABASE_KINDS: DatabaseKind[] = ['embedded', 'postgres'];

/** A fresh, empty database of either kind: a temporary DATA_DIR, or a new database on the test server. */
export async function freshDatabase(kind: DatabaseKind): Promise<{ dataDir: string; databaseUrl: string | null; drop(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cinegrade-test-'));
  if (kind === 'embedded') {
    return { dataDir, databaseUrl: null, drop: () => Promise.resolve(fs.rmSync(dataDir, { recursive: true, force: true })) };
  }
  const adminUrl = inject('postgresUrl');
  const name = `test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    dataDir,
    databaseUrl: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Keeps sent emails so tests can follow verification links. */
export class Mailbox implements Mailer {
  readonly kind = 'log' as const;
  readonly sent: Email[] = [];
  send(email: Email): Promise<void> {
    this.sent.push(email);
    return Promise.resolve();
  }
  lastLinkTo(address: string): string {
    const email = [...this.sent].reverse().find((e) => e.to === address && /verify-email/.test(e.text));
    const link = email?.text.match(/https?:\/\/\S+verify-email\S+/)?.[0];
    if (!link) throw new Error(`No verification link was sent to ${address}`);
    return link;
  }
}

export interface TestServer {
  services: Services;
  /** The HTTP application the requests go to (its registered routes are checked against the contract). */
  app: ReturnType<typeof createApp>;
  mailbox: Mailbox;
  config: Config;
  request(path: string, init?: RequestInit & { json?: unknown; cookie?: string }): Promise<Response>;
  /** Another server process on the same database and data folder (PostgreSQL only); `env` adds or overrides settings. */
  sibling(env?: Record<string, string>): Promise<TestServer>;
  /** Signs up, verifies and signs in a user; answers the session cookie. */
  signedInUser(email?: string, fullName?: string): Promise<{ cookie: string; email: string }>;
  close(): Promise<void>;
}

/** `runWorker: false` makes a server that runs no jobs, so what it queues stays queued. */
export interface TestServerOptions {
  runWorker?: boolean;
  /** Where the Stripe SDK sends requests: a local stand-in for Stripe's API. */
  stripeApi?: ServiceOverrides['stripeApi'];
}

export async function startTestServer(
  kind: DatabaseKind,
  env: Record<string, string> = {},
  shared?: Awaited<ReturnType<typeof freshDatabase>>,
  options: TestServerOptions = {},
): Promise<TestServer> {
  const database = shared ? { ...shared, drop: () => Promise.resolve() } : await freshDatabase(kind);
  const config = loadConfig({
    DATA_DIR: database.dataDir,
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    PUBLIC_URL: 'http://localhost:3000',
    WEB_DIST_DIR: path.join(database.dataDir, 'no-web'),
    LOG_LEVEL: 'error',
    // In-process requests all come from one address; rate-limit tests set this back to 1.
    RATE_LIMIT_MULTIPLIER: '50',
    ...env,
  });
  const mailbox = new Mailbox();
  const services = await createServices(config, createLogger('error'), { mailer: mailbox, ...(options.runWorker === undefined ? {} : { runWorker: options.runWorker }), ...(options.stripeApi ? { stripeApi: options.stripeApi } : {}) });
  const app = createApp(services);

  const request: TestServer['request'] = (urlPath, init = {}) => {
    const headers = new Headers(init.headers);
    if (init.json !== undefined) headers.set('content-type', 'application/json');
    if (init.cookie) headers.set('cookie', init.cookie);
    return Promise.resolve(app.request(`http://localhost:3000${urlPath}`, { ...init, headers, body: init.json !== undefined ? JSON.stringify(init.json) : init.body }));
  };

  return {
    services,
    app,
    mailbox,
    config,
    request,
    sibling: (extra = {}) => {
      if (kind !== 'postgres') throw new Error('Only PostgreSQL can be shared by two server processes');
      return startTestServer(kind, { ...env, ...extra }, database);
    },
    signedInUser: async (email = `user-${crypto.randomBytes(4).toString('hex')}@example.com`, fullName = 'Test Colourist') => {
      const password = 'correct horse battery';
      const signUp = await request('/api/auth/sign-up', { method: 'POST', json: { fullName, email, password } });
      if (signUp.status !== 200) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
      const link = new URL(mailbox.lastLinkTo(email));
      const verify = await request(`${link.pathname}${link.search}`);
      if (verify.status !== 302) throw new Error(`verification failed: ${verify.status}`);
      const signIn = await request('/api/auth/sign-in', { method: 'POST', json: { email, password } });
      if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
      return { cookie: sessionCookie(signIn), email };
    },
    close: async () => {
      await services.close();
      await database.drop();
    },
  };
}

/** The `name=value` of the session cookie a response sets. */
export function sessionCookie(response: Response): string {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('cinegrade.session_token='));
  if (!cookie) throw new Error('The response set no session cookie');
  return cookie.split(';')[0] ?? '';
}
