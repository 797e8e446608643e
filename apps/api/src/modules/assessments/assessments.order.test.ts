import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grades } from '../../db/schema/index.ts';
import { engineWorld } from './engine.testing.ts';

/**
 * The builder's order saved through one reorder (the shared lib/reorder.ts
 * rule): sections reordered for a mock test and a diagnostic test, items
 * moved to another section or out of any, positions 0..n-1 in the builder's
 * order afterwards, and a stale or foreign list refused whole.
 */

let e: Awaited<ReturnType<typeof engineWorld>>;
let categoryId: number;

beforeAll(async () => {
  e = await engineWorld(['mock_tests', 'diagnostic_tests', 'curriculum']);
  categoryId = (await e.post('/master/addtestcategory', { name: 'Order tests' })).id;
});
afterAll(() => e?.w.t.close());

const mockDetail = (id: number) => e.detail(`/practice/getmocktestdata?id=${id}`);
const reorder = (body: object) => e.w.post('/practice/mocktestquestionpriority', body);

/** A mock test with sections A, B, C; A holds q1, q2 and B holds q3. */
async function mockWithItems() {
  const m = await e.post('/practice/addmocktest', {
    testCategoryId: categoryId,
    name: 'Ordered',
    sections: [{ name: 'A' }, { name: 'B' }, { name: 'C' }],
  });
  const [a, b, c] = (await mockDetail(m.id)).sections.map((s) => s.id) as [number, number, number];
  const [q1, q2, q3] = await e.questionIds(3);
  await e.post('/practice/mocktestquestionmapping', {
    id: m.id,
    questionIds: [q1, q2],
    sectionId: a,
  });
  await e.post('/practice/mocktestquestionmapping', { id: m.id, questionIds: [q3], sectionId: b });
  const items = (await mockDetail(m.id)).items.map((i) => i.id) as [number, number, number];
  return { id: m.id, sections: [a, b, c] as const, items };
}

