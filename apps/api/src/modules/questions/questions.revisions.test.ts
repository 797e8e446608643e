import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assessmentItems, assessments, auditLog } from '../../db/schema/index.ts';
import { choice, type QuestionsWorld, questionsWorld, uniqueWords } from './questions.testing.ts';

/**
 * Revisions (every save, who/when/what changed), the concurrent-edit 409,
 * restore, bulk status change and bulk delete (all or none), and the usage
 * registry's 409 with a usage the test registers on a real table.
 */

let w: QuestionsWorld;
beforeAll(async () => {
  w = await questionsWorld();
});
afterAll(() => w?.t.close());

const get = async (id: number) => (await w.get(`/questions/getquestionbyid?id=${id}`)).json();
const revisions = async (id: number) => (await w.get(`/questions/revisions?id=${id}`)).json().items;
const edit = (q: Record<string, unknown>, changes: object) => {
  const {
    id,
    revision,
    type,
    stem,
    options,
    blanks,
    numeric,
    modelAnswer,
    explanation,
    difficulty,
    marks,
    negativeMarks,
    gradeId,
    subjectId,
    chapterId,
    topicId,
    tags,
    language,
    status,
  } = q;
  return w.post('/questions/editquestion', {
    id,
    revision,
    type,
    stem,
    options,
    blanks,
    numeric,
    modelAnswer,
    explanation,
    difficulty,
    marks,
    negativeMarks,
    gradeId,
    subjectId,
    chapterId,
    topicId,
    tags,
    language,
    status,
    ...changes,
  });
};

