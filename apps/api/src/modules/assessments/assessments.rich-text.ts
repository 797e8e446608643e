import { badRequest } from '../../lib/errors.ts';
import { sanitizeRichText } from '../../lib/rich-text/sanitize.ts';
import { texProblems } from '../../lib/rich-text/tex.ts';

/**
 * An instruction block or an assessment's instructions: the question bank's
 * rich text (the same allowlist, math checked the same way), so what the
 * builder shows is what the bank's fields show.
 */
export function cleanRichText(html: string, path: string): string {
  const clean = sanitizeRichText(html);
  const problems = texProblems(clean);
  if (problems.length)
    throw badRequest(
      `Fix the math: ${problems[0]!.message}`,
      problems.map((p) => ({ path, message: p.message })),
    );
  return clean;
}

export const cleanOptionalRichText = (html: string | null | undefined, path: string) =>
  html == null ? html : cleanRichText(html, path);
