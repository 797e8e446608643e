import type { QuestionFields } from '@bo/contract';

/**
 * Every field of a question but its type, stem and answer (2 marks, 0.5
 * negative marks): the questions the player tests write (qti-player.ts,
 * quml-player.e2e.ts).
 */
export const QUESTION_BASE: Omit<QuestionFields, 'type' | 'stem'> = {
  options: [],
  blanks: [],
  numeric: null,
  matching: null,
  ordering: null,
  cloze: null,
  modelAnswer: null,
  explanation: null,
  difficulty: 'medium',
  marks: 2,
  negativeMarks: 0.5,
  gradeId: null,
  subjectId: null,
  chapterId: null,
  topicId: null,
  tags: [],
  language: 'English',
  status: 'active',
};
