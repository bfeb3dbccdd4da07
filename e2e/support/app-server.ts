import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { WAIT } from './waits';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
const TSX = path.join(REPO_ROOT, 'node_modules/.bin/tsx');

/** What tests need of a running server: where it is and what it logged. */
export interface ServerHandle {
  url: string;
  log(): string;
}

export interface AppServer extends ServerHandle {
  url: string;
  port: number;
  dataDir: string;
  /** Everything the server has written to stdout and stderr so far. */
  log(): string;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * Starts the real server (`apps/server/src/main.ts`, serving the built web app) on 127.0.0.1 and
 * a free port, with its own empty data folder. It stops with the test, or when this process exits.
 */
export async function startAppServer(env: Record<string, string> = {}, options: { port?: number } = {}): Promise<AppServer> {
  const port = options.port ?? (await freePort());
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'cinegrade-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child: ChildProcess = spawn(TSX, ['apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      INIT_CWD: REPO_ROOT,
      RATE_LIMIT_MULTIPLIER: '50',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Also kept in a file, so test files in other workers can read the shared server's log.
  const logFile = path.join(dataDir, 'server.log');
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    fs.appendFileSync(logFile, chunk);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const deadline = Date.now() + WAIT.serverMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode} before it was ready:\n${output}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The server did not answer /api/health within ${WAIT.serverMs / 1000} s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  return {
    url,
    port,
    dataDir,
    log: () => output,
    stop: async () => {
      process.removeListener('exit', killOnExit);
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      // A server that does not stop in good time is killed (this is a limit, not a wait).
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** The newest verification link the server wrote to its log for this address. */
export async function verificationLink(server: ServerHandle, email: string, timeoutMs: number = WAIT.pageMs): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const blocks = server.log().split(/\n(?=\d{4}-\d\d-\d\dT)/);
    const mine = blocks.filter((block) => block.includes(`Email to ${email}:`) && block.includes('Verification link:'));
    const link = mine.at(-1)?.match(/Verification link: (\S+)/)?.[1];
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`Waited ${timeoutMs / 1000} s for a verification link for ${email} in the server log, in vain`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
