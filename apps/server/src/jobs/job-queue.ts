import crypto from 'node:crypto';
import PgBoss from 'pg-boss';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database';
import type { DatabaseSchema } from '../db/schema';
import type { Logger } from '../platform/logger';
import type { JobContext, JobDefinition, JobName, JobOutcome, JobPayloads } from './job-types';

/** A lease not renewed for this long belongs to a worker that died; its job is retried. */
const LEASE_STALE_SECONDS = 45;
const HEARTBEAT_MS = 10_000;
const REAPER_MS = 15_000;
/** After the grace period, how long jobs get to stop their work (kill ffmpeg, clean up) and be handed back. */
const HAND_BACK_MS = 10_000;

/**
 * The job queue (pg-boss) on the application's own database: jobs survive restarts, retry with
 * backoff, and run in the server process by default or in any number of `npm run worker`
 * processes. Each running job holds a lease with a heartbeat, so a job whose process was killed
 * is retried within a minute instead of waiting for its (long) expiry.
 */
export class JobQueue {
  private readonly boss: PgBoss;
  private readonly workerId = `${process.pid}-${crypto.randomBytes(4).toString('hex')}`;
  private readonly db: Kysely<DatabaseSchema>;
  private readonly abort = new AbortController();
  private readonly definitions = new Map<JobName, JobDefinition<JobName>>();
  private readonly workerIds = new Map<JobName, string[]>();
  private reaper: NodeJS.Timeout | null = null;
  private started = false;
  /** Runs of jobs in this process, each settled once its job is finished or handed back. */
  private readonly running = new Set<Promise<unknown>>();
  private draining = false;

  constructor(
    private readonly database: Database,
    private readonly logger: Logger,
  ) {
    this.db = database.db;
    this.boss = new PgBoss({
      db: { executeSql: (text: string, values?: unknown[]) => database.executeSql(text, values) },
      schema: 'pgboss',
      // Keep finished jobs for a week; export status is read from our own tables.
      deleteAfterDays: 7,
      maintenanceIntervalSeconds: 120,
    });
    this.boss.on('error', (error: Error) => this.logger.error('Job queue error', { error: error.message }));
  }

  async start(): Promise<void> {
    await this.boss.start();
    this.started = true;
  }

  /** Declares a kind of job (its queue and retry policy); runs its handler here when `work` is on. */
  async define<N extends JobName>(definition: JobDefinition<N>, work: boolean): Promise<void> {
    await this.boss.createQueue(definition.name, {
      name: definition.name,
      retryLimit: definition.retryLimit,
      retryDelay: definition.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: definition.expireInSeconds,
    });
    this.definitions.set(definition.name, definition as unknown as JobDefinition<JobName>);
    if (!work) return;
    const ids: string[] = [];
    for (let i = 0; i < definition.concurrency; i++) {
      ids.push(
        await this.boss.work<JobPayloads[N]>(definition.name, { batchSize: 1, pollingIntervalSeconds: 1, includeMetadata: true }, async ([job]) => {
          if (job) await this.tracked(this.run(definition, job.id, job.data, { attempt: job.retryCount + 1, finalAttempt: job.retryCount >= job.retryLimit }));
        }),
      );
    }
    this.workerIds.set(definition.name, ids);
    if (!this.reaper) this.startReaper();
  }

  /**
   * Queues a job; `expireInSeconds` overrides the queue's for a job whose length is known (an
   * export). `fairFor` (a user id) queues it behind that user's own unfinished jobs of this kind
   * but not behind anyone else's: see `fairPriority`.
   */
  async send<N extends JobName>(
    name: N,
    data: JobPayloads[N],
    options: { singletonKey?: string; startAfterSeconds?: number; expireInSeconds?: number; fairFor?: string } = {},
  ): Promise<string | null> {
    const priority = options.fairFor === undefined ? undefined : await this.fairPriority(name, options.fairFor);
    const id = await this.boss.send(name, data as object, {
      singletonKey: options.singletonKey,
      startAfter: options.startAfterSeconds,
      ...(priority !== undefined ? { priority } : {}),
      ...(options.expireInSeconds !== undefined ? { expireInSeconds: options.expireInSeconds } : {}),
    });
    // Wake this process's workers at once instead of at their next poll.
    for (const workerId of this.workerIds.get(name) ?? []) this.boss.notifyWorker(workerId);
    return id;
  }

