import { useSystemHealth, type HealthResult } from './use-system-health';

/** Every one of these needs the API and its database, which is what the health check asks about. */
const SERVICES = ['Video Processing', 'File Upload', 'Authentication'] as const;

function summary(result: HealthResult | null): { title: string; tone: 'ok' | 'down' | 'pending' } {
  if (!result) return { title: 'Checking systems…', tone: 'pending' };
  return result.ok ? { title: 'All Systems Operational', tone: 'ok' } : { title: 'Service Disruption', tone: 'down' };
}

/** System Status built from the real /api/health answer, not hard-coded (docs/product-rules.md, 'Static pages'). */
export function SystemStatus() {
  const { result, checking, check } = useSystemHealth();
  const { title, tone } = summary(result);
  return (
    <section aria-labelledby="help-status" className="card help-section help-status" data-tone={tone}>
      <div className="row row-wrap">
        <h2 id="help-status" style={{ margin: 0 }}>
          System Status
        </h2>
        <span className="spacer" />
        <button type="button" className="btn btn-sm" onClick={check} disabled={checking}>
          {checking ? 'Checking…' : 'Check again'}
        </button>
      </div>
      <div role="status" aria-live="polite" className="stack help-status-body">
        <p className="help-status-summary">
          <span className="help-dot" aria-hidden />
          <strong>{title}</strong>
        </p>
        {result && !result.ok && <p className="muted">Our server did not answer the status check: {result.reason}</p>}
        <ul className="help-services">
          {SERVICES.map((service) => (
            <li key={service}>
              <span>{service}</span>
              <span className="help-service-state">{!result ? 'Checking' : result.ok ? 'Operational' : 'Unavailable'}</span>
            </li>
          ))}
        </ul>
        {result && (
          <p className="faint small">
            Last updated: <time dateTime={result.checkedAt.toISOString()}>{result.checkedAt.toLocaleTimeString()}</time>
          </p>
        )}
      </div>
    </section>
  );
}
