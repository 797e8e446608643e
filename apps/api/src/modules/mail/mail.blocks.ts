/// <reference path="./mjml.d.ts" />
// (The reference: packages that compile this file, the benchmarks, see the types too.)
import type { MailBlock, MailColumnItem } from '@bo/contract';
import escapeHtml from 'escape-html';

/**
 * Blocks to e-mail HTML through MJML (docs/decisions.md, "Mail blocks: MJML"):
 * MJML knows the tables, Outlook fixes and the media query that make two
 * columns sit side by side on a desktop and stack on a phone. Every text of
 * a block is the admin's plain text, escaped here (`{{variables}}` survive
 * escaping: a fallback's quotes become `&quot;`, which the variable pattern
 * reads). The HTML then goes through the template rule like raw HTML
 * (mail.templates.ts); only the responsive style sheet is kept beside it.
 */

/**
 * Where the footer's unsubscribe link points until a campaign mails it: the
 * sender puts each learner's own link there (mail.sender.ts). `.invalid` is
 * reserved (RFC 2606): a preview or a test send leads nowhere.
 */
export const UNSUBSCRIBE_PLACEHOLDER = 'https://unsubscribe.invalid/';

const FONT = 'Helvetica, Arial, sans-serif';
const TEXT_COLOR = '#222222';

/** Plain text for MJML: escaped, line breaks kept. */
const text = (s: string) => escapeHtml(s).replace(/\n/g, '<br>');
const attr = (s: string) => escapeHtml(s);

const imageUrl = (publicBaseUrl: string, key: string) =>
  `${publicBaseUrl}/api/mail/image?key=${encodeURIComponent(key)}`;

/** Where the images are served from, and each one's pixel width where known (mail.image-widths.ts). */
export interface ImagePlace {
  publicBaseUrl: string;
  widths?: Map<string, number>;
}

function item(b: MailColumnItem, at: ImagePlace): string {
  switch (b.type) {
    case 'text':
      return `<mj-text>${text(b.text)}</mj-text>`;
    case 'image': {
      // MJML keeps the smaller of this and the column's width: a logo stays its size.
      const width = at.widths?.get(b.key);
      return `<mj-image src="${attr(imageUrl(at.publicBaseUrl, b.key))}" alt="${attr(b.alt)}"${width ? ` width="${width}px"` : ''} />`;
    }
    case 'button':
      return `<mj-button href="${attr(b.url)}">${text(b.label)}</mj-button>`;
  }
}

function section(b: MailBlock, at: ImagePlace): string {
  const one = (inner: string) => `<mj-section><mj-column>${inner}</mj-column></mj-section>`;
  switch (b.type) {
    case 'heading':
      return one(
        `<mj-text font-size="24px" font-weight="bold" line-height="1.3">${text(b.text)}</mj-text>`,
      );
    case 'divider':
      return one('<mj-divider border-width="1px" border-color="#dddddd" />');
    case 'columns': {
      const column = (items: MailColumnItem[]) =>
        `<mj-column>${items.map((i) => item(i, at)).join('')}</mj-column>`;
      return `<mj-section>${column(b.left)}${column(b.right)}</mj-section>`;
    }
    case 'footer':
      return one(
        `<mj-text align="center" font-size="12px" color="#666666">${b.text ? `${text(b.text)}<br>` : ''}<a href="${UNSUBSCRIBE_PLACEHOLDER}" style="color:#666666">Unsubscribe</a></mj-text>`,
      );
    default:
      return one(item(b, at));
  }
}

export function blocksToMjml(blocks: MailBlock[], at: ImagePlace): string {
  return `<mjml><mj-head><mj-attributes>
<mj-all font-family="${FONT}" />
<mj-section padding="0" />
<mj-text padding="8px 24px" />
<mj-image padding="8px 24px" />
<mj-button padding="12px 24px" />
<mj-divider padding="12px 24px" />
<mj-text font-size="16px" line-height="1.5" color="${TEXT_COLOR}" />
<mj-button background-color="#1c7ed6" color="#ffffff" font-size="16px" border-radius="4px" />
</mj-attributes></mj-head><mj-body width="600px">${blocks.map((b) => section(b, at)).join('')}</mj-body></mjml>`;
}

/**
 * MJML's output split in two: the responsive rules (our own, made from the
 * column widths, never from the admin's text) and the body, which the
 * caller cleans by the template rule.
 */
export async function blocksToHtml(blocks: MailBlock[], at: ImagePlace) {
  // Loaded on first use: importing MJML costs ~0.7 s, which every server start paid.
  const { default: mjml2html } = await import('mjml');
  const out = await mjml2html(blocksToMjml(blocks, at), {
    validationLevel: 'strict',
    fonts: {},
    keepComments: false,
  });
  if (out.errors.length)
    // Our MJML is made by the code above: an error here is a bug, not the admin's.
    throw new Error(
      `MJML refused the blocks' markup: ${out.errors.map((e) => e.formattedMessage).join('; ')}`,
    );
  const media = [...out.html.matchAll(/<style type="text\/css">\s*(@media[^<]*)<\/style>/g)].map(
    (m) => m[1]!.replace(/\s+/g, ' ').trim(),
  );
  // MJML indents its output; the indents mean nothing (text breaks are <br>).
  const body = (/<body[^>]*>([\s\S]*)<\/body>/.exec(out.html)?.[1] ?? '').replace(
    /\s*\n\s*/g,
    '\n',
  );
  return { style: media.length ? `<style>${media.join('\n')}</style>` : '', body };
}
