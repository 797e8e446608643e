/**
 * The one rule for answers that Moodle weighs (a short answer, a numeric
 * answer, read from GIFT or Moodle XML): the question bank has no partial
 * credit, so only an answer worth full marks (100% or more) is an accepted
 * answer. Every other answer is named in a note on its question, so the
 * admin sees what Moodle would have given part marks for; an answer at 50%
 * never becomes fully correct. Both readers call this, so they agree.
 */

export interface WeighedAnswer {
  /** The answer as written (a short answer's text, a numeric answer's number). */
  text: string;
  /** Moodle's grade for it, in percent (GIFT's %50%, Moodle XML's fraction="50"). */
  percent: number;
}

export const isFullCredit = (a: WeighedAnswer) => a.percent >= 100;

/** "Cat" (50%), "*" (0%): the answers a question leaves out, for its note. */
const listed = (answers: WeighedAnswer[]) =>
  answers.map((a) => `"${a.text}" (${Number(a.percent.toFixed(2))}%)`).join(', ');

/** The sentence naming the answers not kept, or null when every answer is worth full marks. */
export function notKeptNote(label: string, answers: WeighedAnswer[]): string | null {
  const left = answers.filter((a) => !isFullCredit(a));
  if (!left.length) return null;
  return `${label}: only answers worth full marks are accepted (the question bank has no partial credit); not kept: ${listed(left)}`;
}

/**
 * A short answer's accepted answers: the full-credit ones. Moodle's `*` is a
 * wildcard ("any text"), which a blank cannot hold, so a full-credit answer
 * with one is a problem; `\*` is Moodle's literal star and is kept as `*`.
 */
export function shortAnswers(
  label: string,
  answers: WeighedAnswer[],
): { accepted: string[]; note: string | null; problem: string | null } {
  const full = answers.filter(isFullCredit);
  const wild = full.filter((a) => /(^|[^\\])\*/.test(a.text));
  const accepted = full.map((a) => a.text.replace(/\\\*/g, '*'));
  const problem = wild.length
    ? `${label}: the answer "${wild[0]!.text}" uses Moodle's * wildcard (any text), which a blank cannot hold; write the accepted answers out`
    : full.length === 0
      ? `${label}: no answer is worth full marks (100%), so nothing would be accepted`
      : null;
  return { accepted, note: notKeptNote(label, answers), problem };
}

export interface WeighedNumber extends WeighedAnswer {
  value: number;
  tolerance: number;
}

/**
 * A numeric question's answer: the one worth full marks (the bank keeps one
 * value and its tolerance); a `*` answer (Moodle's "any other answer", there
 * for its feedback) is left out; every other answer is named in the note.
 */
export function numericAnswer(
  label: string,
  answers: WeighedNumber[],
): {
  answer: { value: number; tolerance: number } | null;
  note: string | null;
  problem: string | null;
} {
  const given = answers.filter((a) => a.text.trim() !== '*');
  const full = given.filter(isFullCredit);
  const note = notKeptNote(label, given);
  if (full.length === 1) {
    const [{ value, tolerance }] = full as [WeighedNumber];
    return { answer: { value, tolerance }, note, problem: null };
  }
  const problem =
    full.length === 0
      ? `${label}: no numeric answer is worth full marks (100%)`
      : `${label}: ${full.length} numeric answers are worth full marks (${full.map((a) => a.text).join(', ')}); a numeric question here has one value and its tolerance`;
  return { answer: null, note, problem };
}

/**
 * The key of a Moodle choice question. Single choice: the option worth full
 * marks is correct, one with part marks counts as wrong and is named.
 * Multiple answers: every option with a positive weight is correct; the
 * weights are named when they are unequal or do not add up to 100% (equal
 * shares of 100% are what the bank's per-option credit gives anyway).
 */
export function choiceKey(
  label: string,
  single: boolean,
  options: { id: string; percent: number }[],
): { correct: boolean[]; note: string | null } {
  const positive = options.filter((o) => o.percent > 0);
  if (single) {
    const part = positive.filter((o) => o.percent < 100);
    const named = part.map((o) => `${o.id} (${o.percent}%)`).join(', ');
    return {
      correct: options.map((o) => o.percent >= 100),
      note: part.length
        ? `${label}: option${part.length === 1 ? '' : 's'} ${named} earn part marks in Moodle; the question bank has no partial credit, so only the option worth full marks is correct`
        : null,
    };
  }
  const total = Math.round(positive.reduce((s, o) => s + o.percent, 0) * 100) / 100;
  const unequal = positive.some((o) => o.percent !== positive[0]!.percent);
  const named = positive.map((o) => `${o.id} ${o.percent}%`).join(', ');
  return {
    correct: options.map((o) => o.percent > 0),
    note:
      positive.length && (total !== 100 || unequal)
        ? `${label}: the options with a positive weight (${named}) are the correct ones; their weights${total === 100 ? '' : ` add up to ${total}%, not 100%, and`} are not kept (choosing all of them earns full marks here)`
        : null,
  };
}
