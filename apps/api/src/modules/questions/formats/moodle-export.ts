import type { QuestionFields } from '@bo/contract';
import escapeHtml from 'escape-html';
import { plainText } from '../questions.text.ts';

/**
 * Questions as Moodle XML, written question by question (a generator: the
 * export streams). Types: single/multiple choice -> multichoice, true/false
 * -> truefalse, one blank -> shortanswer (its ___ kept in the text),
 * several blanks -> cloze (multianswer) with a SHORTANSWER gap per blank,
 * numeric -> numerical (unit of multiplier 1), subjective -> essay
 * (graderinfo holds the model answer), matching -> matching (an extra
 * right-hand text is a subquestion without text, as Moodle writes them),
 * ordering -> ordering (qtype_ordering: the items in order, absolute
 * positions), cloze -> multianswer (a choice gap MULTICHOICE, a text gap
 * SHORTANSWER or SHORTANSWER_C). Texts are written as HTML in CDATA.
 *
 * Images: our texts point at /api/questions/image?key=…; the export writes
 * them as absolute URLs (PUBLIC_BASE_URL), which Moodle shows as they are
 * (the image route is public), and the Moodle import turns URLs of this
 * server back into the relative form, so a re-import is unchanged.
 */

const cdata = (s: string) => `<![CDATA[${s.replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;
const text = (s: string) => `<text>${cdata(s)}</text>`;
const html = (tag: string, s: string | null) => `<${tag} format="html">${text(s ?? '')}</${tag}>`;

/** Relative image URLs of our own made absolute, and back. */
export const absoluteImages = (html: string, base: string) =>
  html.replace(/(src=["'])\/api\/questions\/image\?/g, `$1${base}/api/questions/image?`);
export const relativeImages = (html: string, base: string) =>
  html.split(`${base}/api/questions/image?`).join('/api/questions/image?');

const clozeEscape = (s: string) => s.replace(/[\\}#~/"]/g, (c) => `\\${c}`);

function body(q: QuestionFields, at: (html: string) => string): string {
  const answer = (fraction: number, s: string, extra = '') =>
    `<answer fraction="${fraction}" format="html">${text(s)}${extra}<feedback format="html"><text></text></feedback></answer>`;
  switch (q.type) {
    case 'single_choice':
    case 'multiple_choice': {
      const right = q.options.filter((o) => o.correct).length || 1;
      const fraction = (correct: boolean) =>
        correct ? (q.type === 'single_choice' ? 100 : Math.round((100 / right) * 1e5) / 1e5) : 0;
      return [
        `<single>${q.type === 'single_choice'}</single><shuffleanswers>true</shuffleanswers><answernumbering>ABCD</answernumbering>`,
        ...q.options.map((o) => answer(fraction(o.correct), at(o.html))),
      ].join('');
    }
    case 'true_false':
      return [
        answer(q.options[0]?.correct ? 100 : 0, 'true'),
        answer(q.options[1]?.correct ? 100 : 0, 'false'),
      ].join('');
    case 'fill_blank':
      if (q.blanks.length === 1)
        return `<usecase>${q.blanks[0]!.caseSensitive ? 1 : 0}</usecase>${q.blanks[0]!.answers.map((a) => answer(100, a)).join('')}`;
      return '';
    case 'numeric': {
      const n = q.numeric!;
      const units = n.unit
        ? `<units><unit><multiplier>1</multiplier><unit_name>${escapeHtml(n.unit)}</unit_name></unit></units>`
        : '';
      return `${answer(100, String(n.value), `<tolerance>${n.tolerance}</tolerance>`)}${units}`;
    }
    case 'subjective':
      return `<responseformat>editor</responseformat>${html('graderinfo', at(q.modelAnswer ?? ''))}`;
    case 'matching': {
      const m = q.matching!;
      const sub = (left: string, right: string) =>
        `<subquestion format="html">${text(at(left))}<answer>${text(plainText(right))}</answer></subquestion>`;
      return [
        '<shuffleanswers>true</shuffleanswers>',
        // Moodle's right-hand sides are plain text: their markup is not kept.
        ...m.pairs.map((p) => sub(p.left, p.right)),
        ...m.distractors.map((d) => sub('', d)),
      ].join('');
    }
    case 'ordering':
      return [
        '<layouttype>VERTICAL</layouttype><selecttype>ALL</selecttype><selectcount>0</selectcount>',
        '<gradingtype>ABSOLUTE_POSITION</gradingtype><showgrading>SHOW</showgrading>',
        ...q.ordering!.items.map((item, i) => answer(i + 1, at(item))),
      ].join('');
    case 'cloze':
      return '';
  }
}

/** A blank or gap in Moodle's embedded-answers syntax. */
function clozeGap(gap: NonNullable<QuestionFields['cloze']>['gaps'][number]): string {
  if (gap.kind === 'choice')
    return `{1:MULTICHOICE:${gap.choices.map((c) => `${c.correct ? '=' : ''}${clozeEscape(c.text)}`).join('~')}}`;
  const kind = gap.caseSensitive ? 'SHORTANSWER_C' : 'SHORTANSWER';
  return `{1:${kind}:${gap.answers.map((a) => `=${clozeEscape(a)}`).join('~')}}`;
}

const MOODLE_TYPE: Record<QuestionFields['type'], string> = {
  single_choice: 'multichoice',
  multiple_choice: 'multichoice',
  true_false: 'truefalse',
  fill_blank: 'shortanswer',
  numeric: 'numerical',
  subjective: 'essay',
  matching: 'matching',
  ordering: 'ordering',
  cloze: 'multianswer',
};

/** One <question> element. */
export function moodleQuestion(q: QuestionFields & { id?: number }, base: string): string {
  const at = (s: string) => absoluteImages(s, base);
  const gaps =
    q.type === 'cloze'
      ? (q.cloze?.gaps ?? [])
      : q.type === 'fill_blank' && q.blanks.length > 1
        ? q.blanks.map((b) => ({ kind: 'text' as const, ...b }))
        : null;
  const cloze = gaps !== null;
  let stem = at(q.stem);
  if (gaps) {
    let i = 0;
    stem = stem.replace(/_{3,}/g, () => {
      const gap = gaps[i++];
      return gap ? clozeGap(gap) : '___';
    });
  }
  const tags = q.tags.length
    ? `<tags>${q.tags.map((t) => `<tag>${text(t)}</tag>`).join('')}</tags>`
    : '';
  const name = `${q.id ? `Q${q.id} ` : ''}${q.type}`;
  return [
    `<question type="${cloze ? 'multianswer' : MOODLE_TYPE[q.type]}">`,
    `<name>${text(name)}</name>`,
    html('questiontext', stem),
    html('generalfeedback', q.explanation ? at(q.explanation) : ''),
    `<defaultgrade>${q.marks}</defaultgrade><penalty>0</penalty><hidden>0</hidden>`,
    body(q, at),
    tags,
    '</question>\n',
  ].join('');
}

/** The whole file, question by question. */
export async function* moodleXml(
  questions:
    | AsyncIterable<QuestionFields & { id?: number }>
    | Iterable<QuestionFields & { id?: number }>,
  base: string,
): AsyncGenerator<string> {
  yield '<?xml version="1.0" encoding="UTF-8"?>\n<quiz>\n';
  for await (const q of questions) yield moodleQuestion(q, base);
  yield '</quiz>\n';
}
