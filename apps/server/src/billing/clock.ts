/**
 * The time billing compares subscription ends with. Production reads the real time; a test
 * server started with CINEGRADE_TEST_CLOCK may move it forward to see a subscription end.
 */
export class Clock {
  private offsetMs = 0;

  constructor(readonly adjustable: boolean) {}

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  advance(seconds: number): void {
    if (!this.adjustable) throw new Error('This clock is the real time and cannot be moved');
    this.offsetMs += seconds * 1000;
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
