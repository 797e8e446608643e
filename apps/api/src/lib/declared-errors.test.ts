import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  defineRoutes,
  okSchema,
  type RouteDef,
  routes,
  SERVICE_REFUSALS,
  type ServiceRefusal,
} from '@bo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { conflict, refusal } from './errors.ts';
import { registerRoutes } from './register-routes.ts';

/**
 * A route's error answers are what the contract declares (errorAnswers, shown
 * in the OpenAPI document): in tests an answer outside them is a 500 naming
 * it, and every refusal a service throws is declared by the routes that give it.
 */
const common = { access: 'books', tag: 'probe', response: okSchema, summary: 't' } as const;
const probes = defineRoutes({
  declares: { ...common, method: 'GET', path: '/test/declares', refuses: ['question_changed'] },
  silent: { ...common, method: 'GET', path: '/test/silent' },
  conflictOnRead: { ...common, method: 'GET', path: '/test/conflict-on-read' },
});

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      beforeReady: (app) =>
        registerRoutes(app, app.deps, probes, {
          declares: () => {
            throw refusal('question_changed', 'changed');
          },
          silent: () => {
            throw refusal('question_changed', 'changed');
          },
          // 409 conflict is declared for writes only: a read that gives it is undeclared.
          conflictOnRead: () => {
            throw conflict('taken');
          },
        }),
    },
  );
  token = (await t.signIn((await t.createAdmin({ modules: ['books'] })).email)).accessToken;
}, 60_000);
afterAll(() => t?.close());

const call = (url: string) => t.as(token, { method: 'GET', url: `/api/test/${url}` });

describe('declared error answers', () => {
  it('a declared refusal is answered with its status from the contract', async () => {
    const res = await call('declares');
    expect(res.statusCode).toBe(SERVICE_REFUSALS.question_changed.status);
    expect(res.json()).toMatchObject({ code: 'question_changed', message: 'changed' });
  });

  it('an undeclared one is a 500 that names the route, the status and the code', async () => {
    for (const [url, said] of [
      ['silent', 'GET /test/silent answered 409 question_changed'],
      ['conflict-on-read', 'GET /test/conflict-on-read answered 409 conflict'],
    ]) {
      const res = await call(url!);
      expect(res.statusCode, url).toBe(500);
      expect(res.json().code, url).toBe('error_undeclared');
      expect(res.json().message, url).toContain(said);
    }
  });

  it('refusals are thrown through refusal() only, and each is declared by a route', () => {
    const src = path.resolve(import.meta.dirname, '..');
    const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'),
    );
    const codes = Object.keys(SERVICE_REFUSALS) as ServiceRefusal[];
    const direct = files.flatMap((f) => {
      const text = readFileSync(path.join(src, f), 'utf8');
      return codes
        .filter((c) => new RegExp(`new AppError\\(\\s*\\d+,\\s*'${c}'`).test(text))
        .map((c) => `${f}: ${c}`);
    });
    // With its status written by hand, a site could drift from the contract's.
    expect(direct).toEqual([]);
    const table: RouteDef[] = Object.values(routes);
    const declared = new Set(table.flatMap((r) => r.refuses ?? []));
    expect(codes.filter((c) => !declared.has(c))).toEqual([]);
  });
});
