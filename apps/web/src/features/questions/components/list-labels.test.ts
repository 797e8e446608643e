import { describe, expect, it } from 'vitest';
import { approximateTotal } from './list-labels.ts';

describe('approximateTotal', () => {
  it('says millions with one decimal below ten million', () => {
    expect(approximateTotal(1_234_567)).toBe('about 1.2 million');
    expect(approximateTotal(1_000_000)).toBe('about 1 million');
    expect(approximateTotal(12_600_000)).toBe('about 13 million');
  });
  it('rounds thousands', () => {
    expect(approximateTotal(48_321)).toBe('about 48,000');
    expect(approximateTotal(9_876)).toBe('about 9,876');
  });
});
