import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/**
 * A report subscription's filters in words, for the profile's list and the
 * mail's title: an id filter names what it is ("Assessment: Fractions quiz",
 * "Book: Atlas (9780306406157)"), a value filter says itself ("platform
 * ios"). What an id names is read when asked, so a renamed book shows its
 * new title; a removed one says so.
 */

type Namer = { label: string; many?: boolean; names: (ids: number[]) => SQL };

const byIds = (table: string, name: string) => (ids: number[]) =>
  sql`select id::int as id, ${sql.raw(name)} as name from ${sql.raw(table)}
    where id in (select value::int8 from jsonb_array_elements_text(${JSON.stringify(ids.map(String))}::jsonb))`;

const NAMERS: Record<string, Namer> = {
  assessmentId: { label: 'Assessment', names: byIds('assessments', 'name') },
  bookId: { label: 'Book', names: byIds('books', "title || ' (' || isbn || ')'") },
  bookIds: { label: 'Books', many: true, names: byIds('books', "title || ' (' || isbn || ')'") },
  gradeId: { label: 'Grade', names: byIds('grades', 'name') },
  codeId: { label: 'QR code', names: byIds('qr_codes', 'code') },
};

const idsOf = (value: string) =>
  value
    .split(',')
    .map(Number)
    .filter((n) => Number.isSafeInteger(n) && n > 0);

/** Each subscription's filters in words (same order as given), one query per kind of id. */
export async function filterWords(db: Db, list: Record<string, string>[]): Promise<string[]> {
  const wanted = new Map<string, Set<number>>();
  for (const filters of list)
    for (const [key, value] of Object.entries(filters))
      if (NAMERS[key])
        for (const id of idsOf(value)) wanted.set(key, (wanted.get(key) ?? new Set()).add(id));
  const names = new Map<string, Map<number, string>>();
  for (const [key, ids] of wanted) {
    const rows = (await db.execute<{ id: number; name: string }>(NAMERS[key]!.names([...ids])))
      .rows;
    names.set(key, new Map(rows.map((r) => [Number(r.id), r.name])));
  }
  return list.map((filters) =>
    Object.entries(filters)
      .map(([key, value]) => {
        const namer = NAMERS[key];
        if (!namer) return `${key} ${value}`;
        const named = idsOf(value).map((id) => names.get(key)?.get(id) ?? `#${id} (removed)`);
        return `${namer.label}: ${named.join(', ')}`;
      })
      .join('; '),
  );
}
