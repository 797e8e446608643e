import { OPTION_IDS, type QuestionFieldsInput } from '@bo/contract';
import { choiceKey, numericAnswer, shortAnswers, type WeighedAnswer } from './credit.ts';
import { essay } from './essay.ts';
import { questionFiles } from './moodle-files.ts';
import { type Node, parseXml, refused } from './moodle-xml.ts';
import { type ParsedFile, QUESTION_COLUMN, textToHtml } from './rows.ts';

/**
 * Moodle XML (<quiz><question type="…">…). Read: multichoice (single or
 * multiple), truefalse, shortanswer (-> fill in the blank with one blank,
 * added as ___ after the text), numerical (-> numeric: first full-marks
 * answer, its tolerance and the unit of multiplier 1), essay (-> subjective,
 * graderinfo as the model answer). Categories and descriptions are skipped
 * with a note; any other type is reported per question ("Question 7
 * (matching) cannot be imported: …") and skipped, never dropped silently.
 * Questions are numbered by their <question> element, categories included.
 * Parsed safely by moodle-xml.ts (no DOCTYPE or entities, bounded nesting).
 */

export { MAX_DEPTH } from './moodle-xml.ts';

/** Looks like Moodle XML: an XML declaration or a <quiz> root near the start. */
export const looksLikeMoodle = (text: string) =>
  /^\uFEFF?\s*(<\?xml|<quiz[\s>]|<!--)/.test(text.slice(0, 1024));

const str = (v: unknown): string =>
  typeof v === 'string' || typeof v === 'number' ? String(v) : '';
/** The <text> of an element such as <questiontext format="html"><text>…</text>. */
function textOf(node: unknown): string {
  if (typeof node !== 'object' || node === null) return str(node);
  const n = node as Node;
  const t = n.text;
  const value = Array.isArray(t)
    ? str(t[0])
    : typeof t === 'object'
      ? str((t as Node)['#text'])
      : str(t);
  const format = str(n['@format']);
  return format === 'plain_text' || format === 'markdown' ? textToHtml(value) : value;
}
const num = (v: unknown, fallback: number) => {
  const n = Number(str(v));
  return str(v) !== '' && Number.isFinite(n) ? n : fallback;
};

export interface EmbeddedFile {
  name: string;
  bytes: Buffer;
}

