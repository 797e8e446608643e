import { XLSX_MAX_ROWS } from '@bo/contract/reports';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { ingest, makeAppKey, registered } from '../learners/learners.testing.ts';

/**
 * An XLSX download above Excel's row limit is refused (never cut), pointing
 * to CSV. It needs a million rows: seconds on PostgreSQL, three minutes on
 * PGlite, so it runs on PostgreSQL only (DATABASE_URL set).
 */
const onPostgres = Boolean(process.env.DATABASE_URL);

let t: TestApp;
let token: string;
const DAY = '2025-06-01';

beforeAll(async () => {
  if (!onPostgres) return;
  t = await createTestApp();
  const admin = await t.createAdmin({ role: 'super_admin' });
  token = (await t.signIn(admin.email)).accessToken;
  const key = await makeAppKey(t, token);
  const learner = registered({ at: `${DAY}T00:00:00Z` });
  expect((await ingest(t, key, [learner])).json().rejected).toEqual([]);
  // One row more than a sheet holds, written in SQL: the ingest route is not what is tested here.
  await t.app.deps.db.execute(sql`
    insert into learner_sessions (event_id, session_uid, learner_id, platform, started_at)
    select gen_random_uuid(), gen_random_uuid(), l.id, 'web',
      ${`${DAY}T00:00:00Z`}::timestamptz + (g * interval '50 milliseconds')
    from learners l, generate_series(1, ${XLSX_MAX_ROWS + 1}) g`);
}, 300_000);
afterAll(() => t?.close());

describe.skipIf(!onPostgres)('XLSX row limit', () => {
  it(`refuses ${XLSX_MAX_ROWS + 1} rows as XLSX with the advice to take CSV`, async () => {
    const res = await t.as(token, {
      method: 'GET',
      url: `/api/reports/getusersession?from=${DAY}&to=${DAY}&format=xlsx`,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'too_many_rows' });
    expect(res.json().message).toMatch(/1,048,576 rows, more than an Excel sheet holds.*as CSV/);
  }, 60_000);
});
