import type { QuestionInput } from '@bo/contract';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { chapters } from '../../db/schema/index.ts';
import {
  existingDuplicates,
  insertQuestions,
  type PreparedQuestion,
  prepareQuestion,
} from '../questions/index.ts';
import type { SubjectRef } from './demo.curriculum.ts';
import { fillAndNumeric, multiple, subjective } from './demo.questions.answers.ts';
import { chemistry, fractions, powers, trueFalse } from './demo.questions.data.ts';
import { hindi } from './demo.questions.hindi.ts';

/**
 * Demo questions (143): every type, math in fractions, powers and
 * chemistry formulas, and some in Hindi. Generated from a few patterns so
 * each has a correct key; written through the question bank's own
 * prepare/insert, so they are sanitised, TeX-checked and have revision 1
 * like any other. Idempotent: a question already in the bank (same exact
 * duplicate key) is skipped, so a second run adds none.
 */

/** The subject to file a group under, when the demo curriculum has it. */
function place(refs: SubjectRef[], subject: string, grade: string) {
  const ref = refs.find((r) => r.subject === subject && r.grade === grade);
  return ref ? { gradeId: ref.gradeId, subjectId: ref.subjectId } : {};
}

/** The demo's Class 7 Mathematics chapters that hold its fractions and powers questions. */
export const DEMO_MATHS_CHAPTERS = {
  fractions: 'Fractions and Decimals',
  powers: 'Exponents and Powers',
} as const;

/**
 * Every demo question, filed under a subject where the demo curriculum has
 * one, and the maths ones under their chapter (`chapterIds` by name), so a
 * diagnostic section of a chapter finds that chapter's questions.
 */
export function demoQuestions(
  refs: SubjectRef[],
  chapterIds: Map<string, number> = new Map(),
): QuestionInput[] {
  const maths = place(refs, 'Mathematics', 'Class 7');
  const science = place(refs, 'Science', 'Class 8');
  const chapter = (name: string) => ({ chapterId: chapterIds.get(name) ?? null });
  return [
    ...fractions().map((q) => ({ ...maths, ...chapter(DEMO_MATHS_CHAPTERS.fractions), ...q })),
    ...powers().map((q) => ({ ...maths, ...chapter(DEMO_MATHS_CHAPTERS.powers), ...q })),
    ...[...chemistry(), ...fillAndNumeric()].map((q) => ({ ...science, ...q })),
    ...trueFalse(),
    ...multiple(),
    ...subjective(),
    ...hindi(),
  ];
}

/** Adds the demo questions the bank does not have yet; answers how many were added. */
export async function seedQuestions(tx: Tx, refs: SubjectRef[]): Promise<number> {
  const maths = refs.find((r) => r.subject === 'Mathematics' && r.grade === 'Class 7');
  const chapterIds = new Map(
    maths
      ? (
          await tx
            .select({ id: chapters.id, name: chapters.name })
            .from(chapters)
            .where(eq(chapters.subjectId, maths.subjectId))
        ).map((c) => [c.name, c.id])
      : [],
  );
  const prepared: PreparedQuestion[] = demoQuestions(refs, chapterIds).map((q, i) => {
    const p = prepareQuestion(q);
    if (!p.ok)
      throw new Error(`Demo question ${i + 1}: ${p.problems.map((x) => x.message).join('; ')}`);
    return p.question;
  });
  const existing = await existingDuplicates(
    tx,
    prepared.map((p) => p.dedupeKey),
  );
  const fresh = prepared.filter((p) => !existing.has(p.dedupeKey));
  if (fresh.length) await insertQuestions(tx, { id: null }, fresh, 'manual', null);
  return fresh.length;
}
