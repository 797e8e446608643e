import type { QuestionFieldsInput } from '@bo/contract';
import { essay } from './essay.ts';
import {
  type GiftSink,
  readChoice,
  readMatching,
  readNumeric,
  readShortAnswer,
} from './gift-answers.ts';
import { hideEscapes, toHtml, withFormat } from './gift-text.ts';
import { linesOf, type ParsedFile, QUESTION_COLUMN } from './rows.ts';

/**
 * GIFT (Moodle's text format), read as Moodle's own GIFT import reads it.
 * Entries end at every blank line (an unclosed `{` never reaches into the
 * next question); `//` comment lines are dropped; entries are numbered from
 * 1 ($CATEGORY lines included) and every message names the entry's line.
 * In an entry: an optional `::title::`, the question text, and the answer
 * block between the first `{` and the first `}` (where it stood, the text
 * gets a blank `_____` unless the block ends the entry). In the block, the
 * last `####` starts the general feedback (the explanation), then by kind:
 *   essay            {}              -> subjective (a draft: GIFT has no model answer)
 *   numeric          {#…}            -> numeric (gift-answers.ts)
 *   multiple choice  {…~…}           -> single choice with "=", else multiple
 *   matching         {=a -> b …}     -> matching (`= -> c`: an extra right-hand text)
 *   true/false       {T} {TRUE} {F} {FALSE}, feedback after #
 *   short answer     anything else   -> fill in the blank
 * A text without braces is a description (skipped with a note). Texts and
 * format markers: gift-text.ts. Per-answer feedback is not kept.
 */

/** Looks like GIFT: an answer block in braces, or GIFT's own markers. */
export function looksLikeGift(text: string): boolean {
  const head = text.slice(0, 64 * 1024);
  return /::[^:\n]*::|\$CATEGORY:|\{\s*(?:[=~#]|T\s*\}|F\s*\}|TRUE\s*\}|FALSE\s*\}|\})/.test(head);
}

interface Entry {
  /** The entry's lines joined (comment lines empty), escapes hidden. */
  text: string;
  /** Its first line in the file, from 1. */
  line: number;
}

const isComment = (line: string) => line.trim().startsWith('//');

/**
 * The file's entries as written (comment lines kept), numbered as the import
 * numbers them: runs of lines between blank lines (Moodle ends an entry at
 * every one) that hold more than `//` comments; `line` is the first line's.
 */
export function giftEntries(text: string): { lines: string[]; line: number }[] {
  const out: { lines: string[]; line: number }[] = [];
  let lines: string[] = [];
  let start = 0;
  const flush = () => {
    if (lines.some((l) => !isComment(l))) out.push({ lines, line: start });
    lines = [];
  };
  linesOf(text).forEach((raw, i) => {
    if (raw.trim() === '') flush();
    else {
      if (!lines.length) start = i + 1;
      lines.push(raw);
    }
  });
  flush();
  return out;
}

/** Each entry from its first line that is not a comment; comment lines read as empty. */
function entries(text: string): Entry[] {
  return giftEntries(text).map(({ lines, line }) => {
    const first = lines.findIndex((l) => !isComment(l));
    const kept = lines.slice(first).map((l) => (isComment(l) ? '' : l.trim()));
    return { text: hideEscapes(kept.join('\n')), line: line + first };
  });
}

const TRUE_FALSE = new Set(['T', 'TRUE', 'F', 'FALSE']);

export function parseGift(text: string): ParsedFile {
  const parsed: ParsedFile = { drafts: [], errors: [], notes: [] };
  entries(text).forEach((entry, index) => {
    const number = index + 1;
    readEntry(entry, number, parsed);
  });
  return parsed;
}

function readEntry(entry: Entry, number: number, parsed: ParsedFile) {
  const lineAt = (pos: number) => entry.line + (entry.text.slice(0, pos).match(/\n/g)?.length ?? 0);
  const label = (pos = 0) => `Question ${number} (line ${lineAt(pos)})`;
  const error = (message: string) =>
    parsed.errors.push({ row: number, column: QUESTION_COLUMN, message });
  const note = (message: string) => parsed.notes.push({ row: number, message });
  let offset = 0;
  const whole = entry.text;
  if (whole.startsWith('$CATEGORY:')) {
    parsed.notes.push({
      row: number,
      message: `Entry ${number} (line ${entry.line}) is a category (${whole.slice(10).trim()}); categories are not imported: set Subject and Chapter instead`,
      category: true,
    });
    return;
  }
  if (whole.startsWith('::')) {
    const end = whole.indexOf('::', 2);
    offset = end < 0 ? 2 : end + 2;
  }
  const open = whole.indexOf('{', offset);
  const close = whole.indexOf('}', offset);
  if (open < 0 && close < 0) {
    note(`${label()} has no answer block {…}: a description, skipped`);
    return;
  }
  if (open < 0 || (close >= 0 && close < open)) {
    error(`${label(close)}: "}" closes an answer block that was never opened with "{"`);
    return;
  }
  if (close < 0) {
    error(
      `${label(open)}: the answer block "{" is never closed with "}" before the blank line that ends the question`,
    );
    return;
  }
  const nested = whole.indexOf('{', open + 1);
  if (nested >= 0 && nested < close) {
    // Moodle would read the next question into this one's answers.
    error(
      `${label(open)}: the answer block "{" is not closed before another "{" on line ${lineAt(nested)}; close it with "}" (or write a literal brace as \\{)`,
    );
    return;
  }
  const body = whole.slice(offset);
  const [from, to] = [open - offset, close - offset];
  const questionText = body.trim().endsWith('}')
    ? body.slice(0, from) + body.slice(to + 1)
    : `${body.slice(0, from)}_____${body.slice(to + 1)}`;
  const stem = withFormat(questionText, 'moodle');
  let answers = whole.slice(open + 1, close).trim();
  const gf = answers.lastIndexOf('####');
  const general = gf < 0 ? null : toHtml(withFormat(answers.slice(gf + 4), stem.format)) || null;
  if (gf >= 0) answers = answers.slice(0, gf).trim();
  const push = (fields: Omit<QuestionFieldsInput, 'stem'>, stemHtml = toHtml(stem)) =>
    parsed.drafts.push({
      row: number,
      names: {},
      question: { ...fields, stem: stemHtml, ...(general ? { explanation: general } : {}) },
    });
  const sink: GiftSink = { push, error, note };
  const block = { label: label(open), format: stem.format, answers };
  if (answers === '') {
    const { fields, warning } = essay(block.label, toHtml(stem), null);
    if (warning) note(warning);
    push(fields);
  } else if (answers.startsWith('#')) readNumeric(block, sink);
  else if (answers.includes('~')) readChoice(block, sink);
  else if (answers.includes('=') && answers.includes('->')) readMatching(block, sink);
  else if (TRUE_FALSE.has((answers.indexOf('#') > 0 ? answers.split('#')[0]! : answers).trim())) {
    const isTrue = answers.startsWith('T');
    push({
      type: 'true_false',
      options: [
        { id: 'A', html: 'True', correct: isTrue },
        { id: 'B', html: 'False', correct: !isTrue },
      ],
    });
  } else
    readShortAnswer(block, {
      ...sink,
      // A blank needs its place: where the braces were, or after the text.
      push: (fields) =>
        push(
          fields,
          /_{3,}/.test(stem.text) ? toHtml(stem) : toHtml({ ...stem, text: `${stem.text} _____` }),
        ),
    });
}
