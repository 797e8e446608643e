import { describe, expect, it } from 'vitest';
import { questions } from '../../../db/schema/index.ts';
import { inspectZip } from '../../../lib/import/xlsx/zip.ts';
import { useImportApp, workbook, zip } from './import.testing.ts';

/**
 * Matching, ordering and cloze through QTI: the export (a match, an order
 * interaction, inline choices and text entries in the text) re-imports into
 * an empty bank as the same questions; QTI 2.1 items written by hand, in
 * 2.1's camelCase names, import; an item the bank cannot hold as one of
 * them is a problem naming why.
 */

const h = useImportApp();

const pick = (q: typeof questions.$inferSelect) => ({
  type: q.type,
  stem: q.stem,
  matching: q.matching,
  ordering: q.ordering,
  cloze: q.cloze,
  blanks: q.blanks,
  marks: q.marks,
  negativeMarks: q.negativeMarks,
  explanation: q.explanation,
});
const stored = async () =>
  (await h.t.app.deps.db.select().from(questions).orderBy(questions.id)).map(pick);
const LIMITS = { maxUncompressedBytes: 50e6, maxEntries: 1000, maxRatio: 1000 };

const SHEET = [
  {
    Type: 'Matching',
    Question: 'Match each element to its symbol',
    Pairs: 'Hydrogen -> H\nOxygen -> O\n<b>Water</b> \\(H_2O\\) -> molecule',
    'Extra right-hand texts': 'He\nNe &amp; Ar',
    Marks: 3,
    'Negative marks': 1,
    Explanation: 'Symbols come from Latin names.',
  },
  { Type: 'Ordering', Question: 'From the Sun', 'Items in order': 'Mercury\n<i>Venus</i>\nEarth' },
  {
    Type: 'Cloze',
    Question: '<p>___ is the capital of ___ &amp; ___ of Spain.</p>',
    'Blank answers':
      'Paris | paris city ; choose: Spain | =France | Italy ; choose: =Madrid | Rome',
    'Case sensitive': 'Yes; No; No',
    Marks: 2,
  },
  // Typed gaps only: the PARTS outcome tells it from a fill in the blank.
  { Type: 'Cloze', Question: '___ and ___', 'Blank answers': 'a ; b | B' },
  { Type: 'Fill in the blank', Question: '___ or ___', 'Blank answers': 'x ; y' },
];

