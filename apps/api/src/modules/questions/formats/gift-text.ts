import { textToHtml } from './rows.ts';

/**
 * GIFT's text rules as Moodle's reader applies them (gift.ts reads the
 * structure with these):
 * - Escapes `\:` `\#` `\=` `\{` `\}` `\~` `\n` and `\\` are hidden before
 *   the structure is read (as private-use characters, so every search for
 *   `{`, `~`, `#`… sees only the structural ones) and shown again in the
 *   texts; `\n` is a line break, `\\` a backslash; any other backslash
 *   (LaTeX's `\(`) stays as written.
 * - A text may start with its format: `[moodle]` (the default for the
 *   question text), `[html]`, `[plain]` or `[markdown]`; every other part
 *   (options, feedback, general feedback) defaults to the question text's.
 *   The marker is never text.
 */

const HIDDEN: Record<string, string> = {
  ':': '\uE000',
  '#': '\uE001',
  '=': '\uE002',
  '{': '\uE003',
  '}': '\uE004',
  '~': '\uE005',
  n: '\uE006',
};
const BACKSLASH = '\uE007';
const SHOWN = new Map(Object.entries(HIDDEN).map(([c, h]) => [h, c === 'n' ? '\n' : c]));

export const hideEscapes = (text: string) =>
  text
    .replace(/\\\\/g, BACKSLASH)
    .replace(/\\([:#={}~n])/g, (_, c: string) => HIDDEN[c]!)
    .replaceAll(BACKSLASH, '\\');

export const showEscapes = (text: string) => text.replace(/[\uE000-\uE006]/g, (h) => SHOWN.get(h)!);

export type GiftFormat = 'moodle' | 'html' | 'plain' | 'markdown';

export interface GiftText {
  text: string;
  format: GiftFormat;
}

/** A part of a question: its own `[format]` marker, or `fallback`; escapes shown, trimmed. */
export function withFormat(raw: string, fallback: GiftFormat): GiftText {
  let text = raw.trim();
  let format = fallback;
  const marker = text.match(/^\[(moodle|html|plain|markdown)\]/);
  if (marker) {
    format = marker[1] as GiftFormat;
    text = text.slice(marker[0].length);
  }
  return { text: showEscapes(text).trim(), format };
}

/**
 * The part as the bank's HTML: html as written; moodle (HTML whose line
 * breaks show, as Moodle displays it) with its line breaks as <br>; plain
 * and markdown escaped as text (Markdown is not rendered here; its
 * characters show as typed).
 */
export function toHtml({ text, format }: GiftText): string {
  if (format === 'plain' || format === 'markdown') return textToHtml(text);
  if (format === 'moodle') return text.replace(/\n/g, '<br>');
  return text;
}

/** Moodle's weight after `=` or `~`: `%50%`, `%-33.3%`, `%100%`. */
const WEIGHT = /^%(-*\d{1,2}\.?\d*)%/;

/** The answer's weight in percent (null when none is written) and the rest of it. */
export function weightOf(answer: string): { percent: number | null; rest: string } {
  const m = answer.match(WEIGHT);
  if (!m) return { percent: null, rest: answer };
  return { percent: Number(m[1]), rest: answer.slice(m[0].length) };
}

/** An answer and its feedback, split at the first `#` (the feedback is not kept). */
export const beforeFeedback = (answer: string) => answer.split('#')[0]!;
