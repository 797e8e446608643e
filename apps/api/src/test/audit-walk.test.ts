import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AUDIT_ACTIONS, type RouteDef, routes } from '@bo/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from './harness.ts';
import {
  type World,
  WRITE_SAMPLES,
  type WriteCall,
  type WriteRoute,
} from './write-samples/index.ts';

/**
 * Audit by default: every write route of the contract, called once with a
 * valid sample, must leave its audit row (the service's own for `audit:
 * 'self'`, the generic one otherwise, none only for `audit: 'none'`). The
 * app runs in strict audit mode, as every test app does, so a self-audited
 * route that wrote nothing answers 500 here.
 */

const writes = Object.entries(routes as Record<string, RouteDef>).filter(
  ([, d]) => d.method === 'POST',
);
const dataDir = mkdtempSync(path.join(tmpdir(), 'bo-audit-walk-'));
let t: TestApp;
let world: World;
const outcomes = new Map<string, Awaited<ReturnType<typeof call>>>();

async function call(c: WriteCall) {
  const res = c.token ? await t.as(c.token, c.req) : await t.app.inject(c.req);
  const requestId = String(res.headers['x-request-id']);
  const rows = await t.app.deps.db.select().from(auditLog).where(eq(auditLog.requestId, requestId));
  return { status: res.statusCode, body: res.body, rows };
}

beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: dataDir });
  // The first super admin can only be created on an empty database: its
  // sample runs first and makes the admin every other sample acts as.
  outcomes.set('setup', await call(await WRITE_SAMPLES.setup({ t, token: '' })));
  world = { t, token: (await t.signIn('first@example.test')).accessToken };
}, 60_000);
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the walk covers every write route', () => {
  it('each write route has a sample, and each sample a write route', () => {
    const names = writes.map(([name]) => name).sort();
    const missing = names.filter((n) => !(n in WRITE_SAMPLES));
    expect(missing, 'write routes without a sample in test/write-samples/').toEqual([]);
    expect(Object.keys(WRITE_SAMPLES).sort()).toEqual(names);
  });

  it("only a token rotation, reads sent as POST (a link check, a duplicate check, an audience count, the mail previews) and the learner app's data and reports (ingest, pop-ups shown, inbox read, push tokens) leave no row on purpose", () => {
    const silent = writes.filter(([, d]) => d.audit === 'none').map(([n]) => n);
    expect(silent.sort()).toEqual([
      'appInboxRead',
      'appPopupShown',
      'appPushToken',
      'checkDuplicates',
      'checkLink',
      'countAudience',
      'ingestEvents',
      'previewMailer',
      'previewTemplate',
      'refresh',
    ]);
  });
});

describe.each(writes)('%s', (name, def) => {
  it(`a successful call leaves its audit row (${def.audit ?? 'generic'})`, async () => {
    const sample = WRITE_SAMPLES[name as WriteRoute];
    expect(sample, `${name} has no sample`).toBeDefined();
    const out = outcomes.get(name) ?? (await call(await sample(world)));
    expect(out.status, `${name}: ${out.body.slice(0, 300)}`).toBe(200);
    const actions = out.rows.map((r) => r.action);
    if (def.audit === 'none') {
      expect(actions, name).toEqual([]);
      return;
    }
    expect(actions.length, `${name} left no audit row`).toBeGreaterThan(0);
    // A self-audited route's own row is proven by strict mode (a missing one
    // answers 500 above); a generic route's row is named after the route.
    if (def.audit !== 'self') expect(actions, name).toEqual([name]);
    for (const row of out.rows) {
      expect(row.at.getTime(), name).toBeGreaterThan(Date.now() - 60_000);
      // Every action written has its words on the audit screen, and its kind of thing.
      expect(AUDIT_ACTIONS, `${name} wrote ${row.action}, which has no label`).toHaveProperty(
        row.action,
      );
      expect(AUDIT_ACTIONS[row.action as keyof typeof AUDIT_ACTIONS].entity, row.action).toBe(
        row.entity,
      );
    }
  });
});
