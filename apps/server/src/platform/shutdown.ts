import type { Server } from 'node:http';

/**
 * A process's way out: once `drain()` is called the process is stopping. Requests in flight
 * finish, answers ask to close their connection, the health check says so (503) and open event
 * streams end, so load balancers and browsers move to another process.
 */
export class Lifecycle {
  private readonly controller = new AbortController();

  /** Aborted when the process starts to stop. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get draining(): boolean {
    return this.controller.signal.aborted;
  }

  drain(): void {
    this.controller.abort();
  }
}

/** How often connections that became idle during a drain are closed. */
const IDLE_SWEEP_MS = 250;

/**
 * Stops listening at once (new connections are refused, so a load balancer tries another
 * process), lets every request in flight finish — an upload chunk included — and closes each
 * connection as it becomes idle. Whatever is still open after `timeoutMs` is cut. Answers
 * whether everything finished in time.
 */
export function closeHttpServer(server: Server, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (drained: boolean) => {
      if (settled) return;
      settled = true;
      clearInterval(sweep);
      clearTimeout(deadline);
      resolve(drained);
    };
    server.close(() => finish(true));
    server.closeIdleConnections();
    const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
    const deadline = setTimeout(() => {
      server.closeAllConnections();
      finish(false);
    }, timeoutMs);
  });
}

/** Time allowed after the drain for closing the database and the queue. */
const CLOSE_MS = 10_000;

/**
 * Runs `stop` once on the first SIGTERM or SIGINT, then exits: 0 when it finished, 1 when it
 * failed or when it (or anything it waits for) overran `drainMs` plus time to close, so the
 * process always exits within a known bound. A second signal changes nothing.
 */
export function onStopSignal(logger: { info(message: string): void; error(message: string, details?: Record<string, unknown>): void }, drainMs: number, stop: (signal: string) => Promise<void>): void {
  let stopping = false;
  const handle = (signal: string) => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => {
      logger.error(`Still not stopped ${Math.round((drainMs + CLOSE_MS) / 1000)} s after ${signal}: exiting now`);
      process.exit(1);
    }, drainMs + CLOSE_MS).unref();
    stop(signal)
      .then(() => {
        logger.info('Stopped');
        process.exit(0);
      })
      .catch((error: unknown) => {
        logger.error('Error while stopping', { error });
        process.exit(1);
      });
  };
  process.on('SIGINT', () => handle('SIGINT'));
  process.on('SIGTERM', () => handle('SIGTERM'));
}
