import { API, type LiveEvent } from '@cinegrade/contract';
import type { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { AppEnv } from '../http/app-env';
import { registerRoute, type SessionLookup } from '../http/register-route';
import type { EventBus } from './event-bus';

/** A comment line every 25 s keeps proxies from closing an idle stream. */
const HEARTBEAT_MS = 25_000;

export function registerEventRoutes(app: Hono<AppEnv>, session: SessionLookup, bus: EventBus): void {
  registerRoute(app, API.events, session, ({ c, user }) =>
    Promise.resolve(
      streamSSE(c, async (stream) => {
        const queue: LiveEvent[] = [];
        let wake: (() => void) | null = null;
        const unsubscribe = bus.subscribe(user.user.id, (event) => {
          queue.push(event);
          wake?.();
        });
        stream.onAbort(() => {
          unsubscribe();
          wake?.();
        });
        await stream.writeSSE({ event: 'ready', data: '{}' });
        while (!stream.aborted && !stream.closed) {
          const event = queue.shift();
          if (event) {
            await stream.writeSSE({ event: event.type, data: JSON.stringify(event) });
            continue;
          }
          await new Promise<void>((resolve) => {
            wake = resolve;
            setTimeout(resolve, HEARTBEAT_MS);
          });
          wake = null;
          if (queue.length === 0 && !stream.aborted) await stream.write(': keep-alive\n\n');
        }
        unsubscribe();
      }),
    ),
  );
}
