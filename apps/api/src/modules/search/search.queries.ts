import { ASSESSMENT_KIND_LABELS, type AssessmentKind, type PaletteResult } from '@bo/contract';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  admins,
  assessments,
  books,
  grades,
  learners,
  questions,
  subjects,
} from '../../db/schema/index.ts';
import { loweredSearch } from '../../lib/list.ts';
import { bookSearch } from '../books/index.ts';
import {
  expectedPrefixMatches,
  plainText,
  questionSearch,
  searchWords,
} from '../questions/index.ts';

/**
 * One query per kind of the command palette, each LIMITed and shaped to use
 * an index the kind's own list already has (docs/web-ux.md, Command
 * palette): no new index, so the palette costs the writes nothing.
 */

/** Where each assessment kind's builder lives in the web app (features/assessments/areas.ts). */
export const ASSESSMENT_PATHS: Record<AssessmentKind, string> = {
  practice: '/practices',
  mock_test: '/mock-tests',
  diagnostic: '/diagnostic-tests',
  video_quiz: '/video-quizzes',
};

const TITLE_MAX = 120;

/**
 * Book titles and learners are searched by substring through trigram
 * indexes, which need three characters: two letters would scan 100,000 rows
 * (~75 ms for a pair found nowhere, bench/palette). They take the first
 * `limit` matches the index gives (no ORDER BY: sorting every match of a
 * frequent word cost ~200 ms at 100,000 books) and show those by name.
 */
const TRIGRAM = 3;
const byTitle = (a: { title: string; id: number }, b: { title: string; id: number }) =>
  a.title.localeCompare(b.title) || a.id - b.id;
const clip = (text: string) =>
  text.length > TITLE_MAX ? `${text.slice(0, TITLE_MAX - 1).trimEnd()}…` : text;
