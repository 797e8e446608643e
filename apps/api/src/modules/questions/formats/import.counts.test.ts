import { describe, expect, it } from 'vitest';
import { useImportApp } from './import.testing.ts';

/**
 * A dry run's counts are the file's questions: every question entry read
 * (refused by the parser, skipped as a type the bank lacks, or a row), the
 * valid ones, and the refused ones (rows − valid). Categories are no
 * questions. Counting only the parsed rows reported "rows=7 valid=4" for a
 * file of 8 questions, and "valid=-1" for a single refused question.
 */

const h = useImportApp();

const tf = (text: string) =>
  `<question type="truefalse"><questiontext format="html"><text>${text}</text></questiontext><answer fraction="100"><text>true</text></answer><answer fraction="0"><text>false</text></answer></question>`;
const moodle = (...questions: string[]) =>
  Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n<quiz>${questions.join('\n')}</quiz>`);

const NO_NUMBER = `<question type="numerical"><questiontext format="html"><text>How many legs has a spider?</text></questiontext><answer fraction="100"><text>eight</text></answer></question>`;
const CATEGORY = `<question type="category"><category><text>$course$/Animals</text></category></question>`;
const UNKNOWN_TYPE = `<question type="calculated"><questiontext format="html"><text>Weigh the animals</text></questiontext></question>`;
const NO_TEXT = `<question type="essay"><questiontext format="html"><text></text></questiontext></question>`;

describe('questionimport: dry-run counts', () => {
  it('counts a single question the parser refuses as read and refused, never valid=-1', async () => {
    const res = await h.send(moodle(NO_NUMBER), 'dryRun=true', 'q.xml');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ rows: 1, valid: 0, refused: 1, committed: false });
    expect(res.json().errors).toEqual([
      { row: 1, column: 'Question', message: 'Question 1 (numerical) has no numeric answer' },
    ]);
  });

  it('counts a file of 8 questions and a category as 8 read, 5 valid, 3 refused', async () => {
    const file = moodle(
      CATEGORY,
      tf('Cats are mammals.'),
      tf('Whales are fish.'),
      NO_NUMBER,
      tf('Bats can fly.'),
      UNKNOWN_TYPE,
      tf('Snakes have legs.'),
      NO_TEXT,
      tf('Owls hunt at night.'),
    );
    const res = await h.send(file, 'dryRun=true', 'q.xml');
    expect(res.json()).toMatchObject({ rows: 8, valid: 5, refused: 3 });
    expect(new Set(res.json().errors.map((e: { row: number }) => e.row))).toEqual(new Set([4, 8]));
    expect(res.json().warnings.map((w: { row: number }) => w.row)).toEqual(
      expect.arrayContaining([1, 6]),
    );
    // The commit is still all or nothing by default: the refused ones block it.
    const commit = await h.send(file, 'dryRun=false', 'q.xml');
    expect(commit.statusCode).toBe(400);
    expect(await h.count()).toBe(0);
  });

  it('counts a GIFT file the same way: a category is no question, a description is skipped', async () => {
    const gift = Buffer.from(
      '$CATEGORY: Animals\n\n::a:: Cats purr. {T}\n\n::b:: Cats and dogs.\n\n::c:: Dogs bark. {T}\n',
    );
    const res = await h.send(gift, 'dryRun=true', 'q.gift');
    expect(res.json()).toMatchObject({ rows: 3, valid: 2, refused: 1, errors: [] });
    const commit = await h.send(gift, 'dryRun=false', 'q.gift');
    expect(commit.json()).toMatchObject({ rows: 3, valid: 2, refused: 1, created: 2 });
    await h.clear();
  });
});
