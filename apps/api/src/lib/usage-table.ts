import {
  ASSESSMENT_KIND_LABELS,
  ASSESSMENT_KINDS,
  type AssessmentKind,
  type MediaKind,
} from '@bo/contract';
import { and, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client.ts';
import {
  assessmentItems,
  assessmentSections,
  assessments,
  books,
  chapters,
  contentItems,
  mediaItems,
  promoVideos,
  questions,
  tocNodes,
  topics,
} from '../db/schema/index.ts';
import { type Usage, usageMessage } from './usage.ts';

/**
 * What uses each kind of record that can be refused deletion, declared in
 * one table (as JOBS and MODULES are): every entry counts the rows of one
 * column pointing at the record. Each such column is also a foreign key with
 * ON DELETE RESTRICT, so the database refuses the delete whatever the code
 * asks; this table turns the refusal into a 409 naming what uses it.
 * usage-table.test.ts checks the two agree: a new RESTRICT reference to one
 * of these tables fails it until its entry is here.
 */

/** An entry of the table: what it counts is the rows whose column `on` holds the record's id. */
export interface DeclaredUsage extends Usage {
  on: AnyPgColumn;
}

const n = async (db: Db | Tx, table: PgTable, where: SQL | undefined) =>
  (await db.select({ n: count() }).from(table).where(where))[0]?.n ?? 0;

/** Rows of `on`'s table pointing at the record (and matching `also`). */
function rowsOn(on: AnyPgColumn, singular: string, plural: string, also?: SQL): DeclaredUsage {
  return { on, singular, plural, count: (db, id) => n(db, on.table, and(eq(on, id), also)) };
}

/** Videos and audios tagged with a curriculum level (one table, told apart by kind). */
const mediaOn = (on: AnyPgColumn): DeclaredUsage[] => [
  rowsOn(on, 'video', 'videos', eq(mediaItems.kind, 'video')),
  rowsOn(on, 'audio', 'audios', eq(mediaItems.kind, 'audio')),
];

const PLURALS = {
  practice: 'practices',
  mock_test: 'mock tests',
  diagnostic: 'diagnostic tests',
  video_quiz: 'video quizzes',
} as const;

/** Assessments of a kind whose `on` is the record ("Mock test "Term 1""). */
function assessmentsOn(kind: AssessmentKind, on: AnyPgColumn): DeclaredUsage {
  const label = ASSESSMENT_KIND_LABELS[kind];
  const where = (id: number) => and(eq(on, id), eq(assessments.kind, kind));
  return {
    on,
    singular: label.toLowerCase(),
    plural: PLURALS[kind],
    count: (db, id) => n(db, assessments, where(id)),
    where: async (db, id) =>
      (
        await db
          .select({ name: assessments.name })
          .from(assessments)
          .where(where(id))
          .orderBy(assessments.name)
          .limit(3)
      ).map((r) => `${label} "${r.name}"`),
  };
}

/** Assessments of a kind holding the question: "2 practices use this question (Practice "Fractions 1"; …)". */
function assessmentsHolding(kind: AssessmentKind): DeclaredUsage {
  const label = ASSESSMENT_KIND_LABELS[kind];
  const where = (id: number) => and(eq(assessmentItems.questionId, id), eq(assessments.kind, kind));
  const items = <F extends Record<string, SQL | AnyPgColumn>>(db: Db | Tx, fields: F) =>
    db
      .select(fields)
      .from(assessmentItems)
      .innerJoin(assessments, eq(assessments.id, assessmentItems.assessmentId));
  return {
    on: assessmentItems.questionId,
    singular: label.toLowerCase(),
    plural: PLURALS[kind],
    count: async (db, id) => (await items(db, { n: count() }).where(where(id)))[0]?.n ?? 0,
    where: async (db, id) =>
      (
        await items(db, { name: assessments.name })
          .where(where(id))
          .orderBy(assessments.name)
          .limit(5)
      ).map((r) => `${label} "${r.name}"`),
  };
}

/** A video or audio, and which kinds of it an entry can use. */
export interface MediaUsage extends DeclaredUsage {
  kinds: readonly MediaKind[];
}

/** TOC content items mapping the media item onto a book's node. */
const tocEntries: MediaUsage = {
  ...rowsOn(contentItems.mediaItemId, 'TOC entry', 'TOC entries'),
  kinds: ['video', 'audio'],
  async where(db, id) {
    const rows = await db
      .select({ book: books.title, node: tocNodes.title })
      .from(contentItems)
      .innerJoin(tocNodes, eq(tocNodes.id, contentItems.nodeId))
      .innerJoin(books, eq(books.id, tocNodes.bookId))
      .where(eq(contentItems.mediaItemId, id))
      .orderBy(books.title, tocNodes.title)
      .limit(3);
    return rows.map((r) => `"${r.book}" › ${r.node}`);
  },
};

/** A video shown as a promo video (409 names the promo). */
const promos: MediaUsage = {
  ...rowsOn(promoVideos.videoId, 'promo video', 'promo videos'),
  kinds: ['video'],
  async where(db, id) {
    const rows = await db
      .select({ title: promoVideos.title })
      .from(promoVideos)
      .where(eq(promoVideos.videoId, id))
      .orderBy(promoVideos.position)
      .limit(3);
    return rows.map((r) => `promo "${r.title}"`);
  },
};

/** Frozen, its lists too: no module adds an entry when it loads. */
function frozen<T extends Record<string, readonly unknown[]>>(table: T): T {
  for (const list of Object.values(table)) Object.freeze(list);
  return Object.freeze(table);
}

/** What uses a record of each kind, asked before it is deleted. */
export const USAGES: {
  readonly [K in 'subject' | 'chapter' | 'topic' | 'question']: readonly DeclaredUsage[];
} & { readonly media: readonly MediaUsage[] } = frozen({
  subject: [
    rowsOn(chapters.subjectId, 'chapter', 'chapters'),
    rowsOn(books.subjectId, 'book', 'books'),
    ...mediaOn(mediaItems.subjectId),
    assessmentsOn('mock_test', assessments.subjectId),
    assessmentsOn('diagnostic', assessments.subjectId),
    rowsOn(questions.subjectId, 'question', 'questions'),
  ],
  chapter: [
    rowsOn(topics.chapterId, 'topic', 'topics'),
    ...mediaOn(mediaItems.chapterId),
    rowsOn(tocNodes.chapterId, 'TOC node', 'TOC nodes'),
    rowsOn(assessmentSections.chapterId, 'diagnostic test section', 'diagnostic test sections'),
    rowsOn(questions.chapterId, 'question', 'questions'),
  ],
  topic: [
    ...mediaOn(mediaItems.topicId),
    rowsOn(tocNodes.topicId, 'TOC node', 'TOC nodes'),
    rowsOn(questions.topicId, 'question', 'questions'),
  ],
  question: ASSESSMENT_KINDS.map(assessmentsHolding),
  media: [
    tocEntries,
    promos,
    { ...assessmentsOn('video_quiz', assessments.videoId), kinds: ['video'] },
  ],
});

export type UsedKind = keyof typeof USAGES;

/** "2 videos and 1 audio use this chapter (…)", or null when nothing uses the record. */
export const usedBy = (db: Db | Tx, kind: Exclude<UsedKind, 'media'>, id: number) =>
  usageMessage(db, USAGES[kind], id, kind);

/** The same for a video or an audio: only the entries that can use its kind. */
export const mediaUsedBy = (db: Db | Tx, kind: MediaKind, id: number) =>
  usageMessage(
    db,
    USAGES.media.filter((u) => u.kinds.includes(kind)),
    id,
    kind,
  );

/**
 * What hangs on TOC nodes without refusing their delete (it is set loose),
 * counted for a subtree about to be deleted: the delete's impact, shown
 * before and audited after.
 */
export const TOC_SUBTREE_COUNTS = {
  practices: (db: Db | Tx, nodeIds: number[]) =>
    n(db, assessments, inArray(assessments.tocNodeId, nodeIds)),
};
