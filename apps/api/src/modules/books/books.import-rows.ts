import type { BOOK_STATUSES, ImportError } from '@bo/contract';
import type { Db, Tx } from '../../db/client.ts';
import { grades, subjects } from '../../db/schema/index.ts';
import { changedSinceExport, ImportChanges } from '../../lib/import/changes.ts';
import type { RowOf, SheetRow } from '../../lib/xlsx/sheet.ts';
import { booksNamed, isbnOwners, type NamedBook } from './books.queries.ts';
import type { CatalogColumns } from './books.sheet.ts';

type CatalogValues = RowOf<CatalogColumns>;
type CatalogRow = SheetRow<CatalogColumns>;

/** A row with no problem, resolved to ids: it creates a book (`target` null) or updates `target`. */
export interface ResolvedBook {
  row: number;
  target: NamedBook | null;
  isbn: string;
  title: string;
  gradeId: number | null;
  subjectId: number | null;
  series: string | null;
  edition: string | null;
  language: string;
  status: (typeof BOOK_STATUSES)[number];
  extraIsbns: string[];
}

/**
 * Every row against the others and the database, each problem reported
 * (cells that failed their column are absent and skipped here). A row with
 * the export's ID, or whose ISBN is a book's main ISBN, updates that book:
 * a column the sheet lacks keeps the stored value, a blank Series or
 * Edition clears it, a blank Language or Status keeps it. Answers the rows
 * that create, those that change a book, and what each changes. In a
 * commit (`forUpdate`) the named books are locked while they are read.
 */
export async function resolveRows(db: Db | Tx, rows: CatalogRow[], forUpdate = false) {
  const errors: ImportError[] = [];
  const changes = new ImportChanges();
  const names = await curriculumNames(db);
  const isbnsOf = (v: Partial<CatalogValues>): [string, string][] => [
    ...(v.isbn ? [[v.isbn, 'ISBN'] as [string, string]] : []),
    ...(v.extraIsbns ?? []).map((i) => [i, 'Extra ISBNs'] as [string, string]),
  ];
  const all = [...new Set(rows.flatMap((r) => isbnsOf(r.values).map(([i]) => i)))];
  const ids = rows.flatMap((r) => (r.values.id === undefined ? [] : [r.values.id]));
  const named = await booksNamed(db, ids, all, forUpdate);
  const byId = new Map(named.map((b) => [b.id, b]));
  const byIsbn = new Map(named.map((b) => [b.isbn, b]));
  const owners = new Map((await isbnOwners(db, all)).map((o) => [o.isbn, o]));
  const firstSeen = new Map<string, number>();
  const rowOfBook = new Map<number, number>();
  const creates: ResolvedBook[] = [];
  const updates: ResolvedBook[] = [];
  for (const { row, values: v, failed, present } of rows) {
    const problem = (column: string, message: string) => errors.push({ row, column, message });
    const has = (key: keyof CatalogColumns) => present?.has(key) ?? true;
    const before = errors.length;
    let target: NamedBook | null = null;
    if (v.id !== undefined) {
      target = byId.get(v.id) ?? null;
      if (!target) problem('ID', `No book has ID ${v.id}`);
    } else if (v.isbn) target = byIsbn.get(v.isbn) ?? null;
    if (target) {
      const seen = rowOfBook.get(target.id);
      if (seen !== undefined) problem('ISBN', `"${target.title}" is also in row ${seen}`);
      else rowOfBook.set(target.id, row);
      const stale = changedSinceExport(row, v.updatedAt, {
        updatedAt: target.updatedAt,
        updatedBy: target.updatedByName,
      });
      if (stale) errors.push(stale);
    }
    for (const [isbn, column] of isbnsOf(v)) {
      const owner = owners.get(isbn);
      if (owner && owner.bookId !== target?.id)
        problem(column, `ISBN ${isbn} already belongs to "${owner.title}"`);
      const seen = firstSeen.get(isbn);
      if (seen !== undefined) problem(column, `ISBN ${isbn} is also in row ${seen}`);
      else firstSeen.set(isbn, row);
    }
    const gradeName = has('grade') ? v.grade : (target?.gradeName ?? undefined);
    let gradeId: number | null = null;
    if (gradeName) {
      gradeId = names.gradeByName.get(gradeName.toLowerCase()) ?? null;
      if (gradeId === null) problem('Grade', `No grade is named "${gradeName}"`);
    }
    const subjectName = has('subject') ? v.subject : (target?.subjectName ?? undefined);
    let subjectId: number | null = null;
    if (subjectName) {
      if (!gradeName && !failed.has('grade')) problem('Subject', 'Give the grade of the subject');
      else if (gradeId !== null) {
        subjectId = names.subjectByKey.get(`${gradeId}:${subjectName.toLowerCase()}`) ?? null;
        if (subjectId === null) problem('Subject', `No subject "${subjectName}" in ${gradeName}`);
      }
    }
    if (errors.length > before || failed.size > 0) continue;
    const book: ResolvedBook = {
      row,
      target,
      isbn: v.isbn!,
      title: v.title!,
      gradeId,
      subjectId,
      series: has('series') ? v.series || null : (target?.series ?? null),
      edition: has('edition') ? v.edition || null : (target?.edition ?? null),
      language: v.language || target?.language || 'English',
      status: v.status ?? target?.status ?? 'draft',
      extraIsbns: has('extraIsbns') ? [...new Set(v.extraIsbns ?? [])] : (target?.extraIsbns ?? []),
    };
    if (!target) {
      changes.create();
      creates.push(book);
    } else if (changes.compare(row, cellsOf(target, book, names))) updates.push(book);
  }
  return { creates, updates, errors, changes };
}

type Names = Awaited<ReturnType<typeof curriculumNames>>;

async function curriculumNames(db: Db | Tx) {
  const gradeRows = await db.select({ id: grades.id, name: grades.name }).from(grades);
  const subjectRows = await db
    .select({ id: subjects.id, gradeId: subjects.gradeId, name: subjects.name })
    .from(subjects);
  return {
    gradeByName: new Map(gradeRows.map((g) => [g.name.toLowerCase(), g.id])),
    gradeName: new Map(gradeRows.map((g) => [g.id, g.name])),
    subjectByKey: new Map(subjectRows.map((s) => [`${s.gradeId}:${s.name.toLowerCase()}`, s.id])),
    subjectName: new Map(subjectRows.map((s) => [s.id, s.name])),
  };
}

/** A stored book and what a row makes of it, cell by cell in the sheet's words and order. */
function cellsOf(stored: NamedBook, next: ResolvedBook, names: Names): [string, string, string][] {
  const name = (map: Map<number, string>, id: number | null) => (id === null ? '' : map.get(id)!);
  const list = (isbns: string[]) => [...isbns].sort().join(', ');
  return [
    ['ISBN', stored.isbn, next.isbn],
    ['Title', stored.title, next.title],
    ['Grade', name(names.gradeName, stored.gradeId), name(names.gradeName, next.gradeId)],
    ['Subject', name(names.subjectName, stored.subjectId), name(names.subjectName, next.subjectId)],
    ['Series', stored.series ?? '', next.series ?? ''],
    ['Edition', stored.edition ?? '', next.edition ?? ''],
    ['Language', stored.language, next.language],
    ['Status', stored.status, next.status],
    ['Extra ISBNs', list(stored.extraIsbns), list(next.extraIsbns)],
  ];
}
