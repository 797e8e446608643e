import type { AuditEntity, AuditTarget } from '@bo/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  admins,
  books,
  chapters,
  contentItems,
  grades,
  mediaItems,
  subjects,
  tocNodes,
  topics,
} from '../../db/schema/index.ts';

type Found = Omit<AuditTarget, 'exists'>;
type Lookup = (db: Db, ids: number[]) => Promise<{ id: number; found: Found }[]>;

const media =
  (kind: 'video' | 'audio'): Lookup =>
  async (db, ids) =>
    (
      await db
        .select({ id: mediaItems.id, title: mediaItems.title, kind: mediaItems.kind })
        .from(mediaItems)
        .where(inArray(mediaItems.id, ids))
    )
      .filter((r) => r.kind === kind)
      .map((r) => ({ id: r.id, found: { name: r.title, search: r.title } }));

/**
 * How each kind of audited thing is found by id, with what its screen's link
 * needs. Kinds without an entry (sign-ins, files, whole imports) have no
 * screen of their own.
 */
const LOOKUPS: Partial<Record<AuditEntity, Lookup>> = {
  admin: async (db, ids) =>
    (
      await db
        .select({ id: admins.id, name: admins.name, email: admins.email })
        .from(admins)
        .where(inArray(admins.id, ids))
    ).map((r) => ({ id: r.id, found: { name: `${r.name} (${r.email})`, search: r.email } })),
  book: async (db, ids) =>
    (
      await db
        .select({ id: books.id, title: books.title })
        .from(books)
        .where(inArray(books.id, ids))
    ).map((r) => ({ id: r.id, found: { name: r.title, bookId: r.id } })),
  toc_node: async (db, ids) =>
    (
      await db
        .select({ id: tocNodes.id, title: tocNodes.title, bookId: tocNodes.bookId })
        .from(tocNodes)
        .where(inArray(tocNodes.id, ids))
    ).map((r) => ({ id: r.id, found: { name: r.title, bookId: r.bookId } })),
  content_item: async (db, ids) =>
    (
      await db
        .select({ id: contentItems.id, title: contentItems.title, bookId: tocNodes.bookId })
        .from(contentItems)
        .innerJoin(tocNodes, eq(tocNodes.id, contentItems.nodeId))
        .where(inArray(contentItems.id, ids))
    ).map((r) => ({ id: r.id, found: { name: r.title, bookId: r.bookId } })),
  grade: async (db, ids) =>
    (
      await db
        .select({ id: grades.id, name: grades.name })
        .from(grades)
        .where(inArray(grades.id, ids))
    ).map((r) => ({ id: r.id, found: { name: r.name, gradeId: r.id } })),
  subject: async (db, ids) =>
    (
      await db
        .select({ id: subjects.id, name: subjects.name, gradeId: subjects.gradeId })
        .from(subjects)
        .where(inArray(subjects.id, ids))
    ).map((r) => ({ id: r.id, found: { name: r.name, gradeId: r.gradeId, subjectId: r.id } })),
  chapter: async (db, ids) =>
    (
      await db
        .select({
          id: chapters.id,
          name: chapters.name,
          subjectId: chapters.subjectId,
          gradeId: subjects.gradeId,
        })
        .from(chapters)
        .innerJoin(subjects, eq(subjects.id, chapters.subjectId))
        .where(inArray(chapters.id, ids))
    ).map(({ id, name, gradeId, subjectId }) => ({
      id,
      found: { name, gradeId, subjectId, chapterId: id },
    })),
  topic: async (db, ids) =>
    (
      await db
        .select({
          id: topics.id,
          name: topics.name,
          chapterId: topics.chapterId,
          subjectId: chapters.subjectId,
          gradeId: subjects.gradeId,
        })
        .from(topics)
        .innerJoin(chapters, eq(chapters.id, topics.chapterId))
        .innerJoin(subjects, eq(subjects.id, chapters.subjectId))
        .where(inArray(topics.id, ids))
    ).map(({ id, ...found }) => ({ id, found })),
  video: media('video'),
  audio: media('audio'),
};

interface Row {
  entity: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
}

/**
 * The target of each row: looked up by kind in one query per kind on the
 * page; a thing that is gone keeps the name its row recorded, without a link.
 */
export async function targetsOf(db: Db, rows: Row[]): Promise<(AuditTarget | null)[]> {
  const wanted = new Map<AuditEntity, Set<number>>();
  for (const r of rows) {
    const id = numericId(r);
    if (id === null) continue;
    const key = r.entity as AuditEntity;
    wanted.set(key, (wanted.get(key) ?? new Set()).add(id));
  }
  const found = new Map<string, Found>();
  for (const [entity, ids] of wanted) {
    for (const hit of await LOOKUPS[entity]!(db, [...ids]))
      found.set(`${entity}:${hit.id}`, hit.found);
  }
  return rows.map((r) => {
    const id = numericId(r);
    if (id === null) return null;
    const hit = found.get(`${r.entity}:${id}`);
    return hit ? { ...hit, exists: true } : { name: recordedName(r), exists: false };
  });
}

function numericId(r: Row): number | null {
  if (!(r.entity in LOOKUPS) || !r.entityId || !/^\d{1,15}$/.test(r.entityId)) return null;
  return Number(r.entityId);
}

/** The name as the row saw it: a removed thing's `before`, else its `after`. */
function recordedName(r: Row): string | null {
  for (const side of [r.before, r.after]) {
    if (side && typeof side === 'object') {
      const v = side as Record<string, unknown>;
      const name = v.title ?? v.name ?? v.email;
      if (typeof name === 'string') return name;
    }
  }
  return null;
}
