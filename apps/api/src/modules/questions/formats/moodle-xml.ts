import type { ErrorCode } from '@bo/contract';
import { XMLParser } from 'fast-xml-parser';
import { AppError } from '../../../lib/errors.ts';

/**
 * Moodle XML (moodle.ts) parsed safely: a DOCTYPE or entity declaration is
 * refused before the parser runs (entity expansion, external entities),
 * nesting deeper than MAX_DEPTH is refused by the parser, and every parser
 * failure is a 400.
 */

export const MAX_DEPTH = 50;

export const refused = (code: ErrorCode, message: string) => new AppError(400, code, message);

export type Node = Record<string, unknown>;
const ARRAYS = new Set(['question', 'answer', 'tag', 'file', 'unit']);

export function parseXml(text: string): Node {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) {
    throw refused(
      'xml_doctype_refused',
      'The XML declares a DOCTYPE or entities, which Moodle XML never has; such files are refused because entities can expand without end or read other files',
    );
  }
  if (tooDeep(text, MAX_DEPTH)) {
    throw refused(
      'xml_too_deep',
      `The XML is nested deeper than ${MAX_DEPTH} levels; it is not a Moodle XML file`,
    );
  }
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    processEntities: true,
    htmlEntities: false,
    maxNestedTags: MAX_DEPTH,
    isArray: (name) => ARRAYS.has(name),
  });
  try {
    return parser.parse(text, true) as Node;
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (/nested/i.test(message)) {
      throw refused(
        'xml_too_deep',
        `The XML is nested deeper than ${MAX_DEPTH} levels; it is not a Moodle XML file`,
      );
    }
    throw refused('xml_malformed', `The file is not well-formed XML (${message.slice(0, 200)})`);
  }
}

/**
 * A scan of the tags before any parsing: true as soon as elements open more
 * than `max` deep (comments, CDATA and processing instructions skipped), so
 * megabytes of nesting are refused after reading `max` tags, whether closed
 * or not. The parser's own maxNestedTags stays as a second guard.
 */
function tooDeep(text: string, max: number): boolean {
  let depth = 0;
  for (let i = text.indexOf('<'); i >= 0; i = text.indexOf('<', i + 1)) {
    const next = text[i + 1];
    let end: number;
    if (text.startsWith('<!--', i)) end = text.indexOf('-->', i);
    else if (text.startsWith('<![CDATA[', i)) end = text.indexOf(']]>', i);
    else if (next === '?' || next === '!') end = text.indexOf('>', i);
    else if (next === '/') {
      depth--;
      continue;
    } else {
      end = text.indexOf('>', i);
      if (end > 0 && text[end - 1] !== '/' && ++depth > max) return true;
    }
    if (end < 0) return false;
    i = end;
  }
  return false;
}
