import { readFileSync } from 'node:fs';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { questions } from '../../../db/schema/index.ts';
import { findQuestions } from '../questions.queries.ts';
import { useImportApp } from './import.testing.ts';

/**
 * Our own GIFT and Aiken files holding every construct Moodle's importers
 * read (src/test/fixtures/questions), imported through the route: the dry
 * run reports what Moodle would refuse or skip, and the questions stored
 * are what Moodle would have made of them, within what the bank models.
 */

const h = useImportApp();
const fixture = (name: string) =>
  readFileSync(new URL(`../../../test/fixtures/questions/${name}`, import.meta.url), 'utf8');

/** The stored questions, oldest first, in a short form: "=" marks a correct option. */
async function stored() {
  const db = h.t.app.deps.db;
  const ids = await db.select({ id: questions.id }).from(questions).orderBy(asc(questions.id));
  const saved = await findQuestions(
    db,
    ids.map((r) => r.id),
  );
  return saved.map(({ type, stem, status, source, options, blanks, numeric, matching, ...q }) => ({
    type,
    stem,
    status,
    source,
    ...(options.length ? { options: options.map((o) => `${o.correct ? '=' : '~'}${o.html}`) } : {}),
    ...(blanks.length ? { blanks: blanks.map((b) => b.answers) } : {}),
    ...(numeric ? { numeric: `${numeric.value}±${numeric.tolerance}` } : {}),
    ...(matching ? { pairs: matching.pairs.map((p) => `${p.left} -> ${p.right}`) } : {}),
    ...(q.modelAnswer ? { modelAnswer: q.modelAnswer } : {}),
    ...(q.explanation ? { explanation: q.explanation } : {}),
  }));
}

const ESSAY_NOTE =
  '(essay): model answer missing; it comes in as a draft subjective question: write its model answer before making it active';
const NOT_KEPT =
  'only answers worth full marks are accepted (the question bank has no partial credit); not kept:';

