import { API } from '@cinegrade/contract';
import type { Hono } from 'hono';
import type { AppEnv } from '../http/app-env';
import { registerRoute, type SessionLookup } from '../http/register-route';
import type { UserLutService } from './user-lut.service';

export function registerUserLutRoutes(app: Hono<AppEnv>, session: SessionLookup, luts: UserLutService): void {
  registerRoute(app, API.listUserLuts, session, async ({ user }) => ({ luts: await luts.list(user.user.id) }));
  // The plan's count is checked before a byte of the file is read or parsed.
  registerRoute(app, API.importUserLut, session, ({ user, body }) => luts.import(user.user.id, body), {
    before: async ({ user }) => {
      if (user) await luts.checkRoom(user.user.id);
    },
  });
  registerRoute(app, API.userLutTable, session, async ({ c, user, params }) => {
    const { size, bytes } = await luts.table(user.user.id, params.id);
    return c.body(new Uint8Array(bytes), 200, {
      'Content-Type': 'application/octet-stream',
      'X-Lut-Size': String(size),
      'Cache-Control': 'private, max-age=3600',
    });
  });
  registerRoute(app, API.deleteUserLut, session, async ({ user, params }) => {
    await luts.delete(user.user.id, params.id);
  });
}
