import { useEffect, useState } from 'react';
import { katexStylesLoaded, loadKatexStyles } from './katex-styles.ts';
import classes from './rich-text-view.module.css';

/** KaTeX's markup, as the server draws it (apps/api/src/lib/rich-text/view.ts). */
const DRAWN_MATH = 'class="katex';

/**
 * Rich text the server has already sanitised (again, as it read it) and whose
 * formulas it has drawn with KaTeX: a list row's stem (`QuestionRow.stemView`).
 * The browser then needs KaTeX's style sheet, not its code nor DOMPurify, so
 * the question bank's list stays light (docs/performance-log.md, "Fifth pass").
 * Until the style sheet is in, drawn formulas are kept invisible (KaTeX's
 * markup holds the formula twice, as MathML and as HTML). The same look as
 * RichTextView: same classes, same clamp.
 */
export function ServerRichTextView({
  html,
  lines,
  testId,
}: {
  html: string;
  lines?: number;
  testId?: string;
}) {
  const needsStyles = html.includes(DRAWN_MATH);
  const [styled, setStyled] = useState(katexStylesLoaded);
  useEffect(() => {
    if (!needsStyles || styled) return;
    let live = true;
    loadKatexStyles().then(
      () => live && setStyled(true),
      () => live && setStyled(true), // offline: show the unstyled math rather than nothing
    );
    return () => {
      live = false;
    };
  }, [needsStyles, styled]);
  const pending = needsStyles && !styled;
  const classNames = [
    classes.root,
    lines ? classes.clamp : '',
    pending ? classes.stylesPending : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div
      className={classNames}
      style={lines ? ({ '--rt-lines': lines } as React.CSSProperties) : undefined}
      data-testid={testId}
      data-rich-text=""
      aria-busy={pending || undefined}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server as it read it (sanitize-html, the contract's allowlist); formulas are KaTeX's output with trust off
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
