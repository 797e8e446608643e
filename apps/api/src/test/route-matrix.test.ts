import {
  type Access,
  accessModules,
  describeAccess,
  MODULE_KEYS,
  MODULES,
  type ModuleKey,
  type RouteDef,
  routes,
} from '@bo/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servedRoutes } from '../lib/register-routes.ts';
import { startSession } from '../modules/auth/sessions.service.ts';
import { crossModuleUploads } from './cross-module-uploads.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { type Schema, sample } from './openapi-sample.ts';

/**
 * docs/security.md items 15, 16 and 22 (405, no stack traces): every operation of
 * the served OpenAPI, joined with the contract's route table, called with no
 * token, by an admin holding each single module, by an admin holding every
 * module but not the super-admin role, and by a super admin.
 */

type Caller = 'none' | 'super' | 'all' | ModuleKey;
const CALLERS: Caller[] = ['none', 'super', 'all', ...MODULE_KEYS];
const ACCESS = new Set<string>(['public', 'learner_app', 'session', 'super_admin', ...MODULE_KEYS]);
const OPEN_METHODS = ['get', 'post', 'put', 'patch', 'delete', 'options', 'head', 'trace'];
const PROBE_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE'] as const;
/** What a leaked stack trace or source location looks like in a body. */
const STACK = /\bat [\w.<>]+ \(|node_modules|\.[cm]?[jt]s:\d+|"stack"/;

const contract = Object.entries(routes as Record<string, RouteDef>);
const opKey = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

let t: TestApp;
let doc: { paths: Record<string, Record<string, Schema>> };
const callers = new Map<Caller, { id: number; email: string; token: string }>();

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
  await Promise.all(
    CALLERS.filter((c) => c !== 'none').map(async (c) => {
      const { id, email } = await t.createAdmin(
        c === 'super'
          ? { role: 'super_admin' }
          : { role: 'admin', modules: c === 'all' ? [...MODULE_KEYS] : [c] },
      );
      callers.set(c, { id, email, token: (await t.signIn(email)).accessToken });
    }),
  );
}, 120_000);
afterAll(() => t?.close());

/** The answer the guard must give, or 'allowed' (anything but 401/403). */
function expected(access: Access, caller: Caller): 'public' | 'allowed' | 'app_key' | 401 | 403 {
  if (access === 'public') return 'public';
  // The learner app's routes take its key: no admin token opens them.
  if (access === 'learner_app') return caller === 'none' ? 401 : 'app_key';
  if (caller === 'none') return 401;
  if (access === 'session' || caller === 'super') return 'allowed';
  if (access === 'super_admin') return 403;
  return caller === 'all' || accessModules(access)?.includes(caller as ModuleKey) ? 'allowed' : 403;
}

function requestFor(path: string, method: string, op: Schema) {
  const query = new URLSearchParams();
  for (const p of op.parameters ?? []) {
    if (p.in === 'query' && p.required) query.set(p.name, String(sample(p.schema, p.name)));
  }
  const bodySchema = op.requestBody?.content?.['application/json']?.schema;
  const qs = query.toString();
  return {
    method: method as 'GET' | 'POST',
    url: `${path}${qs ? `?${qs}` : ''}`,
    ...(bodySchema ? { payload: sample(bodySchema) as object } : {}),
  };
}

async function call(caller: Caller, req: ReturnType<typeof requestFor>) {
  const c = callers.get(caller);
  const res = c ? await t.as(c.token, req) : await t.app.inject(req);
  // A successful logout (or similar) ends the caller's session: start a new
  // one directly (a full sign-in per caller and route would cost seconds).
  if (c && req.method === 'POST' && res.statusCode < 300) {
    const me = await t.as(c.token, { method: 'GET', url: '/api/auth/me' });
    if (me.statusCode === 401) {
      const ctx = {
        adminId: c.id,
        adminEmail: c.email,
        ip: '127.0.0.1',
        requestId: 'matrix',
        userAgent: null,
      };
      c.token = (await startSession(t.app.deps, t.app.deps.db, c.id, ctx)).accessToken;
    }
  }
  return res;
}

/**
 * Served routes as Fastify prints its radix tree (the only listing it offers),
 * so a route registered outside the contract cannot hide from this test.
 */
function servedTree(app: FastifyInstance): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    stack.length = depth;
    const full = (stack[depth - 1] ?? '') + m[2];
    stack.push(full);
    if (m[3]) out.set(full, m[3].split(', '));
  }
  return out;
}

