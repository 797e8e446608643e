import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, questionImages, questions } from '../../../db/schema/index.ts';
import { TINY_PNG } from '../../media/media.fixtures.ts';
import { useImportApp, workbook, zip } from './import.testing.ts';
import { BATCH } from './import.ts';

/**
 * The XLSX question import through the real route and database: the
 * dry-run report, all-or-nothing commits (also across the import's batches
 * of rows), a ZIP with images.
 */

const h = useImportApp();

describe('questionimport: XLSX', () => {
  it('a dry run lists every problem of every row as row, column and sentence; nothing is imported', async () => {
    const bytes = await workbook([
      {
        Type: 'Single choice',
        Question: 'Good \\(x^2\\)',
        'Option A': '1',
        'Option B': '2',
        Correct: 'B',
        Grade: h.gradeName,
        Subject: 'mathematics',
        Tags: 'Algebra, x',
      },
      {
        Type: 'Single choice',
        Question: 'No key',
        'Option A': '1',
        'Option B': '2',
        Correct: 'E',
        Marks: 0.3,
      },
      { Type: 'essay', Question: 'Bad type', Grade: 'Class 99' },
      { Type: 'Numeric', Question: 'Bad TeX \\(\\frac{1}\\)', 'Numeric answer': 'abc' },
      { Type: 'Fill in the blank', Question: 'Two ___ and ___', 'Blank answers': 'a | b' },
      {
        Type: 'Single choice',
        Question: 'Good \\(x^2\\)',
        'Option A': '1',
        'Option B': '2',
        Correct: 'B',
      },
    ]);
    const res = await h.send(bytes, 'dryRun=true');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ rows: 6, valid: 1, committed: false, created: 1, updated: 0 });
    const at = (row: number) =>
      body.errors
        .filter((e: { row: number }) => e.row === row)
        .map((e: { column: string; message: string }) => `${e.column}: ${e.message}`);
    expect(at(2)).toEqual([]);
    expect(at(3)).toEqual(
      expect.arrayContaining([
        'Correct: Correct names option E, which is empty',
        'Marks: Marks must be a number from 0 to 1000 in steps of 0.25',
      ]),
    );
    expect(at(4)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Type: Type must be one of/),
        'Grade: No grade is named "Class 99"',
      ]),
    );
    expect(at(5).join('\n')).toMatch(/Numeric answer: Numeric answer must be a number/);
    expect(at(5).join('\n')).toMatch(/Question: /);
    expect(at(6)).toEqual(['Blank answers: The question has 2 blanks but 1 answer is given']);
    expect(at(7)).toEqual(['Question: The same question as row 2']);
    expect(await h.count()).toBe(0);
    const commit = await h.send(bytes, 'dryRun=false');
    expect(commit.statusCode).toBe(400);
    expect(commit.json().code).toBe('import_invalid');
    expect(await h.count()).toBe(0);
  });

  it('commits all rows in one go, with source and label; a second commit is all duplicates', async () => {
    const bytes = await workbook([
      {
        Type: 'Multiple choice',
        Question: 'Pick <b>evens</b><script>alert(1)</script>',
        'Option A': '2',
        'Option B': '3',
        'Option C': '<img src=x onerror=alert(1)>4',
        Correct: 'A,C',
        Tags: 'Maths',
      },
      {
        Type: 'True/false',
        Question: 'Sky is blue',
        Correct: 'True',
        Marks: 2,
        'Negative marks': 0.5,
      },
      {
        Type: 'Subjective',
        Question: 'Why?',
        'Model answer': '<a href="javascript:alert(1)">Because</a>',
      },
    ]);
    const res = await h.send(bytes, 'dryRun=false', 'bank.xlsx');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ rows: 3, valid: 3, committed: true, created: 3 });
    const stored = await h.t.app.deps.db.select().from(questions).orderBy(questions.id);
    expect(stored.map((q) => q.source)).toEqual(['xlsx', 'xlsx', 'xlsx']);
    expect(stored[0]!.sourceLabel).toMatch(/^bank\.xlsx \(\d{4}-\d{2}-\d{2}\)$/);
    const html = JSON.stringify(stored);
    expect(html).not.toMatch(/<script|onerror|javascript:/i);
    const again = await h.send(bytes, 'dryRun=true');
    expect(again.json()).toMatchObject({ valid: 0, duplicates: 3 });
    await h.clear();
  });
  it('two commits of the same file at once: one imports every row, the other none', async () => {
    const rows = Array.from({ length: 40 }, (_, i) => ({
      Type: 'Single choice',
      Question: `Race ${i}: \\(x^{${i}}\\)?`,
      'Option A': 'yes',
      'Option B': 'no',
      Correct: 'A',
    }));
    const bytes = await workbook(rows);
    // Whichever checks second finds the other's rows (400) or, having checked before the
    // other committed, finds them under its transaction (409): never half a file.
    const answers = await Promise.all([
      h.send(bytes, 'dryRun=false'),
      h.send(bytes, 'dryRun=false'),
    ]);
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes[0], answers.map((r) => r.body).join('\n')).toBe(200);
    expect([400, 409]).toContain(codes[1]);
    expect(await h.count()).toBe(40);
    await h.clear();
  });
});

