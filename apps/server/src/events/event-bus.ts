import { EventEmitter } from 'node:events';
import type { LiveEvent } from '@cinegrade/contract';
import type { Notifications } from '../db/notifications';
import type { Logger } from '../platform/logger';

/**
 * Tells every open tab of a user that something of theirs changed. Events travel as
 * notifications (`db/notifications.ts`): in process for the embedded database, LISTEN/NOTIFY on
 * PostgreSQL, so a change made by a worker or another web process reaches tabs connected to any
 * process.
 */
export interface EventBus {
  publish(userId: string, event: LiveEvent): Promise<void>;
  subscribe(userId: string, listener: (event: LiveEvent) => void): () => void;
}

const CHANNEL = 'cinegrade_events';

export async function createEventBus(notifications: Notifications, logger: Logger): Promise<EventBus> {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  await notifications.listen(CHANNEL, (payload) => {
    try {
      const { userId, event } = JSON.parse(payload) as { userId: string; event: LiveEvent };
      local.emit(userId, event);
    } catch (error) {
      logger.warn('Ignoring a malformed live event', { error });
    }
  });
  return {
    publish: (userId, event) => notifications.notify(CHANNEL, JSON.stringify({ userId, event })),
    subscribe: (userId, listener) => {
      local.on(userId, listener);
      return () => local.off(userId, listener);
    },
  };
}
