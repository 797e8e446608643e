import { KATEX_LIMITS, mathSegments } from '@bo/contract';
import katex from 'katex';
import { perFormula } from './formula-memo.ts';

/**
 * The save-time check of the LaTeX in a rich-text field (docs/questions.md,
 * "Math"; docs/security.md item 33). Every formula that `mathSegments` finds
 * (the splitter the web renderer uses too) is rendered once with the same
 * settings the browsers use: `trust: false`, strict, KATEX_LIMITS. What does
 * not render is refused with its position, so a stored question always
 * renders. Commands that would need trust (\href, \url, \includegraphics,
 * \htmlData and its kin) are refused outright rather than stored to be
 * shown as red error text. Macro-expansion bombs stop at `maxExpand`
 * ("Too many expansions") and a formula is at most `maxTexLength`
 * characters, so one check is bounded in time.
 */

export interface TexProblem {
  /** 1-based position of the formula's opening delimiter, counted in the field's visible text. */
  at: number;
  message: string;
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/** HTML text as the browser shows it (entities decoded), for a formula's source. */
function decode(html: string): string {
  return html.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] === '#') {
      const code =
        e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1));
      return Number.isFinite(code) && code > 0 && code < 0x110000
        ? String.fromCodePoint(code)
        : ' ';
    }
    return ENTITIES[e.toLowerCase()] ?? m;
  });
}

/** The visible text of `html` up to `offset`, measured: what "character N" counts. */
const visibleLength = (html: string, offset: number) =>
  decode(html.slice(0, offset).replace(/<[^>]*>/g, '')).length;

/** Why KaTeX refused a formula, in words; its own message is kept after a colon. */
function reason(err: unknown): string {
  const raw =
    (err as { rawMessage?: string }).rawMessage ??
    (err instanceof Error ? err.message : String(err));
  return raw.replace(/^KaTeX parse error:\s*/, '');
}

/** Checks one formula: null when it renders within the limits (remembered per formula). */
export const checkFormula = perFormula(20_000, renderProblem);

function renderProblem(tex: string, display: boolean): string | null {
  if (tex.length > KATEX_LIMITS.maxTexLength)
    return `it is longer than ${KATEX_LIMITS.maxTexLength} characters`;
  let untrusted: string | null = null;
  try {
    katex.renderToString(tex, {
      displayMode: display,
      throwOnError: true,
      strict: 'error',
      // Called for every command that would add a link, an image or an attribute.
      trust: (context) => {
        untrusted ??= context.command;
        return false;
      },
      maxExpand: KATEX_LIMITS.maxExpand,
      maxSize: KATEX_LIMITS.maxSize,
      output: 'html',
    });
  } catch (err) {
    return reason(err);
  }
  return untrusted ? `${untrusted} is not allowed in a formula` : null;
}

/**
 * Every problem with the math of a (sanitised) rich-text field: formulas
 * KaTeX refuses, and a `\(` or `\[` that is never closed.
 */
export function texProblems(html: string): TexProblem[] {
  const problems: TexProblem[] = [];
  let offset = 0;
  for (const segment of mathSegments(html)) {
    if (segment.kind === 'math') {
      const at = visibleLength(html, segment.at) + 1;
      const tex = decode(segment.tex.replace(/<br\s*\/?>/gi, ' ').replace(/<[^>]*>/g, ''));
      const why = checkFormula(tex, segment.display);
      if (why) problems.push({ at, message: `the formula at character ${at} is invalid: ${why}` });
      offset = segment.at + segment.tex.length + 4;
    } else {
      const open = /\\\(|\\\[/.exec(segment.text);
      if (open) {
        const at = visibleLength(html, offset + open.index) + 1;
        const closer = open[0] === '\\(' ? '\\)' : '\\]';
        problems.push({
          at,
          message: `the formula at character ${at} is not closed (add ${closer})`,
        });
      }
      offset += segment.text.length;
    }
  }
  return problems;
}
