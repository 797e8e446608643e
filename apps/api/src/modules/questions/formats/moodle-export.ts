import type { QuestionFields } from '@bo/contract';
import escapeHtml from 'escape-html';

/**
 * Questions as Moodle XML, written question by question (a generator: the
 * export streams). Types: single/multiple choice -> multichoice, true/false
 * -> truefalse, one blank -> shortanswer (its ___ kept in the text),
 * several blanks -> cloze (multianswer) with a SHORTANSWER gap per blank,
 * numeric -> numerical (unit of multiplier 1), subjective -> essay
 * (graderinfo holds the model answer). Texts are written as HTML in CDATA.
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
  }
}

const MOODLE_TYPE: Record<QuestionFields['type'], string> = {
  single_choice: 'multichoice',
  multiple_choice: 'multichoice',
  true_false: 'truefalse',
  fill_blank: 'shortanswer',
  numeric: 'numerical',
  subjective: 'essay',
};

/** One <question> element. */
export function moodleQuestion(q: QuestionFields & { id?: number }, base: string): string {
  const at = (s: string) => absoluteImages(s, base);
  const cloze = q.type === 'fill_blank' && q.blanks.length > 1;
  let stem = at(q.stem);
  if (cloze) {
    let i = 0;
    stem = stem.replace(/_{3,}/g, () => {
      const blank = q.blanks[i++];
      if (!blank) return '___';
      const kind = blank.caseSensitive ? 'SHORTANSWER_C' : 'SHORTANSWER';
      return `{1:${kind}:${blank.answers.map((a) => `=${clozeEscape(a)}`).join('~')}}`;
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