describe('OpenAPI, contract and served routes agree', () => {
  it('every contract route declares a known access and is served and documented', () => {
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([path, ops]) =>
        Object.keys(ops)
          .filter((m) => OPEN_METHODS.includes(m))
          .map((m) => opKey(m, path)),
      ),
    );
    const served = new Set(servedRoutes(t.app));
    const declared = new Set<string>();
    for (const [name, def] of contract) {
      const key = opKey(def.method, `/api${def.path}`);
      declared.add(key);
      const known =
        accessModules(def.access)?.every((m) => ACCESS.has(m)) ?? ACCESS.has(def.access as string);
      expect(known, `${name} declares access ${describeAccess(def.access)}`).toBe(true);
      expect(served.has(key), `${name} (${key}) is not served`).toBe(true);
      expect(documented.has(key), `${name} (${key}) is not in the OpenAPI`).toBe(true);
      const op = doc.paths[`/api${def.path}`]![def.method.toLowerCase()]!;
      expect(op.description, key).toContain(`Access: ${describeAccess(def.access)}`);
      expect(Boolean(op.security?.length), `${key} documents bearer auth`).toBe(
        def.access !== 'public',
      );
    }
    expect(
      [...documented].filter((k) => !declared.has(k)),
      'operations without contract',
    ).toEqual([]);
    expect(
      [...served].filter((k) => !declared.has(k)),
      'served without contract',
    ).toEqual([]);
  });

  it('no path is served outside the contract except the API docs, the QR scan, unsubscribe pages (mailers and report mails), mail tracking pages and the mail events webhook', () => {
    // GET /q/<code> (served as /q/*) is the address printed in QR codes (not an API route: a
    // page for phones, outside /api); modules/qr-codes/qr-codes.scan.test.ts.
    // /unsubscribe/:token is the one-click unsubscribe of mailers (RFC 8058);
    // modules/mail/mail.test.ts. /mail-events is the mail provider's signed
    // webhook (bounces, complaints); modules/mail/mail.events.test.ts. /m/o/:file and
    // /m/c/:token are a tracked mailer's open image and click redirect; modules/mail/mail.tracking.test.ts.
    // /report-subscriptions/unsubscribe/:token is a report mail's one-click unsubscribe;
    // modules/reports/reports.subscriptions.mail.test.ts.
    const contractPaths = new Set([
      ...contract.map(([, d]) => `/api${d.path}`),
      '/unsubscribe/:token',
      '/mail-events',
      '/m/o/:file',
      '/m/c/:token',
      '/report-subscriptions/unsubscribe/:token',
    ]);
    const tree = servedTree(t.app);
    // The tree prints /q/* as a bare `*` (its parent has no route of its
    // own): exactly one, and it is the QR scan's.
    expect(t.app.hasRoute({ method: 'GET', url: '/q/*' })).toBe(true);
    expect(tree.has('*')).toBe(true);
    tree.delete('*');
    expect(tree.size).toBeGreaterThan(contractPaths.size);
    const strays = [...tree.keys()].filter(
      (p) => !contractPaths.has(p) && p !== '/api/docs' && !p.startsWith('/api/docs/'),
    );
    expect(strays).toEqual([]);
  });
});

describe.each(contract)('%s', (name, def) => {
  it(`${def.method} /api${def.path} (${describeAccess(def.access)}) × every caller`, async () => {
    const path = `/api${def.path}`;
    const op = doc.paths[path]?.[def.method.toLowerCase()];
    expect(op, `${name} missing from OpenAPI`).toBeDefined();
    const seen: string[] = [];
    for (const caller of CALLERS) {
      const want = expected(def.access, caller);
      const res = await call(caller, requestFor(path, def.method, op!));
      // A download (XLSX) answers a file, not JSON: only its status is checked.
      const body = String(res.headers['content-type']).includes('json') ? res.json() : {};
      const where = `${name} as ${caller}: ${res.statusCode} ${res.body.slice(0, 200)}`;
      expect(res.statusCode, where).toBeLessThan(500);
      if (String(res.headers['content-type']).includes('json')) {
        expect(res.body, where).not.toMatch(STACK);
      }
      if (want === 401) {
        expect(res.statusCode, where).toBe(401);
        expect(body.code, where).toBe('unauthenticated');
      } else if (want === 403) {
        expect(res.statusCode, where).toBe(403);
        expect(body.message, where).toMatch(/do not have access to|Only super admins/);
      } else if (want === 'app_key') {
        expect(res.statusCode, where).toBe(401);
      } else if (want === 'allowed') {
        expect(res.statusCode, where).not.toBe(401);
        // The guard lets the caller through; a 403 can only be the service's own
        // refusal, declared by the route (a saved view of a list the caller may not open).
        if (res.statusCode === 403)
          expect((def.refuses ?? []) as string[], where).toContain(body.code);
      } else {
        // Public: the guard never answers; services may still say 401 (a bad code).
        expect(res.statusCode, where).not.toBe(403);
        expect(body.code, where).not.toBe('unauthenticated');
      }
      // The answer's code is one the OpenAPI document lists for this route and status.
      if (res.statusCode >= 400 && body.code) {
        const documented = op!.responses?.[res.statusCode]?.content?.['application/json']?.schema;
        expect(documented?.allOf?.[1]?.properties?.code?.enum ?? [], where).toContain(body.code);
      }
      seen.push(`${caller}:${res.statusCode}`);
    }
    expect(seen).toHaveLength(CALLERS.length);
  });
});

