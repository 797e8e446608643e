import ExcelJS from 'exceljs';
import { grades } from '../../db/schema/index.ts';
import { made, mk, post, type Samples, sheet, unique, upload, type World } from './kit.ts';

/** The first grade of the seeded catalogue. */
export async function gradeId(w: World) {
  const [g] = await w.t.app.deps.db.select().from(grades).orderBy(grades.position).limit(1);
  return g!.id;
}
export const subject = async (w: World) =>
  mk(w, '/book/addsubject', { gradeId: await gradeId(w), name: unique('Subject') });
export const chapter = async (w: World) =>
  mk(w, '/book/addchapter', { subjectId: (await subject(w)).id, name: unique('Chapter') });
export const topic = async (w: World) =>
  mk(w, '/book/addtopic', { chapterId: (await chapter(w)).id, name: unique('Topic') });
/** The curriculum masters: subjects, chapters, topics, their order, the XLSX import. */
export const curriculumSamples = {
  addSubject: async (w) =>
    post('/book/addsubject', { gradeId: await gradeId(w), name: unique('Subject') }, w.token),
  addChapter: async (w) =>
    post(
      '/book/addchapter',
      { subjectId: (await subject(w)).id, name: unique('Chapter') },
      w.token,
    ),
  addTopic: async (w) =>
    post('/book/addtopic', { chapterId: (await chapter(w)).id, name: unique('Topic') }, w.token),
  editSubject: async (w) =>
    post('/book/editsubject', { id: (await subject(w)).id, name: unique('Renamed') }, w.token),
  editChapter: async (w) =>
    post('/book/editchapter', { id: (await chapter(w)).id, name: unique('Renamed') }, w.token),
  editTopic: async (w) =>
    post('/book/edittopic', { id: (await topic(w)).id, name: unique('Renamed') }, w.token),
  removeSubject: async (w) => post('/book/removesubject', { id: (await subject(w)).id }, w.token),
  removeChapter: async (w) => post('/book/removechapter', { id: (await chapter(w)).id }, w.token),
  removeTopic: async (w) => post('/book/removetopic', { id: (await topic(w)).id }, w.token),
  reorderSubjects: async (w) => {
    const parentId = await gradeId(w);
    const { items } = await made<{ items: { id: number }[] }>(w, {
      req: { method: 'GET', url: `/api/book/getsubjects?gradeId=${parentId}` },
      token: w.token,
    });
    return post(
      '/book/reordersubjects',
      { parentId, ids: items.map((i) => i.id).reverse() },
      w.token,
    );
  },
  reorderChapters: async (w) => {
    const { id: subjectId } = await subject(w);
    const a = await mk(w, '/book/addchapter', { subjectId, name: unique('Chapter') });
    const b = await mk(w, '/book/addchapter', { subjectId, name: unique('Chapter') });
    return post('/book/reorderchapters', { parentId: subjectId, ids: [b.id, a.id] }, w.token);
  },
  reorderTopics: async (w) => {
    const { id: chapterId } = await chapter(w);
    const a = await mk(w, '/book/addtopic', { chapterId, name: unique('Topic') });
    const b = await mk(w, '/book/addtopic', { chapterId, name: unique('Topic') });
    return post('/book/reordertopics', { parentId: chapterId, ids: [b.id, a.id] }, w.token);
  },
  uploadCurriculum: async (w) => {
    const [g] = await w.t.app.deps.db.select().from(grades).orderBy(grades.position).limit(1);
    const bytes = await sheet(
      ['Grade', 'Subject', 'Chapter No', 'Chapter', 'Topic'],
      [[g!.name, unique('Imported'), 1, 'First chapter', 'First topic']],
    );
    return upload(w, '/book/uploadcurriculum?dryRun=false', bytes, 'curriculum.xlsx');
  },
  uploadCurriculumWorkbook: async (w) => {
    const [g] = await w.t.app.deps.db.select().from(grades).orderBy(grades.position).limit(1);
    const wb = new ExcelJS.Workbook();
    const subjects = wb.addWorksheet('Subjects');
    subjects.addRow(['Grade', 'Subject']);
    subjects.addRow([g!.name, unique('From the workbook')]);
    const bytes = Buffer.from(await wb.xlsx.writeBuffer());
    return upload(w, '/book/uploadcurriculumworkbook?dryRun=false', bytes, 'Curriculum.xlsx');
  },
} satisfies Samples;
