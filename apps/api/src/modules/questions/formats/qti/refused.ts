import { inspectZip, isZip, type ZipLimits } from '../../../../lib/import/xlsx/zip.ts';
import { writeZip } from '../../../../lib/zip-writer.ts';

/**
 * The refused items of a QTI import that took only the valid ones, as a
 * QTI upload again: a package of the refused items (their files as written,
 * an XML comment at the top of each saying what is wrong) with a manifest
 * listing only them, or, for a single item uploaded alone, that item. Fixed,
 * it imports like the original. The manifest is cut as text, not rebuilt,
 * so what the bank does not read (metadata, other resources) travels back
 * untouched; only the accepted items and the assessment test leave.
 */

/** An item resource, as read-package.ts numbers them (row = place among these, from 1). */
const ITEM_TYPE = /\btype\s*=\s*["']imsqti_item_xmlv(3p0|2p1|2p2)["']/;
const TEST_TYPE = /\btype\s*=\s*["']imsqti_test_xml/;
const HREF = /\bhref\s*=\s*["']([^"']*)["']/;
/** `<resource …>…</resource>` or `<resource …/>`, prefixed or not; comments skipped whole. */
const RESOURCE =
  /<!--[\s\S]*?-->|<(?:[\w-]+:)?resource\b[^>]*\/>|<((?:[\w-]+:)?resource)\b[^>]*>[\s\S]*?<\/\1\s*>/g;

/** An XML comment holds no "--": a problem that has one is written with a space between. */
const comment = (said: string[]) => `<!-- ${said.join('\n     ').replace(/--/g, '- -')} -->`;

/** The item's text with the comment after its XML declaration (which must stay first). */
function withComment(xml: string, said: string[]): string {
  const decl = /^\uFEFF?<\?xml[^?]*\?>\s*/.exec(xml);
  const at = decl ? decl[0].length : 0;
  return `${xml.slice(0, at)}${comment(said)}\n${xml.slice(at)}`;
}

export async function qtiRefused(
  bytes: Buffer,
  problems: Map<number, string[]>,
  limits: ZipLimits,
): Promise<{ data: Buffer; ext: 'zip' | 'xml' } | null> {
  if (!isZip(bytes)) {
    const said = problems.get(1);
    return said
      ? { data: Buffer.from(withComment(bytes.toString('utf8'), said)), ext: 'xml' }
      : null;
  }
  const entries = (await inspectZip(bytes, limits, () => true)).filter(
    (e) => !e.name.endsWith('/') && e.data,
  );
  const manifest = entries.find((e) => e.name === 'imsmanifest.xml')?.data?.toString('utf8');
  if (!manifest) return null;
  const leaving = new Set<string>();
  const kept: Record<string, string[]> = {};
  let row = 0;
  const cut = manifest.replace(RESOURCE, (whole) => {
    if (whole.startsWith('<!--')) return whole;
    const open = whole.slice(0, whole.indexOf('>') + 1);
    const href = HREF.exec(open)?.[1] ?? '';
    if (TEST_TYPE.test(open)) {
      leaving.add(href);
      return '';
    }
    if (!ITEM_TYPE.test(open)) return whole;
    row += 1;
    const said = problems.get(row);
    if (said) {
      kept[href] = said;
      return whole;
    }
    leaving.add(href);
    return '';
  });
  if (!Object.keys(kept).length) return null;
  const files = entries
    .filter((e) => !leaving.has(e.name) || e.name in kept)
    .map((e) => {
      if (e.name === 'imsmanifest.xml') return { name: e.name, data: Buffer.from(cut) };
      const said = kept[e.name];
      return said
        ? { name: e.name, data: Buffer.from(withComment(e.data!.toString('utf8'), said)) }
        : { name: e.name, data: e.data! };
    });
  return { data: writeZip(files), ext: 'zip' };
}
