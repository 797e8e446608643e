import {
  type QuestionFields,
  type QuestionProblem,
  questionInputSchema,
  questionProblems,
} from '@bo/contract';
import { storedRichText } from '../../lib/rich-text/stored.ts';
import { texProblems } from '../../lib/rich-text/tex.ts';
import { dedupeKey, searchText, similarityText } from './questions.text.ts';

/**
 * A question ready to be written: its fields as stored (rich text
 * sanitised, math checked) and the columns derived from them. Made only by
 * `prepareQuestion`/`prepareFields`, so every write path (the editor's
 * routes, every import format, the demo seed) stores the same thing.
 */
export interface PreparedQuestion {
  fields: QuestionFields;
  searchText: string;
  similarityText: string;
  dedupeKey: string;
}

export type Preparation =
  | { ok: true; question: PreparedQuestion }
  | { ok: false; problems: QuestionProblem[] };

/** The rich-text fields with the words a message names them by. */
function richFields(
  q: QuestionFields,
): { path: QuestionProblem['path']; label: string; html: string }[] {
  return [
    { path: ['stem'], label: 'Question', html: q.stem },
    ...q.options.map((o, i) => ({
      path: ['options', i, 'html'],
      label: `Option ${o.id}`,
      html: o.html,
    })),
    ...(q.matching?.pairs ?? []).flatMap((p, i) => [
      { path: ['matching', 'pairs', i, 'left'], label: `Pair ${i + 1} (left)`, html: p.left },
      { path: ['matching', 'pairs', i, 'right'], label: `Pair ${i + 1} (right)`, html: p.right },
    ]),
    ...(q.matching?.distractors ?? []).map((html, i) => ({
      path: ['matching', 'distractors', i],
      label: `Extra right-hand text ${i + 1}`,
      html,
    })),
    ...(q.ordering?.items ?? []).map((html, i) => ({
      path: ['ordering', 'items', i],
      label: `Item ${i + 1}`,
      html,
    })),
    ...(q.explanation
      ? [{ path: ['explanation'], label: 'Explanation', html: q.explanation }]
      : []),
    ...(q.modelAnswer
      ? [{ path: ['modelAnswer'], label: 'Model answer', html: q.modelAnswer }]
      : []),
  ];
}

/**
 * Validates raw input (anything: a request body's question, an import row
 * turned into the input shape) against the contract, then prepares it.
 * Every problem is answered at once, each with its field's path.
 */
export function prepareQuestion(raw: unknown): Preparation {
  const parsed = questionInputSchema.safeParse(raw);
  if (!parsed.success) {
    return {
      ok: false,
      problems: parsed.error.issues.map((i) => ({
        path: i.path.filter((p): p is string | number => typeof p !== 'symbol'),
        message: i.message,
      })),
    };
  }
  return prepareFields(parsed.data);
}

/**
 * Fields already parsed by the contract: rich text sanitised (what the
 * sanitiser removed may leave a field empty, so the contract's rules run
 * again on the result), every formula checked, the derived columns computed.
 */
export function prepareFields(input: QuestionFields): Preparation {
  const fields = sanitizeFields(input);
  const problems = questionProblems(fields);
  for (const { path, label, html } of richFields(fields)) {
    for (const p of texProblems(html)) problems.push({ path, message: `${label}: ${p.message}` });
  }
  if (problems.length) return { ok: false, problems };
  return {
    ok: true,
    question: {
      fields,
      searchText: searchText(fields),
      similarityText: similarityText(fields),
      dedupeKey: dedupeKey(fields),
    },
  };
}

const emptyAsNull = (html: string | null) => (html === '' ? null : html);

/** The fields with every rich-text field as it will be stored. */
export function sanitizeFields(input: QuestionFields): QuestionFields {
  const clean = (html: string | null) => (html === null ? null : storedRichText(html));
  return {
    ...input,
    stem: storedRichText(input.stem),
    options: input.options.map((o) => ({ ...o, html: storedRichText(o.html) })),
    matching: input.matching && {
      pairs: input.matching.pairs.map((p) => ({
        left: storedRichText(p.left),
        right: storedRichText(p.right),
      })),
      distractors: input.matching.distractors.map(storedRichText),
    },
    ordering: input.ordering && { items: input.ordering.items.map(storedRichText) },
    explanation: emptyAsNull(clean(input.explanation)),
    modelAnswer: emptyAsNull(clean(input.modelAnswer)),
  };
}

/** The problems as the API's 400 details: `prefix.options.1.html`. */
export const problemDetails = (problems: QuestionProblem[], prefix: string) =>
  problems.map((p) => ({ path: [prefix, ...p.path].join('.'), message: p.message }));