describe('structured questions through QTI', () => {
  it('the export carries matching, ordering and cloze, and re-imports as the same questions', async () => {
    await h.clear();
    const res = await h.send(await workbook(SHEET), 'dryRun=false');
    expect(res.json(), res.body).toMatchObject({ created: SHEET.length });
    const before = await stored();
    const file = await h.t.as(h.token, {
      method: 'GET',
      url: '/api/questions/exportquestions?format=qti&sort=createdAt&order=asc',
    });
    expect(file.statusCode, file.body).toBe(200);
    const entries = await inspectZip(file.rawPayload, LIMITS, () => true);
    const items = entries
      .filter((e) => /^items\/Q\d+\.xml$/.test(e.name))
      .map((e) => e.data!.toString())
      .sort(
        (a, b) =>
          Number(a.match(/identifier="Q(\d+)"/)![1]) - Number(b.match(/identifier="Q(\d+)"/)![1]),
      );
    const [matching, ordering, cloze] = items as [string, string, string];
    expect(matching).toContain(
      'cardinality="multiple" base-type="directedPair"><qti-correct-response><qti-value>L1 R1</qti-value><qti-value>L2 R2</qti-value><qti-value>L3 R3</qti-value>',
    );
    expect(matching.match(/<qti-simple-match-set>/g)).toHaveLength(2);
    expect(ordering).toContain(
      'cardinality="ordered" base-type="identifier"><qti-correct-response><qti-value>I1</qti-value><qti-value>I2</qti-value><qti-value>I3</qti-value>',
    );
    // Shown shuffled: a player that does not shuffle must not show the right order.
    expect(ordering).not.toMatch(/identifier="I1".*identifier="I2".*identifier="I3"/);
    expect(cloze).toMatch(
      /<qti-text-entry-interaction response-identifier="RESPONSE_1"\/> is the capital of <qti-inline-choice-interaction response-identifier="RESPONSE_2"/,
    );
    // With the bank's marking (no partial credit) a part right earns nothing.
    expect(cloze).not.toContain('<qti-base-value base-type="float">0.5</qti-base-value>');

    await h.clear();
    const again = await h.send(file.rawPayload, 'dryRun=false', 'export.zip');
    expect(again.json(), again.body).toMatchObject({ committed: true, created: SHEET.length });
    expect(await stored()).toEqual(before);
  });

  it('imports QTI 2.1 match, order and inline choice items written by hand', async () => {
    await h.clear();
    const item = (id: string, declarations: string, body: string) =>
      `<?xml version="1.0"?><assessmentItem xmlns="http://www.imsglobal.org/xsd/imsqti_v2p1" identifier="${id}" title="${id}" adaptive="false" timeDependent="false">${declarations}<outcomeDeclaration identifier="SCORE" cardinality="single" baseType="float"/><itemBody>${body}</itemBody><responseProcessing template="http://www.imsglobal.org/question/qti_v2p1/rptemplates/match_correct"/></assessmentItem>`;
    const files = {
      'match.xml': item(
        'capitals',
        '<responseDeclaration identifier="RESPONSE" cardinality="multiple" baseType="directedPair"><correctResponse><value>C G</value><value>F P</value></correctResponse></responseDeclaration>',
        '<p>Match each country.</p><matchInteraction responseIdentifier="RESPONSE" shuffle="true" maxAssociations="2"><prompt>Its capital:</prompt><simpleMatchSet><simpleAssociableChoice identifier="F" matchMax="1">France</simpleAssociableChoice><simpleAssociableChoice identifier="C" matchMax="1">Germany</simpleAssociableChoice></simpleMatchSet><simpleMatchSet><simpleAssociableChoice identifier="P" matchMax="1">Paris</simpleAssociableChoice><simpleAssociableChoice identifier="L" matchMax="1">Lyon</simpleAssociableChoice><simpleAssociableChoice identifier="G" matchMax="1">Berlin</simpleAssociableChoice></simpleMatchSet></matchInteraction>',
      ),
      'order.xml': item(
        'sizes',
        '<responseDeclaration identifier="RESPONSE" cardinality="ordered" baseType="identifier"><correctResponse><value>B</value><value>C</value><value>A</value></correctResponse></responseDeclaration>',
        '<orderInteraction responseIdentifier="RESPONSE" shuffle="true"><prompt>Smallest first</prompt><simpleChoice identifier="A">Sun</simpleChoice><simpleChoice identifier="B">Moon</simpleChoice><simpleChoice identifier="C">Earth</simpleChoice></orderInteraction>',
      ),
      'gaps.xml': item(
        'gaps',
        '<responseDeclaration identifier="G1" cardinality="single" baseType="identifier"><correctResponse><value>hot</value></correctResponse></responseDeclaration><responseDeclaration identifier="G2" cardinality="single" baseType="string"><correctResponse><value>star</value></correctResponse></responseDeclaration>',
        '<p>The sun is <inlineChoiceInteraction responseIdentifier="G1" shuffle="false"><inlineChoice identifier="cold">cold</inlineChoice><inlineChoice identifier="hot">hot</inlineChoice></inlineChoiceInteraction>: a <textEntryInteraction responseIdentifier="G2"/>.</p>',
      ),
      'broken.xml': item(
        'broken',
        '<responseDeclaration identifier="RESPONSE" cardinality="ordered" baseType="identifier"><correctResponse><value>A</value></correctResponse></responseDeclaration>',
        '<orderInteraction responseIdentifier="RESPONSE"><simpleChoice identifier="A">a</simpleChoice><simpleChoice identifier="B">b</simpleChoice></orderInteraction>',
      ),
      'unmatched.xml': item(
        'unmatched',
        '<responseDeclaration identifier="RESPONSE" cardinality="multiple" baseType="directedPair"><correctResponse><value>A X</value></correctResponse></responseDeclaration>',
        '<matchInteraction responseIdentifier="RESPONSE"><simpleMatchSet><simpleAssociableChoice identifier="A" matchMax="1">a</simpleAssociableChoice><simpleAssociableChoice identifier="B" matchMax="1">b</simpleAssociableChoice></simpleMatchSet><simpleMatchSet><simpleAssociableChoice identifier="X" matchMax="1">x</simpleAssociableChoice></simpleMatchSet></matchInteraction>',
      ),
    };
    const names = Object.keys(files);
    const manifest = `<?xml version="1.0"?><manifest xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" identifier="M"><resources>${names.map((n) => `<resource identifier="${n}" type="imsqti_item_xmlv2p1" href="${n}"><file href="${n}"/></resource>`).join('')}</resources></manifest>`;
    const pkg = zip({
      'imsmanifest.xml': Buffer.from(manifest),
      ...Object.fromEntries(Object.entries(files).map(([n, x]) => [n, Buffer.from(x)])),
    });
    const res = await h.send(pkg, 'dryRun=false&validOnly=true', 'package.zip');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ created: 3 });
    expect(
      res.json().errors.map((e: { row: number; message: string }) => [e.row, e.message]),
    ).toEqual([
      [
        4,
        'Item broken (broken.xml) cannot be imported: its correct order does not name each of its items once',
      ],
      [
        5,
        'Item unmatched (unmatched.xml) cannot be imported: its left-hand choice B has no correct match',
      ],
    ]);
    const [m, o, c] = await stored();
    expect(m).toMatchObject({
      type: 'matching',
      stem: '<p>Match each country.</p>Its capital:',
      matching: {
        pairs: [
          { left: 'France', right: 'Paris' },
          { left: 'Germany', right: 'Berlin' },
        ],
        distractors: ['Lyon'],
      },
    });
    expect(o).toMatchObject({
      type: 'ordering',
      stem: 'Smallest first',
      ordering: { items: ['Moon', 'Earth', 'Sun'] },
    });
    expect(c).toMatchObject({
      type: 'cloze',
      stem: '<p>The sun is ___: a ___.</p>',
      cloze: {
        gaps: [
          {
            kind: 'choice',
            choices: [
              { text: 'cold', correct: false },
              { text: 'hot', correct: true },
            ],
          },
          { kind: 'text', answers: ['star'], caseSensitive: true },
        ],
      },
    });
  });
});
