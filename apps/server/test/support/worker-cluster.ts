import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startServerProcess, type ServerProcess } from './server-process';
import { freshDatabase } from './test-server';

/**
 * A web server process that runs no jobs (RUN_WORKER=false) on a fresh PostgreSQL database, and
 * the `npm run worker` processes a test starts beside it, sharing its database and data folder.
 */
export interface WorkerCluster {
  database: Awaited<ReturnType<typeof freshDatabase>>;
  web: ServerProcess;
  startWorker(): Promise<ServerProcess>;
  /** Stops every process and drops the database. */
  stop(): Promise<void>;
}

/** `extraEnv` adds settings for every process of the cluster. */
export async function startWorkerCluster(extraEnv: Record<string, string> = {}): Promise<WorkerCluster> {
  const database = await freshDatabase('postgres');
  const env = { DATABASE_URL: database.databaseUrl ?? '', DATA_DIR: database.dataDir, WEB_DIST_DIR: path.join(database.dataDir, 'no-web'), ...extraEnv };
  const web = await startServerProcess('main', { ...env, RUN_WORKER: 'false' });
  const workers: ServerProcess[] = [];
  return {
    database,
    web,
    startWorker: async () => {
      const worker = await startServerProcess('worker', env);
      workers.push(worker);
      return worker;
    },
    stop: async () => {
      for (const child of [...workers, web]) await child.stop();
      await database.drop();
    },
  };
}

/**
 * Starts a worker cluster before the tests of the enclosing `describe` and stops it after them;
 * the returned function gives the running cluster inside a test or a later hook.
 */
export function useWorkerCluster(extraEnv: Record<string, string> = {}): () => WorkerCluster {
  let cluster: WorkerCluster | undefined;
  beforeAll(async () => {
    cluster = await startWorkerCluster(extraEnv);
  });
  afterAll(async () => {
    await cluster?.stop();
  });
  return () => {
    if (!cluster) throw new Error('The worker cluster has not started: call useWorkerCluster inside a describe block.');
    return cluster;
  };
}
