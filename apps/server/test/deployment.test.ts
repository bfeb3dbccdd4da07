/**
 * The container deployment, checked without a container runtime (none is installed where the
 * tests run): compose.yaml sets only settings the README's configuration table documents and
 * every setting running at scale needs; the Dockerfile starts the same npm scripts the tests run
 * (src/main.ts, src/worker-main.ts); its health check asks a route the server answers; and each
 * container's stop grace period outlasts the process's own shutdown bound.
 */
import fs from 'node:fs';
import path from 'node:path';
import { API } from '@cinegrade/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { startTestServer, type TestServer } from './support/test-server';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

/** Every variable named in the first column of the README's configuration table. */
function readmeVariables(readme: string): Set<string> {
  const section = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('## Running at scale'));
  const names = new Set<string>();
  for (const line of section.split('\n')) {
    const first = /^\| ([^|]+) \|/.exec(line)?.[1] ?? '';
    for (const match of first.matchAll(/`([A-Z0-9_]+)`/g)) names.add(match[1] ?? '');
  }
  return names;
}

/** Variables the README's "Running at scale" steps tell every process to set. */
function scaleVariables(readme: string, documented: Set<string>): string[] {
  const section = readme.slice(readme.indexOf('## Running at scale'), readme.indexOf('## Administration'));
  return [...new Set([...section.matchAll(/`([A-Z0-9_]+)(?:=[^`]*)?`/g)].map((m) => m[1] ?? ''))].filter((name) => documented.has(name));
}

interface ComposeService {
  image?: string;
  build?: unknown;
  command?: string[];
  environment?: Record<string, string>;
  deploy?: { replicas?: number };
  stop_grace_period?: string;
  healthcheck?: { disable?: boolean };
}

/** `npm run <script> -w <workspace>` → the workspace's script text, or a reason it is not one. */
function npmScript(command: string[]): string {
  expect(command.slice(0, 2)).toEqual(['npm', 'run']);
  const [, , script, flag, workspace] = command;
  expect(flag).toBe('-w');
  const folder = { '@cinegrade/server': 'apps/server', '@cinegrade/web': 'apps/web' }[workspace ?? ''];
  expect(folder, `workspace ${workspace}`).toBeDefined();
  const scripts = (JSON.parse(read(`${folder}/package.json`)) as { scripts: Record<string, string> }).scripts;
  expect(scripts[script ?? ''], `npm script ${script} of ${workspace}`).toBeDefined();
  return scripts[script ?? ''] ?? '';
}

const seconds = (duration: string | undefined) => Number(/^(\d+)s$/.exec(duration ?? '')?.[1] ?? NaN);
/** A process exits at most this long after its drain bound (CLOSE_MS in src/platform/shutdown.ts). */
const CLOSE_SECONDS = 10;

describe('the container deployment', () => {
  const readme = read('README.md');
  const documented = readmeVariables(readme);
  const compose = parse(read('compose.yaml'), { merge: true }) as { services: Record<string, ComposeService> };
  const dockerfile = read('Dockerfile');
  const web = compose.services.web ?? {};
  const worker = compose.services.worker ?? {};

  it('sets in compose.yaml only settings the README documents', () => {
    expect(documented.size).toBeGreaterThan(20);
    for (const [name, service] of [['web', web], ['worker', worker]] as const) {
      const undocumented = Object.keys(service.environment ?? {}).filter((variable) => !documented.has(variable));
      expect(undocumented, `${name} sets variables missing from the README's table`).toEqual([]);
    }
  });

  it('sets every setting the README says running at scale needs, on the web and the worker', () => {
    const needed = scaleVariables(readme, documented);
    expect(needed).toEqual(expect.arrayContaining(['DATABASE_URL', 'PUBLIC_URL', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'RUN_WORKER']));
    for (const variable of needed) {
      expect(web.environment, `web sets ${variable}`).toHaveProperty(variable);
      // A worker runs jobs whatever RUN_WORKER says; web processes leave them to it.
      if (variable !== 'RUN_WORKER') expect(worker.environment, `worker sets ${variable}`).toHaveProperty(variable);
    }
    expect(web.environment?.RUN_WORKER).toBe('false');
    expect(web.environment?.DATABASE_URL).toMatch(/^postgres:\/\/[^@]+@postgres:5432\//);
    expect(web.environment?.S3_ENDPOINT).toBe('http://minio:9000');
  });

  it('has PostgreSQL, an S3-compatible store, volumes, and workers that scale', () => {
    expect(compose.services.postgres?.image).toMatch(/^postgres:/);
    expect(compose.services.minio?.image).toMatch(/^minio\/minio/);
    expect(worker.deploy?.replicas).toBeGreaterThanOrEqual(1);
    expect(worker.image).toBe(web.image);
    expect(web.build).toBeDefined();
    expect(worker.healthcheck?.disable).toBe(true);
  });

  it('starts the npm scripts the tests run, web by default and the worker by command', () => {
    const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(dockerfile)?.[1] ?? '[]') as string[];
    expect(npmScript(cmd)).toMatch(/src\/main\.ts$/);
    expect(npmScript(worker.command ?? [])).toMatch(/src\/worker-main\.ts$/);
    expect(dockerfile).toMatch(/^ENTRYPOINT \["tini", "--"\]$/m);
    // The web app the image serves is built with the web workspace's own build script.
    const build = /^RUN (npm run build -w @cinegrade\/web)$/m.exec(dockerfile)?.[1] ?? '';
    expect(npmScript(build.split(' '))).toBe('vite build');
    expect(dockerfile).toMatch(/WEB_DIST_DIR=\/app\/apps\/web\/dist/);
  });

  it('builds on Debian with its ffmpeg and runs as a non-root user', () => {
    const stages = [...dockerfile.matchAll(/^FROM (\S+)/gm)].map((m) => m[1]);
    expect(stages.at(-1)).toMatch(/^node:20-bookworm/);
    expect(dockerfile).toMatch(/apt-get install -y --no-install-recommends ffmpeg/);
    expect(/^USER (\S+)$/m.exec(dockerfile)?.[1]).toBe('node');
    const finalStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    const env = [...finalStage.matchAll(/^ENV ((?:.*\\\n)*.*)$/gm)].map((m) => m[1] ?? '').join(' ');
    const names = [...env.matchAll(/([A-Z_]+)=/g)].map((m) => m[1] ?? '').filter((name) => name !== 'NODE_ENV');
    expect(names.length).toBeGreaterThan(2);
    expect(names.filter((name) => !documented.has(name))).toEqual([]);
  });

  it('gives each container longer to stop than the process takes', () => {
    const shutdown = Number(web.environment?.SHUTDOWN_TIMEOUT_SECONDS);
    const grace = Number(worker.environment?.JOB_GRACE_SECONDS);
    expect(seconds(web.stop_grace_period)).toBeGreaterThan(shutdown + CLOSE_SECONDS);
    expect(seconds(worker.stop_grace_period)).toBeGreaterThan(grace + CLOSE_SECONDS);
  });

  describe('its health check', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer('embedded');
    });
    afterAll(() => server.close());

    it('asks a public route the server answers', async () => {
      const healthcheck = /^HEALTHCHECK .*\n?.*CMD \[(.*)\]$/m.exec(dockerfile)?.[1] ?? '';
      const checked = /(\/api\/[a-z/-]+)/.exec(healthcheck)?.[1];
      expect(checked).toBe(API.health.path);
      expect(API.health).toMatchObject({ method: 'get', auth: 'none' });
      const response = await server.request(checked ?? '');
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ ok: true });
    });
  });
});
