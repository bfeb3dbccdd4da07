import fs from 'node:fs';
import path from 'node:path';
import type { Hono } from 'hono';
import type { AppEnv } from './app-env';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

/**
 * Serves the built web app: files from its dist folder, and index.html for every other path
 * outside /api so the client router can show the screen (or its 404 page).
 */
export function serveWebApp(app: Hono<AppEnv>, distDir: string): void {
  const root = path.resolve(distDir);
  app.get('*', async (c, next) => {
    if (c.req.path.startsWith('/api/')) return next();
    const indexPath = path.join(root, 'index.html');
    let decoded: string;
    try {
      decoded = decodeURIComponent(c.req.path);
    } catch {
      return c.text('This address is not valid: it has a broken %-escape.', 400);
    }
    const requested = path.resolve(root, `.${decoded}`);
    const inside = requested.startsWith(root + path.sep);
    if (inside && fs.existsSync(requested) && fs.statSync(requested).isFile()) {
      const immutable = requested.startsWith(path.join(root, 'assets') + path.sep);
      c.header('Content-Type', TYPES[path.extname(requested)] ?? 'application/octet-stream');
      c.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      return c.body(await fs.promises.readFile(requested));
    }
    if (!fs.existsSync(indexPath)) {
      return c.text(
        `The web app has not been built (no ${indexPath}). Run "npm start", which builds it, or "npm run build -w @cinegrade/web".`,
        503,
      );
    }
    c.header('Cache-Control', 'no-cache');
    return c.html(await fs.promises.readFile(indexPath, 'utf8'));
  });
}
