import { describe, expect, it } from 'vitest';
import { inspectZip } from '../../../lib/import/xlsx/zip.ts';
import { TINY_PNG } from '../../media/media.fixtures.ts';
import { useImportApp, zip } from './import.testing.ts';

/**
 * "Import the valid ones" from a QTI upload: the refused items come back
 * as a QTI package of just them (manifest cut to them, their images kept,
 * a comment in each saying why), or as the one item uploaded alone; fixed,
 * the file imports.
 */

const h = useImportApp();
const LIMITS = { maxUncompressedBytes: 1e7, maxEntries: 100, maxRatio: 100 };

const item = (id: string, interaction: string) => `<?xml version="1.0" encoding="UTF-8"?>
<qti-assessment-item xmlns="http://www.imsglobal.org/xsd/imsqtiasi_v3p0" identifier="${id}" title="${id}" adaptive="false" time-dependent="false" xml:lang="en">
  <qti-response-declaration identifier="RESPONSE" cardinality="single" base-type="identifier">
    <qti-correct-response><qti-value>B</qti-value></qti-correct-response>
  </qti-response-declaration>
  <qti-outcome-declaration identifier="SCORE" cardinality="single" base-type="float"/>
  <qti-item-body>${interaction}</qti-item-body>
  <qti-response-processing template="https://purl.imsglobal.org/spec/qti/v3p0/rptemplates/match_correct.xml"/>
</qti-assessment-item>`;
const CHOICE = `<qti-choice-interaction response-identifier="RESPONSE" max-choices="1"><qti-prompt>Pick B</qti-prompt>
  <qti-simple-choice identifier="A">a</qti-simple-choice><qti-simple-choice identifier="B">b</qti-simple-choice></qti-choice-interaction>`;
/** A hotspot: an interaction the bank has no question type for. */
const HOTSPOT = `<qti-hotspot-interaction response-identifier="RESPONSE" max-choices="1"><img src="map.png" alt="map" width="10" height="10"/>
  <qti-hotspot-choice identifier="B" shape="circle" coords="5,5,3"/></qti-hotspot-interaction>`;

const resource = (id: string, type = 'imsqti_item_xmlv3p0') =>
  `<resource identifier="${id}" type="${type}" href="${id}.xml"><file href="${id}.xml"/></resource>`;
const MANIFEST = `<?xml version="1.0" encoding="UTF-8"?>
<manifest xmlns="http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1" identifier="M">
  <metadata><schema>QTI Package</schema></metadata>
  <organizations/>
  <resources>
    ${resource('good')}
    ${resource('map')}
    <!-- a comment naming <resource> stays -->
    ${resource('test', 'imsqti_test_xmlv3p0')}
    <resource identifier="pic" type="webcontent" href="map.png"><file href="map.png"/></resource>
  </resources>
</manifest>`;

const refusedOf = (res: { json(): { refusedFile?: { base64: string } | null } }) =>
  Buffer.from(res.json().refusedFile!.base64, 'base64');

describe('questionimport: the refused items of a QTI upload', () => {
  it('a package: the refused items as a package of their own, each with its reason', async () => {
    const pkg = zip({
      'imsmanifest.xml': Buffer.from(MANIFEST),
      'good.xml': Buffer.from(item('good', CHOICE)),
      'map.xml': Buffer.from(item('map', HOTSPOT)),
      'test.xml': Buffer.from('<qti-assessment-test identifier="t"/>'),
      'map.png': TINY_PNG,
    });
    const res = await h.send(pkg, 'dryRun=false&validOnly=true', 'unit 4.zip');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      rows: 2,
      created: 1,
      refused: 1,
      refusedFile: { fileName: 'unit 4 refused.zip', contentType: 'application/zip' },
    });
    const entries = await inspectZip(refusedOf(res), LIMITS, () => true);
    const byName = new Map(entries.map((e) => [e.name, e.data!.toString('utf8')]));
    expect([...byName.keys()].sort()).toEqual(['imsmanifest.xml', 'map.png', 'map.xml']);
    const manifest = byName.get('imsmanifest.xml')!;
    expect(manifest).toContain(resource('map'));
    expect(manifest).not.toMatch(/identifier="(good|test)"/);
    expect(manifest).toContain('<!-- a comment naming <resource> stays -->');
    expect(manifest).toContain('<metadata><schema>QTI Package</schema></metadata>');
    expect(byName.get('map.xml')).toMatch(
      /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<!-- Item map \(map\.xml\) cannot be imported: [^\n]*-->\n<qti-assessment-item /,
    );
    expect(entries.find((e) => e.name === 'map.png')!.data).toEqual(TINY_PNG);

    // The same file with its item fixed (a choice instead of the hotspot) imports.
    const fixed = new Map(entries.map((e) => [e.name, e.data!]));
    fixed.set('map.xml', Buffer.from(item('map', CHOICE.replace('Pick B', 'Now pick B'))));
    const again = await h.send(zip(Object.fromEntries(fixed)), 'dryRun=false', 'fixed.zip');
    expect(again.json(), again.body).toMatchObject({ rows: 1, created: 1 });
    await h.clear();
  });

  it('an item uploaded alone comes back as that item with its reason', async () => {
    const res = await h.send(
      Buffer.from(item('map', HOTSPOT)),
      'dryRun=false&validOnly=true',
      'map.xml',
    );
    expect(res.json()).toMatchObject({
      rows: 1,
      created: 0,
      refusedFile: { fileName: 'map refused.xml', contentType: 'application/xml' },
    });
    expect(refusedOf(res).toString()).toMatch(
      /^<\?xml[^>]*>\n<!-- Item map \(the item\) cannot be imported: [^\n]*-->\n<qti-assessment-item /,
    );
  });
});
