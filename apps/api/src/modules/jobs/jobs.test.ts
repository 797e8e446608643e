import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobKind } from '../../jobs/job.ts';
import { JOBS } from '../../jobs/registry.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { waitForJob } from '../../test/jobs.testing.ts';

/** Fails its first try (no retries allowed), succeeds once run again. */
let tries = 0;
const flaky: JobKind<{ rows: number }> = {
  kind: 'test.flaky',
  retryLimit: 0,
  pollSeconds: 0.2,
  async run(data, ctx) {
    tries++;
    await ctx.progress(50, `Checked ${data.rows / 2} of ${data.rows} rows`);
    if (tries === 1) throw new Error('The workbook could not be read');
    return { imported: data.rows };
  },
};

/** A kind on a schedule (once a year: it never fires during the test), run by hand here. */
const routine: JobKind<Record<string, never>> = {
  kind: 'test.routine',
  pollSeconds: 0.2,
  schedule: () => '0 0 1 1 *',
  async run() {
    return { ok: true };
  },
};

let t: TestApp;
let superToken: string;
let other: { id: number; token: string };
beforeAll(async () => {
  t = await createTestApp({}, { jobKinds: [flaky, routine] });
  const s = await t.createAdmin({ role: 'super_admin' });
  superToken = (await t.signIn(s.email)).accessToken;
  const o = await t.createAdmin({ modules: ['books'] });
  other = { id: o.id, token: (await t.signIn(o.email)).accessToken };
});
afterAll(() => t?.close());

const get = (token: string, url: string) => t.as(token, { method: 'GET', url: `/api${url}` });

describe('jobs screen API', () => {
  it('lists recent jobs newest first, with filters by state and kind, and the kinds to filter by', async () => {
    // Each sign-in above mailed a code through a system mail's delivery.
    const res = await get(superToken, '/jobs?kind=delivery.now&state=completed');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // Every registered kind, the test's own included, sorted.
    expect(body.kinds).toEqual([...JOBS.map((j) => j.kind), 'test.flaky', 'test.routine'].sort());
    expect(body.total).toBeGreaterThanOrEqual(2);
    expect(body.items[0]).toMatchObject({
      kind: 'delivery.now',
      state: 'completed',
      progress: 100,
      error: null,
      attempts: 1,
    });
    const times = body.items.map((j: { createdAt: string }) => j.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await get(superToken, '/jobs?state=failed')).json().total).toBe(0);
    expect((await get(superToken, '/jobs?kind=no%20such')).statusCode).toBe(400);
  });

  it('shows a failed job with its error and progress, and runs it again on retry', async () => {
    const id = await t.app.deps.jobs.enqueue(
      t.app.deps.db,
      'test.flaky' as never,
      { rows: 10 } as never,
      {
        by: other.id,
      },
    );
    await waitForJob(t.app, id);
    const failed = await get(superToken, `/jobs/status?id=${id}`);
    expect(failed.json()).toMatchObject({
      state: 'failed',
      // A failure other than a refusal: the job's own words, as a request's error.
      error: { message: 'The workbook could not be read', code: 'job_failed' },
      progress: 50,
      message: 'Checked 5 of 10 rows',
      attempts: 1,
      maxAttempts: 1,
      byAdminId: other.id,
    });
    // The admin who started it may follow it; the list is for super admins only.
    expect((await get(other.token, `/jobs/status?id=${id}`)).statusCode).toBe(200);
    expect((await get(other.token, '/jobs')).statusCode).toBe(403);

    const retry = await t.as(superToken, {
      method: 'POST',
      url: '/api/jobs/retry',
      payload: { id },
    });
    expect(retry.statusCode).toBe(200);
    expect(['retry', 'active', 'completed']).toContain(retry.json().state);
    await expect
      .poll(async () => (await get(superToken, `/jobs/status?id=${id}`)).json().state, {
        timeout: 5000,
      })
      .toBe('completed');
    expect((await get(superToken, `/jobs/status?id=${id}`)).json()).toMatchObject({
      result: { imported: 10 },
      error: null,
      progress: 100,
      attempts: 2,
    });
    const again = await t.as(superToken, {
      method: 'POST',
      url: '/api/jobs/retry',
      payload: { id },
    });
    expect(again.statusCode).toBe(409);
  });

  it("hides a scheduled kind's finished runs unless asked for or its kind is chosen", async () => {
    const id = await t.app.deps.jobs.enqueue(t.app.deps.db, 'test.routine' as never, {} as never);
    expect((await waitForJob(t.app, id)).state).toBe('completed');
    const ids = async (url: string) =>
      (await get(superToken, url)).json().items.map((j: { id: string }) => j.id);
    expect(await ids('/jobs?pageSize=100')).not.toContain(id);
    expect(await ids('/jobs?pageSize=100&routine=shown')).toContain(id);
    expect(await ids('/jobs?kind=test.routine')).toContain(id);
    // Other kinds' finished jobs still show by default.
    expect((await get(superToken, '/jobs?state=completed')).json().total).toBeGreaterThan(0);
    expect((await get(superToken, '/jobs?routine=yes')).statusCode).toBe(400);
  });

  it("hides another admin's job and unknown ids behind the same 404", async () => {
    const mine = (await get(superToken, '/jobs?kind=delivery.now'))
      .json()
      .items.find((j: { byAdminId: number | null }) => j.byAdminId !== other.id);
    const foreign = await get(other.token, `/jobs/status?id=${mine.id}`);
    const unknown = await get(other.token, '/jobs/status?id=00000000-0000-4000-8000-000000000000');
    expect([foreign.statusCode, unknown.statusCode]).toEqual([404, 404]);
    expect(foreign.json()).toEqual(unknown.json());
  });
});
