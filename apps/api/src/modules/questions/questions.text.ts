import { createHash } from 'node:crypto';
import type { QuestionFields } from '@bo/contract';
import { imageKeysIn } from '../../lib/rich-text/sanitize.ts';

/**
 * What search, near-duplicate warnings and the exact-duplicate refusal
 * compare, derived from a question's (already sanitised) HTML at each save.
 * The bench generates rows in SQL with the same rules (bench/questions), so
 * a change here is a change there.
 */

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/** The visible text of sanitised HTML (LaTeX source kept as written), whitespace collapsed. */
export function plainText(html: string | null | undefined): string {
  if (!html) return '';
  return html
    .replace(/<img\b[^>]*>/gi, ' [image] ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
      if (e[0] === '#') {
        const code =
          e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1));
        return Number.isFinite(code) && code > 0 && code < 0x110000
          ? String.fromCodePoint(code)
          : ' ';
      }
      return ENTITIES[e.toLowerCase()] ?? m;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** Case and spacing folded, for comparisons: "  Photo<b>synthesis</b> " and "photosynthesis" differ, "A  b" and "a b" do not. */
export const normalised = (html: string | null | undefined) =>
  plainText(html).normalize('NFC').toLowerCase();

/** Stem, options and explanation in one lowercased text: the search column. */
export function searchText(q: QuestionFields): string {
  return [q.stem, ...q.options.map((o) => o.html), q.explanation]
    .map(normalised)
    .filter(Boolean)
    .join(' ');
}

/** Stem then options: what two questions are compared on for near duplicates. */
export function similarityText(q: QuestionFields): string {
  return [q.stem, ...q.options.map((o) => o.html)].map(normalised).filter(Boolean).join(' | ');
}

/**
 * One key per question content: type, normalised stem, options with their
 * correctness, and the answer key. Marks, tags, curriculum and explanation
 * are not part of it: the same question with other marks is still the same.
 * Images count by their key (plain text shows each as "[image]"), so two
 * questions that differ only by their figure are not duplicates; a question
 * without images hashes as before images were counted (the bench's SQL).
 */
export function dedupeKey(q: QuestionFields): string {
  const content = {
    type: q.type,
    stem: normalised(q.stem),
    options: q.options.map((o) => [normalised(o.html), o.correct]),
    blanks: q.blanks.map((b) => ({
      answers: b.answers.map((a) => (b.caseSensitive ? a : a.toLowerCase())).sort(),
      caseSensitive: b.caseSensitive,
    })),
    numeric: q.numeric,
    ...imageContent(q),
  };
  return createHash('sha256').update(JSON.stringify(content)).digest('hex');
}

function imageContent(q: QuestionFields): { images?: string[][] } {
  const images = [q.stem, ...q.options.map((o) => o.html)].map(imageKeysIn);
  return images.some((keys) => keys.length) ? { images } : {};
}
