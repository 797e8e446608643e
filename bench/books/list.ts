// The books list at catalogue scale: BENCH_BOOKS books (and a tenth as many
// extra ISBNs) made by generate_series, then GET /api/book/getisbn per
// scenario through app.inject, and the query plans of a title-only search.
import { performance } from 'node:perf_hooks';
import { count, sql } from 'drizzle-orm';
import { books } from '../../apps/api/src/db/schema/index.ts';
import { bookWhere } from '../../apps/api/src/modules/books/books.queries.ts';
import { type Bench, seconds, timeEach } from './setup.ts';

export async function seedBooks(bench: Bench, n: number) {
  const start = performance.now();
  // ISBN-13: 978 + 9 digits of i + its check digit; titles from words, the
  // subject's name and the grade's; status 70% active, 20% draft, 10% inactive.
  await bench.db.execute(sql`
    with s as (
      select s.id, s.grade_id, s.name as subject, g.name as grade,
             row_number() over (order by s.id) - 1 as k, count(*) over () as n
      from subjects s join grades g on g.id = s.grade_id
    ), b as (
      select i, '978' || lpad(i::text, 9, '0') as body from generate_series(1, ${n}) as i
    )
    insert into books (isbn, title, grade_id, subject_id, series, edition, language, status)
    select
      b.body || ((10 - (select sum(substr(b.body, d, 1)::int * case when d % 2 = 1 then 1 else 3 end)
                        from generate_series(1, 12) d) % 10) % 10)::text,
      (array['New', 'Bright', 'Smart', 'Complete', 'Essential', 'Modern', 'Joyful', 'Active'])[1 + b.i % 8]
        || ' ' || s.subject || ' '
        || (array['Workbook', 'Reader', 'Textbook', 'Practice Book', 'Guide', 'Activity Book'])[1 + (b.i / 8) % 6]
        || ' ' || s.grade || ' Part ' || (1 + b.i % 3),
      s.grade_id, s.id,
      (array['Bright Minds', 'Little Scholars', 'Step Ahead', null])[1 + b.i % 4],
      (1 + b.i % 5)::text || 'st ed.',
      case when b.i % 10 = 0 then 'Hindi' else 'English' end,
      case when b.i % 10 < 7 then 'active' when b.i % 10 < 9 then 'draft' else 'inactive' end
    from b join s on s.k = b.i % s.n
  `);
  await bench.db.execute(sql`
    insert into book_isbns (book_id, isbn)
    select id, '979' || substr(isbn, 4) from books where id % 10 = 0
  `);
  // As autovacuum leaves a settled table: statistics and the visibility map (index-only scans).
  await bench.db.execute(sql`vacuum analyze`);
  return seconds(start);
}

const WORDS = ['smart', 'workbook', 'science', 'guide', 'reader', 'joyful', 'part 2', 'math'];
const phraseOf = (b: { title: string }) => b.title.replace(/ Part \d+$/, ' Part').toLowerCase();
const pick = <T>(xs: T[], i: number) => xs[i % xs.length]!;

export async function benchList(bench: Bench, requests: number) {
  const gradeIds = bench.gradeRows.map((g) => g.id);
  // Most of a real title without its part number ("joyful science reader
  // class 4 part"): about 1 title in 700 matches, where a title index pays most.
  const phrases = (
    await bench.db
      .select({ title: books.title })
      .from(books)
      .where(sql`${books.id} % 9973 = 1`)
      .limit(4)
  ).map(phraseOf);
  const scenarios: Record<string, (i: number) => string> = {
    'search + grade + status': (i) =>
      `q=${encodeURIComponent(pick(WORDS, i))}&gradeId=${pick(gradeIds, i * 7)}&status=active`,
    'search + grade + status, sort updatedAt desc, page 3': (i) =>
      `q=${encodeURIComponent(pick(WORDS, i))}&gradeId=${pick(gradeIds, i * 5)}&status=active&sort=updatedAt&order=desc&page=3`,
    'ISBN prefix + status': (i) =>
      `q=978${String(1000 + ((i * 37) % 9000)).padStart(5, '0')}&status=active`,
    'no filter, first page': () => '',
    'search only (one word)': (i) => `q=${encodeURIComponent(pick(WORDS, i))}`,
    'search only (most of a title, ~0.15% match)': (i) =>
      `q=${encodeURIComponent(pick(phrases, i))}`,
  };
  const results: Record<string, unknown> = {};
  for (const [name, build] of Object.entries(scenarios)) {
    results[name] = await timeEach(requests, (i) =>
      bench.inject({ method: 'GET', url: `/api/book/getisbn?${build(i)}` }),
    );
  }
  return results;
}

/** EXPLAIN of the list's own queries (bookWhere) for a title-only search. */
export async function titleSearchPlans(bench: Bench) {
  const plans: Record<string, string[]> = {};
  const [sample] = await bench.db.select({ title: books.title }).from(books).limit(1);
  for (const q of [phraseOf(sample!), 'science']) {
    const where = bookWhere({ q });
    const page = bench.db
      .select({ id: books.id })
      .from(books)
      .where(where)
      .orderBy(books.title, books.id)
      .limit(20);
    const total = bench.db.select({ n: count() }).from(books).where(where);
    for (const [name, query] of [
      ['page', page],
      ['count', total],
    ] as const) {
      const res = await bench.db.execute(sql`explain (analyze, costs off) ${query}`);
      const rows = (res as unknown as { rows: Record<string, string>[] }).rows ?? res;
      plans[`q=${q}: ${name}`] = (rows as Record<string, string>[]).map((r) => r['QUERY PLAN']!);
    }
  }
  return plans;
}
