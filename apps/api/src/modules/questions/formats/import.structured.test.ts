import { describe, expect, it } from 'vitest';
import { questions } from '../../../db/schema/index.ts';
import { useImportApp, workbook } from './import.testing.ts';

/**
 * Matching, ordering and cloze questions through the files: an XLSX sheet
 * written by hand as its help says, its XLSX and Moodle XML exports
 * re-imported unchanged, and a Moodle XML file written here (matching with
 * an extra right-hand text, ordering, a cloze mixing a drop-down and a
 * short answer).
 */

const h = useImportApp();

const pick = (q: typeof questions.$inferSelect) => ({
  type: q.type,
  stem: q.stem,
  matching: q.matching,
  ordering: q.ordering,
  cloze: q.cloze,
  blanks: q.blanks,
});
const stored = async () =>
  (await h.t.app.deps.db.select().from(questions).orderBy(questions.id)).map(pick);

const HAND_WRITTEN = [
  {
    Type: 'Matching',
    Question: 'Match each element to its symbol',
    Pairs: 'Hydrogen -> H\nOxygen -> O\n<b>Water</b> \\(H_2O\\) -> molecule',
    'Extra right-hand texts': 'He\nNe',
  },
  { Type: 'Ordering', Question: 'From the Sun', 'Items in order': 'Mercury\nVenus\n\nEarth' },
  {
    Type: 'Cloze',
    Question: '___ is the capital of ___.',
    'Blank answers': 'Paris | paris city ; choose: Spain | =France | Italy',
    'Case sensitive': 'Yes; No',
  },
];

