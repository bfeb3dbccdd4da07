import { FAILURE_WINDOW_SECONDS, type QueueStats } from './queue-stats.repository';

export interface Metric {
  name: string;
  help: string;
  type: 'gauge' | 'counter';
  samples: { labels?: Record<string, string>; value: number }[];
}

function escapeLabel(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
}

/** The Prometheus text exposition format (version 0.0.4). */
export function formatMetrics(metrics: Metric[]): string {
  const lines: string[] = [];
  for (const metric of metrics) {
    lines.push(`# HELP ${metric.name} ${metric.help}`, `# TYPE ${metric.name} ${metric.type}`);
    for (const sample of metric.samples) {
      const labels = Object.entries(sample.labels ?? {});
      const labelText = labels.length > 0 ? `{${labels.map(([key, value]) => `${key}="${escapeLabel(value)}"`).join(',')}}` : '';
      lines.push(`${metric.name}${labelText} ${Number.isFinite(sample.value) ? sample.value : 0}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** The queue's state (shared) and this process's basics, as metrics. */
export function collectMetrics(stats: QueueStats[], draining: boolean): Metric[] {
  const perQueue = (pick: (s: QueueStats) => number) => stats.map((s) => ({ labels: { queue: s.queue }, value: pick(s) }));
  const memory = process.memoryUsage();
  const cpu = process.cpuUsage();
  return [
    { name: 'cinegrade_jobs_queued', help: 'Jobs ready to run and waiting for a worker, per job type.', type: 'gauge', samples: perQueue((s) => s.queued) },
    { name: 'cinegrade_jobs_delayed', help: 'Jobs waiting out a retry delay or a later start, per job type.', type: 'gauge', samples: perQueue((s) => s.delayed) },
    { name: 'cinegrade_jobs_active', help: 'Jobs being run by a worker now, per job type.', type: 'gauge', samples: perQueue((s) => s.active) },
    { name: 'cinegrade_jobs_oldest_queued_age_seconds', help: 'How long the longest-waiting ready job has waited, per job type (0 when none waits).', type: 'gauge', samples: perQueue((s) => s.oldestQueuedSeconds) },
    { name: 'cinegrade_jobs_failed_recent', help: `Jobs that failed for good (retries used up) in the last ${FAILURE_WINDOW_SECONDS} s, per job type.`, type: 'gauge', samples: perQueue((s) => s.failedRecent) },
    { name: 'process_resident_memory_bytes', help: 'Resident memory of this process.', type: 'gauge', samples: [{ value: memory.rss }] },
    { name: 'nodejs_heap_used_bytes', help: 'JavaScript heap in use in this process.', type: 'gauge', samples: [{ value: memory.heapUsed }] },
    { name: 'process_cpu_seconds_total', help: 'User and system CPU time of this process.', type: 'counter', samples: [{ value: (cpu.user + cpu.system) / 1e6 }] },
    { name: 'process_start_time_seconds', help: 'When this process started, in seconds since the Unix epoch.', type: 'gauge', samples: [{ value: Math.round(Date.now() / 1000 - process.uptime()) }] },
    { name: 'process_uptime_seconds', help: 'How long this process has run.', type: 'gauge', samples: [{ value: Math.round(process.uptime()) }] },
    { name: 'cinegrade_process_draining', help: '1 while this process is shutting down (finishing requests in flight).', type: 'gauge', samples: [{ value: draining ? 1 : 0 }] },
  ];
}
