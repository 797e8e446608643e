import { describe, expect, it } from 'vitest';
import { dayOf, instantOf } from './date-range.ts';

describe('audit date range', () => {
  it('round-trips a local day through the URL instant', () => {
    const from = instantOf('2025-06-15', 'start');
    const to = instantOf('2025-06-15', 'end');
    expect(from && dayOf(from)).toBe('2025-06-15');
    expect(to && dayOf(to)).toBe('2025-06-15');
    expect(new Date(to ?? '').getTime() - new Date(from ?? '').getTime()).toBe(86_399_999);
  });

  it('ignores malformed input', () => {
    expect(instantOf('09/03/2025', 'start')).toBeUndefined();
    expect(dayOf('nonsense')).toBe('');
  });
});
