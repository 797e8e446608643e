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

/**
 * The texts a learner reads besides the stem: options, matching sides,
 * ordering items, cloze choices (a gap's accepted answers are the key,
 * like a blank's, and not searched).
 */
function answerTexts(q: QuestionFields): string[] {
  return [
    ...q.options.map((o) => o.html),
    ...(q.matching?.pairs ?? []).flatMap((p) => [p.left, p.right]),
    ...(q.matching?.distractors ?? []),
    ...(q.ordering?.items ?? []),
    ...(q.cloze?.gaps ?? []).flatMap((g) =>
      g.kind === 'choice' ? g.choices.map((c) => c.text) : [],
    ),
  ];
}

/** Stem, the texts a learner reads and explanation in one lowercased text: the search column. */
export function searchText(q: QuestionFields): string {
  return [q.stem, ...answerTexts(q), q.explanation].map(normalised).filter(Boolean).join(' ');
}

/** Stem then options: what two questions are compared on for near duplicates. */
export function similarityText(q: QuestionFields): string {
  return [q.stem, ...answerTexts(q)].map(normalised).filter(Boolean).join(' | ');
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
    ...structuredContent(q),
    ...imageContent(q),
  };
  return createHash('sha256').update(JSON.stringify(content)).digest('hex');
}

/**
 * The structured types' parts, only when present, so the other types hash
 * as before they existed (the stored keys and the bench's SQL). The order
 * of pairs and of extra right-hand texts does not change a matching
 * question; the order of items is an ordering question's key.
 */
function structuredContent(q: QuestionFields) {
  const text = (s: string, caseSensitive = false) =>
    caseSensitive ? s.trim() : s.trim().toLowerCase();
  return {
    ...(q.matching && {
      matching: {
        pairs: q.matching.pairs.map((p) => [normalised(p.left), normalised(p.right)]).sort(),
        distractors: q.matching.distractors.map(normalised).sort(),
      },
    }),
    ...(q.ordering && { ordering: q.ordering.items.map(normalised) }),
    ...(q.cloze && {
      cloze: q.cloze.gaps.map((g) =>
        g.kind === 'choice'
          ? { choices: g.choices.map((c) => [text(c.text), c.correct]).sort() }
          : {
              answers: g.answers.map((a) => text(a, g.caseSensitive)).sort(),
              caseSensitive: g.caseSensitive,
            },
      ),
    }),
  };
}

function imageContent(q: QuestionFields): { images?: string[][] } {
  const images = [q.stem, ...answerTexts(q)].map(imageKeysIn);
  return images.some((keys) => keys.length) ? { images } : {};
}
