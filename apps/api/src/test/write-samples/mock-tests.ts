import { made, post, type Samples, unique, type World } from './kit.ts';
import { question } from './questions.ts';

/** A new test category. */
export const testCategory = (w: World) =>
  made<{ id: number }>(w, post('/master/addtestcategory', { name: unique('Category') }, w.token));

/** A new draft mock test with one section. */
export async function mockTest(w: World) {
  const c = await testCategory(w);
  return made<{ id: number }>(
    w,
    post(
      '/practice/addmocktest',
      { testCategoryId: c.id, name: unique('Mock'), sections: [{ name: 'Part A' }] },
      w.token,
    ),
  );
}

/** A mock test holding one bank question: its id and the item's. */
async function mockTestWithItem(w: World) {
  const m = await mockTest(w);
  const q = await question(w);
  await made(
    w,
    post('/practice/mocktestquestionmapping', { id: m.id, questionIds: [q.id] }, w.token),
  );
  const detail = await made<{ items: { id: number }[] }>(w, {
    req: { method: 'GET', url: `/api/practice/getmocktestdata?id=${m.id}` },
    token: w.token,
  });
  return { id: m.id, itemId: detail.items[0]!.id };
}

/** Mock tests' write samples (the assessment engine, kind mock_test), and test categories. */
export const mockTestsSamples = {
  addMockTest: async (w: World) =>
    post(
      '/practice/addmocktest',
      { testCategoryId: (await testCategory(w)).id, name: unique('Mock'), durationMinutes: 60 },
      w.token,
    ),
  editMockTest: async (w: World) =>
    post(
      '/practice/editmocktest',
      { id: (await mockTest(w)).id, sections: [{ name: 'Part B', timeLimitMinutes: 20 }] },
      w.token,
    ),
  changeMockTestStatus: async (w: World) =>
    post(
      '/practice/changestatusmocktest',
      { id: (await mockTest(w)).id, status: 'inactive' },
      w.token,
    ),
  cloneMockTest: async (w: World) =>
    post('/practice/clonemocktest', { id: (await mockTestWithItem(w)).id }, w.token),
  mockTestQuestionMapping: async (w: World) => {
    const [m, q] = [await mockTest(w), await question(w)];
    return post('/practice/mocktestquestionmapping', { id: m.id, questionIds: [q.id] }, w.token);
  },
  removeFromMockTest: async (w: World) => {
    const { id, itemId } = await mockTestWithItem(w);
    return post('/practice/removefrommocktest', { id, itemIds: [itemId] }, w.token);
  },
  updateMockTestQuestion: async (w: World) =>
    post('/practice/updatemocktestquestion', { ...(await mockTestWithItem(w)), marks: 2 }, w.token),
  updateMarkingInAll: async (w: World) =>
    post(
      '/practice/updatemarkinginallquestion',
      { id: (await mockTestWithItem(w)).id, marks: 2, negativeMarks: 0.5 },
      w.token,
    ),
  mockTestQuestionPriority: async (w: World) => {
    const { id, itemId } = await mockTestWithItem(w);
    return post('/practice/mocktestquestionpriority', { id, itemIds: [itemId] }, w.token);
  },
  changeMockTestQuestionStatus: async (w: World) =>
    post(
      '/practice/changemocktestquestionstatus',
      { ...(await mockTestWithItem(w)), active: false },
      w.token,
    ),
  addInstructionMockQuestion: async (w: World) =>
    post(
      '/practice/addinstructionmockquestion',
      { id: (await mockTest(w)).id, html: '<p>Part A has no negative marks.</p>' },
      w.token,
    ),
  addTestCategory: async (w: World) =>
    post('/master/addtestcategory', { name: unique('Category') }, w.token),
  fillMockTestSection: async (w: World) => {
    const m = await mockTest(w);
    const detail = await made<{ sections: { id: number }[] }>(w, {
      req: { method: 'GET', url: `/api/practice/getmocktestdata?id=${m.id}` },
      token: w.token,
    });
    return post(
      '/practice/fillsection',
      { id: m.id, sectionId: detail.sections[0]!.id, rule: { mix: { medium: 2 } } },
      w.token,
    );
  },
} satisfies Samples;
