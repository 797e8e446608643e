import { describe, expect, it } from 'vitest';
import { paceNow, waitAfter } from './rate.ts';

/** The rate's decisions (rate.ts), without a clock: what the engine claims and how long it waits. */
describe('a delivery rate per minute', () => {
  it('claims a second’s share at most (one row at a low rate), within what the minute has left', () => {
    expect(paceNow(6, { sent: 0, oldestAgeMs: 0 }, 50)).toEqual({ size: 1, waitMs: 0 });
    expect(paceNow(600, { sent: 0, oldestAgeMs: 0 }, 50)).toEqual({ size: 10, waitMs: 0 });
    expect(paceNow(100_000, { sent: 0, oldestAgeMs: 0 }, 50)).toEqual({ size: 50, waitMs: 0 });
    expect(paceNow(600, { sent: 597, oldestAgeMs: 30_000 }, 50)).toEqual({ size: 3, waitMs: 0 });
  });

  it('waits, once the minute’s budget is spent, until its oldest send leaves the window', () => {
    expect(paceNow(6, { sent: 6, oldestAgeMs: 45_000 }, 50)).toEqual({ size: 0, waitMs: 15_000 });
    // Never a busy loop: a second at least.
    expect(paceNow(6, { sent: 7, oldestAgeMs: 59_900 }, 50)).toEqual({ size: 0, waitMs: 1000 });
  });

  it('spreads the rows: after a batch, waits what its rows are worth less the time it took', () => {
    expect(waitAfter(6, 1, 0)).toBe(10_000);
    expect(waitAfter(60, 1, 200)).toBe(800);
    expect(waitAfter(600, 10, 300)).toBe(700);
    expect(waitAfter(60, 1, 5000)).toBe(0);
  });
});
