import { KATEX_LIMITS, mathSegments } from '@bo/contract/math';
import { type Katex, katexOptions } from './render-rich-text.ts';

/**
 * The editor's check of the formulas as the admin types, the same the
 * server runs at save (KaTeX with trust off, strict, the shared limits; a
 * command that would need trust is refused, not drawn in red), worded as the
 * server words it, so the field says before saving what the save would say.
 */

/** Why KaTeX refuses a formula, or null when it renders. */
export function checkTex(katex: Katex, tex: string, display: boolean): string | null {
  if (!tex.trim()) return 'the formula is empty';
  if (tex.length > KATEX_LIMITS.maxTexLength)
    return `it is longer than ${KATEX_LIMITS.maxTexLength} characters`;
  let untrusted: string | null = null;
  try {
    katex.renderToString(tex, {
      ...katexOptions(display),
      throwOnError: true,
      output: 'html',
      trust: (context) => {
        untrusted ??= context.command;
        return false;
      },
    });
  } catch (error) {
    return (error instanceof Error ? error.message : String(error)).replace(
      /^KaTeX parse error:\s*/,
      '',
    );
  }
  return untrusted ? `${untrusted} is not allowed in a formula` : null;
}

/** The text a reader sees in rich-text HTML: where formulas are found and characters counted. */
function visibleText(html: string): string {
  return new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
}

/**
 * The first problem with the math of a rich-text field, as one sentence
 * naming the formula's place (1-based character of its opening delimiter in
 * the visible text), or null.
 */
export function firstTexProblem(katex: Katex, html: string): string | null {
  const text = visibleText(html);
  let end = 0;
  for (const s of mathSegments(text)) {
    if (s.kind === 'text') continue;
    const why = checkTex(katex, s.tex, s.display);
    if (why) return `The formula at character ${s.at + 1} is invalid: ${why}`;
    end = s.at + s.tex.length + 4;
  }
  const open = /\\\(|\\\[/.exec(text.slice(end));
  if (open) {
    const closer = open[0] === '\\(' ? '\\)' : '\\]';
    return `The formula at character ${end + open.index + 1} is not closed (add ${closer})`;
  }
  return null;
}
