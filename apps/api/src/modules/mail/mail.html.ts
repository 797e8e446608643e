import sanitizeHtml from 'sanitize-html';
import { decodeEntities } from '../../lib/rich-text/entities.ts';

/**
 * The rule for a template's HTML (docs/security.md, "Mail HTML"). An admin's
 * HTML reaches two places: learners' mail clients, and the back-office's
 * own preview. Mail clients run no scripts but do follow links and load
 * images; the preview is a browser. So the HTML is cut down on save to an
 * allowlist that e-mail layouts need and nothing that acts:
 *
 * - Tags: text structure, emphasis, lists, tables (the layout tool of
 *   e-mail), links, images, div/span/center. No script, style sheet,
 *   iframe, form, object, svg, base or meta: dropped (script-like elements
 *   with their content).
 * - Attributes: no event handler or id; class only `mj-…` (the column
 *   classes of a blocks template's responsive rules, mail.blocks.ts: inert
 *   without them); `style` only with a short
 *   list of presentational properties whose values hold no url(), no
 *   expression() and no escapes; width/height/align/bgcolor/border/cell*
 *   on tables and images.
 * - Links: http(s) and mailto only, `rel="noopener noreferrer"` and
 *   `target="_blank"` added; any other address (javascript:, data:) is
 *   removed, keeping the text.
 * - Images: only ours, the address `uploademailerimage` answered. A foreign
 *   image would be a tracking pixel of someone else's and mixed content.
 *
 * Variable values are HTML-escaped where they are put in (mail.render.ts),
 * so a learner's name cannot add markup either.
 */

const STYLE_VALUE = /^[#(),.%\w\s-]+$/;
const allowedStyles = Object.fromEntries(
  [
    'color',
    'background-color',
    'font-size',
    'font-weight',
    'font-style',
    'font-family',
    'text-align',
    'text-decoration',
    'line-height',
    'padding',
    'padding-top',
    'padding-bottom',
    'padding-left',
    'padding-right',
    'margin',
    'margin-top',
    'margin-bottom',
    'width',
    'max-width',
    'height',
    'border',
    'border-radius',
    'vertical-align',
    'display',
    'direction',
    'word-break',
    'border-collapse',
  ].map((p) => [p, [STYLE_VALUE]]),
);

const LAYOUT = ['width', 'height', 'align', 'valign', 'bgcolor', 'style'];

/** The image addresses a template may show: ours, absolute or relative. */
export function mailerImageSrc(publicBaseUrl: string) {
  const base = publicBaseUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^(?:${base})?/api/mail/image\\?key=[a-z0-9-]+\\.(?:png|jpg|webp|gif)$`);
}

export function sanitizeMailHtml(html: string, publicBaseUrl: string): string {
  const imageSrc = mailerImageSrc(publicBaseUrl);
  return sanitizeHtml(html, {
    allowedTags: [
      'p',
      'br',
      'hr',
      'div',
      'span',
      'center',
      'h1',
      'h2',
      'h3',
      'h4',
      'strong',
      'b',
      'em',
      'i',
      'u',
      's',
      'small',
      'sub',
      'sup',
      'blockquote',
      'ul',
      'ol',
      'li',
      'table',
      'thead',
      'tbody',
      'tfoot',
      'tr',
      'td',
      'th',
      'a',
      'img',
    ],
    allowedAttributes: {
      '*': ['style', 'align', 'dir', 'title'],
      a: ['href', 'rel', 'target', 'style'],
      img: ['src', 'alt', 'width', 'height', 'style'],
      table: [...LAYOUT, 'border', 'cellpadding', 'cellspacing', 'role'],
      td: [...LAYOUT, 'colspan', 'rowspan'],
      th: [...LAYOUT, 'colspan', 'rowspan'],
      tr: LAYOUT,
    },
    allowedClasses: { '*': ['mj-*'] },
    allowedStyles: { '*': allowedStyles },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['http', 'https'] },
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'head'],
    transformTags: {
      a: (tagName, attribs) => ({
        tagName,
        attribs: { ...attribs, rel: 'noopener noreferrer', target: '_blank' },
      }),
    },
    exclusiveFilter: (frame) => frame.tag === 'img' && !imageSrc.test(frame.attribs.src ?? ''),
  })
    .replaceAll(`src="/api/mail/image?`, `src="${publicBaseUrl}/api/mail/image?`)
    .trim();
}

const decodeText = (s: string) => decodeEntities(s, { nbsp: ' ', badNumber: () => '' });

/**
 * The plain-text part from sanitised HTML (well-formed, from the allowlist
 * above): blocks become paragraphs, list items dashes, links "text (address)",
 * images their alt text. Variables stay as written, filled in at send.
 */
export function htmlToText(html: string): string {
  const text = html
    .replace(/\s*\n\s*/g, ' ')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li[^>]*>/gi, '\n- ')
    .replace(/<\/(p|div|h[1-4]|tr|table|blockquote|ul|ol|center)>/gi, '\n\n')
    .replace(/<hr[^>]*>/gi, '\n----\n')
    .replace(/<\/t[dh]>/gi, ' ')
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_, href: string, inner: string) => {
      const label = inner.replace(/<[^>]+>/g, '').trim();
      const address = decodeText(href).replace(/^mailto:/, '');
      return !label || label === address ? address : `${inner} (${address})`;
    })
    .replace(/<img\s[^>]*alt="([^"]*)"[^>]*>/gi, '$1')
    .replace(/<[^>]+>/g, '');
  return decodeText(text)
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
