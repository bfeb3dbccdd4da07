import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { LiveEvent } from '@cinegrade/contract';
import type { Logger } from '../platform/logger';

/**
 * Tells every open tab of a user that something of theirs changed. Embedded: an in-process
 * emitter (one process holds the data folder). PostgreSQL: LISTEN/NOTIFY, so a change made by a
 * worker or another web process reaches tabs connected to any process.
 */
export interface EventBus {
  publish(userId: string, event: LiveEvent): Promise<void>;
  subscribe(userId: string, listener: (event: LiveEvent) => void): () => void;
  close(): Promise<void>;
}

const CHANNEL = 'cinegrade_events';

export function createMemoryEventBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish: (userId, event) => {
      emitter.emit(userId, event);
      return Promise.resolve();
    },
    subscribe: (userId, listener) => {
      emitter.on(userId, listener);
      return () => emitter.off(userId, listener);
    },
    close: () => Promise.resolve(),
  };
}

export async function createPostgresEventBus(databaseUrl: string, pool: pg.Pool, logger: Logger): Promise<EventBus> {
  const local = createMemoryEventBus();
  let client: pg.Client | null = null;
  let closed = false;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: databaseUrl });
    next.on('notification', (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      try {
        const { userId, event } = JSON.parse(message.payload) as { userId: string; event: LiveEvent };
        void local.publish(userId, event);
      } catch (error) {
        logger.warn('Ignoring a malformed live event', { error });
      }
    });
    next.on('error', (error) => {
      logger.warn('Live event connection lost; reconnecting', { error: error.message });
      client = null;
      next.end().catch(() => undefined);
      if (!closed) setTimeout(() => void connect().catch((e: unknown) => logger.error('Live events could not reconnect', { error: e })), 1000);
    });
    await next.connect();
    await next.query(`listen ${CHANNEL}`);
    client = next;
  };
  await connect();

  return {
    publish: async (userId, event) => {
      await pool.query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify({ userId, event })]);
    },
    subscribe: (userId, listener) => local.subscribe(userId, listener),
    close: async () => {
      closed = true;
      await client?.end().catch(() => undefined);
    },
  };
}
