import { describe, expect, it } from 'vitest';
import { isbn10To13, isbnSchema, parseIsbn, stripIsbn } from './isbn.ts';

describe('ISBN', () => {
  it('strips hyphens and spaces', () => {
    expect(stripIsbn(' 978-3-16 148410-0 ')).toBe('9783161484100');
    expect(stripIsbn('0-8044-2957-x')).toBe('080442957X');
  });

  it('accepts a valid ISBN-13 and refuses a wrong check digit with the right one', () => {
    expect(parseIsbn('978-3-16-148410-0')).toEqual({ ok: true, isbn: '9783161484100' });
    expect(parseIsbn('9783161484101')).toEqual({
      ok: false,
      message: 'Not a valid ISBN: check digit should be 0',
    });
    expect(parseIsbn('979-10-90636-07-1').ok).toBe(true);
  });

  it('refuses an ISBN-13 outside the 978/979 prefixes', () => {
    expect(parseIsbn('1234567890128').ok).toBe(false);
  });

  it('converts an ISBN-10 (check digit X included) to ISBN-13', () => {
    expect(parseIsbn('0-306-40615-2')).toEqual({ ok: true, isbn: '9780306406157' });
    expect(parseIsbn('0-8044-2957-X')).toEqual({ ok: true, isbn: '9780804429573' });
    expect(parseIsbn('080442957x')).toEqual({ ok: true, isbn: '9780804429573' });
    expect(isbn10To13('0306406152')).toBe('9780306406157');
  });

  it('refuses an ISBN-10 with a wrong check digit, naming the right one', () => {
    expect(parseIsbn('0-306-40615-3')).toEqual({
      ok: false,
      message: 'Not a valid ISBN: check digit should be 2',
    });
    expect(parseIsbn('0-8044-2957-1')).toMatchObject({ message: /should be X/ });
  });

  it('refuses other lengths and characters', () => {
    expect(parseIsbn('12345').ok).toBe(false);
    expect(parseIsbn('978316148410A').ok).toBe(false);
    expect(parseIsbn('').ok).toBe(false);
  });

  it('isbnSchema transforms to the normalized ISBN-13 with a clear message', () => {
    expect(isbnSchema.parse(' 0-306-40615-2 ')).toBe('9780306406157');
    const bad = isbnSchema.safeParse('978-0-306-40615-8');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('Not a valid ISBN: check digit should be 7');
  });
});
