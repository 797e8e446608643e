import { describe, expect, it } from 'vitest';
import { questions } from '../../../db/schema/index.ts';
import { inspectZip } from '../../../lib/import/xlsx/zip.ts';
import { useImportApp, workbook, zip } from './import.testing.ts';

/**
 * QTI: the export as a content package (a valid ZIP whose manifest lists
 * every file) re-imports as the same questions; a QTI 2.1 item written by
 * hand imports; an item of a kind the bank cannot hold is a problem naming
 * it; the QuML export carries every question with its answer (what each
 * format carries, and what it refuses: travel.test.ts).
 */

const h = useImportApp();

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const pick = (q: typeof questions.$inferSelect) => ({
  type: q.type,
  stem: q.stem.replace(/key=[^"]+/g, 'key=…'),
  options: q.options,
  blanks: q.blanks,
  numeric: q.numeric,
  marks: q.marks,
  negativeMarks: q.negativeMarks,
  modelAnswer: q.modelAnswer,
  explanation: q.explanation,
  language: q.language,
});
const all = async () =>
  (await h.t.app.deps.db.select().from(questions).orderBy(questions.id)).map(pick);
const LIMITS = { maxUncompressedBytes: 50e6, maxEntries: 1000, maxRatio: 1000 };

async function seed() {
  const bytes = await workbook([
    {
      Type: 'Single choice',
      Question: '<p>A \\(x^2\\) &amp; <img src="fig.png"></p>',
      'Option A': 'one',
      'Option B': '<b>two</b>',
      Correct: 'B',
      Marks: 2,
      'Negative marks': 0.5,
      Explanation: 'Because.',
    },
    {
      Type: 'Multiple choice',
      Question: 'M',
      'Option A': '1',
      'Option B': '2',
      'Option C': '3',
      Correct: 'A,C',
    },
    { Type: 'True/false', Question: 'T', Correct: 'False' },
    {
      Type: 'Fill in the blank',
      Question: '___ and ___',
      'Blank answers': 'x | z ; w',
      'Case sensitive': 'Yes; No',
    },
    {
      Type: 'Numeric',
      Question: 'N',
      'Numeric answer': -2.5,
      Tolerance: 0.25,
      Unit: 'cm',
      Marks: 1.5,
    },
    { Type: 'Subjective', Question: 'S', 'Model answer': '<p>model</p>' },
  ]);
  const res = await h.send(zip({ 'q.xlsx': bytes, 'fig.png': PNG }), 'dryRun=false', 'q.zip');
  expect(res.json()).toMatchObject({ created: 6 });
}

describe('QTI', () => {
  it('the export is a package whose manifest lists every file, and it re-imports as the same questions', async () => {
    await h.clear();
    await seed();
    const before = await all();
    const file = await h.t.as(h.token, {
      method: 'GET',
      url: '/api/questions/exportquestions?format=qti&sort=createdAt&order=asc',
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('application/zip');
    const entries = await inspectZip(file.rawPayload, LIMITS, () => true);
    const names = entries.map((e) => e.name).sort();
    const manifest = entries.find((e) => e.name === 'imsmanifest.xml')!.data!.toString();
    const listed = [...manifest.matchAll(/<file href="([^"]+)"/g)].map((m) => m[1]).sort();
    expect(listed).toEqual(names.filter((n) => n !== 'imsmanifest.xml'));
    expect(names.filter((n) => n.startsWith('items/images/'))).toHaveLength(1);
    expect(names).toContain('assessment-test.xml');
    const item = entries.find((e) => e.name.startsWith('items/Q'))!.data!.toString();
    expect(item).toContain('xmlns="http://www.imsglobal.org/xsd/imsqtiasi_v3p0"');
    expect(item).toContain('<qti-correct-response><qti-value>B</qti-value>');

    await h.clear();
    const dry = (await h.send(file.rawPayload, 'dryRun=true', 'export.zip')).json();
    expect(dry).toMatchObject({ rows: 6, valid: 6, errors: [] });
    const res = await h.send(file.rawPayload, 'dryRun=false', 'export.zip');
    expect(res.json()).toMatchObject({ committed: true, created: 6 });
    expect(await all()).toEqual(before);
    const [first] = await h.t.app.deps.db.select().from(questions).orderBy(questions.id).limit(1);
    expect(first!.source).toBe('qti');
    // The picture came back as a stored image of this server.
    expect(first!.stem).toMatch(/<img src="\/api\/questions\/image\?key=[0-9a-f-]+\.png"/);
  });

  it('a QTI 2.1 item written by hand imports, alone or in a package', async () => {
    await h.clear();
    const item = `<?xml version="1.0" encoding="UTF-8"?>
<assessmentItem xmlns="http://www.imsglobal.org/xsd/imsqti_v2p1" identifier="capital" title="Capital" adaptive="false" timeDependent="false" xml:lang="en">
  <responseDeclaration identifier="RESPONSE" cardinality="single" baseType="identifier">
    <correctResponse><value>ChoiceB</value></correctResponse>
  </responseDeclaration>
  <outcomeDeclaration identifier="SCORE" cardinality="single" baseType="float"/>
  <itemBody>
    <choiceInteraction responseIdentifier="RESPONSE" shuffle="false" maxChoices="1">
      <prompt>What is the capital of France?</prompt>
      <simpleChoice identifier="ChoiceA">Lyon</simpleChoice>
      <simpleChoice identifier="ChoiceB">Paris</simpleChoice>
      <simpleChoice identifier="ChoiceC">Nice</simpleChoice>
    </choiceInteraction>
  </itemBody>
  <responseProcessing template="http://www.imsglobal.org/question/qti_v2p1/rptemplates/match_correct"/>
</assessmentItem>`;
    const res = await h.send(Buffer.from(item), 'dryRun=false', 'capital.xml');
    expect(res.json()).toMatchObject({ committed: true, created: 1 });
    expect(await all()).toEqual([
      expect.objectContaining({
        type: 'single_choice',
        stem: 'What is the capital of France?',
        options: [
          { id: 'A', html: 'Lyon', correct: false },
          { id: 'B', html: 'Paris', correct: true },
          { id: 'C', html: 'Nice', correct: false },
        ],
        marks: 1,
      }),
    ]);
    const manifest = `<?xml version="1.0"?><manifest xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" identifier="M"><resources>
      <resource identifier="capital" type="imsqti_item_xmlv2p1" href="capital.xml"><file href="capital.xml"/></resource>
      <resource identifier="pairs" type="imsqti_item_xmlv2p1" href="pairs.xml"><file href="pairs.xml"/></resource>
    </resources></manifest>`;
    const pairs = `<assessmentItem xmlns="http://www.imsglobal.org/xsd/imsqti_v2p1" identifier="planets" title="Pairs"><responseDeclaration identifier="RESPONSE" cardinality="multiple" baseType="pair"/><itemBody><associateInteraction responseIdentifier="RESPONSE"><simpleAssociableChoice identifier="A" matchMax="1">a</simpleAssociableChoice></associateInteraction></itemBody></assessmentItem>`;
    const pkg = zip({
      'imsmanifest.xml': Buffer.from(manifest),
      'capital.xml': Buffer.from(item),
      'pairs.xml': Buffer.from(pairs),
    });
    await h.clear();
    const dry = (await h.send(pkg, 'dryRun=true', 'package.zip')).json();
    expect(dry).toMatchObject({ rows: 2, valid: 1 });
    expect(dry.errors).toEqual([
      expect.objectContaining({
        row: 2,
        message: expect.stringMatching(
          /^Item planets \(pairs\.xml\) cannot be imported: its interaction \(associate interaction\)/,
        ),
      }),
    ]);
  });

  it('the QuML export carries every question with its answer, in one section', async () => {
    await h.clear();
    await seed();
    const file = await h.t.as(h.token, {
      method: 'GET',
      url: '/api/questions/exportquestions?format=quml&sort=createdAt&order=asc',
    });
    expect(file.statusCode).toBe(200);
    const set = file.json();
    expect(set).toMatchObject({ mimeType: 'application/vnd.sunbird.questionset', maxScore: 7.5 });
    const qs = set.children[0].children;
    expect(qs.map((q: { qType: string }) => q.qType)).toEqual([
      'MCQ',
      'MCQ',
      'MCQ',
      'FTB',
      'SA',
      'SA',
    ]);
    expect(qs[0].responseDeclaration.response1.correctResponse).toEqual({ value: 1 });
    expect(qs[1].responseDeclaration.response1.correctResponse).toEqual({ value: [0, 2] });
    expect(qs[0].body).toContain('/api/questions/image?key=');
    expect(qs[4].answer).toBe('<p>-2.5 (± 0.25) cm</p>');
  });
});
