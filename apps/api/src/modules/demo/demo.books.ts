import { isbn13CheckDigit } from '@bo/contract';
import { inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { bookIsbns, books } from '../../db/schema/index.ts';
import { lockIsbns } from '../books/index.ts';
import type { SubjectRef } from './demo.curriculum.ts';
import type { SeedReport } from './seed.ts';

/** Series and editions the demo titles are made of. */
export const SERIES = [
  'Bright Minds',
  'New Horizons',
  'Gyan Sagar',
  'Little Explorers',
  'Step Ahead',
  'Pathways',
  'Milestones',
];

export const EDITIONS = [
  '2024 Edition',
  'Revised 2025',
  '3rd Edition',
  '2023 Edition',
  'CBSE 2025',
];

/** The demo books: valid ISBN-13s, grades and subjects in turn, some extra ISBNs. */
/** A valid ISBN-13 under the 978-93 (India) group: `block` keeps main and extra ISBNs apart. */
export function demoIsbn(block: number, n: number): string {
  const body = `97893${String(block).padStart(2, '0')}${String(n).padStart(5, '0')}`;
  return body + isbn13CheckDigit(body);
}

const STATUSES = ['active', 'active', 'active', 'draft', 'active', 'inactive', 'active'] as const;

/** The n-th demo book: its grade/subject cycles through all, its ISBN is fixed by n. */
function demoBook(n: number, refs: SubjectRef[]) {
  // A stride coprime with most sizes spreads consecutive books over grades and subjects.
  const ref = refs[(n * 37) % refs.length]!;
  const series = SERIES[n % SERIES.length]!;
  const language =
    ref.subject === 'Hindi'
      ? 'Hindi'
      : n % 11 === 5
        ? 'Hindi'
        : n % 13 === 7
          ? 'Bilingual'
          : 'English';
  const extras =
    n % 5 === 2 ? [demoIsbn(58, n)] : n % 17 === 3 ? [demoIsbn(58, n), demoIsbn(59, n)] : [];
  return {
    isbn: demoIsbn(57, n),
    extras,
    values: {
      isbn: demoIsbn(57, n),
      title: `${series} ${ref.subject} – ${ref.grade}${n >= refs.length ? ` (Part ${1 + Math.floor(n / refs.length)})` : ''}`,
      gradeId: ref.gradeId,
      subjectId: ref.subjectId,
      series,
      edition: EDITIONS[n % EDITIONS.length]!,
      language,
      status: STATUSES[n % STATUSES.length]!,
    },
  };
}

export async function seedBooks(tx: Tx, refs: SubjectRef[], total: number, report: SeedReport) {
  if (refs.length === 0) return;
  const planned = Array.from({ length: total }, (_, n) => demoBook(n, refs));
  const all = planned.flatMap((b) => [b.isbn, ...b.extras]);
  await lockIsbns(tx, all);
  // An ISBN is taken whether it is a main or an extra one (the books service's rule).
  const taken = new Set<string>();
  for (let i = 0; i < all.length; i += 1000) {
    const chunk = all.slice(i, i + 1000);
    const main = await tx
      .select({ isbn: books.isbn })
      .from(books)
      .where(inArray(books.isbn, chunk));
    const extra = await tx
      .select({ isbn: bookIsbns.isbn })
      .from(bookIsbns)
      .where(inArray(bookIsbns.isbn, chunk));
    for (const r of [...main, ...extra]) taken.add(r.isbn);
  }
  for (const book of planned) {
    if (taken.has(book.isbn)) continue;
    const [row] = await tx.insert(books).values(book.values).returning({ id: books.id });
    report.books++;
    const extras = book.extras.filter((isbn) => !taken.has(isbn));
    if (extras.length) {
      await tx.insert(bookIsbns).values(extras.map((isbn) => ({ bookId: row!.id, isbn })));
      report.extraIsbns += extras.length;
    }
  }
}
