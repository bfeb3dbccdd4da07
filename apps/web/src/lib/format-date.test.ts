import { describe, expect, it } from 'vitest';
import { currentYear, formatDate, formatDateTime } from './format-date';

describe('dates', () => {
  it("writes every date one way, in the reader's locale", () => {
    const iso = '2026-03-04T15:06:00Z';
    expect(formatDate(iso)).toBe(new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(iso)));
    expect(formatDate(new Date(iso))).toBe(formatDate(iso));
    // The time-of-day form starts with the same date.
    expect(formatDateTime(iso).startsWith(formatDate(iso))).toBe(true);
    expect(formatDate(null)).toBe('—');
    expect(formatDate('not a date')).toBe('—');
  });

  it("takes the copyright year from the clock", () => {
    expect(currentYear(new Date('2031-06-01T12:00:00'))).toBe(2031);
    expect(currentYear()).toBe(new Date().getFullYear());
  });
});
