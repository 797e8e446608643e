import { OPTION_IDS, type QuestionFieldsInput } from '@bo/contract';
import { choiceKey, numericAnswer, shortAnswers } from './credit.ts';
import { essay } from './essay.ts';
import { clozeBlanks } from './moodle-cloze.ts';
import { questionFiles } from './moodle-files.ts';
import { type Node, parseXml, refused } from './moodle-xml.ts';
import { type ParsedFile, QUESTION_COLUMN, textToHtml } from './rows.ts';

/**
 * Moodle XML (<quiz><question type="…">…). Read: multichoice (single or
 * multiple), truefalse, shortanswer (-> fill in the blank with one blank,
 * added as ___ after the text), numerical (-> numeric: first full-marks
 * answer, its tolerance and the unit of multiplier 1), essay (-> subjective,
 * graderinfo as the model answer), matching (-> matching: a subquestion
 * without text is an extra right-hand text), ordering (qtype_ordering: the
 * items by their order), cloze (multianswer: -> fill in the blank when
 * every gap is a short answer, else -> cloze, MULTICHOICE gaps becoming
 * choice lists). Categories and descriptions are skipped
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
            `Question ${number} (cloze) cannot be imported: only short-answer and single-choice (MULTICHOICE) gaps can be; it is skipped`,
          );
          return;
        }
        // A short-answer gap: the one rule of credit.ts (full-credit answers only).
        const gaps: NonNullable<QuestionFieldsInput['cloze']>['gaps'] = [];
        for (const [i, gap] of cloze.gaps.entries()) {
          const label = `Question ${number}, gap ${i + 1}`;
          if (gap.choice) {
            const right = gap.answers.filter((a) => a.percent === 100).length;
            if (right !== 1) {
              const message = `${label} has ${right} full-credit choices; a choice gap takes exactly one`;
              parsed.errors.push({ row: number, column: QUESTION_COLUMN, message });
              return;
            }
            if (gap.answers.some((a) => a.percent > 0 && a.percent < 100))
              note(`${label}: choices with partial credit are imported as wrong`);
            gaps.push({
              kind: 'choice',
              choices: gap.answers.map((a) => ({ text: a.text, correct: a.percent === 100 })),
            });
            continue;
          }
          const read = shortAnswers(label, gap.answers);
          if (read.note) note(read.note);
          if (read.problem) {
            parsed.errors.push({ row: number, column: QUESTION_COLUMN, message: read.problem });
            return;
          }
          gaps.push({ kind: 'text', answers: read.accepted, caseSensitive: gap.caseSensitive });
        }
        if (gaps.every((g) => g.kind === 'text'))
          push({
            type: 'fill_blank',
            stem: cloze.stem,
            blanks: gaps.map((g) => (g.kind === 'text' ? g : { answers: [] })),
          });
        else push({ type: 'cloze', stem: cloze.stem, cloze: { gaps } });
        return;
      }
      case 'matching': {
        const subs = ((q.subquestion as Node[] | undefined) ?? []).map((s) => ({
          left: pluginFiles(textOf(s)),
          right: textToHtml(textOf(Array.isArray(s.answer) ? s.answer[0] : s.answer).trim()),
        }));
        const pairs = subs.filter((s) => s.left.trim());
        push({
          type: 'matching',
          stem,
          matching: {
            pairs,
            distractors: subs.filter((s) => !s.left.trim()).map((s) => s.right),
          },
        });
        return;
      }
      case 'ordering': {
        // qtype_ordering writes each item's place in the right order as its fraction.
        const items = answers
          .map((a, i) => ({ html: a.html, at: a.fraction || i + 1 }))
          .sort((a, b) => a.at - b.at);
        push({ type: 'ordering', stem, ordering: { items: items.map((a) => a.html) } });
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
          `Question ${number} (${type || 'no type'}) cannot be imported: the question bank has no such type (it takes multichoice, truefalse, shortanswer, numerical, cloze, matching, ordering and essay); it is skipped`,
        );
    }
  });
  return parsed;
}
