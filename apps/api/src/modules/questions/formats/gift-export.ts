import type { QuestionFields } from '@bo/contract';

/**
 * Questions as GIFT, written question by question (the export streams).
 * Every part is written as HTML (`[html]` on the question text, which the
 * other parts inherit), with GIFT's special characters escaped, so the GIFT
 * import (gift.ts) reads back the same HTML. GIFT has no marks, tags,
 * curriculum or difficulty: they are not written. Types: single choice
 * `{=a ~b}`, multiple choice `{~%50%a ~%50%b ~c}`, true/false `{T}`/`{F}`,
 * fill in the blank with one blank `{=a =b}` where the blank stood,
 * numeric `{#value:tolerance}`, subjective `{}` (GIFT has no model answer)
 * and matching `{=left -> right = -> extra}`. Fill in the blank with several
 * blanks, ordering and cloze have no GIFT form: each is a `//` comment
 * naming the question, never dropped silently.
 */

/** GIFT's escapes; a line break as \n (an entry ends at a blank line). */
const esc = (s: string) =>
  s
    .replace(/\\/g, '\\\\')
    .replace(/[:#={}~]/g, (c) => `\\${c}`)
    .replace(/\r?\n/g, '\\n');

function answerBlock(q: QuestionFields): string | null {
  switch (q.type) {
    case 'single_choice':
      return q.options.map((o) => `${o.correct ? '=' : '~'}${esc(o.html)}`).join(' ');
    case 'multiple_choice': {
      const right = q.options.filter((o) => o.correct).length || 1;
      const share = Math.round((100 / right) * 1e5) / 1e5;
      return q.options.map((o) => `~${o.correct ? `%${share}%` : ''}${esc(o.html)}`).join(' ');
    }
    case 'true_false':
      return q.options[0]?.correct ? 'T' : 'F';
    case 'fill_blank':
      return q.blanks.length === 1 ? q.blanks[0]!.answers.map((a) => `=${esc(a)}`).join(' ') : null;
    case 'numeric':
      return `#${q.numeric!.value}:${q.numeric!.tolerance}`;
    case 'subjective':
      return '';
    case 'matching':
      return [
        ...q.matching!.pairs.map((p) => `=${esc(p.left)} -> ${esc(p.right)}`),
        ...q.matching!.distractors.map((d) => `= -> ${esc(d)}`),
      ].join(' ');
    default:
      return null;
  }
}

/** One GIFT entry (ending with a blank line), or a comment for a type GIFT cannot hold. */
export function giftQuestion(q: QuestionFields & { id?: number }): string {
  const name = `${q.id ? `Q${q.id} ` : ''}${q.type}`;
  const block = answerBlock(q);
  if (block === null)
    return `// ${name}: GIFT has no form for this question (${q.type === 'fill_blank' ? 'several blanks' : q.type}); not exported\n\n`;
  const feedback = q.explanation ? ` ####${esc(q.explanation)}` : '';
  const answers = `{${block}${feedback}}`;
  const stem = esc(q.stem);
  // A single blank's answers go where the blank stood; every other block ends the text.
  const text =
    q.type === 'fill_blank' && /_{3,}/.test(stem)
      ? stem.replace(/_{3,}/, answers)
      : `${stem} ${answers}`;
  return `::${esc(name)}::[html]${text}\n\n`;
}

/** The whole file, question by question. */
export async function* giftFile(
  questions:
    | AsyncIterable<QuestionFields & { id?: number }>
    | Iterable<QuestionFields & { id?: number }>,
): AsyncGenerator<string> {
  for await (const q of questions) yield giftQuestion(q);
}
