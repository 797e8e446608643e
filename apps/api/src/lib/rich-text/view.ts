import { KATEX_LIMITS, mathSegments } from '@bo/contract/math';
import katex from 'katex';
import { decodeEntities } from './entities.ts';
import { perFormula } from './formula-memo.ts';
import { storedRichText } from './stored.ts';

/**
 * Rich text as a list shows it, drawn here so the list's screen needs
 * KaTeX's style sheet but not its ~64 kB of code (docs/performance.md,
 * "Fifth pass"). The web's renderer (apps/web/src/components/rich-text/
 * render-rich-text.ts) draws the same markup in the browser for the preview
 * and the editor; both must agree.
 *
 * - The stored HTML is sanitised again as it is read, with the allowlist it
 *   was stored by: a row that slipped past the save (an old row, a direct
 *   database edit) is cleaned here, as the browser's second pass did.
 * - Formulas are found by the contract's `mathSegments` in each run of text
 *   (not inside `code` or `pre`) and drawn by KaTeX with the browsers'
 *   settings: trust off (no link, image or attribute from the TeX), strict,
 *   the shared limits. KaTeX escapes the text it draws; nothing of the
 *   author's reaches the output unescaped.
 * - A formula KaTeX refuses, or one over the length limit, shows its source
 *   in the error style with the reason as its title, as in the browser.
 */

const escapeText = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (s: string) => escapeText(s).replace(/"/g, '&quot;');

/** sanitize-html's text as the browser reads it (it writes &amp; &lt; &gt; &quot; and keeps other characters). */
const decode = (html: string) => decodeEntities(html, { nbsp: '\u00a0', badNumber: (m) => m });

/** Drawn formulas: a page of the list is drawn on every read. */
const formula = perFormula(5_000, drawFormula);

function drawFormula(tex: string, display: boolean): string {
  const cls = display ? 'rt-math rt-math-display' : 'rt-math';
  const source = escapeText(display ? `\\[${tex}\\]` : `\\(${tex}\\)`);
  const error = (reason: string) =>
    `<span class="rt-math rt-math-error" title="${escapeAttr(reason)}">${source}</span>`;
  if (tex.length > KATEX_LIMITS.maxTexLength) return error('Formula too long');
  try {
    const out = katex.renderToString(tex, {
      displayMode: display,
      trust: false,
      strict: 'error',
      throwOnError: false,
      errorColor: '#b00020',
      maxExpand: KATEX_LIMITS.maxExpand,
      maxSize: KATEX_LIMITS.maxSize,
      output: 'htmlAndMathml',
    });
    return `<span class="${cls}">${out}</span>`;
  } catch (e) {
    return error(e instanceof Error ? e.message : 'Invalid formula');
  }
}

/** One run of text (entities as sanitize-html wrote them) with its formulas drawn. */
function drawText(text: string): string {
  const plain = decode(text);
  const segments = mathSegments(plain);
  if (!segments.some((s) => s.kind === 'math')) return text;
  return segments
    .map((s) => (s.kind === 'text' ? escapeText(s.text) : formula(s.tex, s.display)))
    .join('');
}

/**
 * The stored `html` sanitised and with its formulas drawn, for
 * `dangerouslySetInnerHTML`. Tags are recognised on sanitize-html's output,
 * where `<` and `>` inside text and attribute values are always escaped.
 */
export function richTextView(html: string): string {
  // sanitize-html's answer (taken without running it when the text's shape makes it certain).
  const clean = storedRichText(html);
  let inCode = 0;
  let out = '';
  for (const part of clean.split(/(<[^>]*>)/)) {
    if (part.startsWith('<')) {
      const tag = /^<(\/?)(code|pre)\b/i.exec(part);
      if (tag) inCode += tag[1] ? -1 : 1;
      out += part;
    } else out += inCode > 0 || !part ? part : drawText(part);
  }
  return out;
}
