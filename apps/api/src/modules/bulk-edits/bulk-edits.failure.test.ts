import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkEditRows, bulkEdits } from '../../db/schema/index.ts';
import {
  choice,
  type QuestionsWorld,
  questionsWorld,
  uniqueWords,
} from '../questions/questions.testing.ts';
import { bulkEditApplyJob, bulkEditUndoJob } from './bulk-edits.jobs.ts';

/**
 * A bulk edit whose job fails on every try (here: a set the database
 * cannot store, written into the record behind the contract's back) ends
 * `failed` on its last try, not `queued` for ever; a failed undo leaves the
 * edit `done`, so Undo is offered again. Earlier tries, and a run stopped by
 * a shutdown, leave the record as it is for the next try.
 */

let w: QuestionsWorld;
beforeAll(async () => {
  w = await questionsWorld();
});
afterAll(() => w?.t.close());

const state = async (id: number) =>
  (await w.t.app.deps.db.select().from(bulkEdits).where(eq(bulkEdits.id, id)))[0]!.state;

/** A job run as the queue runs it: this try's number, and a signal not aborted unless asked. */
const tryNo = (attempt: number, aborted = false) => {
  const stop = new AbortController();
  if (aborted) stop.abort();
  return {
    id: `test-${attempt}`,
    kind: 'bulk_edits.apply',
    attempt,
    by: null,
    deps: w.t.app.deps,
    signal: stop.signal,
    progress: async () => undefined,
  };
};

/**
 * An edit of one question that the database cannot write: its `set` (to
 * apply) and its kept before-value (to undo) hold marks "many".
 */
async function brokenEdit(stateNow: 'queued' | 'undoing') {
  const { items } = await w.add(choice(uniqueWords()));
  const question = items[0]!;
  const db = w.t.app.deps.db;
  const [row] = await db
    .insert(bulkEdits)
    .values({
      kind: 'questions',
      selection: { ids: [question.id] },
      set: { marks: 'many' },
      state: stateNow,
    })
    .returning({ id: bulkEdits.id });
  await db.insert(bulkEditRows).values({
    bulkEditId: row!.id,
    entityId: question.id,
    before: { marks: 'many' },
    versionAfter: String(question.revision),
  });
  return row!.id;
}

describe('a bulk edit whose job fails on every try', () => {
  it('stays queued after an early try, and ends failed on the last one', async () => {
    const id = await brokenEdit('queued');
    await expect(
      bulkEditApplyJob.run({ bulkEditId: id, kind: 'questions' }, tryNo(1)),
    ).rejects.toThrow();
    expect(await state(id)).toBe('queued');
    // A shutdown mid-run is not a try: the record waits for the run that follows.
    await expect(
      bulkEditApplyJob.run({ bulkEditId: id, kind: 'questions' }, tryNo(3, true)),
    ).rejects.toThrow();
    expect(await state(id)).toBe('queued');
    await expect(
      bulkEditApplyJob.run({ bulkEditId: id, kind: 'questions' }, tryNo(3)),
    ).rejects.toThrow();
    expect(await state(id)).toBe('failed');
    const res = await w.get(`/bulk-edits/status?id=${id}`);
    expect(res.json()).toMatchObject({
      state: 'failed',
      summary: expect.stringMatching(/^Bulk edit of questions failed by /),
    });
  });

  it('a failed undo leaves the edit done, to be undone again', async () => {
    const id = await brokenEdit('undoing');
    await expect(
      bulkEditUndoJob.run({ bulkEditId: id, kind: 'questions' }, tryNo(3)),
    ).rejects.toThrow();
    expect(await state(id)).toBe('done');
  });
});
