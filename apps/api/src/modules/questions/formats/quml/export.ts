import { carriedSections, leftOutNote } from '../carried.ts';
import { absoluteImages } from '../moodle-export.ts';
import type { QtiQuestion as QuestionFields } from '../qti/items.ts';
import type { PackageTest } from '../qti/package.ts';
import { QUML_TYPES } from './types.ts';

/**
 * Sunbird QuML 1.1 JSON: a question set (mimeType
 * application/vnd.sunbird.questionset) whose children are its sections,
 * each a question set whose children are the questions, in the shape the
 * Sunbird QuML player reads (playerConfig.metadata). Each question type is
 * written by its entry of QUML_TYPES (types.ts; one table, as QTI_TYPES for
 * QTI). Questions the format does not carry are refused, or left out when
 * the admin asked (carried.ts): the set's description then names them.
 *
 * Images are absolute addresses of this server (PUBLIC_BASE_URL); the
 * image route is public.
 */

type Json = Record<string, unknown>;

export const QUML_FORMAT = 'QuML 1.1';
const QUESTION_MIME = 'application/vnd.sunbird.question';
const SET_MIME = 'application/vnd.sunbird.questionset';

export function qumlQuestion(q: QuestionFields, base: string): Json {
  const at = (html: string) => absoluteImages(html, base);
  return {
    identifier: `q${q.id}`,
    name: `Question ${q.id}`,
    mimeType: QUESTION_MIME,
    objectType: 'Question',
    qumlVersion: 1.1,
    schemaVersion: '1.1',
    ...(q.language ? { language: [q.language] } : {}),
    ...QUML_TYPES[q.type]!.write(q, at),
    solutions: q.explanation
      ? [{ id: `q${q.id}-explanation`, type: 'html', value: at(q.explanation) }]
      : [],
  };
}

/** The question set with its sections. */
export function qumlQuestionSet(test: PackageTest, base: string, leaveOut?: 'uncarried'): Json {
  const carried = carriedSections(QUML_FORMAT, QUML_TYPES, test.sections, leaveOut);
  const sections = carried.sections.map((s, i) => {
    const children = s.questions.map((q) => qumlQuestion(q, base));
    return {
      identifier: `section-${i + 1}`,
      name: s.title,
      mimeType: SET_MIME,
      objectType: 'QuestionSet',
      primaryCategory: 'Practice Question Set',
      instructions: s.instructions ? absoluteImages(s.instructions, base) : undefined,
      navigationMode: 'non-linear',
      allowSkip: 'Yes',
      showSolutions: true,
      showFeedback: true,
      children,
      childNodes: children.map((c) => c.identifier),
      maxScore: s.questions.reduce((sum, q) => sum + q.marks, 0),
      index: i + 1,
      depth: 1,
    };
  });
  return {
    identifier: 'question-set',
    name: test.title,
    mimeType: SET_MIME,
    objectType: 'QuestionSet',
    primaryCategory: 'Practice Question Set',
    ...(carried.leftOut.length ? { description: leftOutNote(QUML_FORMAT, carried.leftOut) } : {}),
    qumlVersion: 1.1,
    schemaVersion: '1.1',
    navigationMode: 'non-linear',
    allowSkip: 'Yes',
    requiresSubmit: 'No',
    showSolutions: true,
    children: sections,
    childNodes: sections.map((s) => s.identifier),
    maxScore: sections.reduce((sum, s) => sum + s.maxScore, 0),
    depth: 0,
  };
}
