import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bulkEdits, questionRevisions } from '../../db/schema/index.ts';
import {
  choice,
  curriculum,
  type QuestionsWorld,
  questionsWorld,
  uniqueWords,
} from '../questions/questions.testing.ts';
import { bulkEditCalls } from './bulk-edits.testing.ts';

/** Bulk edit as a job and its undo (docs/bulk-edits.md), on questions and books. */

let w: QuestionsWorld;
let cur: Awaited<ReturnType<typeof curriculum>>;
let booksToken: string;

beforeAll(async () => {
  w = await questionsWorld({}, ['questions', 'books']);
  cur = await curriculum(w.t);
  const b = await w.t.createAdmin({ modules: ['books'] });
  booksToken = (await w.t.signIn(b.email)).accessToken;
});
afterAll(() => w?.t.close());

const { start, undo } = bulkEditCalls(
  () => w.t,
  () => w.token,
);

const question = async (id: number) =>
  (await w.get(`/questions/getquestionbyid?id=${id}`)).json() as {
    id: number;
    revision: number;
    subjectId: number | null;
    chapterId: number | null;
    topicId: number | null;
    gradeId: number | null;
    tags: string[];
    marks: number;
    negativeMarks: number;
    status: string;
  };

describe('bulk edit of questions', () => {
  it('re-files all that match a filter, a revision and an audit row each; undo puts them back except one edited since', async () => {
    const tag = `batch${Date.now() % 100000}`;
    const added = await w.add(
      ...Array.from({ length: 12 }, () =>
        choice(uniqueWords(), {
          subjectId: cur.otherSubject.id,
          tags: [tag, 'keep'],
        }),
      ),
    );
    const ids = added.items.map((q) => q.id);
    const edit = await start('questions', {
      selection: { filter: { tag } },
      set: { chapterId: cur.chapter.id },
    });
    expect(edit).toMatchObject({ state: 'done', matched: 12, changed: 12, refusedCount: 0 });
    expect(edit.summary).toMatch(/^12 questions re-filed by /);
    expect(edit.undoableUntil).not.toBeNull();
    const after = await question(ids[0]!);
    // The chapter brings its subject and grade.
    expect(after).toMatchObject({
      chapterId: cur.chapter.id,
      subjectId: cur.subject.id,
      gradeId: cur.grade.id,
      revision: 2,
    });
    const db = w.t.app.deps.db;
    const revisions = await db
      .select()
      .from(questionRevisions)
      .where(
        and(eq(questionRevisions.questionId, ids[0]!), eq(questionRevisions.action, 'bulk_edit')),
      );
    expect(revisions).toHaveLength(1);
    const audits = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'question_bulk_edited'),
          eq(auditLog.requestId, `bulk-edit-${edit.id}`),
        ),
      );
    expect(audits[0]!.n).toBe(12);

    // Someone edits one question after the bulk edit: undo leaves it alone and names it.
    const edited = await question(ids[1]!);
    const full = (await w.get(`/questions/getquestionbyid?id=${ids[1]}`)).json();
    const save = await w.post('/questions/editquestion', {
      ...Object.fromEntries(
        Object.entries(full).filter(([k]) =>
          [
            'type',
            'stem',
            'options',
            'blanks',
            'numeric',
            'modelAnswer',
            'explanation',
            'difficulty',
            'marks',
            'negativeMarks',
            'gradeId',
            'subjectId',
            'chapterId',
            'topicId',
            'tags',
            'language',
            'status',
          ].includes(k),
        ),
      ),
      id: ids[1],
      revision: edited.revision,
      difficulty: 'hard',
    });
    expect(save.statusCode, save.body).toBe(200);

    const undone = await undo(edit.id);
    expect(undone).toMatchObject({ state: 'undone', restored: 11 });
    expect(undone.leftAlone).toEqual([
      { path: `question ${ids[1]}`, message: 'Edited since the bulk edit: left as it is' },
    ]);
    expect(await question(ids[0]!)).toMatchObject({
      subjectId: cur.otherSubject.id,
      chapterId: null,
      gradeId: cur.otherGrade.id,
      revision: 3,
    });
    expect((await question(ids[1]!)).chapterId).toBe(cur.chapter.id);

    // Undone once: a second undo is refused in words.
    const again = await w.post('/bulk-edits/undo', { id: edit.id });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'bulk_edit_not_undoable' });
  });

  it('checks every row first: one refused row names itself and nothing is written', async () => {
    const { items } = await w.add(
      choice(uniqueWords(), { marks: 4 }),
      choice(uniqueWords(), { marks: 1 }),
      { type: 'subjective', stem: `<p>${uniqueWords()}</p>`, status: 'draft' },
    );
    const ids = items.map((q) => q.id);
    const edit = await start('questions', {
      selection: { ids },
      set: { negativeMarks: 2, status: 'active' },
    });
    expect(edit.state).toBe('refused');
    expect(edit.refusedCount).toBe(3);
    expect(edit.refused).toEqual(
      expect.arrayContaining([
        { path: `question ${ids[1]}`, message: 'Negative marks cannot be more than the marks' },
        {
          path: `question ${ids[2]}`,
          message: 'Only a complete question can leave draft: Write the model answer',
        },
      ]),
    );
    expect((await question(ids[0]!)).negativeMarks).toBe(0);
    const job = (await w.get(`/jobs/status?id=${edit.jobId}`)).json();
    expect(job.state).toBe('failed');
    expect(job.error.code).toBe('bulk_edit_refused');
    expect(job.error.details).toHaveLength(3);
  });

  it('adds and removes tags, keeps each once, and skips rows it would not change', async () => {
    const { items } = await w.add(
      choice(uniqueWords(), { tags: ['old', 'shared'] }),
      choice(uniqueWords(), { tags: ['new', 'shared'] }),
    );
    const ids = items.map((q) => q.id);
    const edit = await start('questions', {
      selection: { ids },
      set: { addTags: ['new', 'shared'], removeTags: ['old'] },
    });
    expect(edit).toMatchObject({ state: 'done', changed: 1 });
    expect((await question(ids[0]!)).tags).toEqual(['shared', 'new']);
    expect((await question(ids[1]!)).revision).toBe(1);
  });

  it('refuses what cannot apply to any row in the request, and ids that are gone in the result', async () => {
    const bad = await w.post('/bulk-edits/questions', {
      selection: { ids: [1] },
      set: { chapterId: cur.chapter.id, subjectId: cur.otherSubject.id },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0]).toMatchObject({ path: 'body.set.chapterId' });
    const empty = await w.post('/bulk-edits/questions', { selection: { ids: [1] }, set: {} });
    expect(empty.statusCode).toBe(400);
    const gone = await start('questions', {
      selection: { ids: [987654] },
      set: { difficulty: 'easy' },
    });
    expect(gone.refused).toEqual([
      { path: 'question 987654', message: 'No such question (deleted since it was chosen)' },
    ]);
  });

  it('is guarded by the kind module: an admin of books alone cannot start, see or undo a questions edit', async () => {
    const { items } = await w.add(choice(uniqueWords()));
    const edit = await start('questions', {
      selection: { ids: [items[0]!.id] },
      set: { difficulty: 'hard' },
    });
    expect(
      (
        await w.post(
          '/bulk-edits/questions',
          { selection: { ids: [1] }, set: { difficulty: 'easy' } },
          booksToken,
        )
      ).statusCode,
    ).toBe(403);
    expect((await w.get(`/bulk-edits/status?id=${edit.id}`, booksToken)).statusCode).toBe(404);
    expect((await w.post('/bulk-edits/undo', { id: edit.id }, booksToken)).statusCode).toBe(404);
  });

  it('can be undone for a day only', async () => {
    const { items } = await w.add(choice(uniqueWords()));
    const edit = await start('questions', {
      selection: { ids: [items[0]!.id] },
      set: { language: 'Hindi' },
    });
    // Finished 25 hours ago (moving the clock would end the session too).
    await w.t.app.deps.db
      .update(bulkEdits)
      .set({ doneAt: new Date(w.t.clock().getTime() - 25 * 3_600_000) })
      .where(eq(bulkEdits.id, edit.id));
    const res = await w.post('/bulk-edits/undo', { id: edit.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/for a day/);
  });
});

