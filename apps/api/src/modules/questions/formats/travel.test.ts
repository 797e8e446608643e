import { describe, expect, it } from 'vitest';
import { useImportApp, workbook } from './import.testing.ts';

/**
 * The question list's QTI and QuML exports and what they carry: QuML
 * writes every type the Sunbird player has a component for (matching as
 * MTF, ordering as SEQ, a blank or a typed cloze as FTB); a selection
 * holding a question the format does not carry is refused naming it
 * (422 questions_not_carried) unless the request leaves such questions
 * out, and then the package names what it lacks.
 */

const h = useImportApp();
const _LIMITS = { maxUncompressedBytes: 50e6, maxEntries: 1000, maxRatio: 1000 };

const ROWS = [
  { Type: 'Single choice', Question: 'S', 'Option A': 'a', 'Option B': 'b', Correct: 'B' },
  { Type: 'Multiple choice', Question: 'M', 'Option A': '1', 'Option B': '2', Correct: 'A,B' },
  { Type: 'Fill in the blank', Question: '___ and ___', 'Blank answers': 'x | X1 ; w' },
  {
    Type: 'Matching',
    Question: 'Match them',
    Pairs: 'H -> Hydrogen\nO -> Oxygen',
    'Extra right-hand texts': 'Helium',
    Marks: 2,
  },
  { Type: 'Ordering', Question: 'From the Sun', 'Items in order': 'Mercury\nVenus\nEarth' },
  { Type: 'Cloze', Question: '___ is in ___.', 'Blank answers': 'Paris ; France | france' },
];
const DROP_DOWN_CLOZE = {
  Type: 'Cloze',
  Question: 'The capital of France is ___.',
  'Blank answers': 'choose: Lyon | =Paris',
};

const exportAs = (query: string) =>
  h.t.as(h.token, {
    method: 'GET',
    url: `/api/questions/exportquestions?sort=createdAt&order=asc&${query}`,
  });

async function seed(rows: Record<string, unknown>[]) {
  await h.clear();
  const res = await h.send(await workbook(rows), 'dryRun=false');
  expect(res.json(), res.body).toMatchObject({ created: rows.length });
}

describe('QuML and QTI exports: what each carries', () => {
  it('QuML writes matching, ordering and typed blanks and gaps in the shapes the player reads', async () => {
    await seed(ROWS);
    const file = await exportAs('format=quml');
    expect(file.statusCode, file.body).toBe(200);
    const qs = file.json().children[0].children;
    expect(qs.map((q: { qType: string; primaryCategory: string }) => q.qType)).toEqual([
      'MCQ',
      'MCQ',
      'FTB',
      'MTF',
      'SEQ',
      'FTB',
    ]);
    expect(qs[1]).toMatchObject({
      primaryCategory: 'Multiple Choice Question',
      responseDeclaration: { response1: { cardinality: 'multiple' } },
    });
    expect(qs[2].body).toBe('[[response1]] and [[response2]]');
    expect(qs[2].responseDeclaration.response1.mapping).toEqual([
      { value: 'x', score: 0.5, caseSensitive: false },
      { value: 'X1', score: 0.5, caseSensitive: false },
    ]);
    expect(qs[3].interactions.response1.options).toEqual({
      left: [
        { label: 'H', value: '0' },
        { label: 'O', value: '1' },
      ],
      right: [
        { label: 'Hydrogen', value: '0' },
        { label: 'Oxygen', value: '1' },
        { label: 'Helium', value: '2' },
      ],
    });
    expect(qs[3].responseDeclaration.response1).toMatchObject({
      correctResponse: { value: { 0: '0', 1: '1' } },
      mapping: [
        { key: '0', value: '0', score: 1 },
        { key: '1', value: '1', score: 1 },
      ],
    });
    expect(qs[3].responseProcessing).toEqual({ template: 'MAP_RESPONSE' });
    expect(qs[4].responseDeclaration.response1.correctResponse).toEqual({
      value: ['0', '1', '2'],
    });
    expect(
      qs[5].responseDeclaration.response2.mapping.map((m: { value: string }) => m.value),
    ).toEqual(['France', 'france']);
    expect(file.json().description).toBeUndefined();
  });

  it('refuses a question QuML does not carry, naming it, and leaves it out when asked', async () => {
    await seed([ROWS[0]!, DROP_DOWN_CLOZE]);
    const refused = await exportAs('format=quml');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      code: 'questions_not_carried',
      message:
        '1 of the chosen questions is not carried by QuML 1.1 (cloze): export without it, or choose other questions',
      details: [
        {
          path: expect.stringMatching(/^question \d+$/),
          message: expect.stringMatching(
            /^Cloze question \d+: “The capital of France is ___\.” \(its gap 1 is a drop-down, which the QuML player cannot show\)$/,
          ),
        },
      ],
    });
    const named = refused.json().details[0].message;

    const file = await exportAs('format=quml&leaveOut=uncarried');
    expect(file.statusCode, file.body).toBe(200);
    const set = file.json();
    expect(set.children[0].children.map((q: { qType: string }) => q.qType)).toEqual(['MCQ']);
    expect(set.maxScore).toBe(1);
    expect(set.description).toBe(
      `Left out of this QuML 1.1 export at the administrator's request: 1 question the format does not carry.\n- ${named}`,
    );

    const bad = await exportAs('format=quml&leaveOut=everything');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('validation_failed');
  });

  it('refuses with a plain 400 when leaving them out would leave nothing', async () => {
    await seed([DROP_DOWN_CLOZE]);
    for (const query of ['format=quml', 'format=quml&leaveOut=uncarried']) {
      const res = await exportAs(query);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'bad_request',
        message: 'None of the chosen questions is carried by QuML 1.1: choose other questions',
        details: [{ message: expect.stringMatching(/^Cloze question \d+/) }],
      });
    }
  });
});
