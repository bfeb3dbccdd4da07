import type { ReactNode } from 'react';

/** A message over a monitor: a spinner with text, or a notice with an action. */
export function MonitorOverlay({ children, spinner, tone }: { children: ReactNode; spinner?: boolean; tone?: 'error' | 'info' }) {
  return (
    <div className={`monitor-overlay${tone === 'error' ? ' monitor-overlay-error' : ''}`} role={tone === 'error' ? 'alert' : 'status'}>
      {spinner && <span className="spinner" aria-hidden />}
      {children}
    </div>
  );
}
