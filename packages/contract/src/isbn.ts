import { z } from 'zod';

/**
 * ISBNs (docs/domain.md, Books and content): stored and compared as the normalized ISBN-13
 * (digits only). An ISBN-10 is accepted and converted with the 978 prefix,
 * so the two printed forms of one book are the same ISBN.
 */

export type IsbnResult = { ok: true; isbn: string } | { ok: false; message: string };

/** Hyphens and spaces removed, a trailing x upper-cased. */
export const stripIsbn = (raw: string) => raw.replace(/[\s-]/g, '').toUpperCase();

export function isbn13CheckDigit(first12: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return String((10 - (sum % 10)) % 10);
}

export function isbn10CheckDigit(first9: string): string {
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(first9[i]) * (10 - i);
  const check = (11 - (sum % 11)) % 11;
  return check === 10 ? 'X' : String(check);
}

/** The ISBN-13 of an ISBN-10 (whose check digit is not checked here). */
export const isbn10To13 = (isbn10: string) => {
  const body = `978${isbn10.slice(0, 9)}`;
  return body + isbn13CheckDigit(body);
};

export function parseIsbn(raw: string): IsbnResult {
  const s = stripIsbn(raw);
  if (/^\d{13}$/.test(s)) {
    if (!s.startsWith('978') && !s.startsWith('979')) {
      return { ok: false, message: 'Not a valid ISBN: an ISBN-13 starts with 978 or 979' };
    }
    const check = isbn13CheckDigit(s);
    if (s[12] !== check)
      return { ok: false, message: `Not a valid ISBN: check digit should be ${check}` };
    return { ok: true, isbn: s };
  }
  if (/^\d{9}[\dX]$/.test(s)) {
    const check = isbn10CheckDigit(s);
    if (s[9] !== check)
      return { ok: false, message: `Not a valid ISBN: check digit should be ${check}` };
    return { ok: true, isbn: isbn10To13(s) };
  }
  return { ok: false, message: 'Not a valid ISBN: enter 10 or 13 digits (hyphens allowed)' };
}

export const isValidIsbn = (raw: string) => parseIsbn(raw).ok;

/** 978-3-16-148410-0: the usual grouping is publisher-specific; this one is for display only. */
export const formatIsbn13 = (isbn: string) =>
  isbn.length === 13
    ? `${isbn.slice(0, 3)}-${isbn.slice(3, 4)}-${isbn.slice(4, 8)}-${isbn.slice(8, 12)}-${isbn.slice(12)}`
    : isbn;

/** Any written form of an ISBN → the normalized ISBN-13, or a clear message. */
export const isbnSchema = z
  .string()
  .trim()
  .max(40, 'Not a valid ISBN: too long')
  .transform((raw, ctx) => {
    const r = parseIsbn(raw);
    if (r.ok) return r.isbn;
    ctx.addIssue({ code: 'custom', message: r.message });
    return z.NEVER;
  });
