import { vi } from 'vitest';

/**
 * jsdom has no EventSource. This one stands in for the browser's in unit tests of what listens
 * to the live channel: the test plays the server, sending named events and (re)opening the
 * connection. The real one is exercised by the end-to-end tests against the real server.
 */
export class FakeEventSource extends EventTarget {
  static readonly instances: FakeEventSource[] = [];
  closed = false;

  constructor(readonly url: string) {
    super();
    FakeEventSource.instances.push(this);
  }

  /** The tab's connection now open, if any. */
  static current(): FakeEventSource | undefined {
    return FakeEventSource.instances.filter((source) => !source.closed).at(-1);
  }

  close(): void {
    this.closed = true;
  }

  /** The server sends an event of `type` with `data` as its JSON body. */
  send(type: string, data: unknown): void {
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data) }));
  }

  /** The connection opens (the first time) or comes back after a drop. */
  open(): void {
    this.dispatchEvent(new Event('open'));
  }
}

/** Puts the stand-in in place of EventSource (undo with vi.unstubAllGlobals). */
export function installFakeEventSource(): void {
  FakeEventSource.instances.length = 0;
  vi.stubGlobal('EventSource', FakeEventSource);
}
