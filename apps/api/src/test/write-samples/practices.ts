import { made, post, type Samples, unique, type World } from './kit.ts';
import { question } from './questions.ts';
import { node } from './toc.ts';

/** A new draft practice on a new TOC node. */
export async function practice(w: World) {
  const n = await node(w);
  return made<{ id: number }>(
    w,
    post('/toc/quiz/createpractice', { tocNodeId: n.id, name: unique('Practice') }, w.token),
  );
}

/** A practice holding one bank question: its id and the item's. */
async function practiceWithItem(w: World) {
  const p = await practice(w);
  const q = await question(w);
  await made(
    w,
    post('/toc/quiz/practicequestionmapping', { id: p.id, questionIds: [q.id] }, w.token),
  );
  const detail = await made<{ items: { id: number }[] }>(w, {
    req: { method: 'GET', url: `/api/toc/quiz/getquizbypractice?id=${p.id}` },
    token: w.token,
  });
  return { id: p.id, itemId: detail.items[0]!.id };
}

/** Practices' write samples (the assessment engine, kind practice). */
export const practicesSamples = {
  createPractice: async (w: World) => {
    const n = await node(w);
    return post('/toc/quiz/createpractice', { tocNodeId: n.id, name: unique('Practice') }, w.token);
  },
  practiceQuestionMapping: async (w: World) => {
    const [p, q] = [await practice(w), await question(w)];
    return post('/toc/quiz/practicequestionmapping', { id: p.id, questionIds: [q.id] }, w.token);
  },
  addInstructionQuestion: async (w: World) =>
    post(
      '/toc/quiz/addinstructionquestion',
      { id: (await practice(w)).id, html: '<p>Read each question twice.</p>' },
      w.token,
    ),
  updatePracticeName: async (w: World) =>
    post(
      '/toc/quiz/updatepracticename',
      { id: (await practice(w)).id, name: unique('P') },
      w.token,
    ),
  updatePracticeDetails: async (w: World) =>
    post(
      '/toc/quiz/updatepracticedetails',
      { id: (await practice(w)).id, durationMinutes: 30, shuffleQuestions: true },
      w.token,
    ),
  updatePracticeMark: async (w: World) =>
    post(
      '/toc/quiz/updatepractiemark',
      { id: (await practice(w)).id, defaultMarks: 2, defaultNegativeMarks: 0.5 },
      w.token,
    ),
  updateMarking: async (w: World) =>
    post(
      '/toc/quiz/updatemarking',
      { id: (await practiceWithItem(w)).id, marks: 3, negativeMarks: 1 },
      w.token,
    ),
  updateItemMarks: async (w: World) =>
    post(
      '/toc/quiz/updatepracticequestionmarkinginone',
      { ...(await practiceWithItem(w)), marks: 4, negativeMarks: 1 },
      w.token,
    ),
  updateItemStatus: async (w: World) =>
    post(
      '/toc/quiz/updatequestionstatusinone',
      { ...(await practiceWithItem(w)), active: false },
      w.token,
    ),
  updateGeneralInstructions: async (w: World) =>
    post('/toc/quiz/updategetgeninstructions', { html: '<p>Answer every question.</p>' }, w.token),
  removeFromPractice: async (w: World) => {
    const { id, itemId } = await practiceWithItem(w);
    return post('/questions/removefrompractice', { id, itemIds: [itemId] }, w.token);
  },
  changeQuestionPriority: async (w: World) => {
    const { id, itemId } = await practiceWithItem(w);
    return post('/questions/changequestionpriority', { id, itemIds: [itemId] }, w.token);
  },
  clonePractice: async (w: World) =>
    post('/toc/quiz/clonepractice', { id: (await practiceWithItem(w)).id }, w.token),
} satisfies Samples;
