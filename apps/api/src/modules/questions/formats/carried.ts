import type { QuestionType } from '@bo/contract';
import { badRequest } from '../../../lib/errors.ts';

/**
 * An export format writes each question type through one table (QTI_TYPES,
 * QUML_TYPES). A type the table has no entry for yet is refused for the
 * whole export, naming each question, rather than left out in silence: a
 * package that lacks some of what was asked for would travel as if whole.
 */
export function assertCarried(
  format: string,
  table: Partial<Record<QuestionType, unknown>>,
  sections: { questions: { id: number; type: QuestionType }[] }[],
) {
  const missing = sections.flatMap((s) => s.questions).filter((q) => !table[q.type]);
  if (!missing.length) return;
  const types = [...new Set(missing.map((q) => q.type.replace('_', ' ')))].join(', ');
  throw badRequest(
    `The ${format} export does not carry ${types} questions yet (${missing.length} chosen): filter them out by type and export again`,
    missing.slice(0, 100).map((q) => ({
      path: `question ${q.id}`,
      message: `A ${q.type.replace('_', ' ')} question`,
    })),
  );
}
