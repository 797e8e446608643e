import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { grades, mediaItems, subjects, testCategories, tocNodes } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { Owned } from './assessments.service.ts';

/** What a kind's create or edit names: the things an assessment belongs to. */
export interface OwnedInput {
  tocNodeId?: number | undefined;
  testCategoryId?: number | undefined;
  gradeId?: number | null | undefined;
  subjectId?: number | null | undefined;
  videoId?: number | undefined;
}

const refused = (field: string, message: string) =>
  badRequest(message, [{ path: `body.${field}`, message }]);

/**
 * Checks the things a kind's assessment belongs to and answers the columns
 * to store: a practice's node gives its book (404 when the node is gone), a
 * subject must be of the grade given with it, a video quiz's media item must
 * be a video. An unknown id is a 400 naming its field, not a bare foreign-key
 * failure.
 */
export async function resolveOwned(db: Db | Tx, input: OwnedInput): Promise<Owned> {
  const owned: Owned = {};
  if (input.tocNodeId !== undefined) {
    const [node] = await db
      .select({ bookId: tocNodes.bookId })
      .from(tocNodes)
      .where(eq(tocNodes.id, input.tocNodeId));
    if (!node) throw notFound('TOC node');
    Object.assign(owned, { tocNodeId: input.tocNodeId, bookId: node.bookId });
  }
  if (input.testCategoryId !== undefined) {
    const [c] = await db
      .select({ id: testCategories.id })
      .from(testCategories)
      .where(eq(testCategories.id, input.testCategoryId));
    if (!c) throw refused('testCategoryId', `No test category has the id ${input.testCategoryId}`);
    owned.testCategoryId = input.testCategoryId;
  }
  if (input.subjectId != null) {
    const [s] = await db
      .select({ gradeId: subjects.gradeId })
      .from(subjects)
      .where(eq(subjects.id, input.subjectId));
    if (!s) throw refused('subjectId', `No subject has the id ${input.subjectId}`);
    if (input.gradeId != null && s.gradeId !== input.gradeId)
      throw refused('subjectId', 'This subject is not a subject of the chosen grade');
    Object.assign(owned, { subjectId: input.subjectId, gradeId: s.gradeId });
  } else if (input.gradeId !== undefined) {
    if (input.gradeId !== null) {
      const [g] = await db
        .select({ id: grades.id })
        .from(grades)
        .where(eq(grades.id, input.gradeId));
      if (!g) throw refused('gradeId', `No grade has the id ${input.gradeId}`);
    }
    Object.assign(owned, { gradeId: input.gradeId, subjectId: input.subjectId ?? null });
  }
  if (input.videoId !== undefined) {
    const [v] = await db
      .select({ kind: mediaItems.kind })
      .from(mediaItems)
      .where(eq(mediaItems.id, input.videoId));
    if (!v || v.kind !== 'video') throw refused('videoId', `No video has the id ${input.videoId}`);
    owned.videoId = input.videoId;
  }
  return owned;
}