describe('questionimport: a file of several batches', () => {
  const rows = (n: number) =>
    Array.from({ length: n }, (_, i) => ({
      Type: 'True/false',
      Question: `Statement ${i}: \\(x_{${i % 7}}\\) holds`,
      Correct: i % 2 ? 'True' : 'False',
    }));

  it('checks every batch against the ones before; a problem in a late batch imports nothing', async () => {
    const many = rows(BATCH + 300);
    // Rows are numbered from 2 (the header is row 1): the last batch repeats row 3.
    many[BATCH + 200] = { ...many[1]! };
    many[BATCH + 250] = { ...many[BATCH + 250]!, Correct: 'Maybe' };
    const bytes = await workbook(many);
    const dry = await h.send(bytes, 'dryRun=true');
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json()).toMatchObject({
      rows: BATCH + 300,
      valid: BATCH + 298,
      errors: [
        { row: BATCH + 202, column: 'Question', message: 'The same question as row 3' },
        { row: BATCH + 252, column: 'Correct', message: 'Correct must be True or False' },
        { row: BATCH + 252, column: 'Correct', message: 'Mark either True or False as correct' },
      ],
    });
    const commit = await h.send(bytes, 'dryRun=false');
    expect(commit.statusCode, commit.body).toBe(400);
    expect(commit.json()).toMatchObject({ code: 'import_invalid' });
    expect(commit.json().details).toHaveLength(3);
    expect(await h.count()).toBe(0);
  }, 120_000);

  it('commits every batch in the one transaction, with one audit row', async () => {
    const res = await h.send(await workbook(rows(BATCH + 10)), 'dryRun=false', 'many.xlsx');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ rows: BATCH + 10, created: BATCH + 10, errors: [] });
    expect(await h.count()).toBe(BATCH + 10);
    const audit = await h.t.app.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'questions_imported'));
    expect(audit.map((a) => (a.after as { created: number }).created)).toContain(BATCH + 10);
    await h.clear();
  }, 120_000);
});

describe('questionimport: ZIP with images', () => {
  it('stores the images it refers to and reports a missing one', async () => {
    const sheet = await workbook([
      {
        Type: 'Single choice',
        Question: 'See <img src="figure1.png">',
        'Option A': 'a',
        'Option B': 'b',
        Correct: 'A',
      },
      {
        Type: 'Single choice',
        Question: 'Missing <img src="nope.png">',
        'Option A': 'a',
        'Option B': 'b',
        Correct: 'A',
      },
    ]);
    const bad = await h.send(
      zip({ 'q.xlsx': sheet, 'img/figure1.png': TINY_PNG }),
      'dryRun=true',
      'q.zip',
    );
    expect(bad.statusCode, bad.body).toBe(200);
    expect(bad.json().errors).toEqual([
      { row: 3, column: 'Question', message: 'The image "nope.png" is not in the ZIP' },
    ]);
    const good = zip({
      'q.xlsx': await workbook([
        {
          Type: 'Single choice',
          Question: 'See <img src="figure1.png">',
          'Option A': 'a',
          'Option B': 'b',
          Correct: 'A',
        },
      ]),
      'figure1.png': TINY_PNG,
    });
    const res = await h.send(good, 'dryRun=false', 'q.zip');
    expect(res.statusCode, res.body).toBe(200);
    const [q] = await h.t.app.deps.db.select().from(questions);
    const key = q!.stem.match(/key=([a-z0-9-]+\.png)/)![1]!;
    expect((await h.t.app.deps.db.select().from(questionImages)).length).toBe(1);
    // The stored file behind the public key (served by q-core's image route).
    const uuid = key.split('.')[0]!;
    const file = await h.t.app.deps.storage.stat(`${uuid.slice(0, 2)}/${uuid.slice(2, 4)}/${uuid}`);
    expect(file?.contentType).toBe('image/png');
    await h.clear();
  });
});
