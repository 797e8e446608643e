import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, expect } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

/**
 * What the curriculum test files share: an app, an admin with the
 * curriculum module (`token`), one with books and admins but not curriculum
 * (`outsider`), and the id of Class 5. Each test works under its own grade
 * (Class 5, 6, 7 …), so the files and tests do not depend on each other.
 * Filled in by `useCurriculumTestApp()`'s beforeAll.
 */
export const ctx = {
  t: undefined as unknown as TestApp,
  token: '',
  outsider: '',
  gradeId: 0,
};

export function useCurriculumTestApp() {
  beforeAll(async () => {
    ctx.t = await createTestApp();
    const a = await ctx.t.createAdmin({ modules: ['curriculum'] });
    ctx.token = (await ctx.t.signIn(a.email)).accessToken;
    const b = await ctx.t.createAdmin({ modules: ['books', 'admins'] });
    ctx.outsider = (await ctx.t.signIn(b.email)).accessToken;
    ctx.gradeId = (await get('/book/getgrades'))
      .json()
      .items.find((g: { name: string }) => g.name === 'Class 5').id;
  });
  afterAll(() => ctx.t?.close());
}

export const post = (url: string, payload: object, as = ctx.token) =>
  ctx.t.as(as, { method: 'POST', url: `/api${url}`, payload });
export const get = (url: string, as = ctx.token) =>
  ctx.t.as(as, { method: 'GET', url: `/api${url}` });
export const ok200 = async (p: ReturnType<typeof post>) => {
  const res = await p;
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
export const auditOf = async (entity: string, id: number) =>
  ctx.t.app.deps.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(id))))
    .orderBy(auditLog.id);

export async function loadXlsx(body: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  return wb.worksheets[0]!;
}
