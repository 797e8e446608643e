import type { QuestionLanguage } from '@bo/contract';
import { DomUtils, parseDocument } from 'htmlparser2';

/**
 * What the QTI writer and reader share: rich text (HTML) as well-formed
 * XHTML for an item body (`<br>` closed, `&nbsp;` as a character
 * reference), attribute escaping, and the QTI 3 and 2.1 namespaces.
 */

export const QTI3_NS = 'http://www.imsglobal.org/xsd/imsqtiasi_v3p0';
export const QTI21_NS = 'http://www.imsglobal.org/xsd/imsqti_v2p1';
export const QTI3_CP_NS = 'http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1';
export const QTI3_RP = 'https://purl.imsglobal.org/spec/qti/v3p0/rptemplates';

/** The bank's languages as the BCP 47 tags of xml:lang, and back. */
export const LANGUAGE_TAGS: Record<QuestionLanguage, string> = {
  English: 'en',
  Hindi: 'hi',
  Marathi: 'mr',
  Gujarati: 'gu',
  Bengali: 'bn',
  Tamil: 'ta',
  Telugu: 'te',
  Kannada: 'kn',
  Malayalam: 'ml',
  Urdu: 'ur',
};
export const languageOfTag = (tag: string | undefined): QuestionLanguage | undefined => {
  const base = tag?.toLowerCase().split('-')[0];
  return (Object.keys(LANGUAGE_TAGS) as QuestionLanguage[]).find((l) => LANGUAGE_TAGS[l] === base);
};

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
export const esc = (s: string | number) => String(s).replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);

/** HTML as XHTML: parsed as a browser would, written back in XML mode. */
export function xhtml(html: string): string {
  return DomUtils.getOuterHTML(parseDocument(html).children, {
    xmlMode: true,
    encodeEntities: 'utf8',
  });
}

/** A block of rich text: kept as it is when it already has blocks, else in one <div>. */
export const block = (html: string) =>
  /^\s*<(p|div|ul|ol|table|h[1-6]|blockquote|pre)\b/i.test(html)
    ? xhtml(html)
    : `<div>${xhtml(html)}</div>`;
