import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { Requester } from './exports';
import { freePort } from './postgres-server';
import { waitFor, WAIT } from './wait';

const SERVER_ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * A real server or worker process (`src/main.ts`, `src/worker-main.ts`) run by Node with tsx, in
 * its own process group so that killing it takes its ffmpeg children too, as a machine or
 * container dying would.
 */
export interface ServerProcess extends Requester {
  readonly pid: number;
  readonly url: string;
  log(): string;
  /** SIGKILL to the whole process group: no clean-up, no goodbye. */
  kill(): void;
  /** SIGTERM and wait for the exit. */
  stop(): Promise<void>;
  /**
   * SIGTERM to the Node process alone, as a container runtime or process manager sends it (its
   * ffmpeg children get none); answers the exit code once it has exited.
   */
  terminate(): Promise<number | null>;
}

/** `cpu` pins the process (and the ffmpeg it starts) to that one core (`taskset -c`). */
export async function startServerProcess(entry: 'main' | 'worker', env: Record<string, string>, options: { cpu?: number } = {}): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const command = [process.execPath, '--import', 'tsx', `src/${entry === 'main' ? 'main' : 'worker-main'}.ts`];
  if (options.cpu !== undefined) command.unshift('taskset', '-c', String(options.cpu));
  const child: ChildProcess = spawn(command[0] ?? '', command.slice(1), {
    cwd: SERVER_ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url, LOG_LEVEL: 'info', RATE_LIMIT_MULTIPLIER: '50', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const pid = child.pid ?? 0;
  const ready = entry === 'main' ? /Cinegrade is running/ : /worker \d+ is running jobs/;
  const deadline = Date.now() + WAIT.serverMs;
  while (!ready.test(output)) {
    if (child.exitCode !== null) throw new Error(`${entry} exited with ${child.exitCode} before it was ready:\n${output}`);
    if (Date.now() > deadline) {
      process.kill(-pid, 'SIGKILL');
      throw new Error(`${entry} was not ready within ${WAIT.serverMs / 1000} s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const exitCode = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const exited = exitCode.then(() => undefined);
  return {
    pid,
    url,
    log: () => output,
    kill: () => {
      if (child.exitCode === null && child.signalCode === null) process.kill(-pid, 'SIGKILL');
    },
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      process.kill(-pid, 'SIGTERM');
      const timer = setTimeout(() => process.kill(-pid, 'SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
    terminate: () => {
      if (child.exitCode === null && child.signalCode === null) process.kill(pid, 'SIGTERM');
      return exitCode;
    },
    request: (urlPath, init = {}) => {
      const headers = new Headers(init.headers);
      if (init.json !== undefined) headers.set('content-type', 'application/json');
      if (init.cookie) headers.set('cookie', init.cookie);
      return fetch(`${url}${urlPath}`, { ...init, headers, body: init.json !== undefined ? JSON.stringify(init.json) : init.body, redirect: 'manual' });
    },
  };
}

/** Signs up a user over HTTP, follows the verification link the server logged, signs in; answers the session cookie. */
export async function signUpOverHttp(server: ServerProcess, email: string): Promise<string> {
  const password = 'correct horse battery';
  const signUp = await server.request('/api/auth/sign-up', { method: 'POST', json: { fullName: 'Test Colourist', email, password } });
  if (signUp.status !== 200) throw new Error(`sign-up answered ${signUp.status}: ${await signUp.text()}`);
  const logged = () => Promise.resolve(new RegExp(`Email to ${email.replace(/[.+]/g, '\\$&')}:[\\s\\S]*?Verification link: (\\S+)`).exec(server.log())?.[1]);
  const link = new URL(await waitFor(`the verification link for ${email} in the log`, logged));
  await server.request(link.pathname + link.search);
  const signIn = await server.request('/api/auth/sign-in', { method: 'POST', json: { email, password } });
  if (signIn.status !== 200) throw new Error(`sign-in answered ${signIn.status}: ${await signIn.text()}`);
  return (signIn.headers.getSetCookie().find((c) => c.startsWith('cinegrade.session_token=')) ?? '').split(';')[0] ?? '';
}
