import { booleanQuery, defineRoutes, okSchema } from '@bo/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { auditLog } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { markUnchanged, recordAudit } from './audit-record.ts';
import { registerRoutes } from './register-routes.ts';

/**
 * The route layer's audit rules (audit-default.ts) on test-only routes: what
 * a route declares is checked, loudly in tests, logged and covered in
 * production.
 */
const common = { access: 'books', tag: 'probe', response: okSchema } as const;
const probes = defineRoutes({
  selfButSilent: {
    ...common,
    method: 'POST',
    audit: 'self',
    path: '/test/self-silent',
    summary: 't',
  },
  selfAndWrites: {
    ...common,
    method: 'POST',
    audit: 'self',
    path: '/test/self-writes',
    summary: 't',
  },
  undeclared: { ...common, method: 'POST', path: '/test/undeclared', summary: 't' },
  unchanged: { ...common, method: 'POST', audit: 'self', path: '/test/unchanged', summary: 't' },
  dryRun: {
    ...common,
    method: 'POST',
    audit: 'self',
    path: '/test/dry-run',
    summary: 't',
    query: z.object({ dryRun: booleanQuery.default(true) }),
  },
});

const ok = { ok: true as const };
function register(app: TestApp['app']) {
  const db = app.deps.db;
  registerRoutes(app, app.deps, probes, {
    selfButSilent: () => ok,
    selfAndWrites: async ({ ctx }) => {
      await recordAudit(db, ctx, { action: 'book_edited', entity: 'book', entityId: 1 });
      return ok;
    },
    undeclared: async ({ ctx }) => {
      await recordAudit(db, ctx, { action: 'book_edited', entity: 'book', entityId: 1 });
      return ok;
    },
    unchanged: ({ ctx }) => {
      markUnchanged(ctx);
      return ok;
    },
    dryRun: ({ query, ctx }) => {
      if (!query.dryRun)
        return recordAudit(db, ctx, { action: 'books_imported', entity: 'book' }).then(() => ok);
      return ok;
    },
  });
}

async function setUp(strictAudit: boolean, log?: string[]) {
  const t = await createTestApp(
    {},
    {
      strictAudit,
      beforeReady: register,
      ...(log ? { logger: { level: 'error', stream: { write: (l: string) => log.push(l) } } } : {}),
    },
  );
  const token = (await t.signIn((await t.createAdmin({ modules: ['books'] })).email)).accessToken;
  const call = async (url: string) => {
    const res = await t.as(token, { method: 'POST', url: `/api/test/${url}`, payload: {} });
    const rows = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.requestId, String(res.headers['x-request-id'])));
    return { status: res.statusCode, json: res.json(), actions: rows.map((r) => r.action) };
  };
  return { t, call };
}

describe('in tests (strict)', () => {
  let s: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    s = await setUp(true);
  });
  afterAll(() => s?.t.close());

  it('a self-audited route that wrote no row fails loudly', async () => {
    const res = await s.call('self-silent');
    expect(res.status).toBe(500);
    expect(res.json).toMatchObject({ code: 'audit_missing' });
    expect(res.json.message).toContain('selfButSilent');
  });

  it('a self-audited route that wrote its row passes with that row only', async () => {
    expect(await s.call('self-writes')).toMatchObject({ status: 200, actions: ['book_edited'] });
  });

  it('a route writing its own row without declaring it fails', async () => {
    const res = await s.call('undeclared');
    expect(res.status).toBe(500);
    expect(res.json).toMatchObject({ code: 'audit_undeclared' });
  });

  it('a call marked unchanged and a dry run owe no row; the real run does', async () => {
    expect(await s.call('unchanged')).toMatchObject({ status: 200, actions: [] });
    expect(await s.call('dry-run')).toMatchObject({ status: 200, actions: [] });
    expect(await s.call('dry-run?dryRun=false')).toMatchObject({
      status: 200,
      actions: ['books_imported'],
    });
  });
});

describe('in production (not strict)', () => {
  const log: string[] = [];
  let s: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    s = await setUp(false, log);
  });
  afterAll(() => s?.t.close());

  it('a missing row is logged as an error and covered by the generic row', async () => {
    expect(await s.call('self-silent')).toMatchObject({ status: 200, actions: ['selfButSilent'] });
    const line = log.find((l) => l.includes('selfButSilent succeeded without writing'));
    expect(line && JSON.parse(line).level).toBe(50);
  });
});
