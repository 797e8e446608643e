// Removing, ordering and downloading a level's list.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  auditOf,
  ctx,
  get,
  loadXlsx,
  ok200,
  post,
  useCurriculumTestApp,
} from './curriculum.testing.ts';

useCurriculumTestApp();
let gradeId: number;
beforeAll(() => {
  ({ gradeId } = ctx);
});

describe('remove', () => {
  it('refuses what is used, naming it, then deletes once empty (audited)', async () => {
    const g = gradeId + 2;
    const s = await ok200(post('/book/addsubject', { gradeId: g, name: 'History' }));
    const chapters = [];
    for (const name of ['Ancient', 'Medieval', 'Modern']) {
      chapters.push(await ok200(post('/book/addchapter', { subjectId: s.id, name })));
    }
    const topic = await ok200(post('/book/addtopic', { chapterId: chapters[0].id, name: 'Indus' }));

    const refused = await post('/book/removesubject', { id: s.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'conflict',
      message: '3 chapters use this subject',
    });
    const chapterRefused = await post('/book/removechapter', { id: chapters[0].id });
    expect(chapterRefused.json().message).toBe('1 topic uses this chapter');

    await ok200(post('/book/removetopic', { id: topic.id }));
    for (const c of chapters) await ok200(post('/book/removechapter', { id: c.id }));
    await ok200(post('/book/removesubject', { id: s.id }));
    expect((await ok200(get(`/book/getsubjects?gradeId=${g}`))).items).toEqual([]);
    const audit = await auditOf('subject', s.id);
    expect(audit.at(-1)).toMatchObject({
      action: 'subject_deleted',
      before: expect.objectContaining({ name: 'History' }),
      after: null,
    });
  });
});

describe('reorder', () => {
  it('sets the order of every child in one go and refuses a stale or foreign list', async () => {
    const g = gradeId + 3;
    const ids: number[] = [];
    for (const name of ['A', 'B', 'C', 'D']) {
      ids.push((await ok200(post('/book/addsubject', { gradeId: g, name }))).id);
    }
    const order = [ids[2]!, ids[0]!, ids[3]!, ids[1]!];
    expect(await ok200(post('/book/reordersubjects', { parentId: g, ids: order }))).toEqual({
      ok: true,
    });
    const listed = await ok200(get(`/book/getsubjects?gradeId=${g}`));
    expect(
      listed.items.map((s: { name: string; position: number }) => [s.name, s.position]),
    ).toEqual([
      ['C', 1],
      ['A', 2],
      ['D', 3],
      ['B', 4],
    ]);
    const audit = await auditOf('grade', g);
    expect(audit.at(-1)).toMatchObject({
      action: 'subjects_reordered',
      before: { ids },
      after: { ids: order },
    });

    const missing = await post('/book/reordersubjects', { parentId: g, ids: order.slice(1) });
    expect(missing.statusCode).toBe(409);
    expect(missing.json().details[0].path).toBe('body.ids');
    const foreign = await post('/book/reordersubjects', { parentId: gradeId, ids: order });
    expect(foreign.statusCode).toBe(409);
    expect((await post('/book/reordersubjects', { parentId: 999_999, ids: [1] })).statusCode).toBe(
      404,
    );

    const c1 = await ok200(post('/book/addchapter', { subjectId: ids[0]!, name: 'One' }));
    const c2 = await ok200(post('/book/addchapter', { subjectId: ids[0]!, name: 'Two' }));
    await ok200(post('/book/reorderchapters', { parentId: ids[0]!, ids: [c2.id, c1.id] }));
    const chapters = await ok200(get(`/book/getchapters?subjectId=${ids[0]}`));
    // Position changes, the printed chapter number does not.
    expect(chapters.items.map((c: { name: string; number: number }) => [c.name, c.number])).toEqual(
      [
        ['Two', 2],
        ['One', 1],
      ],
    );
    const t1 = await ok200(post('/book/addtopic', { chapterId: c1.id, name: 'x' }));
    const t2 = await ok200(post('/book/addtopic', { chapterId: c1.id, name: 'y' }));
    await ok200(post('/book/reordertopics', { parentId: c1.id, ids: [t2.id, t1.id] }));
    const topics = await ok200(get(`/book/gettopics?chapterId=${c1.id}`));
    expect(topics.items.map((x: { name: string }) => x.name)).toEqual(['y', 'x']);
  });
});

describe('downloads', () => {
  it('subjects, chapters and topics as XLSX, formula-like names escaped', async () => {
    const g = gradeId + 4;
    const s = await ok200(post('/book/addsubject', { gradeId: g, name: 'Physics' }));
    await ok200(post('/book/addsubject', { gradeId: g, name: '=HYPERLINK("x")' }));
    const c = await ok200(
      post('/book/addchapter', { subjectId: s.id, name: '+Motion', number: 3 }),
    );
    await ok200(post('/book/addtopic', { chapterId: c.id, name: '@speed' }));
    await ok200(post('/book/addtopic', { chapterId: c.id, name: 'Velocity' }));

    const res = await get(`/book/downloadsubjects?gradeId=${g}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(String(res.headers['content-disposition'])).toBe(
      'attachment; filename="Subjects - Class 9.xlsx"',
    );
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const ws = await loadXlsx(res.rawPayload);
    expect(ws.getRow(1).values).toEqual([
      undefined,
      'Grade',
      'Position',
      'Subject',
      'Chapters',
      'ID',
    ]);
    expect(ws.getRow(2).values).toEqual([undefined, 'Class 9', 1, 'Physics', 1, s.id]);
    expect(ws.getRow(3).getCell(3).value).toBe('\'=HYPERLINK("x")');
    expect(ws.rowCount).toBe(3);

    const chapters = await loadXlsx(
      (await get(`/book/downloadchapters?subjectId=${s.id}`)).rawPayload,
    );
    expect(chapters.getRow(2).values).toEqual([undefined, 'Physics', 1, 3, "'+Motion", 2, c.id]);
    const topics = await loadXlsx((await get(`/book/downloadtopics?chapterId=${c.id}`)).rawPayload);
    expect(topics.getRow(1).values).toEqual([undefined, 'Chapter', 'Position', 'Topic', 'ID']);
    expect(topics.getRow(2).getCell(3).value).toBe("'@speed");
    expect(topics.getRow(2).getCell(1).value).toBe("'+Motion");
    expect(topics.getRow(3).getCell(3).value).toBe('Velocity');
  });

  it('an empty list is a sheet with its header row only', async () => {
    const res = await get(`/book/downloadsubjects?gradeId=${gradeId + 5}`);
    expect(res.statusCode).toBe(200);
    const ws = await loadXlsx(res.rawPayload);
    expect(ws.rowCount).toBe(1);
  });
});
