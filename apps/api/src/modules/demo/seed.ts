import { Readable } from 'node:stream';
import { isbn13CheckDigit } from '@bo/contract';
import { and, asc, count, eq, inArray, max, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  admins,
  bookIsbns,
  books,
  chapters,
  grades,
  mediaItems,
  subjects,
  topics,
} from '../../db/schema/index.ts';
import type { Storage, StoredFile } from '../../lib/storage/storage.ts';
import { lockIsbns } from '../books/books.queries.ts';
import { readStoredDuration } from '../media/media.files.ts';
import { tinyMp4, tinyWav } from '../media/media.fixtures.ts';
import { demoCurriculum, EDITIONS, MEDIA, SERIES } from './demo.data.ts';
import { isbnsWithToc, type StoredPdf, seedTocs, storePdfs, type TocReport } from './demo.toc.ts';

/**
 * `npm run seed:demo`: a realistic curriculum, books with TOCs and content,
 * and a media library for a newcomer. Idempotent by natural keys
 * (subject/chapter/topic name within its parent, ISBN, media title, a book
 * having a TOC): a second run adds nothing. Everything goes in
 * one transaction; the generated files are stored first and removed again if
 * the transaction fails, so a crash leaves no half state.
 */

/**
 * The seed claims its ISBNs under the books service's per-ISBN advisory locks,
 * all held to the end of its one transaction: PostgreSQL's shared lock table
 * (64 × max_connections by default) bounds how many books one run may add.
 */
export const MAX_BOOKS = 2000;

export interface SeedOptions {
  books?: number;
}

export interface SeedReport extends TocReport {
  subjects: number;
  chapters: number;
  topics: number;
  books: number;
  extraIsbns: number;
  media: number;
}

/** True when the database has neither admins nor books (a fresh install). */
export async function isEmptyInstall(db: Db): Promise<boolean> {
  const [a] = await db.select({ n: count() }).from(admins);
  const [b] = await db.select({ n: count() }).from(books);
  return a?.n === 0 && b?.n === 0;
}

const lower = (s: string) => s.toLowerCase();

/** A valid ISBN-13 under the 978-93 (India) group: `block` keeps main and extra ISBNs apart. */
export function demoIsbn(block: number, n: number): string {
  const body = `97893${String(block).padStart(2, '0')}${String(n).padStart(5, '0')}`;
  return body + isbn13CheckDigit(body);
}

/** Inserts the names missing under one parent, after its last position; returns name → id of all. */
async function ensureChildren(
  tx: Tx,
  level: 'subject' | 'chapter' | 'topic',
  parentId: number,
  names: string[],
): Promise<{ ids: Map<string, number>; added: number }> {
  const t = level === 'subject' ? subjects : level === 'chapter' ? chapters : topics;
  const parentCol =
    level === 'subject'
      ? subjects.gradeId
      : level === 'chapter'
        ? chapters.subjectId
        : topics.chapterId;
  const existing = await tx
    .select({ id: t.id, name: t.name })
    .from(t)
    .where(eq(parentCol, parentId));
  const ids = new Map(existing.map((r) => [lower(r.name), r.id]));
  const missing = names.filter((n) => !ids.has(lower(n)));
  if (missing.length === 0) return { ids, added: 0 };
  const [last] = await tx
    .select({
      position: max(t.position),
      number: level === 'chapter' ? max(chapters.number) : sql<null>`null`,
    })
    .from(t)
    .where(eq(parentCol, parentId));
  let position = last?.position ?? 0;
  let number = Number(last?.number ?? 0);
  const parentKey =
    level === 'subject' ? 'gradeId' : level === 'chapter' ? 'subjectId' : 'chapterId';
  const rows = missing.map((name) => {
    const row: Record<string, unknown> = { [parentKey]: parentId, name, position: ++position };
    if (level === 'chapter') row.number = ++number;
    return row;
  });
  const inserted = await tx
    .insert(t)
    .values(rows as never)
    .returning({ id: t.id, name: t.name });
  for (const r of inserted) ids.set(lower(r.name), r.id);
  return { ids, added: inserted.length };
}

interface SubjectRef {
  gradeId: number;
  subjectId: number;
  grade: string;
  subject: string;
}