describe('revisions', () => {
  it('edit makes a revision; a stale revision is 409; history says who, when, what; restore brings an old one back', async () => {
    const { items } = await w.add(choice(uniqueWords()));
    const v1 = await get(items[0]!.id);
    const e1 = await edit(v1, { marks: 2, tags: ['algebra'] });
    expect(e1.statusCode, e1.body).toBe(200);
    expect(e1.json().question).toMatchObject({ revision: 2, marks: 2, tags: ['algebra'] });

    // A second admin still on revision 1.
    const stale = await edit(v1, { difficulty: 'hard' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('question_changed');
    expect(stale.json().message).toMatch(/revision 2/);

    const e2 = await edit(e1.json().question, { stem: `${v1.stem}<p>more</p>` });
    expect(e2.json().question.revision).toBe(3);

    // Saving what is there writes no revision.
    const same = await edit(e2.json().question, {});
    expect(same.statusCode).toBe(200);
    expect(same.json().question.revision).toBe(3);

    const history = await revisions(v1.id);
    expect(
      history.map((r: { revision: number; action: string; changed: string[] }) => [
        r.revision,
        r.action,
        r.changed,
      ]),
    ).toEqual([
      [3, 'edit', ['stem']],
      [2, 'edit', ['marks', 'tags']],
      [1, 'create', []],
    ]);
    expect(history[0].byName).toBe(w.adminName);
    expect(history[2].question.marks).toBe(1);

    // Restore needs the current revision too.
    const staleRestore = await w.post('/questions/restorerevision', {
      id: v1.id,
      revision: 1,
      currentRevision: 2,
    });
    expect(staleRestore.statusCode).toBe(409);
    const restored = await w.post('/questions/restorerevision', {
      id: v1.id,
      revision: 1,
      currentRevision: 3,
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().question).toMatchObject({
      revision: 4,
      marks: 1,
      tags: [],
      stem: v1.stem,
    });
    const after = await revisions(v1.id);
    expect(after[0]).toMatchObject({ revision: 4, action: 'restore', restoredFrom: 1 });
    expect(after[0].changed.sort()).toEqual(['marks', 'stem', 'tags']);

    const audit = await w.t.app.deps.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(sql`${auditLog.entity} = 'question' and ${auditLog.entityId} = ${String(v1.id)}`);
    expect(audit.map((a) => a.action).sort()).toEqual([
      'question_created',
      'question_edited',
      'question_edited',
      'question_restored',
    ]);
  });

  it('two edits at once: exactly one wins, the other is 409', async () => {
    const { items } = await w.add(choice(uniqueWords()));
    const v1 = await get(items[0]!.id);
    const answers = await Promise.all([edit(v1, { marks: 3 }), edit(v1, { marks: 4 })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect((await get(v1.id)).revision).toBe(2);
  });

  it('restore refused (409) when the old revision is now an exact duplicate of another question', async () => {
    const first = uniqueWords();
    const { items } = await w.add(choice(first));
    const v1 = await get(items[0]!.id);
    const moved = await edit(v1, { stem: `<p>${uniqueWords()}</p>` });
    expect(moved.statusCode).toBe(200);
    const { items: others } = await w.add(choice(first)); // takes the old content
    const res = await w.post('/questions/restorerevision', {
      id: v1.id,
      revision: 1,
      currentRevision: 2,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('question_duplicate');
    expect(res.json().message).toContain(`question ${others[0]!.id}`);
    expect(
      (await w.post('/questions/restorerevision', { id: v1.id, revision: 9, currentRevision: 2 }))
        .statusCode,
    ).toBe(404);
  });
});

describe('bulk status and delete', () => {
  it('changes status of several in one go with a revision each; an unknown id changes none', async () => {
    const { items } = await w.add(choice(uniqueWords()), choice(uniqueWords()));
    const ids = items.map((q) => q.id);
    const none = await w.post('/questions/changequestionstatus', {
      ids: [...ids, 999_999],
      status: 'active',
    });
    expect(none.statusCode).toBe(404);
    expect((await get(ids[0]!)).status).toBe('draft');
    const res = await w.post('/questions/changequestionstatus', { ids, status: 'active' });
    expect(res.json()).toEqual({ ok: true, updated: 2 });
    for (const id of ids) {
      const [latest] = await revisions(id);
      expect(latest).toMatchObject({ revision: 2, action: 'status', changed: ['status'] });
    }
    const again = await w.post('/questions/changequestionstatus', { ids, status: 'active' });
    expect(again.json()).toEqual({ ok: true, updated: 0 });
  });

  it('deletes all or none: a question in use refuses the whole call, naming what uses it', async () => {
    const db = w.t.app.deps.db;
    const { items } = await w.add(
      choice(uniqueWords()),
      choice(uniqueWords()),
      choice(uniqueWords()),
    );
    const [free, used, free2] = items.map((q) => q.id) as [number, number, number];
    // Two practices hold the question (the usage table names them).
    const practices = await db
      .insert(assessments)
      .values(
        ['Weekly test', 'Fractions drill'].map((name) => ({ kind: 'practice' as const, name })),
      )
      .returning({ id: assessments.id });
    await db.insert(assessmentItems).values(
      practices.map((p) => ({
        assessmentId: p.id,
        position: 1,
        kind: 'question' as const,
        questionId: used,
      })),
    );
    const res = await w.post('/questions/deletequestions', { ids: [free, used, free2] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'question_in_use' });
    expect(res.json().details).toEqual([
      {
        path: 'body.ids.1',
        message: `Question ${used}: 2 practices use this question (Practice "Fractions drill"; Practice "Weekly test")`,
      },
    ]);
    for (const id of [free, used, free2])
      expect((await w.get(`/questions/getquestionbyid?id=${id}`)).statusCode).toBe(200);

    const ok = await w.post('/questions/deletequestions', { ids: [free, free2] });
    expect(ok.json()).toEqual({ ok: true, deleted: 2 });
    expect((await w.get(`/questions/getquestionbyid?id=${free}`)).statusCode).toBe(404);
    expect((await w.get(`/questions/revisions?id=${free}`)).statusCode).toBe(404);
    expect((await w.post('/questions/deletequestions', { ids: [free] })).statusCode).toBe(404);
  });
});