  /**
   * Fair turns between users (docs/engineering-rules.md, 'Jobs'): a user's n-th unfinished job of
   * a kind (queued, waiting to retry or running) gets priority −n, and workers take the highest
   * priority first, oldest first among equals (and never above the user's own waiting jobs, so
   * theirs keep their order). So everyone's first job comes before anyone's second:
   * one user's backlog delays another user's first job by at most the jobs already running.
   */
  private async fairPriority(name: JobName, userId: string): Promise<number> {
    const { rows } = await sql<{ unfinished: number; lowest: number | null }>`
      select count(*)::int as unfinished, min(priority) filter (where state < 'active') as lowest from pgboss.job
      where name = ${name} and state < 'completed' and data->>'userId' = ${userId}`.execute(this.db);
    const row = rows[0];
    // Never ahead of the user's own jobs still waiting: their order is kept.
    return Math.min(-(row?.unfinished ?? 0), row?.lowest ?? 0);
  }

  /** Jobs of these kinds not finished yet (queued, waiting to retry or running) whose payload's `field` is `value`. */
  async countUnfinished(names: JobName[], field: string, value: string): Promise<number> {
    const { rows } = await sql<{ unfinished: number }>`
      select count(*)::int as unfinished from pgboss.job
      where name in (${sql.join(names)}) and state < 'completed' and data->>${field} = ${value}`.execute(this.db);
    return rows[0]?.unfinished ?? 0;
  }

  async cancel(name: JobName, id: string): Promise<void> {
    await this.boss.cancel(name, id);
  }

  async state(name: JobName, id: string): Promise<string | null> {
    return (await this.boss.getJobById(name, id, { includeArchive: true }))?.state ?? null;
  }

  /** Embedded mode holds the data-folder lock, so any lease left over is from a process that died. */
  async reapAllLeases(): Promise<void> {
    await this.reap(0);
  }

  /**
   * Graceful shutdown, step one: take no new jobs, give the running ones `graceMs` to finish, then
   * stop them (their signal aborts: a render kills its ffmpeg) and hand each back to the queue to
   * start again at once on another worker, not after its lease runs out. Answers how many were
   * handed back.
   */
  async drain(graceMs: number): Promise<number> {
    if (!this.started || this.draining) return 0;
    this.draining = true;
    for (const name of this.workerIds.keys()) await this.boss.offWork(name);
    this.workerIds.clear();
    if (await settledWithin(this.running, graceMs)) return 0;
    const handedBack = this.running.size;
    this.logger.warn(`${handedBack} running job(s) did not finish within the ${Math.round(graceMs / 1000)} s grace period: stopping them and handing them back to the queue`);
    this.abort.abort();
    if (!(await settledWithin(this.running, HAND_BACK_MS))) this.logger.warn('Some stopped jobs did not wind up in time; their leases hand them back within a minute');
    return handedBack;
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    this.abort.abort();
    if (this.reaper) clearInterval(this.reaper);
    await this.boss.stop({ graceful: true, wait: true, timeout: 5000, close: false });
    this.started = false;
  }

