import {
  QUESTION_IMAGE_SRC,
  RICH_TEXT_ATTRIBUTES,
  RICH_TEXT_CELL_SPAN,
  RICH_TEXT_IMAGE_DIMENSION,
  RICH_TEXT_LINK_HREF,
  RICH_TEXT_LINK_REL,
  RICH_TEXT_LINK_SCHEMES,
  RICH_TEXT_TAGS,
} from '@bo/contract/rich-text';
import sanitizeHtml from 'sanitize-html';

/**
 * Rich text (question stems, options, explanations, model answers) as it is
 * stored: the editor's HTML run through sanitize-html with the contract's
 * allowlist (packages/contract/src/rich-text.ts, which the web's renderer
 * reads too; docs/questions.md, "Rich text"; docs/security.md item 32).
 *
 * - Tags: paragraphs and line breaks, inline emphasis, sub/superscript,
 *   lists, quotes, code, headings h3/h4, tables, links and images. Anything
 *   else is dropped; the text inside it stays (as text), except inside
 *   script-like elements whose content is dropped with them.
 * - No `style`, `class`, `id` or event attribute survives on any tag.
 * - Links keep only an http(s) or mailto address and always get
 *   rel="noopener noreferrer nofollow"; a link with any other address keeps
 *   its text and loses its address.
 * - Images are only ours: a relative `/api/questions/image?key=…` address
 *   (what the upload answers). Any other image is removed, so a stored text
 *   never makes a browser fetch a foreign address.
 */

// Still importable from here, beside the functions that apply it.
export { QUESTION_IMAGE_SRC };

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: {
    ...Object.fromEntries(Object.entries(RICH_TEXT_ATTRIBUTES).map(([tag, a]) => [tag, [...a]])),
    // Ours, set by the link transform below (an author's rel is dropped there).
    a: [...RICH_TEXT_ATTRIBUTES.a, 'rel'],
  },
  allowedSchemes: [...RICH_TEXT_LINK_SCHEMES],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  allowedStyles: {},
  // Their content is code or markup, never text to keep.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'iframe',
    'object',
    'embed',
    'template',
    'title',
    'svg',
    'math',
  ],
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => {
      const href = attribs.href?.trim();
      const kept: Record<string, string> =
        href && RICH_TEXT_LINK_HREF.test(href) ? { href, rel: RICH_TEXT_LINK_REL } : {};
      return { tagName, attribs: kept };
    },
    img: (tagName, attribs) => {
      const kept: Record<string, string> = {};
      if (attribs.src) kept.src = attribs.src.trim();
      if (attribs.alt) kept.alt = attribs.alt;
      for (const d of ['width', 'height'] as const) {
        const v = attribs[d]?.trim();
        if (v && RICH_TEXT_IMAGE_DIMENSION.test(v)) kept[d] = v;
      }
      return { tagName, attribs: kept };
    },
    // Spans carry nothing (no style or class): kept only so pasted text keeps its words.
    td: cellSpans('td'),
    th: cellSpans('th'),
  },
  exclusiveFilter: (frame) =>
    frame.tag === 'img' && !QUESTION_IMAGE_SRC.test(frame.attribs.src ?? ''),
};

function cellSpans(tag: string): sanitizeHtml.Transformer {
  return (_name, attribs) => {
    const kept: Record<string, string> = {};
    for (const a of ['colspan', 'rowspan'] as const) {
      const v = attribs[a]?.trim();
      if (v && RICH_TEXT_CELL_SPAN.test(v)) kept[a] = v;
    }
    return { tagName: tag, attribs: kept };
  };
}

/** The stored form of a rich-text field: idempotent (sanitising stored text changes nothing). */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** The keys of the question images a stored text shows, in order. */
export function imageKeysIn(html: string): string[] {
  const keys: string[] = [];
  for (const m of html.matchAll(/<img\b[^>]*\bsrc="([^"]*)"/g)) {
    const key = QUESTION_IMAGE_SRC.exec(m[1]!.replace(/&amp;/g, '&'))?.[1];
    if (key) keys.push(key);
  }
  return keys;
}
