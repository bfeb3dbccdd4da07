/**
 * Draining the job queue on shutdown (JobQueue.drain), on a real PostgreSQL: a job that finishes
 * within the grace period completes where it ran; one that does not is stopped (its signal
 * aborts) and handed back, ready at once with no retry used up, and another worker's queue runs
 * it straight away.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobQueue } from '../src/jobs/job-queue';
import type { JobContext, JobDefinition } from '../src/jobs/job-types';
import { createLogger } from '../src/platform/logger';
import { freshDatabase, startTestServer, type TestServer } from './support/test-server';
import { waitFor, within, WAIT } from './support/wait';

const logger = createLogger('error');

/** `storage.delete` jobs whose handler is the test's, one at a time. */
function definition(handler: (context: JobContext) => Promise<void>): JobDefinition<'storage.delete'> {
  return {
    name: 'storage.delete',
    retryLimit: 2,
    retryDelaySeconds: 600,
    expireInSeconds: 3600,
    concurrency: 1,
    handler: async (_data, context) => {
      await handler(context);
      return { status: 'success' };
    },
  };
}

describe('draining the job queue', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let server: TestServer;
  const queues: JobQueue[] = [];
  beforeAll(async () => {
    database = await freshDatabase('postgres');
    server = await startTestServer('postgres', { RUN_WORKER: 'false' }, database, { runWorker: false });
  });
  afterAll(async () => {
    for (const queue of queues) await queue.stop();
    await server.close();
    await database.drop();
  });

  async function worker(handler: (context: JobContext) => Promise<void>): Promise<JobQueue> {
    const queue = new JobQueue(server.services.database, logger);
    queues.push(queue);
    await queue.start();
    await queue.define(definition(handler), true);
    return queue;
  }
  const jobRow = async (id: string) =>
    (await server.services.database.pool.query<{ state: string; retry_count: number; ready: boolean }>('select state, retry_count, start_after <= now() as ready from pgboss.job where id = $1', [id])).rows[0];

  it('lets a job that finishes within the grace period complete', async () => {
    let release: () => void = () => undefined;
    let running = false;
    const first = await worker(() => {
      running = true;
      return new Promise<void>((resolve) => (release = resolve));
    });
    const id = (await server.services.jobs.send('storage.delete', { reason: 'finishes in time' })) ?? '';
    await waitFor('the job to start', () => Promise.resolve(running || undefined));
    const drained = first.drain(WAIT.serverMs);
    release();
    expect(await within('the drain', drained)).toBe(0);
    await waitFor('the job to be completed', async () => ((await jobRow(id))?.state === 'completed' ? true : undefined));
    expect((await jobRow(id))?.retry_count).toBe(0);
  });

  it('hands back a job that outlasts the grace period, and another worker runs it at once', async () => {
    let started = 0;
    let aborted = false;
    const stopping = await worker(
      (context) =>
        new Promise<void>((_resolve, reject) => {
          started++;
          context.signal.addEventListener('abort', () => {
            aborted = true;
            reject(new Error('stopped'));
          });
        }),
    );
    const id = (await server.services.jobs.send('storage.delete', { reason: 'outlasts the grace period' })) ?? '';
    await waitFor('the job to start', () => Promise.resolve(started === 1 || undefined));
    expect(await within('the drain', stopping.drain(500))).toBe(1);
    expect(aborted).toBe(true);
    expect(await jobRow(id)).toEqual({ state: 'retry', retry_count: 0, ready: true });
    const handedBackAt = Date.now();
    let ranAgain = false;
    await worker(() => {
      ranAgain = true;
      return Promise.resolve();
    });
    await waitFor('the other worker to complete it', async () => ((await jobRow(id))?.state === 'completed' ? true : undefined));
    expect(ranAgain).toBe(true);
    // Its retry delay is ten minutes: a retry in the usual way would still be waiting.
    expect(Date.now() - handedBackAt).toBeLessThan(60_000);
    expect(started).toBe(1);
  });
});