  private async run<N extends JobName>(definition: JobDefinition<N>, jobId: string, data: JobPayloads[N], attempt: Pick<JobContext, 'attempt' | 'finalAttempt'>): Promise<void> {
    await this.db
      .insertInto('job_leases')
      .values({ job_id: jobId, queue: definition.name, worker_id: this.workerId, heartbeat_at: new Date() })
      .onConflict((oc) => oc.column('job_id').doUpdateSet({ worker_id: this.workerId, heartbeat_at: new Date() }))
      .execute();
    const heartbeat = setInterval(() => {
      this.db
        .updateTable('job_leases')
        .set({ heartbeat_at: new Date() })
        .where('job_id', '=', jobId)
        .execute()
        .catch((error: unknown) => this.logger.warn('Job heartbeat failed', { jobId, error }));
    }, HEARTBEAT_MS);
    const context: JobContext = { jobId, signal: this.abort.signal, ...attempt };
    let outcome: JobOutcome;
    try {
      outcome = await definition.handler(data, context);
    } catch (error) {
      if (this.abort.signal.aborted) {
        // Stopped by this process's shutdown: not the job's failure, so no attempt is used up.
        await this.handBack(definition.name, jobId);
        return;
      }
      this.logger.warn(`Job ${definition.name} failed and will be retried if attempts remain`, { jobId, error });
      throw error;
    } finally {
      clearInterval(heartbeat);
      await this.db
        .deleteFrom('job_leases')
        .where('job_id', '=', jobId)
        .where('worker_id', '=', this.workerId)
        .execute()
        // The job's outcome stands; a lease row left behind only runs out on its own.
        .catch((error: unknown) => this.logger.warn(`Job ${definition.name} lease not released; it runs out by itself`, { jobId, error }));
    }
    if (outcome.status === 'success') this.logger.debug(`Job ${definition.name} done`, { jobId });
    else this.logger.info(`Job ${definition.name} ${outcome.status}: ${outcome.reason}`, { jobId });
  }

  /**
   * Puts a job this process was running back in the queue, ready now, with its retry count as it
   * was. pg-boss's own fail() would wait out the retry delay; the completion pg-boss then attempts
   * finds the job no longer active and changes nothing.
   */
  private async handBack(name: JobName, jobId: string): Promise<void> {
    await sql`update pgboss.job set state = 'retry', start_after = now(), started_on = null
      where name = ${name} and id = ${jobId} and state = 'active'`.execute(this.db);
    this.logger.info(`Job ${name} handed back to the queue: this process is stopping`, { jobId });
  }

  /** A run counted in `running` until it has finished, its hand-back and lease release included. */
  private async tracked(run: Promise<void>): Promise<void> {
    this.running.add(run);
    try {
      await run;
    } finally {
      this.running.delete(run);
    }
  }

  private startReaper(): void {
    this.reaper = setInterval(() => {
      this.reap(LEASE_STALE_SECONDS).catch((error: unknown) => this.logger.warn('Lease check failed', { error }));
    }, REAPER_MS);
    this.reaper.unref();
  }

  private async reap(staleSeconds: number): Promise<void> {
    const stale = await this.db
      .selectFrom('job_leases')
      .select(['job_id', 'queue', 'worker_id'])
      .where('heartbeat_at', '<', sql<Date>`now() - make_interval(secs => ${staleSeconds})`)
      .where('worker_id', '!=', this.workerId)
      .execute();
    for (const lease of stale) {
      this.logger.warn(`A ${lease.queue} job lost its worker (${lease.worker_id}); retrying it`, { jobId: lease.job_id });
      await this.boss.fail(lease.queue, lease.job_id, { reason: 'The worker running this job stopped.' });
      await this.db.deleteFrom('job_leases').where('job_id', '=', lease.job_id).where('worker_id', '=', lease.worker_id).execute();
    }
  }
}

/** True when every promise in `running` (as it changes) has settled within `ms`. */
async function settledWithin(running: Set<Promise<unknown>>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (running.size > 0) {
    const left = deadline - Date.now();
    if (left <= 0) return false;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.allSettled([...running]), new Promise((resolve) => (timer = setTimeout(resolve, left)))]);
    clearTimeout(timer);
  }
  return true;
}
