import type { QtiQuestion } from './items.ts';

/**
 * What the writers of each question type share (items-*.ts): the shape of a
 * writer, the few QTI expressions they compose, and the response processing
 * every item gets, so that SCORE is what the bank's scoring (scoring.ts in
 * the contract) gives the same answer:
 *  - unanswered: 0;
 *  - fully right: the marks;
 *  - a type scored part by part (matching's pairs, ordering's positions,
 *    cloze's gaps): the parts right are counted into the outcome PARTS; all
 *    of them is fully right; with per-option partial credit (an assessment's
 *    marking) k of n right earns the marks × k / n rounded to a quarter,
 *    written out as one branch per k (QTI's rounding operators round to
 *    digits, not to quarters); none right, or some without partial credit,
 *    is wrong;
 *  - wrong: minus the negative marks.
 */

export interface TypeWriter {
  /** The qti-response-declaration elements. */
  responses(q: QtiQuestion): string;
  /** The item body, stem included. */
  body(q: QtiQuestion): string;
  /** The test of a fully right answer (null: scored by a person), and of an unanswered one. */
  right(q: QtiQuestion): string | null;
  unanswered(q: QtiQuestion): string;
  /**
   * The test of an answer left unfinished, wrong before `right` is tried
   * (a fill in the blank with a blank left empty: @citolab/qti-components
   * fails on a case-insensitive mapping of an empty response).
   */
  unfinished?(q: QtiQuestion): string | null;
  /** A type scored part by part: each part's response and the test of its being right (then `right` is unused). */
  parts?(q: QtiQuestion): Part[];
}

export interface Part {
  response: string;
  right: string;
}

export const variable = (id: string) => `<qti-variable identifier="${id}"/>`;
export const isNull = (id: string) => `<qti-is-null>${variable(id)}</qti-is-null>`;
export const float = (n: number) => `<qti-base-value base-type="float">${n}</qti-base-value>`;
export const matchCorrect = (id: string) =>
  `<qti-match>${variable(id)}<qti-correct identifier="${id}"/></qti-match>`;
export const all = (tests: string[]) =>
  tests.length === 1 ? tests[0]! : `<qti-and>${tests.join('')}</qti-and>`;

const set = (id: string, value: string) =>
  `<qti-set-outcome-value identifier="${id}">${value}</qti-set-outcome-value>`;
const condition = (branches: string) =>
  `<qti-response-condition>${branches}</qti-response-condition>`;

/** The outcome counting the parts right; its declaration also tells a cloze from a fill in the blank when read back. */
export const PARTS = 'PARTS';

/** As scoring.ts rounds a share of the marks. */
const quarter = (n: number) => Math.round(n * 4) / 4;

/** PARTS set to 0, then raised by one for each part right; a part left unanswered is passed over before its test (see `unfinished`). */
function counting(parts: Part[]): string {
  const add = set(PARTS, `<qti-sum>${variable(PARTS)}${float(1)}</qti-sum>`);
  return [
    set(PARTS, float(0)),
    ...parts.map((p) =>
      condition(
        `<qti-response-if>${isNull(p.response)}</qti-response-if><qti-response-else-if>${p.right}${add}</qti-response-else-if>`,
      ),
    ),
  ].join('');
}

/** The branches scoring an answer that is not fully right: part marks per parts right, when given. */
function partBranches(q: QtiQuestion, n: number): string {
  if (q.partialCredit !== 'per_option') return '';
  const branches: string[] = [];
  for (let k = n - 1; k >= 1; k--) {
    const atLeast = `<qti-gte>${variable(PARTS)}${float(k)}</qti-gte>`;
    branches.push(
      `<qti-response-else-if>${atLeast}${set('SCORE', float(quarter((q.marks * k) / n)))}</qti-response-else-if>`,
    );
  }
  return branches.join('');
}

export function processing(q: QtiQuestion, w: TypeWriter): string {
  const parts = w.parts?.(q);
  const right = parts ? `<qti-gte>${variable(PARTS)}${float(parts.length)}</qti-gte>` : w.right(q);
  const unfinished = w.unfinished?.(q);
  const wrong = set('SCORE', float(-q.negativeMarks));
  const feedback = q.explanation
    ? condition(
        `<qti-response-if><qti-not>${w.unanswered(q)}</qti-not>${set('FEEDBACK', '<qti-base-value base-type="identifier">EXPLANATION</qti-base-value>')}</qti-response-if>`,
      )
    : '';
  if (!right)
    return feedback ? `<qti-response-processing>${feedback}</qti-response-processing>` : '';
  return [
    '<qti-response-processing>',
    parts ? counting(parts) : '',
    '<qti-response-condition>',
    `<qti-response-if>${w.unanswered(q)}${set('SCORE', float(0))}</qti-response-if>`,
    unfinished ? `<qti-response-else-if>${unfinished}${wrong}</qti-response-else-if>` : '',
    `<qti-response-else-if>${right}${set('SCORE', float(q.marks))}</qti-response-else-if>`,
    parts ? partBranches(q, parts.length) : '',
    `<qti-response-else>${wrong}</qti-response-else>`,
    `</qti-response-condition>${feedback}</qti-response-processing>`,
  ].join('');
}
