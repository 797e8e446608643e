import { inspectZip, type ZipLimits } from '../../../../lib/import/xlsx/zip.ts';
import { decodeTextFile } from '../../../../lib/text-encoding.ts';
import type { Draft } from '../cells.ts';
import { refused } from '../moodle-xml.ts';
import { type ParsedFile, QUESTION_COLUMN } from '../rows.ts';
import { elements, qtiRoot } from './dom.ts';
import { readItem } from './read-item.ts';

/**
 * A QTI 3.0 or 2.1 upload: a content package (a ZIP whose imsmanifest.xml
 * lists the item resources, in order) or a single item's XML. Each item is
 * a question numbered in that order; an item the bank cannot hold is a
 * problem of its question naming the item and why. The package's images
 * are handed on by file name to the image check (images.ts), like a ZIP's.
 * The assessment test and its sections are not imported (a note says so):
 * the bank holds questions; an assessment is built from them.
 */

/** Looks like a QTI item: its root element near the start. */
export const looksLikeQti = (text: string) =>
  /<(qti-assessment-item|assessmentItem)[\s>]/.test(text.slice(0, 4096));

/** A zip is a QTI package when it has a manifest at its root. */
export const isQtiPackage = (names: string[]) => names.includes('imsmanifest.xml');

type Parsed = ParsedFile & { files: Map<string, Buffer> };

function addItem(parsed: Parsed, row: number, text: string, name: string) {
  let root: ReturnType<typeof qtiRoot>;
  try {
    root = qtiRoot(text, name);
  } catch (err) {
    parsed.errors.push({
      row,
      column: QUESTION_COLUMN,
      message: `${name}: ${(err as Error).message}`,
    });
    return;
  }
  if (root.name !== 'qti-assessment-item') {
    parsed.errors.push({
      row,
      column: QUESTION_COLUMN,
      message: `${name} is not a QTI assessment item`,
    });
    return;
  }
  const id = root.attribs.identifier ?? name;
  const read = readItem(root);
  if ('problem' in read) {
    parsed.errors.push({
      row,
      column: QUESTION_COLUMN,
      message: `Item ${id} (${name}) cannot be imported: ${read.problem}`,
    });
    return;
  }
  const draft: Draft = { row, question: read.question, names: {} };
  parsed.drafts.push(draft);
}

export function parseQtiItem(text: string): Parsed {
  const parsed: Parsed = { drafts: [], errors: [], notes: [], files: new Map() };
  addItem(parsed, 1, text, 'the item');
  return parsed;
}

const ITEM_TYPE = /^imsqti_item_xmlv(3p0|2p1|2p2)$/;

export async function parseQtiPackage(bytes: Buffer, limits: ZipLimits): Promise<Parsed> {
  const entries = (await inspectZip(bytes, limits, () => true)).filter(
    (e) => !e.name.endsWith('/'),
  );
  const byName = new Map(entries.map((e) => [e.name, e.data!]));
  const manifest = byName.get('imsmanifest.xml');
  if (!manifest)
    throw refused('xml_not_qti', 'The ZIP has no imsmanifest.xml: it is not a QTI content package');
  const root = qtiRoot(decodeTextFile(manifest), 'imsmanifest.xml');
  const parsed: Parsed = { drafts: [], errors: [], notes: [], files: new Map() };
  const resources = elements(root, 'resource');
  const items = resources.filter((r) => ITEM_TYPE.test(r.attribs.type ?? ''));
  if (!items.length)
    throw refused('xml_not_qti', 'The package lists no QTI 3.0 or 2.1 item in its imsmanifest.xml');
  items.forEach((r, i) => {
    const href = r.attribs.href ?? '';
    const file = byName.get(href);
    if (!file)
      parsed.errors.push({
        row: i + 1,
        column: QUESTION_COLUMN,
        message: `Item ${r.attribs.identifier ?? href}: its file ${href} is not in the package`,
      });
    else addItem(parsed, i + 1, decodeTextFile(file), href);
  });
  if (resources.some((r) => /^imsqti_test_xml/.test(r.attribs.type ?? '')))
    parsed.notes.push({
      row: 0,
      category: true,
      message:
        "The package's assessment test (its sections and order) is not imported: its items are imported as questions; build the assessment from them",
    });
  // Keyed by base name, as the image check looks them up.
  for (const e of entries)
    if (!e.name.endsWith('.xml')) parsed.files.set(e.name.split('/').at(-1)!, e.data!);
  return parsed;
}
