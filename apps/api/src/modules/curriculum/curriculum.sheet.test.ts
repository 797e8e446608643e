import { describe, expect, it } from 'vitest';
import { type CurriculumRow, newNode, planRows } from './curriculum.sheet.ts';

/** The plan on its own: a tree in memory, rows as the parser hands them over. */
const rows = (...values: CurriculumRow['values'][]): CurriculumRow[] =>
  values.map((v, i) => ({ row: i + 2, values: v }));

function tree() {
  const grade = newNode(1, 'Class 2');
  const maths = newNode(10, 'Maths', { parent: grade });
  grade.children.set('maths', maths);
  grade.nextPosition = 2;
  const ch = newNode(100, 'Numbers', { parent: maths, number: 4 });
  maths.children.set('numbers', ch);
  maths.numbers.set(4, ch);
  maths.nextPosition = 2;
  return [grade, newNode(2, 'Class 3')];
}

describe('planRows', () => {
  it('numbers new chapters after the highest number, the sheet numbers included', () => {
    const plan = planRows(
      tree(),
      rows(
        { grade: 'class  2', subject: 'maths', chapter: 'Shapes' },
        { grade: 'Class 2', subject: 'Maths', chapterNo: 9, chapter: 'Time' },
        { grade: 'Class 2', subject: 'Maths', chapter: 'Money' },
      ),
    );
    expect(plan.errors).toEqual([]);
    expect(plan.created.chapters.map((c) => [c.name, c.number, c.position])).toEqual([
      ['Shapes', 10, 2],
      ['Time', 9, 3],
      ['Money', 11, 4],
    ]);
  });

  it('a chapter first named without a number takes the one a later row gives', () => {
    const plan = planRows(
      tree(),
      rows(
        { grade: 'Class 3', subject: 'Art', chapter: 'Colours', topic: 'Red' },
        { grade: 'Class 3', subject: 'Art', chapterNo: 2, chapter: 'colours', topic: 'Blue' },
        { grade: 'Class 3', subject: 'Art', chapterNo: 3, chapter: 'Colours' },
      ),
    );
    expect(plan.errors).toEqual([
      { row: 4, column: 'Chapter No', message: '"Colours" is chapter 2 (row 2)' },
    ]);
    expect(plan.valid).toBe(2);
    expect(plan.created.chapters.map((c) => c.number)).toEqual([2]);
    expect(plan.created.topics.map((t) => [t.name, t.position])).toEqual([
      ['Red', 1],
      ['Blue', 2],
    ]);
  });

  it('a row repeated in the sheet is matched, not created twice; a number taken in the sheet is a row error', () => {
    const plan = planRows(
      tree(),
      rows(
        { grade: 'Class 3', subject: 'Art', chapterNo: 1, chapter: 'Lines', topic: 'Dots' },
        { grade: 'Class 3', subject: 'ART', chapterNo: 1, chapter: 'LINES', topic: 'dots' },
        { grade: 'Class 3', subject: 'Art', chapterNo: 1, chapter: 'Curves' },
      ),
    );
    expect(plan.created.subjects).toHaveLength(1);
    expect(plan.created.topics).toHaveLength(1);
    expect(plan.errors).toEqual([
      { row: 4, column: 'Chapter No', message: 'Chapter 1 is already "Lines" (row 2)' },
    ]);
    expect(plan.existing).toEqual({ subjects: 0, chapters: 0, topics: 0 });
  });
});
