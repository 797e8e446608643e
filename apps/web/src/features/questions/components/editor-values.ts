import type {
  Difficulty,
  Question,
  QuestionFields,
  QuestionFieldsInput,
  QuestionStatus,
  QuestionType,
} from '@bo/contract';
import {
  countBlanks,
  OPTION_IDS,
  type QUESTION_LANGUAGES,
  questionFieldsSchema,
  questionProblems,
  TRUE_FALSE_OPTIONS,
} from '@bo/contract/questions';
import { type FormErrors, validateWith } from '../../../lib/form.ts';

/**
 * The editor's form values. Every type's answer fields live side by side
 * (options, the true/false key, blanks, the numeric answer), so switching
 * the type and back loses nothing; `toBody` sends only what the chosen type
 * uses. Numbers are `''` while their input is empty (Mantine's NumberInput).
 */
export interface OptionValue {
  html: string;
  correct: boolean;
}
export interface BlankValue {
  answers: string[];
  caseSensitive: boolean;
}
/** A cloze gap with both kinds' fields, so switching its kind and back loses nothing. */
export interface GapValue {
  kind: 'choice' | 'text';
  choices: { text: string; correct: boolean }[];
  answers: string[];
  caseSensitive: boolean;
}
export interface EditorValues {
  type: QuestionType;
  stem: string;
  options: OptionValue[];
  /** Which of True (A) / False (B) is correct. */
  trueFalse: 'A' | 'B' | null;
  /** One per blank of the stem, in order; may hold more than the stem has (kept while typing). */
  blanks: BlankValue[];
  /** Matching, ordering and cloze: shaped as the contract's, so its error paths are the form's. */
  matching: { pairs: { left: string; right: string }[]; distractors: string[] };
  ordering: { items: string[] };
  /** One per gap of the stem, in order; may hold more than the stem has (as blanks). */
  cloze: { gaps: GapValue[] };
  numericValue: number | string;
  numericTolerance: number | string;
  numericUnit: string;
  modelAnswer: string;
  explanation: string;
  difficulty: Difficulty;
  marks: number | string;
  negativeMarks: number | string;
  gradeId: number | null;
  subjectId: number | null;
  chapterId: number | null;
  topicId: number | null;
  tags: string[];
  language: (typeof QUESTION_LANGUAGES)[number];
  status: QuestionStatus;
}

export const isChoice = (t: QuestionType) => t === 'single_choice' || t === 'multiple_choice';
const emptyOption = (): OptionValue => ({ html: '', correct: false });
const emptyBlank = (): BlankValue => ({ answers: [], caseSensitive: false });
export const emptyGap = (): GapValue => ({
  kind: 'choice',
  choices: [
    { text: '', correct: true },
    { text: '', correct: false },
  ],
  answers: [],
  caseSensitive: false,
});
const emptyPair = () => ({ left: '', right: '' });

export function emptyValues(): EditorValues {
  return {
    type: 'single_choice',
    stem: '',
    options: [emptyOption(), emptyOption(), emptyOption(), emptyOption()],
    trueFalse: null,
    blanks: [],
    matching: { pairs: [emptyPair(), emptyPair()], distractors: [] },
    ordering: { items: ['', ''] },
    cloze: { gaps: [] },
    numericValue: '',
    numericTolerance: 0,
    numericUnit: '',
    modelAnswer: '',
    explanation: '',
    difficulty: 'medium',
    marks: 1,
    negativeMarks: 0,
    gradeId: null,
    subjectId: null,
    chapterId: null,
    topicId: null,
    tags: [],
    language: 'English',
    status: 'draft',
  };
}

/** The form values of a saved question (or of one of its revisions). */
export function fromQuestion(q: QuestionFields | Question): EditorValues {
  const base = emptyValues();
  const correctTf = q.type === 'true_false' ? q.options.find((o) => o.correct)?.id : undefined;
  return {
    ...base,
    type: q.type,
    stem: q.stem,
    options: isChoice(q.type)
      ? q.options.map((o) => ({ html: o.html, correct: o.correct }))
      : base.options,
    trueFalse: correctTf === 'A' || correctTf === 'B' ? correctTf : null,
    blanks: q.blanks.map((b) => ({ answers: [...b.answers], caseSensitive: b.caseSensitive })),
    matching: q.matching
      ? {
          pairs: q.matching.pairs.map((p) => ({ ...p })),
          distractors: [...q.matching.distractors],
        }
      : base.matching,
    ordering: q.ordering ? { items: [...q.ordering.items] } : base.ordering,
    cloze: q.cloze
      ? {
          gaps: q.cloze.gaps.map((g) =>
            g.kind === 'choice'
              ? { ...emptyGap(), choices: g.choices.map((c) => ({ ...c })) }
              : {
                  ...emptyGap(),
                  kind: 'text',
                  answers: [...g.answers],
                  caseSensitive: g.caseSensitive,
                },
          ),
        }
      : base.cloze,
    numericValue: q.numeric?.value ?? '',
    numericTolerance: q.numeric?.tolerance ?? 0,
    numericUnit: q.numeric?.unit ?? '',
    modelAnswer: q.modelAnswer ?? '',
    explanation: q.explanation ?? '',
    difficulty: q.difficulty,
    marks: q.marks,
    negativeMarks: q.negativeMarks,
    gradeId: q.gradeId,
    subjectId: q.subjectId,
    chapterId: q.chapterId,
    topicId: q.topicId,
    tags: [...q.tags],
    language: q.language,
    status: q.status,
  };
}

