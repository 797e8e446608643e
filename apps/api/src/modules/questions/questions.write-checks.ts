import { and, inArray, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { questions } from '../../db/schema/index.ts';
import { badRequest, type ErrorDetail, refusal } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { type CurriculumPlace, checkCurriculum } from './questions.curriculum.ts';
import type { PreparedQuestion } from './questions.prepare.ts';

/**
 * What a question write checks before anything is stored, shared by the
 * editor, every import and the restore of a revision: its curriculum places
 * exist (400) and it is not a question the bank already holds (409).
 */

export const duplicateError = (message: string, details: ErrorDetail[]) =>
  refusal('question_duplicate', message, details);

/**
 * The questions already in the bank with one of `keys` (the exact-duplicate
 * key), as key → id; `exceptId` (the question being edited) is left out.
 */
export async function existingDuplicates(
  db: Db | Tx,
  keys: string[],
  exceptId?: number,
): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  for (let i = 0; i < keys.length; i += 5000) {
    const slice = keys.slice(i, i + 5000);
    const rows = await db
      .select({ id: questions.id, key: questions.dedupeKey })
      .from(questions)
      .where(
        exceptId === undefined
          ? inArray(questions.dedupeKey, slice)
          : and(inArray(questions.dedupeKey, slice), ne(questions.id, exceptId)),
      );
    for (const r of rows) found.set(r.key, r.id);
  }
  return found;
}

/**
 * 409 when a question of the batch is in the bank already or repeats an
 * earlier one of the same batch; `path(i)` names the question in a detail.
 */
export async function assertNoExactDuplicates(
  db: Db | Tx,
  batch: PreparedQuestion[],
  path: (index: number) => string,
  exceptId?: number,
) {
  const existing = await existingDuplicates(
    db,
    batch.map((p) => p.dedupeKey),
    exceptId,
  );
  const first = new Map<string, number>();
  const details: ErrorDetail[] = [];
  batch.forEach((p, i) => {
    const id = existing.get(p.dedupeKey);
    const earlier = first.get(p.dedupeKey);
    if (id !== undefined)
      details.push({
        path: path(i),
        message: `The same question is already in the bank (question ${id})`,
      });
    else if (earlier !== undefined)
      details.push({
        path: path(i),
        message: `This is the same question as number ${earlier + 1} of this batch`,
      });
    else first.set(p.dedupeKey, i);
  });
  if (details.length) throw duplicateError(details[0]!.message, details);
}

/** 400 naming each question's curriculum problem; fills missing upper levels in place. */
export async function assertCurriculum(
  db: Db | Tx,
  list: CurriculumPlace[],
  path: (index: number, field: string) => string,
) {
  const problems = await checkCurriculum(db, list);
  if (problems.length) {
    const details = problems.map((p) => ({
      path: path(p.index, String(p.path[0])),
      message: p.message,
    }));
    throw badRequest(details[0]!.message, details);
  }
}

/** A unique-index hit by a concurrent save of the same question: the 409 the check would have given. */
export function uniqueAsDuplicate(err: unknown): never {
  if (isUniqueViolation(err))
    throw duplicateError('The same question was saved by someone else a moment ago', []);
  throw err;
}
