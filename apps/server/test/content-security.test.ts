import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/test-server';

describe("the app page's Content-Security-Policy", () => {
  let server: TestServer;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'cinegrade-csp-dist-'));
  beforeAll(async () => {
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Cinegrade</title><script type="module" src="/assets/app.js"></script>');
    server = await startTestServer('embedded', { WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const directives = (header: string | null) =>
    new Map((header ?? '').split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/);
      return [name, values] as const;
    }));

  it('allows scripts from this origin only, never inline, and blob: media for local files', async () => {
    for (const url of ['/', '/editor/some-asset', '/api/health']) {
      const response = await server.request(url);
      const policy = directives(response.headers.get('content-security-policy'));
      expect(policy.get('script-src'), url).toEqual(["'self'"]);
      expect(policy.get('default-src'), url).toEqual(["'self'"]);
      expect(policy.get('media-src'), url).toContain('blob:');
      expect(policy.get('connect-src'), url).toEqual(["'self'"]);
      expect(policy.get('object-src'), url).toEqual(["'none'"]);
      expect(policy.get('frame-ancestors'), url).toEqual(["'none'"]);
    }
  });
});
