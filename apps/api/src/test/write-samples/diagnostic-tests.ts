import { gradeId } from './curriculum.ts';
import { made, mk, post, type Samples, unique, type World } from './kit.ts';
import { question } from './questions.ts';

/** A diagnostic test on a new subject with one chapter, and that chapter's section. */
async function diagnostic(w: World) {
  const grade = await gradeId(w);
  const subject = await mk(w, '/book/addsubject', { gradeId: grade, name: unique('Subject') });
  const chapter = await mk(w, '/book/addchapter', {
    subjectId: subject.id,
    name: unique('Chapter'),
  });
  const test = await mk(w, '/promotional/adddiagnsotictest', {
    gradeId: grade,
    subjectId: subject.id,
    name: unique('Diagnostic'),
  });
  return { id: test.id, chapterId: chapter.id };
}

async function withSection(w: World) {
  const d = await diagnostic(w);
  const section = await mk(w, '/promotional/adddiagnosticpraticemap', {
    id: d.id,
    chapterId: d.chapterId,
    name: 'Chapter check',
  });
  return { id: d.id, sectionId: section.id };
}

async function withItem(w: World) {
  const d = await withSection(w);
  const q = await question(w);
  await made(
    w,
    post(
      '/promotional/diagnosticqustmapping',
      { id: d.id, questionIds: [q.id], sectionId: d.sectionId },
      w.token,
    ),
  );
  const detail = await made<{ items: { id: number }[] }>(w, {
    req: { method: 'GET', url: `/api/promotional/getdiagnosticdatabyid?id=${d.id}` },
    token: w.token,
  });
  return { id: d.id, itemId: detail.items[0]!.id };
}

/** Diagnostic tests' write samples (the assessment engine, kind diagnostic). */
export const diagnosticTestsSamples = {
  addDiagnosticTest: async (w: World) => {
    const grade = await gradeId(w);
    const subject = await mk(w, '/book/addsubject', { gradeId: grade, name: unique('Subject') });
    return post(
      '/promotional/adddiagnsotictest',
      { gradeId: grade, subjectId: subject.id, name: unique('Diagnostic') },
      w.token,
    );
  },
  changeDiagnosticTestStatus: async (w: World) =>
    post(
      '/promotional/changediagnosticteststatus',
      { id: (await diagnostic(w)).id, status: 'inactive' },
      w.token,
    ),
  addDiagnosticPracticeMap: async (w: World) =>
    post(
      '/promotional/adddiagnosticpraticemap',
      { ...(await diagnostic(w)), name: 'Check' },
      w.token,
    ),
  editDiagnosticPractice: async (w: World) =>
    post(
      '/promotional/editdiagnosticpractice',
      { ...(await withSection(w)), timeLimitMinutes: 10 },
      w.token,
    ),
  diagnosticQuestionMapping: async (w: World) => {
    const [d, q] = [await withSection(w), await question(w)];
    return post(
      '/promotional/diagnosticqustmapping',
      { id: d.id, questionIds: [q.id], sectionId: d.sectionId },
      w.token,
    );
  },
  diagnosticQuestionPriority: async (w: World) => {
    const { id, itemId } = await withItem(w);
    return post('/promotional/diagnosticquestionpriority', { id, itemIds: [itemId] }, w.token);
  },
  updateDiagnosticQuestionMarking: async (w: World) =>
    post('/promotional/updatequestionmarking', { ...(await withItem(w)), marks: 2 }, w.token),
  changeDiagnosticQuestionStatus: async (w: World) =>
    post(
      '/promotional/changediaquestionstatus',
      { ...(await withItem(w)), active: false },
      w.token,
    ),
  addDiagnosticInstruction: async (w: World) =>
    post(
      '/promotional/adddiagnsoticquestioninstruction',
      { id: (await diagnostic(w)).id, html: '<p>Take your time.</p>' },
      w.token,
    ),
  removeFromDiagnosticTest: async (w: World) => {
    const { id, itemId } = await withItem(w);
    return post('/promotional/removefromdiagnostictest', { id, itemIds: [itemId] }, w.token);
  },
  fillDiagnosticSection: async (w: World) => {
    const d = await withSection(w);
    return post(
      '/promotional/filldiagnosticsection',
      { ...d, rule: { mix: { easy: 1, medium: 1 } } },
      w.token,
    );
  },
  cloneDiagnosticTest: async (w: World) =>
    post('/promotional/clonediagnostictest', { id: (await withItem(w)).id }, w.token),
  editDiagnosticTest: async (w: World) =>
    post(
      '/promotional/editdiagnostictest',
      { id: (await diagnostic(w)).id, name: unique('Diagnostic'), durationMinutes: 30 },
      w.token,
    ),
} satisfies Samples;
