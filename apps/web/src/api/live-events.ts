import { LiveEvent, type LiveEventType } from '@cinegrade/contract';

/**
 * The one live-update connection of the tab (Server-Sent Events on /api/events): opened when the first subscriber arrives, closed when the last leaves,
 * shared by everything that listens instead of one connection each. Its listener is the query
 * cache (`live-query-sync.ts`), which subscribes only while someone is signed in; the server
 * answers 401 otherwise.
 */
type AnyListener = (event: LiveEvent) => void;
export type LiveListener<T extends LiveEventType> = (event: Extract<LiveEvent, { type: T }>) => void;

const listeners = new Map<LiveEventType, Set<AnyListener>>();
const reconnectListeners = new Set<() => void>();
let source: EventSource | null = null;
let attached = new Set<LiveEventType>();

function dispatch(type: LiveEventType, message: MessageEvent<string>): void {
  let parsed: ReturnType<typeof LiveEvent.safeParse>;
  try {
    parsed = LiveEvent.safeParse(JSON.parse(message.data));
  } catch {
    return;
  }
  if (!parsed.success || parsed.data.type !== type) return;
  for (const listener of [...(listeners.get(type) ?? [])]) listener(parsed.data);
}

function attach(type: LiveEventType): void {
  if (!source || attached.has(type)) return;
  attached.add(type);
  source.addEventListener(type, (message) => dispatch(type, message as MessageEvent<string>));
}

function open(): void {
  if (source) return;
  source = new EventSource('/api/events');
  attached = new Set();
  for (const type of listeners.keys()) attach(type);
  // EventSource reconnects by itself after a dropped connection; what happened while it was away
  // was never sent, so subscribers hear about each reconnection and catch up.
  let connectedBefore = false;
  source.addEventListener('open', () => {
    if (connectedBefore) for (const listener of [...reconnectListeners]) listener();
    connectedBefore = true;
  });
}

function closeIfUnused(): void {
  const count = [...listeners.values()].reduce((n, set) => n + set.size, 0) + reconnectListeners.size;
  if (count === 0 && source) {
    source.close();
    source = null;
  }
}

/** Listens to one type of live event; answers the unsubscribe function. */
export function subscribeLiveEvents<T extends LiveEventType>(type: T, listener: LiveListener<T>): () => void {
  let set = listeners.get(type);
  if (!set) {
    set = new Set();
    listeners.set(type, set);
  }
  const wrapped = listener as AnyListener;
  set.add(wrapped);
  open();
  attach(type);
  return () => {
    set.delete(wrapped);
    closeIfUnused();
  };
}

/** Called after the connection comes back from a drop (not on the first connection). */
export function onLiveReconnect(listener: () => void): () => void {
  reconnectListeners.add(listener);
  open();
  return () => {
    reconnectListeners.delete(listener);
    closeIfUnused();
  };
}
