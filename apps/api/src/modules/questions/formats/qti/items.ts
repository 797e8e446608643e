import type { PartialCredit, QuestionFields, QuestionType } from '@bo/contract';
import { choice, fillBlank, numeric, subjective } from './items-basic.ts';
import { cloze, matching, ordering } from './items-structured.ts';
import { PARTS, processing, type TypeWriter } from './processing.ts';
import { block, esc, LANGUAGE_TAGS, QTI3_NS } from './xml.ts';

/**
 * A bank question as a QTI 3.0 assessment item (qti-assessment-item). Each
 * question type is written by its entry of QTI_TYPES (one table: a new type
 * adds its entry; the reader's table is read-item.ts): its response
 * declarations, its item body and the test of a fully right answer, or of
 * each part of it. Response processing is explicit, not a template, so the
 * marks travel (processing.ts): SCORE is the question's marks when right,
 * minus its negative marks when answered wrongly, 0 when not answered;
 * MAXSCORE holds the marks.
 *
 *  - single choice, true/false: qti-choice-interaction, max-choices 1;
 *  - multiple choice: qti-choice-interaction, cardinality multiple, every
 *    correct option and no other;
 *  - fill in the blank: a qti-text-entry-interaction in place of each ___,
 *    a string response per blank whose accepted answers are its mapping
 *    (case sensitivity on each map entry); right when every blank maps;
 *  - numeric: one float text entry, right between value − tolerance and
 *    value + tolerance (qti-gte, qti-lte), the unit written after the box;
 *  - subjective: qti-extended-text-interaction, scored by a person; the
 *    model answer is a scorer's rubric block;
 *  - matching: qti-match-interaction, the left-hand texts the first
 *    qti-simple-match-set, the right-hand ones (extra ones included) the
 *    second; a multiple directedPair response "L1 R1"; a pair is a part;
 *  - ordering: qti-order-interaction, an ordered identifier response, the
 *    items' identifiers in their right order; a position is a part;
 *  - cloze: in place of each ___ a qti-inline-choice-interaction (a choice
 *    gap: an identifier response, its correct choice) or a
 *    qti-text-entry-interaction (a typed gap, written as a blank is); a gap
 *    is a part.
 *
 * Per-option partial credit (an assessment's marking, `partialCredit`)
 * gives part marks for the parts of matching, ordering and cloze, as the
 * bank does; a multiple choice item stays all or nothing. The explanation
 * is a modal feedback shown once the item is answered.
 */

/** A question to write; an assessment's item questions do not carry their language. */
export type QtiQuestion = Omit<QuestionFields, 'language'> & {
  id: number;
  language?: QuestionFields['language'];
  /** The marking of the assessment the question is exported from (none: all or nothing). */
  partialCredit?: PartialCredit;
};

/** The one table of this format: a question type and how it is written (every type has one). */
export const QTI_TYPES: Record<QuestionType, TypeWriter> = {
  single_choice: choice,
  multiple_choice: choice,
  true_false: choice,
  fill_blank: fillBlank,
  numeric,
  subjective,
  matching,
  ordering,
  cloze,
};

export const itemIdentifier = (q: { id: number }) => `Q${q.id}`;

/** One item file. */
export function qtiItem(q: QtiQuestion): string {
  const w = QTI_TYPES[q.type];
  const outcome = (id: string, type: string, value?: number) =>
    `<qti-outcome-declaration identifier="${id}" cardinality="single" base-type="${type}">${value === undefined ? '' : `<qti-default-value><qti-value>${value}</qti-value></qti-default-value>`}</qti-outcome-declaration>`;
  const feedback = q.explanation
    ? `<qti-modal-feedback outcome-identifier="FEEDBACK" identifier="EXPLANATION" show-hide="show" title="Explanation"><qti-content-body>${block(q.explanation)}</qti-content-body></qti-modal-feedback>`
    : '';
  return [
    '<?xml version="1.0" encoding="UTF-8"?>\n',
    `<qti-assessment-item xmlns="${QTI3_NS}" identifier="${itemIdentifier(q)}" title="${esc(`Question ${q.id}`)}" adaptive="false" time-dependent="false"${q.language ? ` xml:lang="${LANGUAGE_TAGS[q.language]}"` : ''}>`,
    w.responses(q),
    outcome('SCORE', 'float', 0),
    outcome('MAXSCORE', 'float', q.marks),
    w.parts ? outcome(PARTS, 'float', 0) : '',
    q.explanation ? outcome('FEEDBACK', 'identifier') : '',
    `<qti-item-body>${w.body(q)}</qti-item-body>`,
    processing(q, w),
    feedback,
    '</qti-assessment-item>\n',
  ].join('');
}
