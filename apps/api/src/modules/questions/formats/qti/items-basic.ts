import { BLANK_PATTERN } from '@bo/contract';
import { all, float, isNull, matchCorrect, type TypeWriter, variable } from './processing.ts';
import { block, esc, xhtml } from './xml.ts';

/**
 * The writers of the first six types (items.ts lists what each becomes):
 * choice interactions, text entries and extended text.
 */

export const choice: TypeWriter = {
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

/** The response of the i-th blank or gap (from 0). */
export const blankId = (i: number) => `RESPONSE_${i + 1}`;

/** A typed answer: its accepted answers are the mapping's keys, each worth 1, with the case rule. */
export function typedDeclaration(id: string, answers: string[], caseSensitive: boolean): string {
  const entries = answers
    .map(
      (a) =>
        `<qti-map-entry map-key="${esc(a)}" mapped-value="1" case-sensitive="${caseSensitive}"/>`,
    )
    .join('');
  return `<qti-response-declaration identifier="${id}" cardinality="single" base-type="string"><qti-correct-response><qti-value>${esc(answers[0] ?? '')}</qti-value></qti-correct-response><qti-mapping default-value="0">${entries}</qti-mapping></qti-response-declaration>`;
}
/** A typed answer is right when it is one of the mapping's keys. */
export const typedRight = (id: string) =>
  `<qti-gte><qti-map-response identifier="${id}"/>${float(1)}</qti-gte>`;
export const textEntry = (id: string) =>
  `<qti-text-entry-interaction response-identifier="${id}"></qti-text-entry-interaction>`;

/** The stem with each ___ replaced by what `gap` writes for it, in order. */
export function withGaps(stem: string, gap: (i: number) => string): string {
  let i = 0;
  return block(stem.replace(BLANK_PATTERN, () => gap(i++)));
}

export const fillBlank: TypeWriter = {
  responses: (q) =>
    q.blanks.map((b, i) => typedDeclaration(blankId(i), b.answers, b.caseSensitive)).join(''),
  body: (q) => withGaps(q.stem, (i) => textEntry(blankId(i))),
  right: (q) => all(q.blanks.map((_, i) => typedRight(blankId(i)))),
  unanswered: (q) => all(q.blanks.map((_, i) => isNull(blankId(i)))),
  unfinished: (q) =>
    q.blanks.length > 1
      ? `<qti-or>${q.blanks.map((_, i) => isNull(blankId(i))).join('')}</qti-or>`
      : null,
};

export const numeric: TypeWriter = {
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

export const subjective: TypeWriter = {
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