describe('structured questions in files', () => {
  it('reads a hand-written sheet, and its XLSX and Moodle XML exports re-import unchanged', async () => {
    await h.clear();
    const res = await h.send(await workbook(HAND_WRITTEN), 'dryRun=false');
    expect(res.json(), res.body).toMatchObject({ created: 3 });
    const before = await stored();
    expect(before[0]!.matching).toEqual({
      pairs: [
        { left: 'Hydrogen', right: 'H' },
        { left: 'Oxygen', right: 'O' },
        { left: '<b>Water</b> \\(H_2O\\)', right: 'molecule' },
      ],
      distractors: ['He', 'Ne'],
    });
    expect(before[1]!.ordering).toEqual({ items: ['Mercury', 'Venus', 'Earth'] });
    expect(before[2]!.cloze).toEqual({
      gaps: [
        { kind: 'text', answers: ['Paris', 'paris city'], caseSensitive: true },
        {
          kind: 'choice',
          choices: [
            { text: 'Spain', correct: false },
            { text: 'France', correct: true },
            { text: 'Italy', correct: false },
          ],
        },
      ],
    });
    for (const format of ['xlsx', 'moodle'] as const) {
      const again = await h.sendBackExport(format);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json(), format).toMatchObject(
        format === 'xlsx' ? { created: 0, updated: 0, unchanged: 3 } : { created: 3 },
      );
      expect(await stored(), format).toEqual(before);
    }
  });

  it('reports a sheet row’s problems with the pair or gap named', async () => {
    const res = await h.send(
      await workbook([
        { Type: 'Matching', Question: 'M', Pairs: 'a -> 1\nb ->' },
        { Type: 'Cloze', Question: '___ and ___', 'Blank answers': 'x ; choose: y | z' },
        { Type: 'Ordering', Question: 'O', Pairs: 'a -> b', 'Items in order': 'one' },
      ]),
      'dryRun=true',
    );
    expect(res.statusCode, res.body).toBe(200);
    const messages = (res.json().errors as { row: number; message: string }[]).map(
      (e) => `${e.row}: ${e.message}`,
    );
    expect(messages).toEqual(
      expect.arrayContaining([
        '2: Pair 2 has no right-hand side',
        '3: Gap 2: mark the correct choice',
        '4: Only a matching question has pairs',
      ]),
    );
  });

  it('reads a Moodle XML file of the three types', async () => {
    await h.clear();
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="matching">
    <name><text>Capitals</text></name>
    <questiontext format="html"><text><![CDATA[<p>Match the country to its capital</p>]]></text></questiontext>
    <defaultgrade>3</defaultgrade>
    <subquestion format="html"><text><![CDATA[<p>India</p>]]></text><answer><text>New Delhi</text></answer></subquestion>
    <subquestion format="html"><text><![CDATA[<p>Nepal</p>]]></text><answer><text>Kathmandu</text></answer></subquestion>
    <subquestion format="html"><text></text><answer><text>Dhaka &amp; more</text></answer></subquestion>
  </question>
  <question type="ordering">
    <name><text>Numbers</text></name>
    <questiontext format="html"><text>Smallest first</text></questiontext>
    <answer fraction="3" format="html"><text>ten</text></answer>
    <answer fraction="1" format="html"><text>one</text></answer>
    <answer fraction="2" format="html"><text>five</text></answer>
  </question>
  <question type="cloze">
    <name><text>Gaps</text></name>
    <questiontext format="html"><text><![CDATA[<p>The sun is a {1:MC:planet~=star~moon} and it is {1:SA:=hot~%50%warm}.</p>]]></text></questiontext>
  </question>
  <question type="cloze">
    <name><text>Multi</text></name>
    <questiontext format="html"><text><![CDATA[<p>{1:MULTIRESPONSE:=a~=b~c}</p>]]></text></questiontext>
  </question>
</quiz>`;
    const res = await h.send(Buffer.from(xml), 'dryRun=false', 'file.xml');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ created: 3 });
    expect(JSON.stringify(res.json())).toMatch(/Question 4 \(cloze\) cannot be imported/);
    const [m, o, c] = await stored();
    expect(m!.matching).toEqual({
      pairs: [
        { left: '<p>India</p>', right: 'New Delhi' },
        { left: '<p>Nepal</p>', right: 'Kathmandu' },
      ],
      distractors: ['Dhaka &amp; more'],
    });
    expect(o!.ordering).toEqual({ items: ['one', 'five', 'ten'] });
    expect(c).toMatchObject({
      type: 'cloze',
      stem: '<p>The sun is a ___ and it is ___.</p>',
      cloze: {
        gaps: [
          {
            kind: 'choice',
            choices: [
              { text: 'planet', correct: false },
              { text: 'star', correct: true },
              { text: 'moon', correct: false },
            ],
          },
          { kind: 'text', answers: ['hot'], caseSensitive: false },
        ],
      },
    });
  });

  it('GIFT: a hand-written matching question, and the GIFT export re-imported', async () => {
    await h.clear();
    const gift = [
      '// Matching with an extra right-hand text',
      '::Symbols:: Match each element to its symbol {',
      '  =Hydrogen -> H',
      '  =Oxygen -> O',
      '  = -> He',
      '####Symbols come from Latin names.}',
    ].join('\n');
    const res = await h.send(Buffer.from(gift), 'dryRun=false', 'q.gift');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ created: 1 });
    const [m] = await stored();
    expect(m!.matching).toEqual({
      pairs: [
        { left: 'Hydrogen', right: 'H' },
        { left: 'Oxygen', right: 'O' },
      ],
      distractors: ['He'],
    });
    // The sheet's three (markup and TeX on a left side): matching is written, the others are named in comments.
    await h.send(await workbook(HAND_WRITTEN), 'dryRun=false');
    const before = await stored();
    const file = await h.t.as(h.token, {
      method: 'GET',
      url: '/api/questions/exportquestions?format=gift&sort=createdAt&order=asc',
    });
    expect(file.statusCode).toBe(200);
    expect(file.body).toMatch(
      /^\/\/ Q\d+ ordering: GIFT has no form for this question \(ordering\)/m,
    );
    await h.clear();
    const again = await h.send(file.rawPayload, 'dryRun=false', 'export.gift');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ created: 2 });
    expect(await stored()).toEqual([before[0], before[1]]);
  });
});
