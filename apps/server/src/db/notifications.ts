import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { Logger } from '../platform/logger';

/**
 * Messages between the processes that share a database: PostgreSQL's LISTEN/NOTIFY on one
 * connection per process, or an in-process emitter for the embedded database (one process holds
 * its data folder). Payloads are strings of at most 8000 bytes (PostgreSQL's limit).
 */
export interface Notifications {
  /** Calls `handler` with every payload sent on `channel` from now on, by this or any process. */
  listen(channel: string, handler: (payload: string) => void): Promise<void>;
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

export function createMemoryNotifications(): Notifications {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    listen: (channel, handler) => {
      emitter.on(channel, handler);
      return Promise.resolve();
    },
    notify: (channel, payload) => {
      emitter.emit(channel, payload);
      return Promise.resolve();
    },
    close: () => {
      emitter.removeAllListeners();
      return Promise.resolve();
    },
  };
}

/** Channel names are identifiers in LISTEN; ours are fixed lowercase words. */
const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;

/**
 * LISTEN/NOTIFY through a dedicated connection that reconnects (and listens again) when lost;
 * notifications sent while it is down are missed, so listeners must not rely on every one.
 */
export async function createPostgresNotifications(databaseUrl: string, pool: pg.Pool, logger: Logger): Promise<Notifications> {
  const local = createMemoryNotifications();
  const channels = new Set<string>();
  let client: pg.Client | null = null;
  let closed = false;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: databaseUrl });
    next.on('notification', (message) => {
      if (message.payload !== undefined) void local.notify(message.channel, message.payload);
    });
    next.on('error', (error) => {
      logger.warn('Notification connection lost; reconnecting', { error: error.message });
      client = null;
      // The connection is already broken; ending it only frees it, and a new one is made below.
      next.end().catch(() => undefined);
      if (!closed) setTimeout(() => void connect().catch((e: unknown) => logger.error('Notifications could not reconnect', { error: e })), 1000);
    });
    await next.connect();
    for (const channel of channels) await next.query(`listen ${channel}`);
    client = next;
  };
  await connect();

  return {
    listen: async (channel, handler) => {
      if (!CHANNEL_NAME.test(channel)) throw new Error(`Not a channel name: ${channel}`);
      await local.listen(channel, handler);
      if (!channels.has(channel)) {
        channels.add(channel);
        await client?.query(`listen ${channel}`);
      }
    },
    notify: async (channel, payload) => {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    close: async () => {
      closed = true;
      await local.close();
      // Closing down: a connection that cannot end cleanly is dropped with the process.
      await client?.end().catch(() => undefined);
    },
  };
}
