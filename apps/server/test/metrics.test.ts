/**
 * GET /api/metrics: Prometheus text for an operator's scraper, behind the bearer token of
 * METRICS_TOKEN, absent without one. Its queue figures are read from the shared database, so
 * jobs queued, delayed, failed and waiting are set up in the queue and read back as numbers.
 */
import { API } from '@cinegrade/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, startTestServer, type TestServer } from './support/test-server';

const TOKEN = 'metrics-test-token-4f1c9a2b7e';

/** `name{labels} value` lines of a Prometheus text answer, as a map from `name{labels}` to the value. */
function samples(text: string): Map<string, number> {
  const map = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    map.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return map;
}

describe('the metrics endpoint', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let server: TestServer;
  beforeAll(async () => {
    database = await freshDatabase('postgres');
    // Runs no jobs: what is queued stays queued.
    server = await startTestServer('postgres', { METRICS_TOKEN: TOKEN, RUN_WORKER: 'false' }, database, { runWorker: false });
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  it('does not exist when no METRICS_TOKEN is configured', async () => {
    const without = await server.sibling({ METRICS_TOKEN: '' });
    try {
      const response = await without.request(API.metrics.path, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(response.status).toBe(404);
    } finally {
      await without.close();
    }
  });

  it('answers 401 without the token, or with another one, naming the setting', async () => {
    for (const authorization of [undefined, 'Bearer not-the-metrics-token', `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}`]) {
      const response = await server.request(API.metrics.path, authorization ? { headers: { authorization } } : {});
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
      const body = (await response.json()) as { message: string };
      expect(body.message).toContain('METRICS_TOKEN');
      expect(JSON.stringify(body)).not.toContain('cinegrade_jobs');
    }
  });

  it('reports queue depth, the oldest queued job, recent failures and process basics', async () => {
    const jobs = server.services.jobs;
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push(await jobs.send('export.render', { exportId: `00000000-0000-4000-8000-00000000000${i}`, userId: `metrics-user-${i}` }));
    await jobs.send('storage.delete', { reason: 'metrics test, later' }, { startAfterSeconds: 3600 });
    const failed = await jobs.send('media.derive', { assetId: 'a', userId: 'metrics-user' });
    const failedLongAgo = await jobs.send('media.derive', { assetId: 'b', userId: 'metrics-user' });
    const pool = server.services.database.pool;
    // The first export has been waiting ten minutes; one derive failed just now, one two hours ago.
    await pool.query(`update pgboss.job set start_after = now() - interval '10 minutes', created_on = now() - interval '10 minutes' where id = $1`, [ids[0]]);
    await pool.query(`update pgboss.job set state = 'failed', completed_on = now() where id = $1`, [failed]);
    await pool.query(`update pgboss.job set state = 'failed', completed_on = now() - interval '2 hours' where id = $1`, [failedLongAgo]);

    const response = await server.request(API.metrics.path, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    expect(text).toContain('# TYPE cinegrade_jobs_queued gauge');
    const values = samples(text);
    expect(values.get('cinegrade_jobs_queued{queue="export.render"}')).toBe(3);
    expect(values.get('cinegrade_jobs_queued{queue="storage.delete"}')).toBe(0);
    expect(values.get('cinegrade_jobs_delayed{queue="storage.delete"}')).toBe(1);
    expect(values.get('cinegrade_jobs_active{queue="export.render"}')).toBe(0);
    const oldest = values.get('cinegrade_jobs_oldest_queued_age_seconds{queue="export.render"}') ?? 0;
    expect(oldest).toBeGreaterThanOrEqual(600);
    expect(oldest).toBeLessThan(600 + 300);
    expect(values.get('cinegrade_jobs_oldest_queued_age_seconds{queue="media.derive-short"}')).toBe(0);
    expect(values.get('cinegrade_jobs_failed_recent{queue="media.derive"}')).toBe(1);
    expect(values.get('cinegrade_jobs_failed_recent{queue="export.render"}')).toBe(0);
    expect(values.get('process_resident_memory_bytes')).toBeGreaterThan(10 * 1024 * 1024);
    expect(values.get('process_uptime_seconds')).toBeGreaterThanOrEqual(0);
    expect(values.get('process_cpu_seconds_total')).toBeGreaterThan(0);
    expect(values.get('cinegrade_process_draining')).toBe(0);
  });
});
