/**
 * The one way the app writes a date (docs/product-rules.md, 'Dates and words'): the reader's own
 * locale (the browser's language settings) in its medium style, e.g. "Nov 27, 2026" in US
 * English or "27 nov. 2026" in French; with the time where the moment matters (batch library).
 */
const DATE = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const DATE_TIME = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function parse(value: string | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A date in the reader's locale; '—' when there is none or it cannot be read. */
export function formatDate(value: string | Date | null | undefined): string {
  const date = value == null ? null : parse(value);
  return date ? DATE.format(date) : '—';
}

/** The same date with the time of day. */
export function formatDateTime(value: string | Date | null | undefined): string {
  const date = value == null ? null : parse(value);
  return date ? DATE_TIME.format(date) : '—';
}

/** The year now, by the reader's clock: the footer's copyright line. */
export function currentYear(now: Date = new Date()): number {
  return now.getFullYear();
}
