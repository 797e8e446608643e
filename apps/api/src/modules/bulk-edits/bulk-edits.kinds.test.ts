import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, learners, tocNodes } from '../../db/schema/index.ts';
import { event, ingest, makeAppKey, registered } from '../learners/learners.testing.ts';
import {
  bookCodes,
  generate,
  get,
  newBook,
  post,
  useQrTestApp,
} from '../qr-codes/qr-codes.testing.ts';
import { curriculum } from '../questions/questions.testing.ts';
import { bulkEditCalls } from './bulk-edits.testing.ts';

/**
 * Bulk edit of QR code targets, media tags and folders, and learners'
 * blocks (docs/bulk-edits.md): the single edit's rules for every row, all
 * or none, undo, and who owns a learner's status.
 */
const w = useQrTestApp();
const { start, undo } = bulkEditCalls(
  () => w.t,
  () => w.token,
);

const audits = async (action: string, editId: number) =>
  w.t.app.deps.db
    .select({ entity: auditLog.entity, entityId: auditLog.entityId })
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.requestId, `bulk-edit-${editId}`)));

describe('QR codes: target', () => {
  it("points all of a book's codes at one of its nodes, refuses a code of another book, and undo puts them back", async () => {
    const b = await newBook(w, 'Bulk retarget', ['One', 'Two']);
    await generate(w, { mode: 'spare', bookId: b.bookId, count: 3 });
    const edit = await start('qr-codes', {
      selection: { filter: { bookId: String(b.bookId) } },
      set: { target: { kind: 'toc_node', id: b.nodes[1] } },
    });
    expect(edit).toMatchObject({ state: 'done', matched: 3, changed: 3 });
    expect(edit.summary).toMatch(/^3 QR codes retargeted by /);
    const codes = await bookCodes(w, b.bookId);
    expect(codes.map((c) => [c.targetKind, c.targetId])).toEqual(
      codes.map(() => ['toc_node', b.nodes[1]]),
    );
    expect(await audits('qr_code_bulk_edited', edit.id)).toHaveLength(3);

    // A node of another book for a code of this one: the row is refused, nothing written.
    const other = await newBook(w, 'Other book', ['Elsewhere']);
    const mixed = await start('qr-codes', {
      selection: { ids: codes.map((c) => c.id) },
      set: { target: { kind: 'toc_node', id: other.nodes[0] }, enabled: false },
    });
    expect(mixed.state).toBe('refused');
    expect(mixed.refusedCount).toBe(3);
    expect(mixed.refused[0]).toEqual({
      path: `QR code ${codes[0]!.id}`,
      message: `No TOC node ${other.nodes[0]} in this code's book`,
    });
    expect((await bookCodes(w, b.bookId)).every((c) => c.enabled)).toBe(true);

    const undone = await undo(edit.id);
    expect(undone).toMatchObject({ state: 'undone', restored: 3 });
    expect((await bookCodes(w, b.bookId)).every((c) => c.targetKind === null)).toBe(true);
  });

  it('checks the target once in the request: a video that is not there, a node of another book', async () => {
    const b = await newBook(w, 'Bad targets', ['Only']);
    await generate(w, { mode: 'spare', bookId: b.bookId, count: 1 });
    const noVideo = await post(w, '/bulk-edits/qr-codes', {
      selection: { filter: { bookId: String(b.bookId) } },
      set: { target: { kind: 'video', id: 999999 } },
    });
    expect(noVideo.statusCode).toBe(400);
    expect(noVideo.json()).toMatchObject({
      message: 'No video has ID 999999',
      details: [{ path: 'body.set.target.id' }],
    });
    const elsewhere = await post(w, '/bulk-edits/qr-codes', {
      selection: { filter: { bookId: String(b.bookId) } },
      set: { target: { kind: 'toc_node', id: w.nodes[0] } },
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().message).toBe(`TOC node ${w.nodes[0]} is not in this book`);
    const nothing = await post(w, '/bulk-edits/qr-codes', {
      selection: { filter: { bookId: String(b.bookId) } },
      set: {},
    });
    expect(nothing.statusCode).toBe(400);
  });

  it("a video's code may point at another video only; undo leaves a code whose old node was deleted since", async () => {
    const video = (
      await post(w, '/media/addvideo', {
        source: 'url',
        url: 'https://cdn.example.test/bulk.mp4',
        title: 'Bulk video',
      })
    ).json() as { id: number };
    const own = (await post(w, '/book/videoqrcode', { videoId: video.id })).json() as {
      id: number;
    };
    const toBook = await start('qr-codes', {
      selection: { ids: [own.id] },
      set: { target: { kind: 'book' } },
    });
    expect(toBook.refused).toEqual([
      { path: `QR code ${own.id}`, message: "A video's code can point at another video only" },
    ]);

    const b = await newBook(w, 'Node goes', ['Doomed', 'Stays']);
    await generate(w, { mode: 'spare', bookId: b.bookId, count: 2 });
    const [first, second] = await bookCodes(w, b.bookId);
    await post(w, '/book/retargetqrcode', {
      id: first!.id,
      target: { kind: 'toc_node', id: b.nodes[0] },
    });
    const edit = await start('qr-codes', {
      selection: { ids: [first!.id, second!.id] },
      set: { target: { kind: 'video', id: video.id } },
    });
    expect(edit).toMatchObject({ state: 'done', changed: 2 });
    // The node the first code pointed at before the edit is deleted meanwhile.
    await w.t.app.deps.db.delete(tocNodes).where(eq(tocNodes.id, b.nodes[0]!));
    const undone = await undo(edit.id);
    expect(undone).toMatchObject({ state: 'undone', restored: 1 });
    expect(undone.leftAlone).toEqual([
      {
        path: `QR code ${first!.id}`,
        message: 'Its TOC node before the edit was deleted since: left as it is',
      },
    ]);
    const after = await bookCodes(w, b.bookId);
    expect(after.find((c) => c.id === first!.id)).toMatchObject({ targetKind: 'video' });
    expect(after.find((c) => c.id === second!.id)).toMatchObject({ targetKind: null });
  });
});

describe('media: tags and folder', () => {
  it('re-files and moves all the videos that match, each audited as a video; undo puts them back', async () => {
    const cur = await curriculum(w.t);
    const folder = `Bulk ${randomUUID().slice(0, 6)}`;
    const ids: number[] = [];
    for (const title of ['Alpha', 'Beta', 'Gamma']) {
      const res = await post(w, '/media/addvideo', {
        source: 'url',
        url: `https://cdn.example.test/${title}.mp4`,
        title,
        folder,
        subjectId: cur.otherSubject.id,
      });
      ids.push(res.json().id);
    }
    const edit = await start('media', {
      selection: { filter: { kind: 'video', folder } },
      set: { chapterId: cur.chapter.id, folder: `${folder}/Fractions` },
    });
    expect(edit).toMatchObject({ state: 'done', matched: 3, changed: 3 });
    const item = (await get(w, `/media/getvideobyid?id=${ids[0]}`)).json();
    // The chapter brings its subject and grade.
    expect(item).toMatchObject({
      folder: `${folder}/Fractions`,
      chapterId: cur.chapter.id,
      subjectId: cur.subject.id,
      gradeId: cur.grade.id,
    });
    expect((await audits('video_bulk_edited', edit.id)).map((a) => a.entity)).toEqual([
      'video',
      'video',
      'video',
    ]);
    const bad = await post(w, '/bulk-edits/media', {
      selection: { ids },
      set: { subjectId: cur.otherSubject.id, gradeId: cur.grade.id },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].path).toBe('body.set.subjectId');

    const undone = await undo(edit.id);
    expect(undone).toMatchObject({ state: 'undone', restored: 3 });
    const back = (await get(w, `/media/getvideobyid?id=${ids[2]}`)).json();
    expect(back).toMatchObject({ folder, chapterId: null, subjectId: cur.otherSubject.id });
  });
});

describe('learners: block and unblock', () => {
  it("a block holds against the app's profile events until it is lifted here; undo puts the status back", async () => {
    const key = await makeAppKey(w.t, w.token);
    const city = `Bulkpur ${randomUUID().slice(0, 6)}`;
    const people = [registered({ city }), registered({ city }), registered({ city })];
    expect((await ingest(w.t, key, people)).json().accepted).toBe(3);
    // In the order of `people` (the app's ids), whatever the back-office ids.
    const rows = async () => {
      const all = await w.t.app.deps.db
        .select({ id: learners.id, uid: learners.uid, status: learners.status })
        .from(learners)
        .where(eq(learners.city, city));
      return people.map((p) => all.find((r) => r.uid === p.learnerId)!);
    };
    const status = async () => (await rows()).map((r) => r.status);

    const block = await start('learners', {
      selection: { filter: { city } },
      set: { blocked: true },
    });
    expect(block).toMatchObject({ state: 'done', matched: 3, changed: 3 });
    expect(block.summary).toMatch(/^3 learners blocked by /);
    expect(await status()).toEqual(['blocked', 'blocked', 'blocked']);
    // The learner's page says where the block comes from.
    const shown = async (i: number) =>
      (await get(w, `/user/getinfobyuserid?id=${(await rows())[i]!.id}`)).json().learner;
    expect(await shown(0)).toMatchObject({ status: 'blocked', blockedHere: true });
    // The app says the first learner is active again, and renames them: the name changes, the block holds.
    const first = people[0]!.learnerId;
    await ingest(w.t, key, [
      event('learner_updated', first, { status: 'active', name: 'Renamed' }),
    ]);
    expect(await status()).toEqual(['blocked', 'blocked', 'blocked']);
    const [renamed] = await w.t.app.deps.db
      .select({ name: learners.name })
      .from(learners)
      .where(sql`${learners.uid} = ${first}`);
    expect(renamed!.name).toBe('Renamed');
    // Activity touches the row all day: undo still puts back every learner.
    await ingest(w.t, key, [
      event('session_started', first, { sessionId: randomUUID(), platform: 'android' }),
    ]);

    const unblockOne = await start('learners', {
      selection: { ids: [(await rows())[1]!.id!] },
      set: { blocked: false },
    });
    expect(unblockOne).toMatchObject({ state: 'done', changed: 1 });
    expect(await status()).toEqual(['blocked', 'active', 'blocked']);
    expect(await shown(1)).toMatchObject({ status: 'active', blockedHere: false });
    // Unblocked, the status is the app's again.
    await ingest(w.t, key, [
      event('learner_updated', people[1]!.learnerId, { status: 'inactive' }),
    ]);
    expect(await status()).toEqual(['blocked', 'inactive', 'blocked']);

    const undone = await undo(block.id);
    expect(undone).toMatchObject({
      restored: 2,
      leftAlone: [{ path: `learner ${(await rows())[1]!.id}` }],
    });
    expect(await status()).toEqual(['active', 'inactive', 'active']);
    expect(await audits('learner_bulk_undone', block.id)).toHaveLength(2);
  });
});
