/**
 * The rich-text allowlist (question stems, options, explanations, model
 * answers): one list, read by the server's sanitiser (what is stored) and by
 * the web's renderer (defence in depth when it is shown), so the two cannot
 * drift apart (docs/questions.md, "Rich text"; docs/security.md item 32).
 *
 * No `style`, `class`, `id`, `data-*`, `aria-*` or event attribute is on any
 * list: classes on shown text are the renderer's own (math, inline blocks),
 * never an author's.
 */

/** The tags an author's text may hold; anything else is dropped (its text stays). */
export const RICH_TEXT_TAGS = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'sub',
  'sup',
  'ul',
  'ol',
  'li',
  'blockquote',
  'code',
  'pre',
  'span',
  'h3',
  'h4',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'a',
  'img',
] as const;

/**
 * The attributes an author's text may hold, per tag. A link's `rel` is not
 * here: it is never the author's, the sanitiser and the renderer set it.
 */
export const RICH_TEXT_ATTRIBUTES = {
  a: ['href'],
  img: ['src', 'alt', 'width', 'height'],
  th: ['colspan', 'rowspan'],
  td: ['colspan', 'rowspan'],
} as const satisfies Partial<Record<(typeof RICH_TEXT_TAGS)[number], readonly string[]>>;

/** The schemes a link may use: the web or mail, never javascript:, data: or a relative path. */
export const RICH_TEXT_LINK_SCHEMES = ['http', 'https', 'mailto'] as const;
/** A link address kept (after trimming); any other address is removed, the link text stays. */
export const RICH_TEXT_LINK_HREF = /^(?:https?:\/\/|mailto:)/i;
/** Every kept link gets this `rel` (and opens nothing with the page's rights). */
export const RICH_TEXT_LINK_REL = 'noopener noreferrer nofollow';

/**
 * The one image address a text may hold: an uploaded question image (what
 * the upload answers; group 1 is its key). Any other image is removed, so a
 * text never makes a browser fetch a foreign address.
 */
export const QUESTION_IMAGE_SRC =
  /^\/api\/questions\/image\?key=([a-z0-9-]+\.(?:png|jpg|webp|gif))$/;

/** An image's `width` / `height` kept: a whole number of pixels. */
export const RICH_TEXT_IMAGE_DIMENSION = /^\d{1,4}$/;
/** A table cell's `colspan` / `rowspan` kept. */
export const RICH_TEXT_CELL_SPAN = /^\d{1,2}$/;
