import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A throwaway PostgreSQL server for the test run: initdb into a temporary folder, listen on
 * 127.0.0.1 on a free port (and a private socket folder), stop and delete afterwards.
 * initdb refuses to run as root, so as root it runs as the `postgres` user.
 */
export interface PostgresServer {
  url: string;
  port: number;
  stop(): void;
}

export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

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

function asPostgresUser(command: string[]): void {
  const isRoot = process.getuid?.() === 0;
  const quoted = command.map((part) => `'${part.replace(/'/g, `'\\''`)}'`).join(' ');
  const result = isRoot
    ? spawnSync('su', ['postgres', '-s', '/bin/sh', '-c', quoted], { encoding: 'utf8' })
    : spawnSync(command[0] ?? '', command.slice(1), { encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`${path.basename(command[0] ?? '')} failed (${result.status}): ${result.stderr || result.stdout}`);
  }
}

export async function startPostgres(): Promise<PostgresServer> {
  const initdb = path.join(PG_BIN, 'initdb');
  const pgCtl = path.join(PG_BIN, 'pg_ctl');
  if (!fs.existsSync(initdb) || !fs.existsSync(pgCtl)) {
    throw new Error(
      `PostgreSQL server binaries were not found in ${PG_BIN} (initdb, pg_ctl). The integration tests run against a real ` +
        'PostgreSQL as well as the embedded one: install PostgreSQL 15 (Debian: apt-get install -y postgresql-15) or set PG_BIN.',
    );
  }
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cinegrade-pg-'));
  const dataDir = path.join(root, 'data');
  fs.mkdirSync(dataDir);
  if (process.getuid?.() === 0) execFileSync('chown', ['-R', 'postgres', root]);
  fs.chmodSync(root, 0o755);
  const port = await freePort();
  asPostgresUser([initdb, '-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-sync']);
  const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  asPostgresUser([pgCtl, '-D', dataDir, '-o', options, '-l', path.join(root, 'server.log'), '-w', '-t', '60', 'start']);
  let stopped = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    stop: () => {
      if (stopped) return;
      stopped = true;
      try {
        asPostgresUser([pgCtl, '-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        fs.rmSync(root, { recursive: true, force: true });
      }
    },
  };
}
