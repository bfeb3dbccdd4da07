/**
 * The time billing compares subscription ends with. Production reads the real time; a test
 * server started with CINEGRADE_TEST_CLOCK may move it forward to see a subscription end.
 */
/** Ten thousand years from 1970: far inside the dates JavaScript can hold. */
const MAX_CLOCK_OFFSET_MS = 10_000 * 365 * 24 * 60 * 60 * 1000;

export class Clock {
  private offsetMs = 0;

  constructor(readonly adjustable: boolean) {}

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  advance(seconds: number): void {
    if (!this.adjustable) throw new Error('This clock is the real time and cannot be moved');
    const offsetMs = this.offsetMs + seconds * 1000;
    // A date past ±8.64e15 ms is Invalid Date, which would make every billing check fail.
    if (!Number.isFinite(offsetMs) || Math.abs(Date.now() + offsetMs) > MAX_CLOCK_OFFSET_MS) throw new Error('The test clock cannot move that far');
    this.offsetMs = offsetMs;
  }
}

/** The same day of the next month (the last day when that month is shorter). */
export function oneMonthAfter(date: Date): Date {
  const next = new Date(date);
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}
