import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { jobRow, waitForJob } from '../test/jobs.testing.ts';
import type { JobKind } from './job.ts';

/** Test kinds: one that records each run, one that always throws, one that reports progress. */
const runs: { kind: string; id: string; attempt: number; at: number }[] = [];
const record: JobKind<{ n: number }> = {
  kind: 'test.record',
  pollSeconds: 0.2,
  async run(data, ctx) {
    runs.push({ kind: ctx.kind, id: ctx.id, attempt: ctx.attempt, at: Date.now() });
    return { doubled: data.n * 2 };
  },
};
const failing: JobKind = {
  kind: 'test.failing',
  retryLimit: 2,
  retryDelaySeconds: 1,
  pollSeconds: 0.2,
  async run(_data, ctx) {
    runs.push({ kind: ctx.kind, id: ctx.id, attempt: ctx.attempt, at: Date.now() });
    throw new Error(`The printer is on fire (try ${ctx.attempt})`);
  },
};
let release: () => void = () => {};
const progressing: JobKind = {
  kind: 'test.progress',
  async run(_data, ctx) {
    await ctx.progress(40, 'Checked 40 of 100 rows');
    await new Promise<void>((r) => {
      release = r;
    });
    await ctx.progress(90, 'Writing');
    return { rows: 100 };
  },
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { jobKinds: [record, failing, progressing] });
});
afterAll(() => t?.close());

const enqueue = (
  executor: Parameters<TestApp['app']['deps']['jobs']['enqueue']>[0],
  kind: string,
  data: object,
) => t.app.deps.jobs.enqueue(executor, kind as never, data as never);

describe('job queue', () => {
  it('runs a job enqueued in a committed transaction, and never one whose transaction rolled back', async () => {
    let rolledBackId: string | null = null;
    await expect(
      t.app.deps.db.transaction(async (tx) => {
        rolledBackId = await enqueue(tx, 'test.record', { n: 1 });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const committedId = await t.app.deps.db.transaction((tx) =>
      enqueue(tx, 'test.record', { n: 2 }),
    );

    const done = await waitForJob(t.app, committedId!);
    expect(done).toMatchObject({
      state: 'completed',
      output: { progress: 100, result: { doubled: 4 } },
    });
    // Give the rolled-back one every chance to show up: several polls.
    await new Promise((r) => setTimeout(r, 1000));
    expect(rolledBackId).toBeTruthy();
    expect(await jobRow(t.app, rolledBackId!)).toBeNull();
    expect(runs.filter((r) => r.kind === 'test.record').map((r) => r.id)).toEqual([committedId]);
  });

  it('retries a throwing job with growing delays, then keeps it as dead (failed) with its error', async () => {
    const id = await enqueue(t.app.deps.db, 'test.failing', {});
    const dead = await waitForJob(t.app, id!, 20_000);
    expect(dead).toMatchObject({
      state: 'failed',
      retryCount: 2,
      output: { error: 'The printer is on fire (try 3)' },
    });
    const tries = runs.filter((r) => r.id === id);
    expect(tries.map((r) => r.attempt)).toEqual([1, 2, 3]);
    // Backoff: retry n waits between delay*2^(n-1) and twice that (1-2 s, then 2-4 s).
    const gap1 = tries[1]!.at - tries[0]!.at;
    const gap2 = tries[2]!.at - tries[1]!.at;
    expect(gap1).toBeGreaterThanOrEqual(900);
    expect(gap2).toBeGreaterThanOrEqual(1900);

    // The retry of a dead job runs it once more (and it fails again).
    await t.app.deps.jobs.retry('test.failing', id!);
    await expect.poll(() => runs.filter((r) => r.id === id).length, { timeout: 5000 }).toBe(4);
    expect((await waitForJob(t.app, id!))?.state).toBe('failed');
  }, 30_000);

  it('shows the progress of a running job, then its result', async () => {
    const id = await enqueue(t.app.deps.db, 'test.progress', {});
    await expect
      .poll(async () => (await jobRow(t.app, id!))?.output, { timeout: 5000 })
      .toEqual({ progress: 40, message: 'Checked 40 of 100 rows' });
    expect((await jobRow(t.app, id!))?.state).toBe('active');
    release();
    expect(await waitForJob(t.app, id!)).toMatchObject({
      state: 'completed',
      output: { progress: 100, message: 'Writing', result: { rows: 100 } },
    });
  });

  it('holds a job enqueued for later (in a transaction) until its time', async () => {
    const before = runs.length;
    const id = await t.app.deps.db.transaction((tx) =>
      t.app.deps.jobs.enqueue(tx, 'test.record' as never, { n: 3 } as never, {
        startAfterSeconds: 2,
        expireInSeconds: 30,
      }),
    );
    await new Promise((r) => setTimeout(r, 1000));
    expect(runs.length).toBe(before);
    expect((await jobRow(t.app, id))?.state).toBe('created');
    expect(await waitForJob(t.app, id)).toMatchObject({ state: 'completed' });
  });

  it('keeps job data out of the way of the product schema (own pgboss schema)', async () => {
    const { rows } = (await t.app.deps.db.execute(
      sql`select count(*)::int as n from information_schema.tables where table_schema = 'pgboss' and table_name = 'job'`,
    )) as unknown as { rows: { n: number }[] };
    expect(rows[0]?.n).toBe(1);
  });
});