const num = (v: number | string): number | null =>
  typeof v === 'number' ? v : v.trim() === '' ? null : Number(v);

/** The question as the API takes it: only the answer fields of the chosen type. */
export function toBody(v: EditorValues): QuestionFieldsInput {
  const choice = isChoice(v.type);
  return {
    type: v.type,
    stem: v.stem,
    options: choice
      ? v.options.map((o, i) => ({ id: OPTION_IDS[i]!, html: o.html, correct: o.correct }))
      : v.type === 'true_false'
        ? TRUE_FALSE_OPTIONS.map((o) => ({ ...o, correct: v.trueFalse === o.id }))
        : [],
    blanks: v.type === 'fill_blank' ? v.blanks.slice(0, countBlanks(v.stem)) : [],
    matching: v.type === 'matching' ? v.matching : null,
    ordering: v.type === 'ordering' ? v.ordering : null,
    cloze:
      v.type === 'cloze'
        ? {
            gaps: v.cloze.gaps
              .slice(0, countBlanks(v.stem))
              .map((g) =>
                g.kind === 'choice'
                  ? { kind: 'choice' as const, choices: g.choices }
                  : { kind: 'text' as const, answers: g.answers, caseSensitive: g.caseSensitive },
              ),
          }
        : null,
    numeric:
      v.type === 'numeric'
        ? {
            value: num(v.numericValue) as number,
            tolerance: num(v.numericTolerance) ?? 0,
            unit: v.numericUnit.trim() || null,
          }
        : null,
    // Another type keeps a model answer only when one was written (an imported one).
    modelAnswer: v.modelAnswer ? v.modelAnswer : null,
    explanation: v.explanation || null,
    difficulty: v.difficulty,
    marks: num(v.marks) as number,
    negativeMarks: num(v.negativeMarks) as number,
    gradeId: v.gradeId,
    subjectId: v.subjectId,
    chapterId: v.chapterId,
    topicId: v.topicId,
    tags: v.tags,
    language: v.language,
    status: v.status,
  };
}

/** The blanks kept in step with the stem: at least one entry per `___` (extra ones are kept). */
export function blanksFor(stem: string, blanks: BlankValue[]): BlankValue[] {
  const count = countBlanks(stem);
  if (blanks.length >= count) return blanks;
  return [...blanks, ...Array.from({ length: count - blanks.length }, emptyBlank)];
}

/** The cloze gaps kept in step with the stem, as `blanksFor` does for blanks. */
export function gapsFor(stem: string, gaps: GapValue[]): GapValue[] {
  const count = countBlanks(stem);
  if (gaps.length >= count) return gaps;
  return [...gaps, ...Array.from({ length: count - gaps.length }, emptyGap)];
}

/**
 * The values after choosing another type: what still applies is kept. A
 * choice question keeps its options (single choice keeps only the first
 * correct one); a fill-in-the-blank gets an answer row per blank of the stem.
 */
export function withType(v: EditorValues, type: QuestionType): EditorValues {
  const next = { ...v, type };
  if (isChoice(type)) {
    const options = v.options.length >= 2 ? v.options : [emptyOption(), emptyOption()];
    if (type === 'single_choice') {
      const first = options.findIndex((o) => o.correct);
      next.options = options.map((o, i) => ({ ...o, correct: i === first }));
    } else next.options = options;
  }
  if (type === 'fill_blank') next.blanks = blanksFor(v.stem, v.blanks);
  if (type === 'cloze') next.cloze = { gaps: gapsFor(v.stem, v.cloze.gaps) };
  return next;
}

/** A path of the API's body (`options.2.html`, `numeric.value`) as the form's field path. */
export function formPath(type: QuestionType, bodyPath: string): string {
  if (type === 'true_false' && bodyPath.startsWith('options')) return 'trueFalse';
  if (bodyPath === 'numeric' || bodyPath === 'numeric.value') return 'numericValue';
  if (bodyPath === 'numeric.tolerance') return 'numericTolerance';
  if (bodyPath === 'numeric.unit') return 'numericUnit';
  return bodyPath;
}

const checkFields = validateWith(questionFieldsSchema);

/**
 * Every problem of the form at once, as the admin types: the contract's
 * field schemas (through the shared form messages) and its one cross-field
 * rule function, `questionProblems`, the same the server applies. A field's
 * own problem wins over a cross-field one on the same path.
 */
export function validateEditor(v: EditorValues): FormErrors {
  const body = toBody(v);
  const fieldErrors = checkFields(body);
  const parsed = questionFieldsSchema.safeParse(body);
  // Unparsed numbers count as 0 so the rules still run while a field is empty.
  const forRules: QuestionFields = parsed.success
    ? parsed.data
    : ({
        ...body,
        marks: num(v.marks) ?? 0,
        negativeMarks: num(v.negativeMarks) ?? 0,
        tags: body.tags ?? [],
      } as QuestionFields);
  const errors: FormErrors = {};
  for (const p of questionProblems(forRules)) {
    const key = formPath(v.type, p.path.map(String).join('.'));
    errors[key] ??= p.message;
  }
  for (const [path, message] of Object.entries(fieldErrors)) {
    errors[formPath(v.type, path)] = message;
  }
  return errors;
}

/** The body worth a duplicate check: a stem and fields the schema takes, else null. */
export function duplicateCheckBody(v: EditorValues): QuestionFieldsInput | null {
  const body = toBody(v);
  if (!v.stem.replace(/<[^>]*>/g, '').trim()) return null;
  return questionFieldsSchema.safeParse(body).success ? body : null;
}
