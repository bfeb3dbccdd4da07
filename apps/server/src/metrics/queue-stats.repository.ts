import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema';

/** The window of `cinegrade_jobs_failed_recent`. */
export const FAILURE_WINDOW_SECONDS = 3600;

export interface QueueStats {
  queue: string;
  /** Ready to run now: new, or a retry whose delay has passed. */
  queued: number;
  /** Retries still waiting out their delay, and jobs sent to start later. */
  delayed: number;
  active: number;
  /** Jobs that used up their retries within `FAILURE_WINDOW_SECONDS`. */
  failedRecent: number;
  /** Seconds since the longest-waiting ready job could have started; 0 when none waits. */
  oldestQueuedSeconds: number;
}

/** The job queue's state, read from pg-boss's tables in the shared database: the same answer from any process. */
export class QueueStatsRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  /** Every queue pg-boss knows (each job type) with its counts. */
  async all(): Promise<QueueStats[]> {
    const { rows } = await sql<{ queue: string; queued: number; delayed: number; active: number; failed_recent: number; oldest_queued_seconds: number | null }>`
      select q.name as queue,
        count(j.id) filter (where j.state < 'active' and j.start_after <= now())::int as queued,
        count(j.id) filter (where j.state < 'active' and j.start_after > now())::int as delayed,
        count(j.id) filter (where j.state = 'active')::int as active,
        count(j.id) filter (where j.state = 'failed' and j.completed_on > now() - make_interval(secs => ${FAILURE_WINDOW_SECONDS}))::int as failed_recent,
        extract(epoch from now() - min(j.start_after) filter (where j.state < 'active' and j.start_after <= now()))::float8 as oldest_queued_seconds
      from pgboss.queue q left join pgboss.job j on j.name = q.name
      where q.name not like '\\_\\_%'
      group by q.name order by q.name`.execute(this.db);
    return rows.map((row) => ({
      queue: row.queue,
      queued: row.queued,
      delayed: row.delayed,
      active: row.active,
      failedRecent: row.failed_recent,
      oldestQueuedSeconds: Math.max(0, row.oldest_queued_seconds ?? 0),
    }));
  }
}
