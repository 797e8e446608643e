import { made, mk, post, type Samples, unique, type World } from './kit.ts';
import { video } from './media.ts';
import { question } from './questions.ts';

/** A new draft video quiz on a new video. */
const quiz = async (w: World) =>
  mk(w, '/promotional/addpracticeforvideo', { videoId: (await video(w)).id, name: unique('Quiz') });

async function withItem(w: World) {
  const [z, q] = [await quiz(w), await question(w)];
  await made(
    w,
    post(
      '/promotional/addonevideoquestion',
      { id: z.id, questionId: q.id, atSeconds: 12.5 },
      w.token,
    ),
  );
  const detail = await made<{ items: { id: number }[] }>(w, {
    req: { method: 'GET', url: `/api/promotional/getvideoquestiontoc?id=${z.id}` },
    token: w.token,
  });
  return { id: z.id, itemId: detail.items[0]!.id };
}

/** Video quizzes' write samples (the assessment engine, kind video_quiz). */
export const videoQuizzesSamples = {
  addPracticeForVideo: async (w: World) =>
    post(
      '/promotional/addpracticeforvideo',
      { videoId: (await video(w)).id, name: unique('Quiz') },
      w.token,
    ),
  editOneVideoTitle: async (w: World) =>
    post(
      '/promotional/editonevediotitle',
      { id: (await quiz(w)).id, name: unique('Quiz') },
      w.token,
    ),
  deleteOneVideo: async (w: World) =>
    post('/promotional/deleteonevideo', { id: (await quiz(w)).id }, w.token),
  activeDeactive: async (w: World) =>
    post('/promotional/activedeactive', { id: (await quiz(w)).id, status: 'inactive' }, w.token),
  addOneVideoQuestion: async (w: World) => {
    const [z, q] = [await quiz(w), await question(w)];
    return post(
      '/promotional/addonevideoquestion',
      { id: z.id, questionId: q.id, atSeconds: 3 },
      w.token,
    );
  },
  videoQuestionMapping: async (w: World) => {
    const [z, q] = [await quiz(w), await question(w)];
    return post('/promotional/videoquestionmapping', { id: z.id, questionIds: [q.id] }, w.token);
  },
  changeVideoQuestionPriority: async (w: World) =>
    post(
      '/promotional/changevideoquestionpriority',
      { ...(await withItem(w)), atSeconds: 20.3 },
      w.token,
    ),
  updateVideoQuestionMarking: async (w: World) =>
    post('/promotional/updatequestionmarkinginone', { ...(await withItem(w)), marks: 3 }, w.token),
  removeQuestionFromPractice: async (w: World) => {
    const { id, itemId } = await withItem(w);
    return post('/promotional/removequestionfrompractice', { id, itemIds: [itemId] }, w.token);
  },
  cloneVideoQuiz: async (w: World) =>
    post('/promotional/clonevideoquiz', { id: (await withItem(w)).id }, w.token),
  editVideoQuiz: async (w: World) =>
    post(
      '/promotional/editvideoquiz',
      { id: (await quiz(w)).id, defaultMarks: 2, shuffleOptions: true },
      w.token,
    ),
} satisfies Samples;
