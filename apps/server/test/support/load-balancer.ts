import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small HTTP load balancer for tests, on 127.0.0.1: round robin over its backends, a new
 * connection per request, and, like nginx's `proxy_next_upstream error`, a request whose backend
 * refuses the connection goes to the next one (its body, kept as it streams in, is sent again),
 * as does a GET or HEAD whose connection fails before any answer (a process that stopped
 * listening resets connections it had not yet taken). A failure after that is the client's (502).
 */
export interface LoadBalancer {
  readonly url: string;
  setBackends(urls: string[]): void;
  /** Requests being forwarded now: method, path and the backend that has them. */
  inFlight(): { method: string; path: string; backend: string }[];
  /** Requests sent again to another backend after a refused (or, for reads, reset) connection. */
  readonly retried: number;
  stop(): Promise<void>;
}

/** How long a request keeps trying backends that refuse it (all of them may be restarting). */
const RETRY_FOR_MS = 60_000;

export async function startLoadBalancer(): Promise<LoadBalancer> {
  let backends: string[] = [];
  let next = 0;
  let retried = 0;
  const inFlight = new Set<{ method: string; path: string; backend: string }>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    let ended = false;
    let upstream: http.ClientRequest | null = null;
    req.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      upstream?.write(chunk);
    });
    req.on('end', () => {
      ended = true;
      upstream?.end();
    });
    const deadline = Date.now() + RETRY_FOR_MS;
    const attempt = () => {
      if (backends.length === 0) {
        res.writeHead(503).end('no backend');
        return;
      }
      const backend = backends[next++ % backends.length] ?? '';
      const target = new URL(req.url ?? '/', backend);
      const entry = { method: req.method ?? 'GET', path: target.pathname, backend };
      let connected = false;
      const outgoing = http.request(target, { method: req.method, headers: { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress ?? '' }, agent: false }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        answer.on('end', () => inFlight.delete(entry));
        answer.on('error', () => res.destroy());
      });
      outgoing.on('socket', (socket) => socket.once('connect', () => (connected = true)));
      outgoing.on('error', (error: NodeJS.ErrnoException) => {
        inFlight.delete(entry);
        const idempotent = req.method === 'GET' || req.method === 'HEAD';
        const retriable = error.code === 'ECONNREFUSED' || (idempotent && (error.code === 'ECONNRESET' || error.code === 'EPIPE'));
        if ((!connected || idempotent) && !res.headersSent && retriable && Date.now() < deadline) {
          retried++;
          upstream = null;
          setTimeout(attempt, 50);
          return;
        }
        if (!res.headersSent) res.writeHead(502).end(`backend ${backend} failed: ${error.message}`);
        else res.destroy();
      });
      inFlight.add(entry);
      upstream = outgoing;
      for (const chunk of chunks) outgoing.write(chunk);
      if (ended) outgoing.end();
    };
    attempt();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    setBackends: (urls) => {
      backends = [...urls];
    },
    inFlight: () => [...inFlight],
    get retried() {
      return retried;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
