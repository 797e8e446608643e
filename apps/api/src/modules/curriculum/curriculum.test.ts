import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness.ts';
import { auditOf, ctx, get, ok200, post, useCurriculumTestApp } from './curriculum.testing.ts';

useCurriculumTestApp();
let t: TestApp;
let outsider: string;
let gradeId: number;
beforeAll(() => {
  ({ t, outsider, gradeId } = ctx);
});

describe('grades', () => {
  it('are seeded Nursery … Class 12 in order, with subject counts', async () => {
    const { items } = await ok200(get('/book/getgrades'));
    expect(items.map((g: { name: string }) => g.name)).toEqual([
      'Nursery',
      'LKG',
      'UKG',
      ...Array.from({ length: 12 }, (_, i) => `Class ${i + 1}`),
    ]);
    expect(items[0]).toMatchObject({ position: 1, subjectCount: 0 });
  });
});

describe('subjects, chapters and topics', () => {
  it('add, list in order with counts, rename, and audit with before/after', async () => {
    const maths = await ok200(post('/book/addsubject', { gradeId, name: '  Mathematics ' }));
    expect(maths).toEqual({
      id: expect.any(Number),
      gradeId,
      name: 'Mathematics',
      position: 1,
      chapterCount: 0,
    });
    const science = await ok200(post('/book/addsubject', { gradeId, name: 'Science' }));
    expect(science.position).toBe(2);

    const ch1 = await ok200(post('/book/addchapter', { subjectId: maths.id, name: 'Numbers' }));
    expect(ch1).toMatchObject({ number: 1, position: 1, topicCount: 0 });
    const ch5 = await ok200(
      post('/book/addchapter', { subjectId: maths.id, name: 'Fractions', number: 5 }),
    );
    const ch6 = await ok200(post('/book/addchapter', { subjectId: maths.id, name: 'Shapes' }));
    expect([ch5.number, ch6.number]).toEqual([5, 6]);

    const topic = await ok200(post('/book/addtopic', { chapterId: ch1.id, name: 'Place value' }));
    expect(topic).toEqual({
      id: expect.any(Number),
      chapterId: ch1.id,
      name: 'Place value',
      position: 1,
    });

    const subjects = await ok200(get(`/book/getsubjects?gradeId=${gradeId}`));
    expect(
      subjects.items.map((s: { name: string; chapterCount: number }) => [s.name, s.chapterCount]),
    ).toEqual([
      ['Mathematics', 3],
      ['Science', 0],
    ]);
    const chapters = await ok200(get(`/book/getchapters?subjectId=${maths.id}`));
    expect(chapters.items.map((c: { topicCount: number }) => c.topicCount)).toEqual([1, 0, 0]);
    const topics = await ok200(get(`/book/gettopics?chapterId=${ch1.id}`));
    expect(topics.items).toEqual([topic]);
    const grades = await ok200(get('/book/getgrades'));
    expect(grades.items.find((g: { id: number }) => g.id === gradeId).subjectCount).toBe(2);

    const renamed = await ok200(post('/book/editsubject', { id: maths.id, name: 'Maths' }));
    expect(renamed).toMatchObject({ name: 'Maths', chapterCount: 3 });
    // Same name in another case: allowed for the item itself.
    await ok200(post('/book/editsubject', { id: maths.id, name: 'MATHS' }));
    const renumbered = await ok200(post('/book/editchapter', { id: ch6.id, number: 7 }));
    expect(renumbered).toMatchObject({ number: 7, name: 'Shapes' });
    await ok200(post('/book/edittopic', { id: topic.id, name: 'Place value and numerals' }));

    const audit = await auditOf('subject', maths.id);
    expect(audit.map((a) => a.action)).toEqual([
      'subject_created',
      'subject_edited',
      'subject_edited',
    ]);
    expect(audit[1]).toMatchObject({
      before: expect.objectContaining({ name: 'Mathematics' }),
      after: expect.objectContaining({ name: 'Maths' }),
    });
    expect((await auditOf('topic', topic.id)).map((a) => a.action)).toEqual([
      'topic_created',
      'topic_edited',
    ]);
  });

  it('names are unique within their parent, case-insensitively (409 on body.name)', async () => {
    const s = await ok200(post('/book/addsubject', { gradeId, name: 'English' }));
    const dup = await post('/book/addsubject', { gradeId, name: 'english' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({
      code: 'conflict',
      details: [{ path: 'body.name', message: expect.any(String) }],
    });
    // Another grade may have its own English.
    await ok200(post('/book/addsubject', { gradeId: gradeId + 1, name: 'English' }));

    const other = await ok200(post('/book/addsubject', { gradeId, name: 'Hindi' }));
    const rename = await post('/book/editsubject', { id: other.id, name: 'ENGLISH' });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().details[0].path).toBe('body.name');

    const c = await ok200(post('/book/addchapter', { subjectId: s.id, name: 'Poems', number: 2 }));
    const sameNumber = await post('/book/addchapter', {
      subjectId: s.id,
      name: 'Prose',
      number: 2,
    });
    expect(sameNumber.statusCode).toBe(409);
    expect(sameNumber.json().details[0].path).toBe('body.number');
    expect((await post('/book/addchapter', { subjectId: s.id, name: 'poems' })).statusCode).toBe(
      409,
    );
    await ok200(post('/book/addtopic', { chapterId: c.id, name: 'Rhyme' }));
    expect((await post('/book/addtopic', { chapterId: c.id, name: 'RHYME' })).statusCode).toBe(409);

    // Concurrent adds of one name: one wins, the other is the same 409.
    const both = await Promise.all([
      post('/book/addsubject', { gradeId, name: 'Drawing' }),
      post('/book/addsubject', { gradeId, name: 'drawing' }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('bad input answers 400 with field details', async () => {
    const cases: [string, object, string][] = [
      ['/book/addsubject', { gradeId, name: '   ' }, 'body.name'],
      ['/book/addsubject', { gradeId, name: 'x'.repeat(121) }, 'body.name'],
      ['/book/addsubject', { gradeId, name: 'bad\u0007name' }, 'body.name'],
      ['/book/addsubject', { name: 'No grade' }, 'body.gradeId'],
      ['/book/addchapter', { subjectId: 'abc', name: 'x' }, 'body.subjectId'],
      ['/book/addchapter', { subjectId: 1, name: 'x', number: 0 }, 'body.number'],
      ['/book/addtopic', { chapterId: -1, name: 'x' }, 'body.chapterId'],
      ['/book/editsubject', { id: 1 }, 'body.name'],
      ['/book/editchapter', { id: 1 }, 'body.name'],
      ['/book/edittopic', { name: 'x' }, 'body.id'],
      ['/book/removesubject', {}, 'body.id'],
      ['/book/reordersubjects', { parentId: gradeId, ids: [] }, 'body.ids'],
      ['/book/reordertopics', { parentId: 1, ids: [3, 3] }, 'body.ids'],
    ];
    for (const [url, body, path] of cases) {
      const res = await post(url, body);
      expect(res.statusCode, `${url} ${res.body}`).toBe(400);
      expect(
        res.json().details.map((d: { path: string }) => d.path),
        url,
      ).toContain(path);
    }
    for (const url of [
      '/book/getsubjects',
      '/book/getchapters?subjectId=x',
      '/book/downloadtopics',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().details.length, url).toBeGreaterThan(0);
    }
  });

  it('unknown parents and items answer 404', async () => {
    expect((await post('/book/addsubject', { gradeId: 999_999, name: 'X' })).statusCode).toBe(404);
    expect((await post('/book/addchapter', { subjectId: 999_999, name: 'X' })).statusCode).toBe(
      404,
    );
    expect((await post('/book/editsubject', { id: 999_999, name: 'X' })).statusCode).toBe(404);
    expect((await post('/book/removetopic', { id: 999_999 })).statusCode).toBe(404);
    expect((await get('/book/downloadsubjects?gradeId=999999')).statusCode).toBe(404);
  });

  it('an admin with books but not curriculum reads the masters and may not change them', async () => {
    for (const url of [
      '/book/getgrades',
      `/book/getsubjects?gradeId=${gradeId}`,
      '/book/getchapters?subjectId=1',
      '/book/gettopics?chapterId=1',
    ]) {
      expect((await get(url, outsider)).statusCode, url).toBe(200);
    }
    // Contact messages need no curriculum (learners do: their list filters by grade).
    const contactOnly = await t.createAdmin({ modules: ['contact_us'] });
    const stranger = (await t.signIn(contactOnly.email)).accessToken;
    const refused = await get('/book/getgrades', stranger);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(
      /^You do not have access to any of Curriculum, Books, Media library, /,
    );
    const paths: [string, string, object?][] = [
      ['POST', '/book/addsubject', { gradeId, name: 'Sneaky' }],
      ['POST', '/book/editsubject', { id: 1, name: 'Sneaky' }],
      ['POST', '/book/removesubject', { id: 1 }],
      ['POST', '/book/reordersubjects', { parentId: gradeId, ids: [1] }],
      ['GET', `/book/downloadsubjects?gradeId=${gradeId}`],
    ];
    for (const [method, url, payload] of paths) {
      const res = method === 'GET' ? await get(url, outsider) : await post(url, payload!, outsider);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe('You do not have access to Curriculum');
    }
    const subjects = await ok200(get(`/book/getsubjects?gradeId=${gradeId}`));
    expect(subjects.items.some((s: { name: string }) => s.name === 'Sneaky')).toBe(false);
  });
});
