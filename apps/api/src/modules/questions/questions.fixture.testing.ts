import type { QuestionInput, QuestionSource } from '@bo/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { questions } from '../../db/schema/index.ts';
import { prepareQuestion } from './questions.prepare.ts';
import { insertQuestions } from './questions.write.ts';

/**
 * Tests only: stores a question through the service's own write path
 * (prepareQuestion: contract, sanitiser, TeX check, derived columns; then
 * insertQuestions with its revision), then sets what a test needs fixed to
 * assert a list in a known order: the source, the author and the dates.
 */
export async function insertQuestion(
  db: Db,
  input: QuestionInput,
  extra: {
    source?: QuestionSource;
    createdBy?: number | null;
    createdAt?: string;
    updatedAt?: string;
  } = {},
): Promise<number> {
  const prepared = prepareQuestion(input);
  if (!prepared.ok) throw new Error(`Not a valid question: ${JSON.stringify(prepared.problems)}`);
  return db.transaction(async (tx) => {
    const [id] = await insertQuestions(
      tx,
      { id: extra.createdBy ?? null },
      [prepared.question],
      extra.source ?? 'manual',
    );
    const dates = {
      ...(extra.createdAt ? { createdAt: new Date(extra.createdAt) } : {}),
      ...(extra.updatedAt ? { updatedAt: new Date(extra.updatedAt) } : {}),
    };
    if (Object.keys(dates).length)
      await tx.update(questions).set(dates).where(eq(questions.id, id!));
    return id!;
  });
}

/** A valid single-choice question whose stem is `stem` (options "Yes"/"No", A correct). */
export const choice = (stem: string, more: Partial<QuestionInput> = {}): QuestionInput => ({
  type: 'single_choice',
  stem,
  options: [
    { id: 'A', html: 'Yes', correct: true },
    { id: 'B', html: 'No', correct: false },
  ],
  ...more,
});
