import { OPTION_IDS, type QuestionFieldsInput } from '@bo/contract';
import { linesOf, type ParsedFile, QUESTION_COLUMN, textToHtml } from './rows.ts';

/**
 * GIFT (Moodle's text format). Entries are separated by blank lines and
 * numbered from 1 in the file ($CATEGORY lines included). Read:
 *   multiple choice  {=right ~wrong}  (one "=": single choice; weights
 *                    ~%50%a ~%50%b: multiple choice, positive weights correct)
 *   true/false       {T} {TRUE} {F} {FALSE}
 *   short answer     {=answer =other}  -> fill in the blank: the blank is
 *                    where the braces are (or ___ is added after the text)
 *   numeric          {#4} {#4:0.5} {#3..5} {#=4:0.5 =%50%4:1}
 *   essay            {} -> subjective; its general feedback {####…} is the model answer
 * General feedback (####) is the explanation; per-answer feedback (#…) is
 * not kept. A text without braces is a description (skipped with a note);
 * matching (->) and anything unreadable is reported per question. Texts are
 * HTML as in Moodle ([plain] and [markdown] texts are escaped).
 */

const MATCHING = /->/;

/** Looks like GIFT: an answer block in braces, or GIFT's own markers. */
export function looksLikeGift(text: string): boolean {
  const head = text.slice(0, 64 * 1024);
  return /::[^:\n]*::|\$CATEGORY:|\{\s*(?:[=~#]|T\s*\}|F\s*\}|TRUE\s*\}|FALSE\s*\}|\})/.test(head);
}

/** Entries split at blank lines outside braces; // comment lines dropped. */
function entries(text: string): string[] {
  const lines = linesOf(text).filter((l) => !l.trim().startsWith('//'));
  const out: string[] = [];
  let current: string[] = [];
  let depth = 0;
  for (const line of lines) {
    if (line.trim() === '' && depth === 0) {
      if (current.length) out.push(current.join('\n'));
      current = [];
      continue;
    }
    current.push(line);
    for (let i = 0; i < line.length; i++) {
      if (line[i] === '\\') i++;
      else if (line[i] === '{') depth++;
      else if (line[i] === '}') depth = Math.max(0, depth - 1);
    }
  }
  if (current.length) out.push(current.join('\n'));
  return out;
}

/** Index of the first unescaped `char` from `from`, or -1. */
function find(s: string, char: string, from = 0): number {
  for (let i = from; i < s.length; i++) {
    if (s[i] === '\\') i++;
    else if (s[i] === char) return i;
  }
  return -1;
}

const unescapeGift = (s: string) =>
  s
    .replace(/\\n/g, '\n')
    .replace(/\\([~=#{}:\\])/g, '$1')
    .trim();

/** Splits an answer block at unescaped = and ~, keeping the marker. */
function answers(
  block: string,
): { mark: '=' | '~'; weight: number | null; text: string; feedback: string }[] {
  const out: { mark: '=' | '~'; weight: number | null; text: string; feedback: string }[] = [];
  let i = 0;
  while (i < block.length) {
    const c = block[i];
    if (c !== '=' && c !== '~') {
      i++;
      continue;
    }
    let end = i + 1;
    while (end < block.length && block[end] !== '=' && block[end] !== '~')
      end += block[end] === '\\' ? 2 : 1;
    let body = block.slice(i + 1, end);
    let weight: number | null = null;
    const w = body.match(/^\s*%(-?\d+(?:\.\d+)?)%/);
    if (w) {
      weight = Number(w[1]);
      body = body.slice(w[0].length);
    }
    const hash = find(body, '#');
    out.push({
      mark: c,
      weight,
      text: hash < 0 ? body : body.slice(0, hash),
      feedback: hash < 0 ? '' : body.slice(hash + 1),
    });
    i = end;
  }
  return out;
}

export function parseGift(text: string): ParsedFile {
  const parsed: ParsedFile = { drafts: [], errors: [], notes: [] };
  entries(text).forEach((entry, index) => {
    const number = index + 1;
    const error = (message: string) =>
      parsed.errors.push({ row: number, column: QUESTION_COLUMN, message });
    const trimmed = entry.trim();
    if (/^\$CATEGORY:/i.test(trimmed)) {
      parsed.notes.push({
        row: number,
        message: `Entry ${number} is a category (${trimmed.slice(10).trim()}); categories are not imported: set Subject and Chapter instead`,
        category: true,
      });
      return;
    }
    let body = trimmed;
    const title = body.match(/^::((?:\\.|[^:\\]|:(?!:))*)::/);
    if (title) body = body.slice(title[0].length);
    let format = 'moodle';
    const fmt = body.match(/^\s*\[(html|moodle|plain|markdown)\]/i);
    if (fmt) {
      format = fmt[1]!.toLowerCase();
      body = body.slice(fmt[0].length);
    }
    const html = (s: string) => {
      const t = unescapeGift(s);
      return format === 'plain' || format === 'markdown' ? textToHtml(t) : t;
    };
    const open = find(body, '{');
    if (open < 0) {
      parsed.notes.push({
        row: number,
        message: `Entry ${number} has no answer block {…}: a description, skipped`,
      });
      return;
    }
    const close = find(body, '}', open + 1);
    if (close < 0) {
      error(`Question ${number}: the answer block "{" is never closed with "}"`);
      return;
    }
    const before = body.slice(0, open).trim();
    const after = body.slice(close + 1).trim();
    let block = body.slice(open + 1, close).trim();
    let general: string | null = null;
    const generalAt = block.indexOf('####');
    if (generalAt >= 0) {
      general = html(block.slice(generalAt + 4));
      block = block.slice(0, generalAt).trim();
    }
    const stemWithBlank = after ? `${before} ___ ${after}` : before;
    const q = (fields: Omit<QuestionFieldsInput, 'stem'>, stem = before) =>
      parsed.drafts.push({
        row: number,
        names: {},
        question: {
          ...fields,
          stem: html(stem),
          ...(general && fields.type !== 'subjective' ? { explanation: general } : {}),
        },
      });
    if (block === '') {
      q({ type: 'subjective', modelAnswer: general }, stemWithBlank);
      return;
    }
    const tf = block.match(/^(T|TRUE|F|FALSE)\s*(#.*)?$/is);
    if (tf) {
      const isTrue = tf[1]!.toUpperCase().startsWith('T');
      q(
        {
          type: 'true_false',
          options: [
            { id: 'A', html: 'True', correct: isTrue },
            { id: 'B', html: 'False', correct: !isTrue },
          ],
        },
        stemWithBlank,
      );
      return;
    }
    if (block.startsWith('#')) {
      const first = answers(block.slice(1)).find((a) => a.weight === null || a.weight === 100);
      const spec = (first ? first.text : block.slice(1).split('#')[0]!).trim();
      const range = spec.match(/^(-?[\d.]+)\.\.(-?[\d.]+)$/);
      const exact = spec.match(/^(-?[\d.]+(?:e-?\d+)?)(?::([\d.]+))?$/i);
      if (range) {
        const lo = Number(range[1]);
        const hi = Number(range[2]);
        q({
          type: 'numeric',
          numeric: { value: (lo + hi) / 2, tolerance: Math.abs(hi - lo) / 2, unit: null },
        });
      } else if (exact && Number.isFinite(Number(exact[1]))) {
        q({
          type: 'numeric',
          numeric: { value: Number(exact[1]), tolerance: Number(exact[2] ?? 0), unit: null },
        });
      } else
        error(
          `Question ${number} (numeric): "${spec}" is not a number, a number:tolerance or a range like 3..5`,
        );
      return;
    }
    const list = answers(block);
    if (list.length === 0) {
      error(`Question ${number}: the answer block holds no answer starting with = or ~`);
      return;
    }
    if (list.some((a) => MATCHING.test(a.text))) {
      parsed.notes.push({
        row: number,
        message: `Question ${number} (matching) cannot be imported: the question bank has no matching type; it is skipped`,
      });
      return;
    }
    if (list.every((a) => a.mark === '=')) {
      const stem = after ? stemWithBlank : `${before} ___`;
      q(
        {
          type: 'fill_blank',
          blanks: [{ answers: list.map((a) => unescapeGift(a.text)), caseSensitive: false }],
        },
        stem,
      );
      return;
    }
    if (list.length > OPTION_IDS.length) {
      error(
        `Question ${number} has ${list.length} answers; at most ${OPTION_IDS.length} options (A to F) can be imported`,
      );
      return;
    }
    const weighted = list.some((a) => a.weight !== null);
    const correct = list.map((a) => (weighted ? (a.weight ?? 0) > 0 : a.mark === '='));
    // One answer worth all the marks: single choice; several correct ones: multiple choice.
    const single =
      correct.filter(Boolean).length === 1 &&
      list.every((a) => a.weight === null || a.weight === 100 || a.weight <= 0);
    const type = single ? 'single_choice' : 'multiple_choice';
    q(
      {
        type,
        options: list.map((a, i) => ({
          id: OPTION_IDS[i]!,
          html: html(a.text),
          correct: correct[i]!,
        })),
      },
      stemWithBlank,
    );
  });
  return parsed;
}
