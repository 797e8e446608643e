import { QUESTION_TYPE_LABELS, type QuestionType } from '@bo/contract';
import { badRequest, refusal } from '../../../lib/errors.ts';
import { plainText } from '../questions.text.ts';

/**
 * What an export format carries. Each format writes a question type through
 * one table (QTI_TYPES, QUML_TYPES): a type without an entry is not
 * carried, and an entry may carry only some questions of its type (its
 * `cannotCarry` says why one is not, e.g. a QuML cloze with a drop-down
 * gap). A selection holding questions a format does not carry is refused
 * before anything is made, naming each one (422 questions_not_carried),
 * unless the admin asked to leave them out (`leaveOut=uncarried`): then the
 * package is made without them and says which were left out
 * (docs/questions.md, Formats). Nothing is ever left out in silence: a
 * package lacking some of what was asked for would travel as if whole.
 */

type Table = Partial<Record<QuestionType, unknown>>;

/** A table entry that carries only some questions of its type. */
export interface PartlyCarried<Q> {
  /** Why the format cannot carry this question (null: it can). */
  cannotCarry(q: Q): string | null;
}

interface Question {
  id: number;
  type: QuestionType;
  stem: string;
}

interface Section<Q> {
  questions: Q[];
}

export interface LeftOut {
  id: number;
  type: QuestionType;
  /** In words: the question, its type and why it does not travel. */
  says: string;
}

/** "Cloze", not "Cloze (several gaps)": the label's gloss would nest in the messages' brackets. */
const typeLabel = (type: QuestionType) => QUESTION_TYPE_LABELS[type].replace(/ \(.*\)$/, '');
const typeName = (type: QuestionType) => typeLabel(type).toLowerCase();

function excerpt(html: string): string {
  const text = plainText(html);
  return text.length > 80 ? `${text.slice(0, 79).trimEnd()}…` : text;
}

/** Why `format` does not carry `q`, or null when it does. */
function whyNotCarried(format: string, table: Table, q: Question): string | null {
  const entry = table[q.type];
  if (!entry) return `${format} has no ${typeName(q.type)} questions`;
  const partly = entry as Partial<PartlyCarried<Question>>;
  return typeof partly.cannotCarry === 'function' ? partly.cannotCarry(q) : null;
}

/** The questions of `sections` a format's table does not carry, each in words. */
export function uncarried(format: string, table: Table, sections: Section<Question>[]): LeftOut[] {
  const seen = new Set<number>();
  const out: LeftOut[] = [];
  for (const q of sections.flatMap((s) => s.questions)) {
    const why = whyNotCarried(format, table, q);
    if (why === null || seen.has(q.id)) continue;
    seen.add(q.id);
    out.push({
      id: q.id,
      type: q.type,
      says: `${typeLabel(q.type)} question ${q.id}: “${excerpt(q.stem)}” (${why})`,
    });
  }
  return out;
}

const LISTED = 100;
const details = (missing: LeftOut[]) =>
  missing.slice(0, LISTED).map((q) => ({ path: `question ${q.id}`, message: q.says }));

function refuse(format: string, missing: LeftOut[]) {
  const types = [...new Set(missing.map((q) => typeName(q.type)))].join(', ');
  const n = missing.length;
  return refusal(
    'questions_not_carried',
    `${n} of the chosen questions ${n === 1 ? 'is' : 'are'} not carried by ${format} (${types}): export without ${n === 1 ? 'it' : 'them'}, or choose other questions`,
    details(missing),
  );
}

/**
 * The sections as `format` will carry them. Questions it does not carry
 * are refused (naming each) unless `leaveOut` is 'uncarried': then they
 * are taken out (a section left empty by that goes too) and listed in
 * `leftOut`, for the package to say. When none would be left, it is a
 * plain 400 naming them: there is no "export without them" to offer.
 */
export function carriedSections<Q extends Question, S extends Section<Q>>(
  format: string,
  table: Table,
  sections: S[],
  leaveOut?: 'uncarried',
): { sections: S[]; leftOut: LeftOut[] } {
  const leftOut = uncarried(format, table, sections);
  if (!leftOut.length) return { sections, leftOut };
  const gone = new Set(leftOut.map((q) => q.id));
  const kept = sections
    .map((s) => ({ ...s, questions: s.questions.filter((q) => !gone.has(q.id)) }))
    .filter((s, i) => s.questions.length > 0 || sections[i]!.questions.length === 0);
  // Leaving them out would leave nothing: no "export without them" to offer.
  if (!kept.some((s) => s.questions.length))
    throw badRequest(
      `None of the chosen questions is carried by ${format}: choose other questions`,
      details(leftOut),
    );
  if (leaveOut !== 'uncarried') throw refuse(format, leftOut);
  return { sections: kept, leftOut };
}

/** The note a package carries when questions were left out of it. */
export function leftOutNote(format: string, leftOut: LeftOut[]): string {
  return [
    `Left out of this ${format} export at the administrator's request: ${leftOut.length} question${leftOut.length === 1 ? '' : 's'} the format does not carry.`,
    ...leftOut.map((q) => `- ${q.says}`),
  ].join('\n');
}
