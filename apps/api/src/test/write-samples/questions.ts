import { made, post, type Samples, unique, upload, type World, type WriteCall } from './kit.ts';

/** A valid single-choice question with a stem no other sample has. */
export const sampleQuestion = () => ({
  type: 'single_choice' as const,
  stem: `<p>${unique('What is')} \\(2+2\\)?</p>`,
  options: [
    { id: 'A' as const, html: '3', correct: false },
    { id: 'B' as const, html: '4', correct: true },
  ],
});

export async function question(w: World) {
  const res = await made<{ items: { id: number; revision: number }[] }>(
    w,
    post('/questions/addquestions', { questions: [sampleQuestion()] }, w.token),
  );
  return { ...res.items[0]!, fields: sampleQuestion() };
}

/** The question bank's write samples (see WRITE_SAMPLES). */
export const questionsSamples = {
  addQuestions: async (w: World): Promise<WriteCall> =>
    post('/questions/addquestions', { questions: [sampleQuestion()] }, w.token),
  editQuestion: async (w: World) => {
    const q = await question(w);
    return post(
      '/questions/editquestion',
      { ...q.fields, id: q.id, revision: q.revision, difficulty: 'hard' },
      w.token,
    );
  },
  changeQuestionStatus: async (w: World) =>
    post(
      '/questions/changequestionstatus',
      { ids: [(await question(w)).id], status: 'active' },
      w.token,
    ),
  deleteQuestions: async (w: World) =>
    post('/questions/deletequestions', { ids: [(await question(w)).id] }, w.token),
  checkDuplicates: async (w: World) =>
    post('/questions/checkduplicates', { question: sampleQuestion() }, w.token),
  restoreRevision: async (w: World) => {
    const q = await question(w);
    await made(
      w,
      post('/questions/editquestion', { ...q.fields, id: q.id, revision: 1, marks: 2 }, w.token),
    );
    return post(
      '/questions/restorerevision',
      { id: q.id, revision: 1, currentRevision: 2 },
      w.token,
    );
  },
  uploadQuestionImage: async (w: World) => {
    const { TINY_PNG } = await import('../../modules/media/media.fixtures.ts');
    return upload(w, '/questions/uploadimage', TINY_PNG, 'figure.png');
  },
  questionImport: async (w: World) => {
    const aiken = `${unique('Which planet is largest')}?\nA. Mars\nB. Jupiter\nANSWER: B\n`;
    return upload(
      w,
      '/excelimport/questionimport?dryRun=false',
      Buffer.from(aiken),
      'questions.txt',
    );
  },
} satisfies Samples;
