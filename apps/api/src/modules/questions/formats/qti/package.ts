import type { Deps } from '../../../../deps.ts';
import { storageKeyOf } from '../../../../lib/public-images.ts';
import { writeZip, type ZipFile } from '../../../../lib/zip-writer.ts';
import { itemIdentifier, type QtiQuestion, qtiItem } from './items.ts';
import { block, esc, QTI3_CP_NS, QTI3_NS } from './xml.ts';

/**
 * A QTI 3.0 content package: imsmanifest.xml listing every file, an item
 * file per question (items/Q12.xml), the images they show
 * (items/images/<key>), and one qti-assessment-test whose sections hold the
 * item references in order. A question selection is one section; an
 * assessment keeps its sections (their instructions as candidate rubric
 * blocks). The package is built whole in memory (images included): an
 * export of a selection or an assessment is small.
 */

export interface PackageSection {
  title: string;
  instructions: string | null;
  questions: QtiQuestion[];
}

export interface PackageTest {
  title: string;
  sections: PackageSection[];
}

const IMAGE_SRC = /(src=["'])\/api\/questions\/image\?key=([0-9a-f-]+\.[a-z]+)(["'])/g;

/** Our image addresses as names inside the package, collecting the keys. */
function packagedImages(q: QtiQuestion, keys: Set<string>): QtiQuestion {
  const fix = (html: string) =>
    html.replace(IMAGE_SRC, (_, open: string, key: string, close: string) => {
      keys.add(key);
      return `${open}images/${key}${close}`;
    });
  const orNull = (html: string | null) => (html === null ? null : fix(html));
  return {
    ...q,
    stem: fix(q.stem),
    options: q.options.map((o) => ({ ...o, html: fix(o.html) })),
    explanation: orNull(q.explanation),
    modelAnswer: orNull(q.modelAnswer),
    matching: q.matching && {
      pairs: q.matching.pairs.map((p) => ({ left: fix(p.left), right: fix(p.right) })),
      distractors: q.matching.distractors.map(fix),
    },
    ordering: q.ordering && { items: q.ordering.items.map(fix) },
  };
}

const itemRef = (q: QtiQuestion) =>
  `<qti-assessment-item-ref identifier="${itemIdentifier(q)}" href="items/${itemIdentifier(q)}.xml"/>`;

function testXml(test: PackageTest): string {
  const sections = test.sections
    .map((s, i) => {
      const rubric = s.instructions
        ? `<qti-rubric-block use="instructions" view="candidate"><qti-content-body>${block(s.instructions)}</qti-content-body></qti-rubric-block>`
        : '';
      return `<qti-assessment-section identifier="S${i + 1}" title="${esc(s.title)}" visible="true">${rubric}${s.questions.map(itemRef).join('')}</qti-assessment-section>`;
    })
    .join('');
  return [
    '<?xml version="1.0" encoding="UTF-8"?>\n',
    `<qti-assessment-test xmlns="${QTI3_NS}" identifier="TEST" title="${esc(test.title)}">`,
    '<qti-outcome-declaration identifier="SCORE" cardinality="single" base-type="float"/>',
    `<qti-test-part identifier="P1" navigation-mode="nonlinear" submission-mode="simultaneous">${sections}</qti-test-part>`,
    '<qti-outcome-processing><qti-set-outcome-value identifier="SCORE"><qti-sum><qti-test-variables variable-identifier="SCORE"/></qti-sum></qti-set-outcome-value></qti-outcome-processing>',
    '</qti-assessment-test>\n',
  ].join('');
}

interface Resource {
  id: string;
  type: string;
  href: string;
  files: string[];
  dependencies: string[];
}

function manifestXml(resources: Resource[]): string {
  const list = resources
    .map(
      (r) =>
        `<resource identifier="${esc(r.id)}" type="${r.type}" href="${esc(r.href)}">${r.files.map((f) => `<file href="${esc(f)}"/>`).join('')}${r.dependencies.map((d) => `<dependency identifierref="${esc(d)}"/>`).join('')}</resource>`,
    )
    .join('\n');
  return [
    '<?xml version="1.0" encoding="UTF-8"?>\n',
    `<manifest xmlns="${QTI3_CP_NS}" identifier="MANIFEST">`,
    '<metadata><schema>QTI Package</schema><schemaversion>3.0.0</schemaversion></metadata>',
    `<organizations/><resources>\n${list}\n</resources></manifest>\n`,
  ].join('');
}

const imageId = (key: string) => `IMG-${key.replace(/\.[a-z]+$/, '')}`;

/** The package's files, manifest first. Images that are gone from the store are left out. */
export async function qtiPackage(deps: Deps, test: PackageTest): Promise<Buffer> {
  const files: ZipFile[] = [];
  const resources: Resource[] = [];
  const allKeys = new Set<string>();
  const seen = new Set<number>();
  for (const section of test.sections) {
    section.questions = section.questions.map((raw) => {
      const keys = new Set<string>();
      const q = packagedImages(raw, keys);
      for (const k of keys) allKeys.add(k);
      if (seen.has(q.id)) return q;
      seen.add(q.id);
      const href = `items/${itemIdentifier(q)}.xml`;
      files.push({ name: href, data: Buffer.from(qtiItem(q)) });
      resources.push({
        id: itemIdentifier(q),
        type: 'imsqti_item_xmlv3p0',
        href,
        files: [href],
        dependencies: [...keys].map(imageId),
      });
      return q;
    });
  }
  for (const key of allKeys) {
    const storageKey = storageKeyOf(key);
    if (!storageKey) continue;
    const data = await deps.storage
      .get(storageKey)
      .then((s) => s.toArray())
      .then((chunks) => Buffer.concat(chunks as Buffer[]))
      .catch(() => null);
    if (!data) continue;
    const href = `items/images/${key}`;
    files.push({ name: href, data });
    resources.push({ id: imageId(key), type: 'webcontent', href, files: [href], dependencies: [] });
  }
  files.unshift({ name: 'assessment-test.xml', data: Buffer.from(testXml(test)) });
  resources.unshift({
    id: 'TEST',
    type: 'imsqti_test_xmlv3p0',
    href: 'assessment-test.xml',
    files: ['assessment-test.xml'],
    dependencies: [...seen].map((id) => itemIdentifier({ id })),
  });
  files.unshift({ name: 'imsmanifest.xml', data: Buffer.from(manifestXml(resources)) });
  return writeZip(files);
}
