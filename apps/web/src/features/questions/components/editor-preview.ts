import type { Question, QuestionFields, QuestionFieldsInput } from '@bo/contract';
import { questionFieldsSchema } from '@bo/contract/questions';

/**
 * The form's question (or a revision's) shaped as a saved question, for the
 * bank's one learner view (`PreviewQuestion`): numbers still empty count as
 * 0, and the saved question lends its curriculum names and history.
 */
export function asPreview(
  fields: QuestionFieldsInput,
  saved: Question | null,
  revision?: { revision: number; byName: string | null; at: string },
): Question {
  const sameCurriculum =
    saved &&
    saved.topicId === fields.topicId &&
    saved.chapterId === fields.chapterId &&
    saved.subjectId === fields.subjectId &&
    saved.gradeId === fields.gradeId;
  return {
    ...emptyPreview,
    ...(saved ?? {}),
    ...(sameCurriculum
      ? {}
      : { gradeName: null, subjectName: null, chapterName: null, topicName: null }),
    type: fields.type,
    stem: fields.stem,
    options: fields.options ?? [],
    blanks: (fields.blanks ?? []).map((b) => ({
      answers: b.answers,
      caseSensitive: b.caseSensitive ?? false,
    })),
    matching: fields.matching
      ? { pairs: fields.matching.pairs, distractors: fields.matching.distractors ?? [] }
      : null,
    ordering: fields.ordering ?? null,
    cloze: fields.cloze
      ? {
          gaps: fields.cloze.gaps.map((g) =>
            g.kind === 'choice' ? g : { ...g, caseSensitive: g.caseSensitive ?? false },
          ),
        }
      : null,
    numeric:
      fields.numeric && typeof fields.numeric.value === 'number'
        ? {
            value: fields.numeric.value,
            tolerance: fields.numeric.tolerance ?? 0,
            unit: fields.numeric.unit ?? null,
          }
        : null,
    modelAnswer: fields.modelAnswer ?? null,
    explanation: fields.explanation ?? null,
    difficulty: fields.difficulty ?? 'medium',
    marks: typeof fields.marks === 'number' ? fields.marks : 0,
    negativeMarks: typeof fields.negativeMarks === 'number' ? fields.negativeMarks : 0,
    gradeId: fields.gradeId ?? null,
    subjectId: fields.subjectId ?? null,
    chapterId: fields.chapterId ?? null,
    topicId: fields.topicId ?? null,
    tags: fields.tags ?? [],
    language: fields.language ?? 'English',
    status: fields.status ?? 'draft',
    ...(revision
      ? { revision: revision.revision, updatedByName: revision.byName, updatedAt: revision.at }
      : {}),
  };
}

const emptyPreview: Question = {
  ...fromValuesDefaults(),
  id: 0,
  revision: 0,
  source: 'manual',
  sourceLabel: null,
  gradeName: null,
  subjectName: null,
  chapterName: null,
  topicName: null,
  createdByName: null,
  updatedByName: null,
  createdAt: '',
  updatedAt: '',
};

function fromValuesDefaults(): QuestionFields {
  return questionFieldsSchema.parse({ type: 'subjective', stem: '-' });
}
