import { BLANK_PATTERN, type QuestionFields, type QuestionType } from '@bo/contract';
import { block, esc, LANGUAGE_TAGS, QTI3_NS, xhtml } from './xml.ts';

/**
 * A bank question as a QTI 3.0 assessment item (qti-assessment-item). Each
 * question type is written by its entry of QTI_TYPES (one table: a new type
 * adds its entry; the reader's table is read-item.ts): its response
 * declarations, its item body and the condition under which the answer is
 * fully right. Response processing is explicit, not a template, so the
 * marks travel: SCORE is the question's marks when right, minus its
 * negative marks when answered wrongly, 0 when not answered; MAXSCORE holds
 * the marks. Partial credit (an assessment's per-option marking) is not
 * written: an item scores as the bank scores with partial credit off.
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
 *    model answer is a scorer's rubric block.
 *
 * The explanation is a modal feedback shown once the item is answered.
 */

/** A question to write; an assessment's item questions do not carry their language. */
export type QtiQuestion = Omit<QuestionFields, 'language'> & {
  id: number;
  language?: QuestionFields['language'];
};

interface TypeWriter {
  /** The qti-response-declaration elements. */
  responses(q: QtiQuestion): string;
  /** The item body, stem included. */
  body(q: QtiQuestion): string;
  /** The test of a fully right answer (null: scored by a person), and of an unanswered one. */
  right(q: QtiQuestion): string | null;
  unanswered(q: QtiQuestion): string;
}

const variable = (id: string) => `<qti-variable identifier="${id}"/>`;
const isNull = (id: string) => `<qti-is-null>${variable(id)}</qti-is-null>`;
const float = (n: number) => `<qti-base-value base-type="float">${n}</qti-base-value>`;
const matchCorrect = (id: string) =>
  `<qti-match>${variable(id)}<qti-correct identifier="${id}"/></qti-match>`;

const choice: TypeWriter = {
  responses: (q) => {
    const single = q.type !== 'multiple_choice';
    const values = q.options
      .filter((o) => o.correct)
      .map((o) => `<qti-value>${o.id}</qti-value>`)
      .join('');
    return `<qti-response-declaration identifier="RESPONSE" cardinality="${single ? 'single' : 'multiple'}" base-type="identifier"><qti-correct-response>${values}</qti-correct-response></qti-response-declaration>`;
  },
  body: (q) => {
    const max = q.type === 'multiple_choice' ? 0 : 1;
    const options = q.options
      .map((o) => `<qti-simple-choice identifier="${o.id}">${xhtml(o.html)}</qti-simple-choice>`)
      .join('');
    return `${block(q.stem)}<qti-choice-interaction response-identifier="RESPONSE" max-choices="${max}" shuffle="false">${options}</qti-choice-interaction>`;
  },
  right: () => matchCorrect('RESPONSE'),
  unanswered: () => isNull('RESPONSE'),
};

const blankId = (i: number) => `RESPONSE_${i + 1}`;

const fillBlank: TypeWriter = {
  responses: (q) =>
    q.blanks
      .map((b, i) => {
        const entries = b.answers
          .map(
            (a) =>
              `<qti-map-entry map-key="${esc(a)}" mapped-value="1" case-sensitive="${b.caseSensitive}"/>`,
          )
          .join('');
        return `<qti-response-declaration identifier="${blankId(i)}" cardinality="single" base-type="string"><qti-correct-response><qti-value>${esc(b.answers[0] ?? '')}</qti-value></qti-correct-response><qti-mapping default-value="0">${entries}</qti-mapping></qti-response-declaration>`;
      })
      .join(''),
  body: (q) => {
    let i = 0;
    const stem = q.stem.replace(
      BLANK_PATTERN,
      () =>
        `<qti-text-entry-interaction response-identifier="${blankId(i++)}"></qti-text-entry-interaction>`,
    );
    return block(stem);
  },
  right: (q) =>
    `<qti-and>${q.blanks
      .map((_, i) => `<qti-gte><qti-map-response identifier="${blankId(i)}"/>${float(1)}</qti-gte>`)
      .join('')}</qti-and>`,
  unanswered: (q) => `<qti-and>${q.blanks.map((_, i) => isNull(blankId(i))).join('')}</qti-and>`,
};