describe('bulk edit of QR codes', () => {
  it("disables all of a book's codes, then undoes it", async () => {
    const qrToken = (
      await w.t.signIn((await w.t.createAdmin({ modules: ['qr_codes', 'books'] })).email)
    ).accessToken;
    const isbn = '9780306406157';
    const made = await w.post('/book/createbookcontent', { isbn, title: uniqueWords() });
    const bookId = (made.json() as { id: number }).id;
    const gen = await w.post('/book/generateqrcode', { mode: 'spare', bookId, count: 3 }, qrToken);
    expect(gen.statusCode, gen.body).toBe(200);
    const codes = async () =>
      (
        (await w.get(`/book/getgenerateqrcodes?bookId=${bookId}`, qrToken)).json() as {
          items: { enabled: boolean }[];
        }
      ).items.map((c) => c.enabled);
    await expect.poll(codes).toEqual([true, true, true]);
    const edit = await start(
      'qr-codes',
      { selection: { filter: { bookId: String(bookId) } }, set: { enabled: false } },
      qrToken,
    );
    expect(edit).toMatchObject({ state: 'done', changed: 3 });
    expect(edit.summary).toMatch(/^3 QR codes disabled by/);
    expect(await codes()).toEqual([false, false, false]);
    expect((await undo(edit.id, qrToken)).restored).toBe(3);
    expect(await codes()).toEqual([true, true, true]);
  });
});

describe('bulk edit of books', () => {
  it('sets a grade (clearing a subject of another grade), then undoes it', async () => {
    const mk = async (extra: object) => {
      const isbn = `97800000${String(Math.floor(Math.random() * 10000)).padStart(4, '0')}`;
      const sum = [...isbn].reduce((s, d, i) => s + Number(d) * (i % 2 ? 3 : 1), 0);
      const res = await w.post('/book/createbookcontent', {
        isbn: `${isbn}${(10 - (sum % 10)) % 10}`,
        title: uniqueWords(),
        ...extra,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { id: number };
    };
    const a = await mk({ subjectId: cur.subject.id });
    const b = await mk({ subjectId: cur.otherSubject.id });
    const edit = await start('books', {
      selection: { ids: [a.id, b.id] },
      set: { gradeId: cur.grade.id, status: 'active' },
    });
    expect(edit).toMatchObject({ state: 'done', changed: 2 });
    const book = async (id: number) => (await w.get(`/book/getbook?id=${id}`)).json();
    expect(await book(a.id)).toMatchObject({
      gradeId: cur.grade.id,
      subjectId: cur.subject.id,
      status: 'active',
    });
    expect(await book(b.id)).toMatchObject({
      gradeId: cur.grade.id,
      subjectId: null,
      status: 'active',
    });
    const undone = await undo(edit.id);
    expect(undone).toMatchObject({ state: 'undone', restored: 2, leftAlone: [] });
    expect(await book(b.id)).toMatchObject({
      gradeId: cur.otherGrade.id,
      subjectId: cur.otherSubject.id,
      status: 'draft',
    });
  });
});
