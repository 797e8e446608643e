import { DomUtils, parseDocument } from 'htmlparser2';
import { refused } from '../moodle-xml.ts';

/**
 * A QTI file as a tree in the QTI 3 vocabulary, whatever its version: QTI
 * 2.1's camelCase names (assessmentItem, choiceInteraction, responseIdentifier)
 * become QTI 3's (qti-assessment-item, qti-choice-interaction,
 * response-identifier), so one reader (read-item.ts) serves both. HTML
 * elements of an item body keep their names. Parsed as XML without
 * entities: a DOCTYPE or entity declaration is refused first, as for
 * Moodle XML.
 */

/** An element of the tree (domhandler's, through htmlparser2). */
export type Element = ReturnType<typeof DomUtils.findAll>[number];

/** QTI 2.1 names written in lower case, which are not HTML. */
const LOWER_QTI = new Set(
  'value mapping prompt correct variable match and or not sum equal gte lte gt lt member product stringMatch'.split(
    ' ',
  ),
);
const kebab = (s: string) => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const isQti21Name = (name: string) => /[A-Z]/.test(name) || LOWER_QTI.has(name);

function toQti3(el: Element) {
  const name = el.name.replace(/^[a-z0-9]+:/i, '');
  if (isQti21Name(name)) {
    el.name = `qti-${kebab(name)}`;
    el.attribs = Object.fromEntries(Object.entries(el.attribs).map(([k, v]) => [kebab(k), v]));
  } else el.name = name;
  for (const child of el.children) if (child.type === 'tag') toQti3(child as Element);
}

/** The root element of an XML file, in QTI 3 names. */
export function qtiRoot(text: string, what: string): Element {
  if (/<!DOCTYPE|<!ENTITY/i.test(text))
    throw refused(
      'xml_doctype_refused',
      `${what} declares a DOCTYPE or entities; such files are refused because entities can expand without end or read other files`,
    );
  const doc = parseDocument(text, { xmlMode: true, decodeEntities: true });
  const root = doc.children.find((n): n is Element => n.type === 'tag');
  if (!root) throw refused('xml_not_qti', `${what} has no XML element`);
  if (!root.name.startsWith('qti-')) toQti3(root);
  return root;
}

export const elements = (root: Element, name: string | ((n: string) => boolean)) =>
  DomUtils.findAll(
    (e) => (typeof name === 'string' ? e.name === name : name(e.name)),
    root.children,
  );
export const first = (root: Element, name: string) =>
  DomUtils.findOne((e) => e.name === name, root.children);
export const textOf = (el: Element | null | undefined) =>
  el ? DomUtils.textContent(el).trim() : '';

/** Nodes as HTML, as the bank stores rich text. */
export const htmlOf = (nodes: Element['children']) =>
  DomUtils.getOuterHTML(nodes, { xmlMode: false, encodeEntities: 'utf8' }).trim();