const numeric: TypeWriter = {
  responses: (q) =>
    `<qti-response-declaration identifier="RESPONSE" cardinality="single" base-type="float"><qti-correct-response><qti-value>${q.numeric!.value}</qti-value></qti-correct-response></qti-response-declaration>`,
  body: (q) => {
    const unit = q.numeric!.unit ? ` ${esc(q.numeric!.unit)}` : '';
    return `${block(q.stem)}<p><qti-text-entry-interaction response-identifier="RESPONSE" expected-length="10"/>${unit}</p>`;
  },
  // Between value − tolerance and value + tolerance, bounds included: plain comparisons,
  // which players evaluate alike (qti-equal's tolerance was not honoured by one).
  right: (q) => {
    const { value, tolerance } = q.numeric!;
    const bound = (n: number) => float(Number(n.toFixed(10)));
    return `<qti-and><qti-gte>${variable('RESPONSE')}${bound(value - tolerance)}</qti-gte><qti-lte>${variable('RESPONSE')}${bound(value + tolerance)}</qti-lte></qti-and>`;
  },
  unanswered: () => isNull('RESPONSE'),
};

const subjective: TypeWriter = {
  responses: () =>
    '<qti-response-declaration identifier="RESPONSE" cardinality="single" base-type="string"/>',
  body: (q) => {
    const rubric = q.modelAnswer
      ? `<qti-rubric-block use="scoring" view="scorer"><qti-content-body>${block(q.modelAnswer)}</qti-content-body></qti-rubric-block>`
      : '';
    return `${rubric}${block(q.stem)}<qti-extended-text-interaction response-identifier="RESPONSE"/>`;
  },
  right: () => null,
  unanswered: () => isNull('RESPONSE'),
};

/** The one table of this format: a question type and how it is written. */
/** Matching, ordering and cloze have no entry yet: an export holding one is refused (carried.ts). */
export const QTI_TYPES: Partial<Record<QuestionType, TypeWriter>> = {
  single_choice: choice,
  multiple_choice: choice,
  true_false: choice,
  fill_blank: fillBlank,
  numeric,
  subjective,
};

const set = (id: string, value: string) =>
  `<qti-set-outcome-value identifier="${id}">${value}</qti-set-outcome-value>`;

function processing(q: QtiQuestion, w: TypeWriter): string {
  const right = w.right(q);
  const feedback = q.explanation
    ? `<qti-response-condition><qti-response-if><qti-not>${w.unanswered(q)}</qti-not>${set('FEEDBACK', '<qti-base-value base-type="identifier">EXPLANATION</qti-base-value>')}</qti-response-if></qti-response-condition>`
    : '';
  if (!right)
    return feedback ? `<qti-response-processing>${feedback}</qti-response-processing>` : '';
  return [
    '<qti-response-processing><qti-response-condition>',
    `<qti-response-if>${w.unanswered(q)}${set('SCORE', float(0))}</qti-response-if>`,
    `<qti-response-else-if>${right}${set('SCORE', float(q.marks))}</qti-response-else-if>`,
    `<qti-response-else>${set('SCORE', float(-q.negativeMarks))}</qti-response-else>`,
    `</qti-response-condition>${feedback}</qti-response-processing>`,
  ].join('');
}

export const itemIdentifier = (q: { id: number }) => `Q${q.id}`;

/** One item file. */
export function qtiItem(q: QtiQuestion): string {
  const w = QTI_TYPES[q.type];
  if (!w) throw new Error(`No QTI writer for ${q.type}: assertCarried runs first`);
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
    q.explanation ? outcome('FEEDBACK', 'identifier') : '',
    `<qti-item-body>${w.body(q)}</qti-item-body>`,
    processing(q, w),
    feedback,
    '</qti-assessment-item>\n',
  ].join('');
}
