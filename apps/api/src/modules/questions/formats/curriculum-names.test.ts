import type { ImportError } from '@bo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chapters, grades, subjects, topics } from '../../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import type { CurriculumNames } from './cells.ts';
import { curriculumResolver } from './curriculum-names.ts';

/**
 * Curriculum names of imported questions: each level within the one above,
 * any case, and every way a name can fail (unknown, not in its parent, its
 * parent missing or unknown) as a problem of its own cell.
 */

let t: TestApp;
let grade: { id: number; name: string };
let ids: { subjectId: number; chapterId: number; topicId: number; otherSubjectId: number };

beforeAll(async () => {
  t = await createTestApp();
  const db = t.app.deps.db;
  const rows = await db.select().from(grades).orderBy(grades.position).limit(2);
  grade = rows[0]!;
  const [s] = await db
    .insert(subjects)
    .values({ gradeId: grade.id, name: 'Botany', position: 1 })
    .returning();
  // The same subject name in another grade: a name resolves only within its parent.
  const [o] = await db
    .insert(subjects)
    .values({ gradeId: rows[1]!.id, name: 'Zoology', position: 1 })
    .returning();
  const [c] = await db
    .insert(chapters)
    .values({ subjectId: s!.id, number: 1, name: 'Leaves', position: 1 })
    .returning();
  const [tp] = await db
    .insert(topics)
    .values({ chapterId: c!.id, name: 'Photosynthesis', position: 1 })
    .returning();
  ids = { subjectId: s!.id, chapterId: c!.id, topicId: tp!.id, otherSubjectId: o!.id };
}, 120_000);
afterAll(() => t?.close());

async function resolve(...rows: CurriculumNames[]) {
  const lookup = await curriculumResolver(t.app.deps.db, rows);
  return rows.map((n, i) => {
    const errors: ImportError[] = [];
    const found = lookup(i + 2, n, errors);
    return { found, errors: errors.map((e) => `${e.row} ${e.column}: ${e.message}`) };
  });
}

describe('curriculumResolver', () => {
  it('resolves every level within the one above, in any case and spacing', async () => {
    const [full, gradeOnly, none] = await resolve(
      {
        grade: ` ${grade.name.toUpperCase()} `,
        subject: 'botany',
        chapter: 'LEAVES',
        topic: 'photosynthesis ',
      },
      { grade: grade.name },
      {},
    );
    expect(full).toEqual({
      found: {
        gradeId: grade.id,
        subjectId: ids.subjectId,
        chapterId: ids.chapterId,
        topicId: ids.topicId,
      },
      errors: [],
    });
    expect(gradeOnly).toEqual({
      found: { gradeId: grade.id, subjectId: null, chapterId: null, topicId: null },
      errors: [],
    });
    expect(none).toEqual({
      found: { gradeId: null, subjectId: null, chapterId: null, topicId: null },
      errors: [],
    });
  });

  it('names each name that does not resolve, once, in its own column', async () => {
    const results = await resolve(
      { grade: 'Class 99', subject: 'Botany', chapter: 'Leaves' },
      { grade: grade.name, subject: 'Zoology', chapter: 'Leaves', topic: 'Photosynthesis' },
      { grade: grade.name, subject: 'Botany', chapter: 'Roots', topic: 'Photosynthesis' },
      { grade: grade.name, subject: 'Botany', chapter: 'Leaves', topic: 'Osmosis' },
      { subject: 'Botany' },
      { grade: grade.name, chapter: 'Leaves' },
      { grade: grade.name, subject: 'Botany', topic: 'Photosynthesis' },
    );
    expect(results.map((r) => r.errors)).toEqual([
      ['2 Grade: No grade is named "Class 99"'],
      [`3 Subject: No subject "Zoology" in grade "${grade.name}"`],
      ['4 Chapter: No chapter "Roots" in subject "Botany"'],
      ['5 Topic: No topic "Osmosis" in chapter "Leaves"'],
      ['6 Subject: Give the grade of the subject "Botany"'],
      ['7 Chapter: Give the subject of the chapter "Leaves"'],
      ['8 Topic: Give the chapter of the topic "Photosynthesis"'],
    ]);
    expect(results[3]!.found).toEqual({
      gradeId: grade.id,
      subjectId: ids.subjectId,
      chapterId: ids.chapterId,
      topicId: null,
    });
  });
});
