import { createHash } from 'node:crypto';
import type { QuestionFields } from '@bo/contract';
import { decodeEntities } from '../../lib/rich-text/entities.ts';
import { imageKeysIn } from '../../lib/rich-text/sanitize.ts';

/**
 * What search, near-duplicate warnings and the exact-duplicate refusal
 * compare, derived from a question's (already sanitised) HTML at each save.
 * The bench generates rows in SQL with the same rules (bench/questions), so
 * a change here is a change there.
 */

/** The visible text of sanitised HTML (LaTeX source kept as written), whitespace collapsed. */
export function plainText(html: string | null | undefined): string {
  if (!html) return '';
  const text = html.replace(/<img\b[^>]*>/gi, ' [image] ').replace(/<[^>]*>/g, ' ');
  return decodeEntities(text, { nbsp: ' ', badNumber: () => ' ' })
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
