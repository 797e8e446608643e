import { describe, expect, it } from 'vitest';
import { formatMoment, parseMoment } from './moments.ts';

describe('moments', () => {
  it('shows seconds as m:ss.s', () => {
    expect(formatMoment(0)).toBe('0:00.0');
    expect(formatMoment(2.34)).toBe('0:02.3');
    expect(formatMoment(62.5)).toBe('1:02.5');
    expect(formatMoment(600)).toBe('10:00.0');
  });

  it('reads m:ss.s or plain seconds, to a tenth', () => {
    expect(parseMoment('1:02.5')).toBe(62.5);
    expect(parseMoment('0:07')).toBe(7);
    expect(parseMoment('75.2')).toBe(75.2);
    expect(parseMoment(' 2:00 ')).toBe(120);
  });

  it('refuses what is not a moment', () => {
    expect(parseMoment('')).toBeNull();
    expect(parseMoment('1:75')).toBeNull();
    expect(parseMoment('1.25')).toBeNull();
    expect(parseMoment('-3')).toBeNull();
    expect(parseMoment('abc')).toBeNull();
  });
});
