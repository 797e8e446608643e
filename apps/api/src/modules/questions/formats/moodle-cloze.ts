import type { WeighedAnswer } from './credit.ts';

/** Moodle's embedded answers (cloze) syntax, read: moodle.ts makes the gaps questions. */

/** A cloze gap of the short-answer kinds: {1:SHORTANSWER:=a~=b}; _C / SAC: case matters. */
const GAP = /\{\d*:([A-Z_]+):((?:\\.|[^}\\])*)\}/g;
const SHORT = new Set(['SHORTANSWER', 'SA', 'MW']);
const SHORT_CASE = new Set(['SHORTANSWER_C', 'SAC', 'MWC']);
/** Single-choice gaps: a drop-down, vertical or horizontal buttons, shuffled or not. */
const CHOICE = /^(MULTICHOICE|MC)(_?(V|H|S|VS|HS))?$/;

/**
 * The gaps of a cloze text with their weighed answers (`=` is 100%, `%50%`
 * half, none 0%; `#feedback` dropped; escapes undone but `\*`, which
 * credit.ts reads as a literal star), or null when a gap is neither a short
 * answer nor a single choice.
 */
export function clozeBlanks(html: string) {
  const gaps: { answers: WeighedAnswer[]; caseSensitive: boolean; choice: boolean }[] = [];
  let ok = true;
  const stem = html.replace(GAP, (_, kind: string, body: string) => {
    const choice = CHOICE.test(kind);
    if (!SHORT.has(kind) && !SHORT_CASE.has(kind) && !choice) ok = false;
    const answers = body
      .split(/(?<!\\)~/)
      .map((a) => a.replace(/(?<!\\)#.*$/s, ''))
      .map((a) => {
        const weight = a.match(/^(=|%(-?\d+(?:\.\d+)?)%)/);
        const percent = weight ? (weight[1] === '=' ? 100 : Number(weight[2])) : 0;
        const text = a.slice(weight?.[0].length ?? 0).replace(/\\([^*])/g, '$1');
        return { text: text.trim(), percent };
      });
    gaps.push({ answers, caseSensitive: SHORT_CASE.has(kind), choice });
    return '___';
  });
  return ok && gaps.length ? { stem, gaps } : null;
}
