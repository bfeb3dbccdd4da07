import { API, type LiveEvent } from '@cinegrade/contract';
import type { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { AppEnv } from '../http/app-env';
import { registerRoute, type SessionLookup } from '../http/register-route';
import type { EventBus } from './event-bus';

/** A comment line every 25 s keeps proxies from closing an idle stream. */
const HEARTBEAT_MS = 25_000;

/** Open streams one session may hold in a process (a few tabs); opening one more closes the oldest. */
export const MAX_STREAMS_PER_SESSION = 4;

/**
 * Live events for the signed-in user's tabs. A stream closes when its session signs out (in any
 * process), and a session keeps at most `MAX_STREAMS_PER_SESSION` open here: the oldest goes
 * first, as it is most likely a tab left behind (docs/engineering-rules.md, 'Abuse and limits').
 */
export function registerEventRoutes(app: Hono<AppEnv>, session: SessionLookup, bus: EventBus, stopping: AbortSignal): void {
  const open = new Map<string, (() => void)[]>();
  const track = (sessionId: string, close: () => void) => {
    const streams = open.get(sessionId) ?? [];
    streams.push(close);
    open.set(sessionId, streams);
    while (streams.length > MAX_STREAMS_PER_SESSION) streams.shift()?.();
    return () => {
      const index = streams.indexOf(close);
      if (index >= 0) streams.splice(index, 1);
      if (streams.length === 0 && open.get(sessionId) === streams) open.delete(sessionId);
    };
  };
  registerRoute(app, API.events, session, ({ c, user }) =>
    Promise.resolve(
      streamSSE(c, async (stream) => {
        const queue: LiveEvent[] = [];
        let wake: (() => void) | null = null;
        const unsubscribe = bus.subscribe(user.user.id, (event) => {
          queue.push(event);
          wake?.();
        });
        const close = () => stream.abort();
        const untrack = track(user.sessionId, close);
        const stopWatchingSession = bus.onSessionEnded(user.sessionId, close);
        // The process is stopping: the browser reconnects, to a process that stays.
        stopping.addEventListener('abort', close, { once: true });
        if (stopping.aborted) close();
        stream.onAbort(() => {
          stopping.removeEventListener('abort', close);
          unsubscribe();
          untrack();
          stopWatchingSession();
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
        untrack();
        stopWatchingSession();
      }),
    ),
  );
}
