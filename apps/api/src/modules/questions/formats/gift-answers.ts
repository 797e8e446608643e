import { OPTION_IDS, type QuestionFieldsInput } from '@bo/contract';
import { choiceKey, numericAnswer, shortAnswers, type WeighedAnswer } from './credit.ts';
import { beforeFeedback, type GiftFormat, toHtml, weightOf, withFormat } from './gift-text.ts';

/**
 * The answer block of one GIFT question, read by kind as Moodle reads it
 * (gift.ts finds the block and tells the kind). `answers` holds the block
 * with its escapes hidden and its general feedback (####) taken off.
 */

export interface GiftBlock {
  /** "Question 3 (line 12)", the start of every message about it. */
  label: string;
  /** The question text's format: every part's default. */
  format: GiftFormat;
  answers: string;
}

export interface GiftSink {
  push(fields: Omit<QuestionFieldsInput, 'stem'>): void;
  error(message: string): void;
  note(message: string): void;
}

/** Moodle splits at the first character of each answer, dropping an empty lead. */
function split(block: string, at: string): string[] {
  const parts = block.split(at);
  if (parts[0]!.trim() === '') parts.shift();
  return parts.map((p) => p.trim());
}

/**
 * Multiple choice: `=` marks the answer worth full marks and makes it a
 * single-choice question; without any `=` Moodle makes it a "multiple
 * answers" question (checkboxes) whose options with a positive %weight% are
 * the correct ones, even when only one has a weight.
 */
export function readChoice(b: GiftBlock, sink: GiftSink) {
  const single = b.answers.includes('=');
  const parts = split(b.answers.replaceAll('=', '~='), '~');
  if (parts.length < 2) {
    sink.error(`${b.label}: a multiple-choice question needs at least 2 answers`);
    return;
  }
  if (parts.length > OPTION_IDS.length) {
    sink.error(
      `${b.label} has ${parts.length} answers; at most ${OPTION_IDS.length} options (A to F) can be imported`,
    );
    return;
  }
  const options = parts.map((part, i) => {
    const full = part.startsWith('=');
    const { percent, rest } = weightOf(full ? part.slice(1) : part);
    const html = toHtml(withFormat(beforeFeedback(rest), b.format));
    return {
      id: OPTION_IDS[i]!,
      html,
      percent: full ? 100 : (percent ?? 0),
      full,
      weighted: percent,
    };
  });
  const mixed = options.find((o) => o.full && o.weighted !== null);
  if (mixed) {
    // Moodle takes "=" as full marks and keeps "%50%" in the option's text.
    sink.error(
      `${b.label}: option ${mixed.id} is written "=%${mixed.weighted}%…"; Moodle gives "=" full marks and shows the weight as text: write "~%${mixed.weighted}%…" for part marks or drop the weight`,
    );
    return;
  }
  const key = choiceKey(b.label, single, options);
  if (key.note) sink.note(key.note);
  sink.push({
    type: single ? 'single_choice' : 'multiple_choice',
    options: options.map((o, i) => ({ id: o.id, html: o.html, correct: key.correct[i]! })),
  });
}

/** The weighed answers of a short-answer or numeric block, `=`-separated, 100% by default. */
function weighed(block: string, format: GiftFormat): WeighedAnswer[] {
  return split(block, '=').map((part) => {
    const { percent, rest } = weightOf(part);
    return { text: withFormat(beforeFeedback(rest), format).text, percent: percent ?? 100 };
  });
}

/** Short answer: the full-credit answers are the blank's accepted answers; the others are named. */
export function readShortAnswer(b: GiftBlock, sink: GiftSink) {
  const answers = weighed(b.answers, b.format);
  if (!answers.length) {
    sink.error(`${b.label}: the answer block holds no answer`);
    return;
  }
  const { accepted, note, problem } = shortAnswers(b.label, answers);
  if (note) sink.note(note);
  if (problem) {
    sink.error(problem);
    return;
  }
  sink.push({ type: 'fill_blank', blanks: [{ answers: accepted, caseSensitive: false }] });
}

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/** A numeric answer: `3`, `3:2` (value:tolerance) or `1..5` (a range), as value and tolerance. */
function numericValue(spec: string): { value: number; tolerance: number } | null {
  const range = spec.indexOf('..');
  const colon = spec.indexOf(':');
  const [a, b] =
    range > 0
      ? [spec.slice(0, range), spec.slice(range + 2)]
      : colon > 0
        ? [spec.slice(0, colon), spec.slice(colon + 1)]
        : [spec, '0'];
  if (!NUMBER.test(a.trim()) || !NUMBER.test(b.trim())) return null;
  if (range > 0) {
    const [lo, hi] = [Number(a), Number(b)];
    return { value: (lo + hi) / 2, tolerance: hi - (lo + hi) / 2 };
  }
  return { value: Number(a), tolerance: Number(b) };
}

/**
 * Numeric `{#…}`: one answer (`{#3:2}`, `{#1..5}`) or several with weights
 * (`{#=%100%3:0 =%50%3:1}`), each with its feedback after `#`; a `~` ends
 * the answers (what follows is the feedback for any other answer). The bank
 * keeps one value and its tolerance: the answer worth full marks.
 */
export function readNumeric(b: GiftBlock, sink: GiftSink) {
  const answers = weighed(b.answers.slice(1).split('~')[0]!, b.format);
  const bad = answers.find((a) => a.text !== '*' && !numericValue(a.text));
  if (bad || !answers.length) {
    sink.error(
      bad
        ? `${b.label} (numeric): "${bad.text}" is not a number, a number:tolerance or a range like 1..5`
        : `${b.label} (numeric): the answer block holds no number after "#"`,
    );
    return;
  }
  const numbers = answers.map((a) => ({
    ...a,
    ...(numericValue(a.text) ?? { value: 0, tolerance: 0 }),
  }));
  const { answer, note, problem } = numericAnswer(b.label, numbers);
  if (note) sink.note(note);
  if (!answer) {
    sink.error(problem!);
    return;
  }
  sink.push({ type: 'numeric', numeric: { ...answer, unit: null } });
}

/**
 * Matching `{=left -> right …}`: a pair per `=`, split at its first `->`;
 * a pair without a left side (`= -> extra`) is an extra right-hand text.
 */
export function readMatching(b: GiftBlock, sink: GiftSink) {
  const pairs: { left: string; right: string }[] = [];
  const distractors: string[] = [];
  for (const part of split(b.answers, '=')) {
    const at = part.indexOf('->');
    if (at < 0) {
      sink.error(`${b.label} (matching): "${part}" has no "->" between its two sides`);
      return;
    }
    const side = (s: string) => toHtml(withFormat(s, b.format));
    const [left, right] = [side(part.slice(0, at)), side(part.slice(at + 2))];
    if (left) pairs.push({ left, right });
    else distractors.push(right);
  }
  sink.push({ type: 'matching', matching: { pairs, distractors } });
}
