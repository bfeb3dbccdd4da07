import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import type { AppEnv } from './app-env';
import { serveWebApp } from './static-web.adapter';

describe('serveWebApp', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'cinegrade-dist-'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Cinegrade</title>');
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
  fs.writeFileSync(path.join(os.tmpdir(), 'outside-dist.txt'), 'secret');
  const app = new Hono<AppEnv>();
  serveWebApp(app, dist);
  afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

  it('serves built files, and the app page for client routes', async () => {
    const script = await app.request('/assets/app.js');
    expect(script.headers.get('content-type')).toContain('text/javascript');
    expect(script.headers.get('cache-control')).toContain('immutable');
    expect(await (await app.request('/film-color-analysis')).text()).toContain('<title>Cinegrade</title>');
  });

  it('never serves a file outside the dist folder', async () => {
    expect(await (await app.request('/..%2Foutside-dist.txt')).text()).not.toContain('secret');
  });

  it('answers a broken %-escape with 400 instead of failing', async () => {
    const response = await app.request('/%E0%A4%A');
    expect(response.status).toBe(400);
  });
});