export function parseMoodle(text: string): ParsedFile & { files: Map<string, Buffer> } {
  const root = parseXml(text);
  const quiz = root.quiz as Node | undefined;
  if (!quiz || typeof quiz !== 'object') {
    throw refused(
      'xml_not_moodle',
      'The XML has no <quiz> root: it is not a Moodle XML question file',
    );
  }
  const parsed: ParsedFile & { files: Map<string, Buffer> } = {
    drafts: [],
    errors: [],
    notes: [],
    files: new Map(),
  };
  const list = (Array.isArray(quiz.question) ? quiz.question : []) as Node[];
  list.forEach((q, index) => {
    const number = index + 1;
    const type = str(q['@type']);
    const note = (message: string) => parsed.notes.push({ row: number, message });
    if (type === 'category') {
      parsed.notes.push({
        row: number,
        message: `Question ${number} is a category (${textOf(q.category)}); categories are not imported: set Subject and Chapter instead`,
        category: true,
      });
      return;
    }
    if (type === 'description') {
      note(`Question ${number} is a description (text without an answer); skipped`);
      return;
    }
    // Each question's files are its own (moodle-files.ts): images kept, other files refused.
    const files = questionFiles(q, number);
    const pluginFiles = files.text;
    const stem = files.stem(textOf(q.questiontext));
    const explanation = pluginFiles(textOf(q.generalfeedback)) || null;
    const tags = ((q.tags as Node | undefined)?.tag as unknown[] | undefined)?.map(textOf) ?? [];
    const answers = ((q.answer as Node[] | undefined) ?? []).map((a) => ({
      html: pluginFiles(textOf(a)),
      fraction: num(a['@fraction'], 0),
      tolerance: num(a.tolerance, 0),
    }));
    // Read here so that its files count as used before the check below.
    pluginFiles(textOf(q.graderinfo));
    for (const message of files.notes()) note(message);
    const problems = files.problems();
    if (problems.length) {
      for (const message of problems)
        parsed.errors.push({ row: number, column: QUESTION_COLUMN, message });
      return;
    }
    for (const [name, bytes] of files.files) parsed.files.set(name, bytes);
    const base: Partial<QuestionFieldsInput> = {
      explanation,
      marks: num(q.defaultgrade, 1),
      ...(tags.length ? { tags } : {}),
    };
    const push = (fields: QuestionFieldsInput) =>
      parsed.drafts.push({ row: number, names: {}, question: { ...base, ...fields } });
    switch (type) {
      case 'multichoice': {
        if (answers.length > OPTION_IDS.length) {
          parsed.errors.push({
            row: number,
            column: QUESTION_COLUMN,
            message: `Question ${number} has ${answers.length} answers; at most ${OPTION_IDS.length} options (A to F) can be imported`,
          });
          return;
        }
        const single = str(q.single) !== 'false' && str(q.single) !== '0';
        const ids = answers.map((a, i) => ({ id: OPTION_IDS[i]!, percent: a.fraction }));
        const key = choiceKey(`Question ${number}`, single, ids);
        if (key.note) note(key.note);
        push({
          type: single ? 'single_choice' : 'multiple_choice',
          stem,
          options: answers.map((a, i) => ({
            id: OPTION_IDS[i]!,
            html: a.html,
            correct: key.correct[i]!,
          })),
        });
        return;
      }
      case 'truefalse': {
        const isTrue = answers.some((a) => a.fraction > 0 && /^true$/i.test(a.html.trim()));
        push({
          type: 'true_false',
          stem,
          options: [
            { id: 'A', html: 'True', correct: isTrue },
            { id: 'B', html: 'False', correct: !isTrue },
          ],
        });
        return;
      }
      case 'shortanswer': {
        const label = `Question ${number}`;
        const weighed = answers.map((a) => ({ text: a.html.trim(), percent: a.fraction }));
        const { accepted, note: notKept, problem } = shortAnswers(label, weighed);
        if (notKept) note(notKept);
        if (problem) {
          parsed.errors.push({ row: number, column: QUESTION_COLUMN, message: problem });
          return;
        }
        push({
          type: 'fill_blank',
          stem: /_{3,}/.test(stem) ? stem : `${stem} ___`,
          blanks: [{ answers: accepted, caseSensitive: str(q.usecase) === '1' }],
        });
        return;
      }
      case 'numerical': {
        const units = ((q.units as Node | undefined)?.unit as Node[] | undefined) ?? [];
        const unit = units.find((u) => num(u.multiplier, 1) === 1);
        const numbers = answers.map((a) => ({
          text: a.html.trim(),
          percent: a.fraction,
          value: a.html.trim() === '' ? Number.NaN : Number(a.html),
          tolerance: a.tolerance,
        }));
        const { answer, note: notKept, problem } = numericAnswer(`Question ${number}`, numbers);
        if (notKept) note(notKept);
        if (!answer || !Number.isFinite(answer.value)) {
          parsed.errors.push({
            row: number,
            column: QUESTION_COLUMN,
            message: problem ?? `Question ${number} (numerical) has no numeric answer`,
          });
          return;
        }
        push({
          type: 'numeric',
          stem,
          numeric: { ...answer, unit: unit ? str(unit.unit_name) || null : null },
        });
        return;
      }
      // Moodle writes a cloze question as type="cloze" (its class is multianswer).
      case 'cloze':
      case 'multianswer': {
        const cloze = clozeBlanks(stem);
        if (!cloze) {
          note(
            `Question ${number} (cloze) cannot be imported: only cloze questions whose every gap is a short answer become fill in the blank; it is skipped`,
          );
          return;
        }
        // Each gap is a short answer: the one rule of credit.ts (full-credit answers only).
        const blanks = [];
        for (const [i, gap] of cloze.gaps.entries()) {
          const read = shortAnswers(`Question ${number}, gap ${i + 1}`, gap.answers);
          if (read.note) note(read.note);
          if (read.problem) {
            parsed.errors.push({ row: number, column: QUESTION_COLUMN, message: read.problem });
            return;
          }
          blanks.push({ answers: read.accepted, caseSensitive: gap.caseSensitive });
        }
        push({ type: 'fill_blank', stem: cloze.stem, blanks });
        return;
      }
      case 'essay': {
        const graded = essay(`Question ${number}`, stem, pluginFiles(textOf(q.graderinfo)) || null);
        if (graded.warning) note(graded.warning);
        push(graded.fields);
        return;
      }
      default:
        note(
          `Question ${number} (${type || 'no type'}) cannot be imported: the question bank has no such type (it takes multichoice, truefalse, shortanswer, numerical, cloze and essay); it is skipped`,
        );
    }
  });
  return parsed;
}

/** A cloze gap of the short-answer kinds: {1:SHORTANSWER:=a~=b}; _C / SAC: case matters. */
const GAP = /\{\d*:([A-Z_]+):((?:\\.|[^}\\])*)\}/g;
const SHORT = new Set(['SHORTANSWER', 'SA', 'MW']);
const SHORT_CASE = new Set(['SHORTANSWER_C', 'SAC', 'MWC']);

/**
 * The gaps of a cloze text with their weighed answers (`=` is 100%, `%50%`
 * half, none 0%; `#feedback` dropped; escapes undone but `\*`, which
 * credit.ts reads as a literal star), or null when a gap is not a short answer.
 */
function clozeBlanks(html: string) {
  const gaps: { answers: WeighedAnswer[]; caseSensitive: boolean }[] = [];
  let ok = true;
  const stem = html.replace(GAP, (_, kind: string, body: string) => {
    if (!SHORT.has(kind) && !SHORT_CASE.has(kind)) ok = false;
    const answers = body
      .split(/(?<!\\)~/)
      .map((a) => a.replace(/(?<!\\)#.*$/s, ''))
      .map((a) => {
        const weight = a.match(/^(=|%(-?\d+(?:\.\d+)?)%)/);
        const percent = weight ? (weight[1] === '=' ? 100 : Number(weight[2])) : 0;
        const text = a.slice(weight?.[0].length ?? 0).replace(/\\([^*])/g, '$1');
        return { text: text.trim(), percent };
      });
    gaps.push({ answers, caseSensitive: SHORT_CASE.has(kind) });
    return '___';
  });
  return ok && gaps.length ? { stem, gaps } : null;
}
