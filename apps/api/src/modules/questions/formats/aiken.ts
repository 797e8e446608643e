import { OPTION_IDS } from '@bo/contract';
import type { Draft } from './cells.ts';
import { linesOf, type ParsedFile, QUESTION_COLUMN, textToHtml } from './rows.ts';

/**
 * Aiken: single-choice questions as plain text, one block per question:
 *
 *   What is the largest planet?
 *   A. Mars
 *   B) Jupiter
 *   ANSWER: B
 *
 * The question may take several lines; options are lettered A. or A) in
 * order; the block ends at its ANSWER: line. An option may leave out the
 * space ("A)Text", as files written by hand often do) when its letter is
 * the next one expected, so a question line such as "I.e. …" stays text.
 * Texts are plain text (escaped, so "<b>" shows as written). Questions are
 * numbered from 1 in the file.
 */

const OPTION = /^([A-Z])[.)]\s+(.*)$/;
const OPTION_UNSPACED = /^([A-Z])[.)](\S.*)$/;
const ANSWER = /^ANSWER:\s*(.*)$/i;

/** Looks like Aiken: an ANSWER: line right after a lettered option line. */
export function looksLikeAiken(text: string): boolean {
  const lines = linesOf(text.slice(0, 64 * 1024)).map((l) => l.trim());
  return lines.some((l, i) => ANSWER.test(l) && i > 0 && OPTION.test(lines[i - 1]!));
}

export function parseAiken(text: string): ParsedFile {
  const parsed: ParsedFile = { drafts: [], errors: [], notes: [] };
  let stem: string[] = [];
  let options: string[] = [];
  let number = 0;
  let problems: string[] = [];
  const finish = (answer: string | null) => {
    number++;
    const error = (message: string) =>
      parsed.errors.push({ row: number, column: QUESTION_COLUMN, message });
    for (const p of problems) error(p);
    if (answer === null) error(`Question ${number} has no ANSWER: line after its options`);
    const letter = answer?.trim().toUpperCase() ?? '';
    const at = OPTION_IDS.indexOf(letter as (typeof OPTION_IDS)[number]);
    const given = `ANSWER: ${answer?.trim() || '(empty)'}`;
    if (answer !== null && options.length === 0)
      error(
        `${given}, but question ${number} has no options: write each on its own line as "A. text" or "A) text"`,
      );
    else if (answer !== null && (at < 0 || at >= options.length))
      error(
        options.length === 1
          ? `${given} is not the question's only option, A`
          : `${given} is not one of the options A to ${OPTION_IDS[options.length - 1]}`,
      );
    const draft: Draft = {
      row: number,
      names: {},
      question: {
        type: 'single_choice',
        stem: textToHtml(stem.join('\n')),
        options: options.map((html, i) => ({
          id: OPTION_IDS[i] ?? 'F',
          html: textToHtml(html),
          correct: i === at,
        })),
      },
    };
    parsed.drafts.push(draft);
    stem = [];
    options = [];
    problems = [];
  };
  for (const raw of linesOf(text)) {
    const line = raw.trim();
    if (line === '') continue;
    const answer = line.match(ANSWER);
    if (answer) {
      finish(answer[1]!);
      continue;
    }
    const unspaced = line.match(OPTION_UNSPACED);
    const option =
      line.match(OPTION) ?? (unspaced?.[1] === OPTION_IDS[options.length] ? unspaced : null);
    if (option && stem.length) {
      const expected = OPTION_IDS[options.length];
      if (option[1] !== expected)
        problems.push(
          `Option ${option[1]} is out of order: expected ${expected ?? 'at most 6 options (A to F)'}`,
        );
      options.push(option[2]!);
    } else if (options.length) {
      // Text after the options without an ANSWER: the block never ended.
      finish(null);
      stem.push(line);
    } else stem.push(line);
  }
  if (stem.length || options.length) finish(null);
  return parsed;
}
