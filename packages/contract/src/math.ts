/**
 * Math in rich text is LaTeX between `\( … \)` (inline) or `\[ … \]`
 * (display). One splitter, used by the server (each formula is checked with
 * KaTeX at save and import) and by the web (each formula is rendered with
 * KaTeX), so both agree on what is a formula.
 */

export type MathSegment =
  | { kind: 'text'; text: string }
  | {
      kind: 'math';
      tex: string;
      display: boolean /** Offset of the opening delimiter in the input. */;
      at: number;
    };

/** Rendering limits shared by the server's check and the web's renderer. */
export const KATEX_LIMITS = { maxExpand: 200, maxSize: 20, maxTexLength: 2000 } as const;

/**
 * Splits text into plain runs and formulas. An opening delimiter without its
 * closing one is left as text (and reported by `unclosedMath`).
 */
export function mathSegments(text: string): MathSegment[] {
  const out: MathSegment[] = [];
  const open = /\\\(|\\\[/g;
  let from = 0;
  for (;;) {
    open.lastIndex = from;
    const m = open.exec(text);
    if (!m) break;
    const display = m[0] === '\\[';
    const close = text.indexOf(display ? '\\]' : '\\)', m.index + 2);
    if (close < 0) break;
    if (m.index > from) out.push({ kind: 'text', text: text.slice(from, m.index) });
    out.push({ kind: 'math', tex: text.slice(m.index + 2, close), display, at: m.index });
    from = close + 2;
  }
  if (from < text.length) out.push({ kind: 'text', text: text.slice(from) });
  return out;
}

/** The offset of a `\(` or `\[` that is never closed, or null. */
export function unclosedMath(text: string): number | null {
  let at: number | null = null;
  for (const s of mathSegments(text)) {
    if (s.kind === 'text') {
      const m = /\\\(|\\\[/.exec(s.text);
      if (m) at = text.indexOf(s.text) + m.index;
    }
  }
  return at;
}
