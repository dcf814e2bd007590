// Time comes from an injectable clock so tests can move it (session expiry, rate limits, MFA codes).
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests can set and advance. */
export class ManualClock implements Clock {
  constructor(private current: Date = new Date('2026-01-15T10:00:00Z')) {}
  now(): Date {
    return new Date(this.current);
  }
  set(d: Date | string): void {
    this.current = new Date(d);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

export const iso = (d: Date): string => d.toISOString();
