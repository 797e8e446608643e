// What every part of the books benchmark shares: an app on a fresh database
// (in-memory PGlite, or a new database on the server of DATABASE_URL), a
// super admin's token, subjects for every grade, and a timer.
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { buildApp } from '../../apps/api/src/app.ts';
import { loadConfig } from '../../apps/api/src/config.ts';
import type { Database } from '../../apps/api/src/db/client.ts';
import { admins, grades, subjects } from '../../apps/api/src/db/schema/index.ts';
import { startSession } from '../../apps/api/src/modules/auth/sessions.service.ts';
import { openTestDatabase } from '../../apps/api/src/test/test-database.ts';

export const SUBJECTS = [
  'English',
  'Mathematics',
  'Science',
  'Social Studies',
  'Hindi',
  'Computers',
];

/** `database`: another than the default (in-memory PGlite, or a fresh database on DATABASE_URL). */
export async function openBench(database?: Database) {
  const config = loadConfig({
    DATA_DIR: '/tmp/bo-bench-unused',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-000',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    // Loading a million questions takes longer than the default 15 minutes.
    ACCESS_TOKEN_TTL: '1d',
  });
  database ??= await openTestDatabase();
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const db = database.db;
  // A reused database (bench/questions, BENCH_REUSE) has its admin and subjects already.
  await db
    .insert(admins)
    .values({ email: 'bench@example.test', name: 'Bench', role: 'super_admin', status: 'active' })
    .onConflictDoNothing();
  const [admin] = await db
    .select({ id: admins.id })
    .from(admins)
    .where(eq(admins.email, 'bench@example.test'));
  const ctx = {
    adminId: null,
    adminEmail: null,
    ip: '127.0.0.1',
    requestId: 'bench',
    userAgent: null,
  };
  const { accessToken } = await startSession(app.deps, db, admin!.id, ctx);
  const gradeRows = await db.select().from(grades).orderBy(grades.position);
  const [someSubject] = await db.select({ id: subjects.id }).from(subjects).limit(1);
  if (!someSubject)
    await db
      .insert(subjects)
      .values(
        gradeRows.flatMap((g) =>
          SUBJECTS.map((name, i) => ({ gradeId: g.id, name, position: i + 1 })),
        ),
      );
  const inject = async (opts: InjectOptions) => {
    const res = await app.inject({
      ...opts,
      headers: { ...opts.headers, authorization: `Bearer ${accessToken}` },
    });
    if (res.statusCode !== 200) throw new Error(`${opts.url}: ${res.statusCode} ${res.body}`);
    return res;
  };
  return {
    app,
    db,
    kind: database.kind,
    gradeRows,
    inject,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export type Bench = Awaited<ReturnType<typeof openBench>>;

/** Times `run` `n` times after `warmUp` untimed calls: p50/p95/max in ms. */
export async function timeEach(n: number, run: (i: number) => Promise<unknown>, warmUp = 10) {
  for (let i = 0; i < warmUp; i++) await run(i);
  const ms: number[] = [];
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    await run(i);
    ms.push(performance.now() - start);
  }
  ms.sort((a, b) => a - b);
  const at = (p: number) =>
    Number(ms[Math.min(ms.length - 1, Math.floor(p * ms.length))]!.toFixed(2));
  return { p50: at(0.5), p95: at(0.95), max: at(1) };
}

export const seconds = (since: number) => Number(((performance.now() - since) / 1000).toFixed(2));
