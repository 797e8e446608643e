import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineWorld } from './engine.testing.ts';

/**
 * The builder's work on several items at once: "Set marks" on the chosen
 * questions only (the marks-for-all route with `itemIds`), refused whole
 * when a chosen item is not one of the test's questions; and several items
 * moved to one section in one reorder.
 */

let e: Awaited<ReturnType<typeof engineWorld>>;
let categoryId: number;

beforeAll(async () => {
  e = await engineWorld(['mock_tests', 'curriculum']);
  categoryId = (await e.post('/master/addtestcategory', { name: 'Selection tests' })).id;
});
afterAll(() => e?.w.t.close());

const detail = (id: number) => e.detail(`/practice/getmocktestdata?id=${id}`);
const marksOf = async (id: number) =>
  Object.fromEntries((await detail(id)).items.map((i) => [i.id, [i.marks, i.negativeMarks]]));

async function mockTest() {
  const m = await e.post('/practice/addmocktest', {
    testCategoryId: categoryId,
    name: 'Chosen items',
    sections: [{ name: 'A' }, { name: 'B' }],
  });
  const [a, b] = (await detail(m.id)).sections.map((s) => s.id) as [number, number];
  await e.post('/practice/mocktestquestionmapping', {
    id: m.id,
    questionIds: await e.questionIds(4),
    sectionId: a,
  });
  const items = (await detail(m.id)).items.map((i) => i.id) as [number, number, number, number];
  return { id: m.id, a, b, items };
}

describe('several items at once', () => {
  it('sets the marks of the chosen questions only', async () => {
    const { id, items } = await mockTest();
    const before = await marksOf(id);
    const [i1, i2, i3, i4] = items;
    await e.ok(
      await e.w.post('/practice/updatemarkinginallquestion', {
        id,
        itemIds: [i2, i4],
        marks: 3,
        negativeMarks: 0.5,
      }),
    );
    const after = await marksOf(id);
    expect(after[i2]).toEqual([3, 0.5]);
    expect(after[i4]).toEqual([3, 0.5]);
    expect(after[i1]).toEqual(before[i1]);
    expect(after[i3]).toEqual(before[i3]);
  });

  it('refuses the whole change when a chosen item is not one of its questions', async () => {
    const { id, items } = await mockTest();
    const other = await mockTest();
    const before = await marksOf(id);
    const res = await e.w.post('/practice/updatemarkinginallquestion', {
      id,
      itemIds: [items[0], other.items[0]],
      marks: 5,
      negativeMarks: 0,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`Item ${other.items[0]} is not a question of this assessment`);
    expect(await marksOf(id)).toEqual(before);
  });

  it('refuses negative marks above the marks, naming the field', async () => {
    const { id, items } = await mockTest();
    const res = await e.w.post('/practice/updatemarkinginallquestion', {
      id,
      itemIds: [items[0]],
      marks: 1,
      negativeMarks: 2,
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('Negative marks cannot be more than the marks');
  });

  it('moves several items to one section in one reorder', async () => {
    const { id, b, items } = await mockTest();
    const [i1, i2, i3, i4] = items;
    await e.ok(
      await e.w.post('/practice/mocktestquestionpriority', {
        id,
        itemIds: [i2, i4, i1, i3],
        moves: [
          { itemId: i1, sectionId: b },
          { itemId: i3, sectionId: b },
        ],
      }),
    );
    const d = await detail(id);
    expect(d.items.map((i) => [i.id, i.sectionId === b ? 'B' : 'A'])).toEqual([
      [i2, 'A'],
      [i4, 'A'],
      [i1, 'B'],
      [i3, 'B'],
    ]);
  });
});
