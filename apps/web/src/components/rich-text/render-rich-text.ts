import { KATEX_LIMITS, mathSegments } from '@bo/contract/math';
import {
  QUESTION_IMAGE_SRC,
  RICH_TEXT_ATTRIBUTES,
  RICH_TEXT_LINK_HREF,
  RICH_TEXT_LINK_REL,
  RICH_TEXT_TAGS,
} from '@bo/contract/rich-text';
import DOMPurify from 'dompurify';
import type katexModule from 'katex';
import { loadKatexStyles } from './katex-styles.ts';

/**
 * Turns the server's sanitised rich text (stem, option, explanation, model
 * answer) into the HTML a screen shows. The server already sanitised it with
 * the contract's allowlist (@bo/contract/rich-text); this pass applies the
 * same allowlist again as defence in depth, so a row that slipped past (an old row, a bug, a direct database
 * edit) still cannot run script in an administrator's browser.
 *
 * Math is found by the contract's `mathSegments` in each text node (the same
 * splitter the server checks at save) and rendered with KaTeX with the
 * server's settings (trust off, strict, the shared limits): \href, \url,
 * \includegraphics and \htmlData render as error text, never as links,
 * images or attributes, and expansion stops at maxExpand (macro bombs).
 * A formula split by markup (part of it bold) is shown as its source: the
 * editor inserts formulas as plain text, so that is an author's oddity.
 */

export type Katex = typeof katexModule;

// The contract's allowlist, the one the server stores by. DOMPurify takes
// attributes for every tag at once: the union of the per-tag lists.
const ALLOWED_TAGS = [...RICH_TEXT_TAGS];
const ALLOWED_ATTR = [...new Set(Object.values(RICH_TEXT_ATTRIBUTES).flat())];

/** Blocks that become spans when the text is shown inline (an option, a table cell). */
const BLOCKS = new Set(['P', 'H3', 'H4', 'BLOCKQUOTE', 'PRE']);

// A purifier of our own, so these hooks never change what other screens'
// DOMPurify calls allow.
let purifier: ReturnType<typeof DOMPurify> | null = null;
function getPurifier() {
  if (purifier) return purifier;
  const p = DOMPurify(window);
  p.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName === 'IMG') {
      const src = node.getAttribute('src') ?? '';
      if (!QUESTION_IMAGE_SRC.test(src)) node.remove();
      else {
        if (!node.hasAttribute('alt')) node.setAttribute('alt', '');
        node.setAttribute('loading', 'lazy');
      }
    }
    if (node.nodeName === 'A') {
      const href = node.getAttribute('href') ?? '';
      if (!RICH_TEXT_LINK_HREF.test(href.trim())) node.removeAttribute('href');
      else {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', RICH_TEXT_LINK_REL);
      }
    }
  });
  purifier = p;
  return p;
}

/** True when the text holds at least one formula (so KaTeX is worth loading). */
export function hasMath(html: string): boolean {
  return mathSegments(html).some((s) => s.kind === 'math');
}

export function katexOptions(display: boolean) {
  return {
    displayMode: display,
    trust: false,
    strict: 'error' as const,
    throwOnError: false,
    errorColor: '#b00020',
    maxExpand: KATEX_LIMITS.maxExpand,
    maxSize: KATEX_LIMITS.maxSize,
    output: 'htmlAndMathml' as const,
  };
}

/**
 * The markup for one formula. Before KaTeX has loaded (or when it is not
 * given) the source is shown as text; a formula KaTeX refuses, or one over
 * the length limit, shows its source in the error style with the reason as
 * its title.
 */
function formulaElement(doc: Document, tex: string, display: boolean, katex: Katex | null) {
  const el = doc.createElement('span');
  el.className = display ? 'rt-math rt-math-display' : 'rt-math';
  const source = display ? `\\[${tex}\\]` : `\\(${tex}\\)`;
  if (!katex) {
    el.textContent = source;
    el.setAttribute('data-math-pending', '');
    return el;
  }
  if (tex.length > KATEX_LIMITS.maxTexLength) return errorElement(el, source, 'Formula too long');
  try {
    // KaTeX's own output (trust off, text escaped by KaTeX) is not passed
    // through DOMPurify again: the purifier would strip the MathML and styles
    // it needs, and nothing of the author's reaches it unescaped.
    el.innerHTML = katex.renderToString(tex, katexOptions(display));
    return el;
  } catch (e) {
    return errorElement(el, source, e instanceof Error ? e.message : 'Invalid formula');
  }
}

function errorElement(el: HTMLElement, source: string, reason: string) {
  el.className = 'rt-math rt-math-error';
  el.textContent = source;
  el.title = reason;
  return el;
}

function renderMathIn(root: Node, katex: Katex | null) {
  const doc = root.ownerDocument ?? document;
  const walker = doc.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const texts: Text[] = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    // Code stays code: a formula shown as an example of the syntax.
    if (n.parentElement?.closest('code, pre')) continue;
    texts.push(n as Text);
  }
  for (const text of texts) {
    const segments = mathSegments(text.data);
    if (!segments.some((s) => s.kind === 'math')) continue;
    const parts = segments.map((s) =>
      s.kind === 'text' ? doc.createTextNode(s.text) : formulaElement(doc, s.tex, s.display, katex),
    );
    text.replaceWith(...parts);
  }
}

function flattenBlocks(root: DocumentFragment) {
  for (const el of Array.from(root.querySelectorAll('*'))) {
    if (!BLOCKS.has(el.nodeName)) continue;
    const span = el.ownerDocument.createElement('span');
    span.className = 'rt-block';
    span.append(...Array.from(el.childNodes));
    el.replaceWith(span);
  }
}

/**
 * Sanitises `html` and renders its formulas; answers an HTML string for
 * `dangerouslySetInnerHTML`. `inline` turns paragraphs into spans so the text
 * sits in a line (an option label).
 */
export function renderRichText(html: string, katex: Katex | null, inline = false): string {
  const fragment = getPurifier().sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    RETURN_DOM_FRAGMENT: true,
  });
  if (inline) flattenBlocks(fragment);
  renderMathIn(fragment, katex);
  const holder = document.createElement('div');
  holder.append(fragment);
  return holder.innerHTML;
}

let katexLoading: Promise<Katex> | null = null;
let katexLoaded: Katex | null = null;
/**
 * KaTeX and its stylesheet (with its fonts, bundled by our build: no CDN) are
 * fetched the first time a formula is shown, so screens without math never
 * download them.
 */
export function loadKatex(): Promise<Katex> {
  katexLoading ??= Promise.all([import('katex'), loadKatexStyles()]).then(([m]) => {
    katexLoaded = (m as { default?: Katex }).default ?? (m as unknown as Katex);
    return katexLoaded;
  });
  return katexLoading;
}

/** KaTeX once it has loaded, so a view drawn after that renders its formulas in its first render. */
export const loadedKatex = (): Katex | null => katexLoaded;

export { richTextWords } from './rich-text-words.ts';
