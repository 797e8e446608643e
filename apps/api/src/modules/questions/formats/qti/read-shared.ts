import type { QuestionFieldsInput } from '@bo/contract';
import { DomUtils, parseDocument } from 'htmlparser2';
import { type Element, elements, first, htmlOf, textOf } from './dom.ts';

/**
 * What the item readers share (read-item.ts and read-structured.ts): an
 * item's tree with its response declarations, and the pieces of the body
 * a reader takes out as it goes.
 */

export type ItemRead = { question: QuestionFieldsInput } | { problem: string };

export interface Response {
  baseType: string;
  cardinality: string;
  correct: string[];
  mapping: { key: string; caseSensitive: boolean }[];
}

export interface Item {
  root: Element;
  body: Element;
  responses: Map<string, Response>;
  interactions: Element[];
}

export const num = (s: string | undefined) =>
  s !== undefined && s !== '' && Number.isFinite(Number(s)) ? Number(s) : null;

export function responsesOf(root: Element): Map<string, Response> {
  const map = new Map<string, Response>();
  for (const d of elements(root, 'qti-response-declaration')) {
    const correct = first(d, 'qti-correct-response');
    map.set(d.attribs.identifier ?? '', {
      baseType: d.attribs['base-type'] ?? '',
      cardinality: d.attribs.cardinality ?? 'single',
      correct: correct ? elements(correct, 'qti-value').map((v) => textOf(v)) : [],
      mapping: elements(d, 'qti-map-entry').map((e) => ({
        key: e.attribs['map-key'] ?? '',
        caseSensitive: e.attribs['case-sensitive'] !== 'false',
      })),
    });
  }
  return map;
}

/** The body as HTML; one bare <div> around it all (as the export writes it) is unwrapped. */
export function bodyHtml(body: Element): string {
  const nodes = body.children.filter((n) => n.type !== 'text' || DomUtils.textContent(n).trim());
  const only = nodes.length === 1 && nodes[0]!.type === 'tag' ? (nodes[0] as Element) : null;
  if (only?.name === 'div' && !Object.keys(only.attribs).length) return htmlOf(only.children);
  return htmlOf(body.children);
}

export const remove = (el: Element) => DomUtils.removeElement(el);
/** A prompt of the interaction comes before it in the stem. */
export function promptOut(interaction: Element) {
  const prompt = first(interaction, 'qti-prompt');
  if (!prompt) return;
  remove(prompt);
  for (const n of [...prompt.children]) DomUtils.prepend(interaction, n);
}

export const responseOf = (item: Item, interaction: Element) =>
  item.responses.get(interaction.attribs['response-identifier'] ?? '');

/** A typed answer's accepted answers: its mapping's keys, else its correct response; case-sensitive when a key is. */
export function typedAnswers(r: Response | undefined) {
  const mapped = !!r?.mapping.length;
  return {
    answers: mapped ? r!.mapping.map((m) => m.key) : (r?.correct ?? []),
    caseSensitive: mapped ? r!.mapping.some((m) => m.caseSensitive) : true,
  };
}

/** Each interaction replaced by a ___ in the body, as the bank marks a blank or a gap. */
export function blanksOut(interactions: Element[]) {
  for (const interaction of interactions)
    DomUtils.replaceElement(interaction, parseDocument('___').children[0]!);
}