describe('a mock test’s order', () => {
  it('reorders its sections with its items, which follow them', async () => {
    const {
      id,
      sections: [a, b, c],
      items: [i1, i2, i3],
    } = await mockWithItems();
    await e.ok(await reorder({ id, sectionIds: [c, b, a], itemIds: [i3, i1, i2] }));
    const d = await mockDetail(id);
    expect(d.sections.map((s) => [s.id, s.position])).toEqual([
      [c, 0],
      [b, 1],
      [a, 2],
    ]);
    expect(d.items.map((i) => [i.id, i.sectionId, i.position])).toEqual([
      [i3, b, 0],
      [i1, a, 1],
      [i2, a, 2],
    ]);
  });

  it('moves an item to another section and out of any, keeping positions 0..n-1', async () => {
    const {
      id,
      sections: [a, , c],
      items: [i1, i2, i3],
    } = await mockWithItems();
    // i1 to the end of C; the builder sends the order it shows.
    await e.ok(await reorder({ id, itemIds: [i2, i3, i1], moves: [{ itemId: i1, sectionId: c }] }));
    let d = await mockDetail(id);
    expect(d.items.map((i) => [i.id, i.sectionId, i.position])).toEqual([
      [i2, a, 0],
      [i3, d.sections[1]!.id, 1],
      [i1, c, 2],
    ]);
    // Out of any section: it comes first, as the builder reads items outside sections.
    await e.ok(
      await reorder({ id, itemIds: [i1, i2, i3], moves: [{ itemId: i1, sectionId: null }] }),
    );
    d = await mockDetail(id);
    expect(d.items.map((i) => [i.id, i.sectionId, i.position])).toEqual([
      [i1, null, 0],
      [i2, a, 1],
      [i3, d.sections[1]!.id, 2],
    ]);
  });

  it('refuses a stale or foreign list whole, changing nothing', async () => {
    const {
      id,
      sections: [a, b, c],
      items: [i1, i2, i3],
    } = await mockWithItems();
    const other = await mockWithItems();
    const before = await mockDetail(id);

    const missing = await reorder({ id, sectionIds: [b, a], itemIds: [i1, i2, i3] });
    expect(missing.statusCode).toBe(409);
    expect(missing.json().message).toBe(
      'The sections of this mock test have changed; reload and try again',
    );
    expect(missing.json().details[0].path).toBe('body.sectionIds');

    const foreignSection = await reorder({
      id,
      itemIds: [i1, i2, i3],
      moves: [{ itemId: i1, sectionId: other.sections[0] }],
    });
    expect(foreignSection.statusCode).toBe(404);
    expect(foreignSection.json().message).toBe('Section not found');

    const foreignItem = await reorder({
      id,
      itemIds: [i1, i2, i3],
      moves: [{ itemId: other.items[0], sectionId: c }],
    });
    expect(foreignItem.statusCode).toBe(404);

    // A valid section order with a stale item list: the sections stay too.
    const stale = await reorder({ id, sectionIds: [c, b, a], itemIds: [i1, i2] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().details[0].path).toBe('body.itemIds');

    const twice = await reorder({
      id,
      itemIds: [i1, i2, i3],
      moves: [
        { itemId: i1, sectionId: b },
        { itemId: i1, sectionId: c },
      ],
    });
    expect(twice.statusCode).toBe(400);

    const after = await mockDetail(id);
    expect(after.sections).toEqual(before.sections);
    expect(after.items).toEqual(before.items);
    expect((await mockDetail(other.id)).items.map((i) => i.sectionId)).toEqual([
      other.sections[0],
      other.sections[0],
      other.sections[1],
    ]);
  });

  it('reorders the sections of a test without items', async () => {
    const m = await e.post('/practice/addmocktest', {
      testCategoryId: categoryId,
      name: 'Empty',
      sections: [{ name: 'X' }, { name: 'Y' }],
    });
    const [x, y] = (await mockDetail(m.id)).sections.map((s) => s.id);
    await e.ok(await reorder({ id: m.id, sectionIds: [y, x], itemIds: [] }));
    expect((await mockDetail(m.id)).sections.map((s) => s.name)).toEqual(['Y', 'X']);
  });
});

describe('a diagnostic test’s order', () => {
  it('reorders its chapters’ sections and moves a question to another chapter’s', async () => {
    const grade = (await e.w.t.app.deps.db.select().from(grades).limit(1))[0]!.id;
    const subject = (await e.post('/book/addsubject', { gradeId: grade, name: 'Order 7' })).id;
    const test = await e.post('/promotional/adddiagnsotictest', {
      gradeId: grade,
      subjectId: subject,
      name: 'Order check',
    });
    const sections: number[] = [];
    for (const name of ['Light', 'Sound']) {
      const chapterId = (await e.post('/book/addchapter', { subjectId: subject, name })).id;
      sections.push(
        (await e.post('/promotional/adddiagnosticpraticemap', { id: test.id, chapterId, name })).id,
      );
    }
    const [light, sound] = sections as [number, number];
    const [q1, q2] = await e.questionIds(2);
    await e.post('/promotional/diagnosticqustmapping', {
      id: test.id,
      questionIds: [q1, q2],
      sectionId: light,
    });
    const url = `/promotional/getdiagnosticdatabyid?id=${test.id}`;
    const [i1, i2] = (await e.detail(url)).items.map((i) => i.id) as [number, number];

    await e.ok(
      await e.w.post('/promotional/diagnosticquestionpriority', {
        id: test.id,
        sectionIds: [sound, light],
        itemIds: [i2, i1],
        moves: [{ itemId: i2, sectionId: sound }],
      }),
    );
    const d = await e.detail(url);
    expect(d.sections.map((s) => s.name)).toEqual(['Sound', 'Light']);
    expect(d.items.map((i) => [i.id, i.sectionId, i.position])).toEqual([
      [i2, sound, 0],
      [i1, light, 1],
    ]);
    const listed = await e.get<{ items: { name: string; questions: number }[] }>(
      `/promotional/getdiagnosticpractice?id=${test.id}`,
    );
    expect(listed.items.map((s) => [s.name, s.questions])).toEqual([
      ['Sound', 1],
      ['Light', 1],
    ]);
  });
});
