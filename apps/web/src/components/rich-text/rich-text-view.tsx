import { useEffect, useMemo, useState } from 'react';
import { hasMath, type Katex, loadedKatex, loadKatex, renderRichText } from './render-rich-text.ts';
import classes from './rich-text-view.module.css';

/**
 * Read-only rich text (a question's stem, option, explanation, model answer)
 * as the learner sees it: the server's sanitised HTML, purified again here,
 * with each `\( … \)` / `\[ … \]` rendered by KaTeX. KaTeX is loaded only when
 * the text holds a formula; until then the source shows.
 *
 * `inline` lays the text in a line (an option label); `lines` clamps it to
 * that many lines (a list row).
 */
export function RichTextView({
  html,
  inline = false,
  lines,
  className,
  testId,
}: {
  html: string;
  inline?: boolean;
  lines?: number;
  className?: string;
  testId?: string;
}) {
  const needsMath = useMemo(() => hasMath(html), [html]);
  const [katex, setKatex] = useState<Katex | null>(loadedKatex);
  useEffect(() => {
    if (!needsMath || katex) return;
    let live = true;
    loadKatex().then(
      (k) => live && setKatex(() => k),
      () => {}, // offline or a failed chunk: the formulas stay as source text
    );
    return () => {
      live = false;
    };
  }, [needsMath, katex]);

  const rendered = useMemo(
    () => renderRichText(html, needsMath ? katex : null, inline),
    [html, needsMath, katex, inline],
  );
  const Tag = inline ? 'span' : 'div';
  const classNames = [classes.root, lines ? classes.clamp : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <Tag
      className={classNames}
      style={lines ? ({ '--rt-lines': lines } as React.CSSProperties) : undefined}
      data-testid={testId}
      data-rich-text=""
      aria-busy={needsMath && !katex ? true : undefined}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: purified by renderRichText (DOMPurify allowlist) and KaTeX output only
      dangerouslySetInnerHTML={{ __html: rendered }}
    />
  );
}