/** Inline tags go without a space ("<b>photo</b>?" reads "photo?"); plainText spaces the rest. */
const INLINE_TAGS = /<\/?(?:b|i|u|s|em|strong|span|sub|sup|code|a)\b[^>]*>/gi;
const stemTitle = (stem: string) => clip(plainText(stem.replace(INLINE_TAGS, '')));
const line = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' · ');
const words = (code: string) => {
  const text = code.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/**
 * An ISBN-like `q` is a prefix range on the unique ISBN indexes, anything
 * else a substring of title_search (trigram GIN, or the title-ordered index
 * that carries title_search): books.queries.ts `bookSearch`, as the list.
 * Digits alone search from two (an ISBN prefix), words from three.
 */
export async function searchBooks(db: Db, q: string, limit: number): Promise<PaletteResult[]> {
  if (q.length < TRIGRAM && !/^\d+$/.test(q)) return [];
  const rows = await db
    .select({
      id: books.id,
      isbn: books.isbn,
      title: books.title,
      status: books.status,
      grade: grades.name,
      subject: subjects.name,
    })
    .from(books)
    .leftJoin(grades, eq(grades.id, books.gradeId))
    .leftJoin(subjects, eq(subjects.id, books.subjectId))
    .where(bookSearch(q))
    .limit(limit);
  return rows.sort(byTitle).map((r) => ({
    kind: 'book',
    id: r.id,
    title: r.title,
    subtitle: line(`ISBN ${r.isbn}`, r.grade, r.subject, words(r.status)),
    path: `/books/${r.id}`,
  }));
}

/**
 * Below this many expected matches the questions are read through the GIN
 * index on search_vector and sorted (a few ms for a few hundred rows);
 * from it up, by walking questions_updated_search_idx newest first, which
 * meets five matches within a few thousand entries. Measured at a million
 * (bench/palette): the walk for a word in no question read the whole index
 * (~0.9 s), the GIN bitmap of a word in 80,000 questions took ~0.85 s.
 */
const FREQUENT_WORD_MATCHES = 1_000;

/**
 * Every word of `q` starts a word of the question (search_vector, as the
 * bank's list searches), newest saved first. Which plan serves that depends
 * on how many questions match, which the planner cannot tell for a prefix
 * it has no statistics for (it guesses 0.5 %, and walked the whole index for
 * a word in no question): the bank's word statistics decide here, and a
 * rare search is held to the GIN index (bitmap scans only, in its own
 * transaction).
 */
export async function searchQuestions(db: Db, q: string, limit: number): Promise<PaletteResult[]> {
  const select = (d: Db | Tx) =>
    d
      .select({
        id: questions.id,
        stem: questions.stem,
        type: questions.type,
        status: questions.status,
        subject: subjects.name,
      })
      .from(questions)
      .leftJoin(subjects, eq(subjects.id, questions.subjectId))
      .where(questionSearch(q))
      .orderBy(desc(questions.updatedAt), desc(questions.id))
      .limit(limit);
  const expected = await expectedPrefixMatches(db, searchWords(q));
  const rows =
    expected === null || expected >= FREQUENT_WORD_MATCHES
      ? await select(db)
      : await db.transaction(async (tx) => {
          for (const scan of ['seqscan', 'indexscan', 'indexonlyscan']) {
            await tx.execute(sql.raw(`set local enable_${scan} = off`));
          }
          return select(tx);
        });
  return rows.map((r) => ({
    kind: 'question',
    id: r.id,
    title: stemTitle(r.stem) || `Question ${r.id}`,
    subtitle: line(words(r.type), r.subject, words(r.status)),
    path: `/questions/${r.id}`,
  }));
}

/**
 * Assessments of the kinds the admin may open, by part of their name. The
 * table holds hundreds to a few thousand rows: a scan of lower(name) is
 * cheaper than any index would be to keep.
 */
export async function searchAssessments(
  db: Db,
  q: string,
  kinds: readonly AssessmentKind[],
  limit: number,
): Promise<PaletteResult[]> {
  const rows = await db
    .select({
      id: assessments.id,
      kind: assessments.kind,
      name: assessments.name,
      status: assessments.status,
    })
    .from(assessments)
    .where(
      and(inArray(assessments.kind, [...kinds]), loweredSearch(q, sql`lower(${assessments.name})`)),
    )
    .orderBy(asc(assessments.name), asc(assessments.id))
    .limit(limit);
  return rows.map((r) => ({
    kind: 'assessment',
    id: r.id,
    title: r.name,
    subtitle: line(ASSESSMENT_KIND_LABELS[r.kind], words(r.status)),
    path: `${ASSESSMENT_PATHS[r.kind]}/${r.id}`,
  }));
}

/**
 * Learners by part of their name, e-mail or phone: `search` holds the three
 * lowercased and has a trigram GIN index (the learner list's search).
 */
export async function searchLearners(db: Db, q: string, limit: number): Promise<PaletteResult[]> {
  if (q.length < TRIGRAM) return [];
  const rows = await db
    .select({
      id: learners.id,
      name: learners.name,
      email: learners.email,
      phone: learners.phone,
    })
    .from(learners)
    .where(loweredSearch(q, learners.search))
    .limit(limit);
  return rows
    .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id)
    .map((r) => ({
      kind: 'learner',
      id: r.id,
      title: r.name,
      subtitle: line(r.email, r.phone) || 'Learner',
      path: `/learners/${r.id}`,
    }));
}

/** Admins by part of their name or e-mail (a table of tens of rows). There is no admin page: the path is the list filtered to them. */
export async function searchAdmins(db: Db, q: string, limit: number): Promise<PaletteResult[]> {
  const rows = await db
    .select({ id: admins.id, name: admins.name, email: admins.email, role: admins.role })
    .from(admins)
    .where(loweredSearch(q, sql`lower(${admins.name} || ' ' || ${admins.email})`))
    .orderBy(asc(admins.name), asc(admins.id))
    .limit(limit);
  return rows.map((r) => ({
    kind: 'admin',
    id: r.id,
    title: r.name,
    subtitle: line(r.email, r.role === 'super_admin' ? 'Super admin' : 'Admin'),
    path: `/admins?q=${encodeURIComponent(r.email)}`,
  }));
}