describe('methods and unknown paths', () => {
  it('an unused method on a known path answers 405 with an Allow header', async () => {
    const byPath = new Map<string, Set<string>>();
    for (const [, d] of contract) {
      byPath.set(`/api${d.path}`, (byPath.get(`/api${d.path}`) ?? new Set()).add(d.method));
    }
    const { token } = callers.get('super')!;
    for (const [path, methods] of byPath) {
      for (const method of PROBE_METHODS.filter((m) => !methods.has(m))) {
        const res = await t.as(token, { method, url: path, payload: {} });
        const where = `${method} ${path}`;
        expect(res.statusCode, where).toBe(405);
        const allow = String(res.headers.allow).split(/,\s*/);
        expect(allow.sort(), where).toEqual(
          [...methods, ...(methods.has('GET') ? ['HEAD'] : [])].sort(),
        );
        expect(res.json().code, where).toBe('method_not_allowed');
        expect(res.body, where).not.toMatch(STACK);
      }
      if (!methods.has('GET')) {
        const head = await t.app.inject({ method: 'HEAD', url: path });
        expect(head.statusCode, `HEAD ${path}`).toBe(405);
      }
    }
  });

  it.each([
    ['GET', '/api/no-such-thing'],
    ['POST', '/api/no/such/thing?x=1'],
    ['DELETE', '/api/user'],
    ['GET', '/api'],
  ] as const)('%s %s answers a JSON 404 without internals', async (method, url) => {
    const res = await t.app.inject({ method, url });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toMatchObject({ code: 'not_found', message: expect.any(String) });
    expect(res.body).not.toMatch(STACK);
  });

  it('malformed JSON, wrong content type and a huge body are 4xx without internals', async () => {
    const { token } = callers.get('super')!;
    const url = '/api/manage/createadminuser';
    const cases = [
      { headers: { 'content-type': 'application/json' }, payload: '{"email": ' },
      { headers: { 'content-type': 'text/xml' }, payload: '<a/>' },
      { headers: { 'content-type': 'application/json' }, payload: `"${'x'.repeat(1_100_000)}"` },
    ];
    for (const c of cases) {
      const res = await t.as(token, { method: 'POST', url, ...c });
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
      expect(Object.keys(res.json()).sort()).toEqual(['code', 'message']);
      expect(res.body).not.toMatch(STACK);
    }
  });
});

/**
 * A route of one module that changes another module's object (a TOC node's
 * free flag is the book's free sample) declares it in the route table's
 * `alsoNeeds`. Found by reading every write for fields and rows of other
 * modules; the list is pinned so a new one is a decision, not an accident.
 * Uploads read the change from their file: cross-module-uploads.ts builds one
 * per upload route (the details are in their service tests, e.g.
 * modules/toc/toc.xlsx.test.ts).
 */
describe("an action on another module's object needs that module too", () => {
  const crossModule = contract.filter(([, d]) => d.alsoNeeds?.length);

  it('the route table names every cross-module action', () => {
    expect(crossModule.map(([name]) => name).sort()).toEqual(['updateTocNode', 'uploadToc']);
  });

  it.each(crossModule.filter(([, d]) => !d.upload))(
    '%s: its own modules alone are refused the change, with the other module allowed',
    async (_name, def) => {
      const path = `/api${def.path}`;
      const op = doc.paths[path]![def.method.toLowerCase()]!;
      const bodySchema = op.requestBody!.content!['application/json']!.schema as Schema;
      const own = accessModules(def.access)!;
      for (const need of def.alsoNeeds!) {
        const body = requestFor(path, def.method, op).payload as Record<string, unknown>;
        if (need.field) body[need.field] = sample(bodySchema.properties[need.field], need.field);
        const token = async (modules: ModuleKey[]) =>
          (await t.signIn((await t.createAdmin({ role: 'admin', modules })).email)).accessToken;
        const req = { method: def.method, url: path, payload: body };
        const refused = await t.as(await token([...own]), req);
        expect(refused.statusCode, refused.body).toBe(403);
        expect(refused.json().message).toContain(MODULES.find((m) => m.key === need.module)!.name);
        const both = await t.as(await token([...own, need.module]), req);
        expect([401, 403], both.body).not.toContain(both.statusCode);
      }
    },
  );

  it.each(crossModule.filter(([, d]) => d.upload))(
    '%s (an upload): its own modules alone are refused the file, with the other module accepted',
    async (name, def) => {
      const build = crossModuleUploads[name];
      expect(build, `cross-module-uploads.ts has no request for ${name}`).toBeDefined();
      const req = await build!(t, callers.get('super')!.token);
      const own = accessModules(def.access)!;
      const token = async (modules: ModuleKey[]) =>
        (await t.signIn((await t.createAdmin({ role: 'admin', modules })).email)).accessToken;
      const refused = await t.as(await token([...own]), req);
      expect(refused.statusCode, refused.body).toBe(403);
      for (const need of def.alsoNeeds!) {
        expect(refused.json().message).toContain(MODULES.find((m) => m.key === need.module)!.name);
      }
      const needs = def.alsoNeeds!.map((n) => n.module);
      const both = await t.as(await token([...own, ...needs]), req);
      expect(both.statusCode, both.body).toBe(200);
    },
  );
});