async function seedCurriculum(tx: Tx, report: SeedReport) {
  const gradeRows = await tx.select({ id: grades.id, name: grades.name }).from(grades);
  const gradeIds = new Map(gradeRows.map((g) => [lower(g.name), g.id]));
  const subjectRefs: SubjectRef[] = [];
  for (const { grade, subjects: list } of demoCurriculum()) {
    const gradeId = gradeIds.get(lower(grade));
    if (gradeId === undefined) continue; // a grade renamed or removed by an admin
    const s = await ensureChildren(
      tx,
      'subject',
      gradeId,
      list.map((x) => x.name),
    );
    report.subjects += s.added;
    for (const subject of list) {
      const subjectId = s.ids.get(lower(subject.name))!;
      subjectRefs.push({ gradeId, subjectId, grade, subject: subject.name });
      const c = await ensureChildren(
        tx,
        'chapter',
        subjectId,
        subject.chapters.map((x) => x.name),
      );
      report.chapters += c.added;
      for (const chapter of subject.chapters) {
        const t = await ensureChildren(
          tx,
          'topic',
          c.ids.get(lower(chapter.name))!,
          chapter.topics,
        );
        report.topics += t.added;
      }
    }
  }
  return subjectRefs;
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

async function seedBooks(tx: Tx, refs: SubjectRef[], total: number, report: SeedReport) {
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

type MediaSpec = (typeof MEDIA)[number];

async function existingMediaTitles(db: Db | Tx): Promise<Set<string>> {
  const rows = await db
    .select({ title: mediaItems.title })
    .from(mediaItems)
    .where(
      inArray(
        mediaItems.title,
        MEDIA.map((m) => m[2]),
      ),
    );
  return new Set(rows.map((r) => r.title));
}

/** Generated files for the uploaded items not there yet, stored before the transaction. */
async function storeFiles(storage: Storage, todo: MediaSpec[]) {
  const files = new Map<string, { file: StoredFile; duration: number | null }>();
  try {
    for (const [kind, source, title, , , seconds] of todo) {
      if (source !== 'upload') continue;
      const body = kind === 'video' ? tinyMp4(seconds) : tinyWav(seconds);
      const file = await storage.put(Readable.from([body]), {
        contentType: kind === 'video' ? 'video/mp4' : 'audio/wav',
      });
      files.set(title, { file, duration: await readStoredDuration(storage, file) });
    }
  } catch (err) {
    await Promise.all([...files.values()].map((f) => storage.delete(f.file.key)));
    throw err;
  }
  return files;
}

async function seedMedia(
  tx: Tx,
  files: Map<string, { file: StoredFile; duration: number | null }>,
  used: Set<string>,
  report: SeedReport,
) {
  const present = await existingMediaTitles(tx);
  for (const [kind, source, title, grade, subject, seconds, language] of MEDIA) {
    if (present.has(title)) continue;
    const upload = source === 'upload' ? files.get(title) : undefined;
    if (source === 'upload' && !upload) continue; // appeared meanwhile; its file is dropped
    // Tags: the grade's subject, its first chapter and that chapter's first topic.
    const [tag] = await tx
      .select({
        gradeId: grades.id,
        subjectId: subjects.id,
        chapterId: chapters.id,
        topicId: topics.id,
      })
      .from(subjects)
      .innerJoin(grades, eq(grades.id, subjects.gradeId))
      .innerJoin(chapters, eq(chapters.subjectId, subjects.id))
      .innerJoin(topics, eq(topics.chapterId, chapters.id))
      .where(
        and(
          sql`lower(${grades.name}) = ${lower(grade)}`,
          sql`lower(${subjects.name}) = ${lower(subject)}`,
        ),
      )
      .orderBy(asc(chapters.position), asc(topics.position))
      .limit(1);
    const slug = title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
    await tx.insert(mediaItems).values({
      kind,
      title,
      description: `${kind === 'video' ? 'A short lesson' : 'A listening track'} for ${grade} ${subject}.`,
      source,
      url:
        source === 'url'
          ? `https://example.com/demo/${kind}s/${slug || report.media + 1}.${kind === 'video' ? 'mp4' : 'mp3'}`
          : null,
      fileKey: upload?.file.key ?? null,
      fileMime: upload?.file.contentType ?? null,
      fileSize: upload?.file.size ?? null,
      fileSha256: upload?.file.sha256 ?? null,
      fileName: upload ? `${slug || 'demo'}.${kind === 'video' ? 'mp4' : 'wav'}` : null,
      durationSeconds: upload ? upload.duration : seconds,
      language,
      gradeId: tag?.gradeId ?? null,
      subjectId: tag?.subjectId ?? null,
      chapterId: tag?.chapterId ?? null,
      topicId: tag?.topicId ?? null,
      status: report.media % 9 === 8 ? 'inactive' : 'active',
    });
    if (upload) used.add(upload.file.key);
    report.media++;
  }
}

export async function seedDemo(
  deps: { db: Db; storage: Storage },
  opts: SeedOptions = {},
): Promise<SeedReport> {
  const total = opts.books ?? 50;
  if (!Number.isInteger(total) || total < 0 || total > MAX_BOOKS)
    throw new Error(`--books must be a whole number from 0 to ${MAX_BOOKS}`);
  const report: SeedReport = {
    subjects: 0,
    chapters: 0,
    topics: 0,
    books: 0,
    extraIsbns: 0,
    media: 0,
    tocNodes: 0,
    contentItems: 0,
  };
  const isbns = Array.from({ length: total }, (_, n) => demoIsbn(57, n));
  const before = await existingMediaTitles(deps.db);
  const withToc = await isbnsWithToc(deps.db, isbns);
  const files = await storeFiles(
    deps.storage,
    MEDIA.filter((m) => !before.has(m[2])),
  );
  const pdfs = new Map<string, StoredPdf>();
  const used = new Set<string>();
  try {
    await storePdfs(
      deps.storage,
      isbns.filter((i) => !withToc.has(i)),
      pdfs,
    );
    await deps.db.transaction(async (tx) => {
      const refs = await seedCurriculum(tx, report);
      await seedBooks(tx, refs, total, report);
      await seedMedia(tx, files, used, report);
      await seedTocs(tx, isbns, pdfs, used, report);
    });
  } catch (err) {
    used.clear();
    throw err;
  } finally {
    const stored = [
      ...[...files.values()].map((f) => f.file.key),
      ...[...pdfs.values()].map((f) => f.file.key),
    ];
    await Promise.all(stored.filter((k) => !used.has(k)).map((k) => deps.storage.delete(k)));
  }
  return report;
}
