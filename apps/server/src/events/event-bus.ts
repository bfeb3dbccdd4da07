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
  /** Tells every process that a session signed out, so its open streams close. */
  endSession(sessionId: string): Promise<void>;
  onSessionEnded(sessionId: string, listener: () => void): () => void;
}

const CHANNEL = 'cinegrade_events';
const SESSION_ENDED_CHANNEL = 'cinegrade_session_ended';

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
  const sessions = new EventEmitter();
  sessions.setMaxListeners(0);
  await notifications.listen(SESSION_ENDED_CHANNEL, (sessionId) => sessions.emit(sessionId));
  return {
    publish: (userId, event) => notifications.notify(CHANNEL, JSON.stringify({ userId, event })),
    endSession: (sessionId) => notifications.notify(SESSION_ENDED_CHANNEL, sessionId),
    onSessionEnded: (sessionId, listener) => {
      sessions.on(sessionId, listener);
      return () => sessions.off(sessionId, listener);
    },
    subscribe: (userId, listener) => {
      local.on(userId, listener);
      return () => local.off(userId, listener);
    },
  };
}