describe('questionimport: our GIFT and Aiken files, read as Moodle reads them', () => {
  it('GIFT: the dry run names the broken question by line and warns per question', async () => {
    const res = await h.send(Buffer.from(fixture('constructs.gift')), 'dryRun=true', 'q.gift');
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json();
    expect(report.errors).toEqual([
      {
        row: 10,
        column: 'Question',
        message:
          'Question 10 (line 42): the answer block "{" is never closed with "}" before the blank line that ends the question',
      },
    ]);
    expect(report.warnings.map((w: { row: number; message: string }) => w.message)).toEqual([
      'Entry 1 (line 3) is a category ($course$/top/Science); categories are not imported: set Subject and Chapter instead',
      `Question 2 (line 6): ${NOT_KEPT} "Cat" (50%), "*" (0%)`,
      `Question 7 (line 30): ${NOT_KEPT} "3:1" (50%)`,
      `Question 9 (line 36): ${NOT_KEPT} "1822:2" (50%)`,
      'Question 14 (line 54): the options with a positive weight (A 50%) are the correct ones; their weights add up to 50%, not 100%, and are not kept (choosing all of them earns full marks here)',
      `Question 15 (line 57) ${ESSAY_NOTE}`,
      `Question 16 (line 59) ${ESSAY_NOTE}`,
      'Question 21 (line 73) has no answer block {…}: a description, skipped',
    ]);
    expect(await h.count()).toBe(0);
  });

  it('GIFT: without the broken question, every question is stored as Moodle reads it', async () => {
    const text = fixture('constructs.gift').replace(/::Broken::[^\n]*\n/, '');
    const res = await h.send(Buffer.from(text), 'dryRun=false', 'q.gift');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ created: 18, errors: [] });
    const q = (fields: object) => ({ status: 'draft', source: 'gift', ...fields });
    expect(await stored()).toEqual([
      q({ type: 'fill_blank', stem: 'Name a pet that barks. _____', blanks: [['Dog']] }),
      q({ type: 'fill_blank', stem: 'Two plus _____ equals four.', blanks: [['two', '2']] }),
      q({
        type: 'single_choice',
        stem: '<p>What colour is a clear sky?</p>',
        options: ['~&lt;b&gt;red&lt;/b&gt;', '=blue', '~**green**'],
        explanation: '<p>Rayleigh scattering.</p>',
      }),
      q({ type: 'numeric', stem: 'A number from 1 to 5?', numeric: '3±2' }),
      q({ type: 'numeric', stem: 'Another number from 1 to 5?', numeric: '3±2' }),
      q({ type: 'numeric', stem: 'What is three?', numeric: '3±0' }),
      q({ type: 'numeric', stem: 'Pick 3, give or take 2.', numeric: '3±2' }),
      q({ type: 'numeric', stem: 'In which year was Ulysses S. Grant born?', numeric: '1822±0' }),
      q({
        type: 'single_choice',
        stem: 'Which planet is red?',
        options: ['~Venus', '=Mars', '~Jupiter'],
      }),
      q({
        type: 'multiple_choice',
        stem: 'The capital of France is _____.',
        options: ['=Paris', '~London', '~Berlin'],
      }),
      q({ type: 'multiple_choice', stem: 'Which are prime?', options: ['=2', '=3', '~4'] }),
      q({
        type: 'multiple_choice',
        stem: 'Which is half right?',
        options: ['=this', '~not this', '~nor this'],
      }),
      q({ type: 'subjective', stem: 'Explain why the sky is blue.' }),
      q({ type: 'subjective', stem: 'Describe gravity.', explanation: 'Mass attracts mass.' }),
      q({ type: 'true_false', stem: 'The sun is a star.', options: ['=True', '~False'] }),
      q({ type: 'true_false', stem: 'The moon is a planet.', options: ['~True', '=False'] }),
      q({
        type: 'single_choice',
        stem: 'Is 1 = 1 {always}: \\(x^2 \\ge 0\\)?',
        options: ['=yes ~ sure', '~no # never'],
      }),
      q({
        type: 'matching',
        stem: 'Match the capitals.',
        pairs: ['France -> Paris', 'Italy -> Rome'],
      }),
    ]);
  });

  it('an imported essay stays a draft until its model answer is written', async () => {
    const [essay] = await h.t.app.deps.db
      .select({ id: questions.id })
      .from(questions)
      .where(eq(questions.stem, 'Explain why the sky is blue.'));
    const res = await h.t.as(h.token, {
      method: 'POST',
      url: '/api/questions/changequestionstatus',
      payload: { ids: [essay!.id], status: 'active' },
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toEqual({
      code: 'question_incomplete',
      message: `Only a complete question can leave draft; question ${essay!.id}: Write the model answer`,
    });
    const [after] = await h.t.app.deps.db
      .select({ status: questions.status })
      .from(questions)
      .where(eq(questions.id, essay!.id));
    expect(after!.status).toBe('draft');
    await h.clear();
  });

  it('Aiken: options without a space are read; a block without options says so', async () => {
    const text = fixture('constructs.aiken.txt');
    const dry = await h.send(Buffer.from(text), 'dryRun=true', 'q.txt');
    expect(dry.statusCode, dry.body).toBe(200);
    expect(
      dry.json().errors.map((e: { row: number; message: string }) => [e.row, e.message]),
    ).toEqual([
      [
        3,
        'ANSWER: A, but question 3 has no options: write each on its own line as "A. text" or "A) text"',
      ],
      [3, 'Give at least 2 options'],
      [3, 'Mark the correct option'],
      [4, "ANSWER: B is not the question's only option, A"],
      [4, 'Give at least 2 options'],
      [4, 'Mark the correct option'],
    ]);
    const valid = text.split(/\n\n/).slice(0, 2).join('\n\n');
    const res = await h.send(Buffer.from(valid), 'dryRun=false', 'q.txt');
    expect(res.statusCode, res.body).toBe(200);
    expect(await stored()).toEqual([
      {
        type: 'single_choice',
        stem: 'Which planet is the largest?',
        options: ['~Mars', '=Jupiter', '~Venus'],
        status: 'draft',
        source: 'aiken',
      },
      {
        type: 'single_choice',
        stem: 'Which gas do plants take in?',
        options: ['~Oxygen', '=Carbon dioxide', '~Nitrogen'],
        status: 'draft',
        source: 'aiken',
      },
    ]);
  });
});
