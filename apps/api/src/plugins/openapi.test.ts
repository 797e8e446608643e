import { ERROR_CODES, errorAnswers, type RouteDef, routes } from '@bo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';

/** The served OpenAPI document is whole: every `$ref` resolves, every operation documents its errors. */

// biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document as JSON
type Json = any;
let t: TestApp;
let doc: Json;
beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
}, 60_000);
afterAll(() => t?.close());

function refsIn(value: Json, at: string, out: Array<[string, string]> = []) {
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) refsIn(v, `${at}/${i}`, out);
  } else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string') out.push([at, v]);
      else refsIn(v, `${at}/${k}`, out);
    }
  return out;
}

/** A local JSON pointer (`#/components/schemas/X`) looked up in the document. */
function resolve(ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  return ref
    .slice(2)
    .split('/')
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<Json>((node, key) => (node == null ? undefined : node[key]), doc);
}

const operations = () =>
  Object.entries(doc.paths as Record<string, Record<string, Json>>).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op })),
  );

describe('OpenAPI document', () => {
  it('every $ref points at a schema the document holds (the recursive TOC node included)', () => {
    const refs = refsIn(doc, '#');
    expect(refs.length).toBeGreaterThan(100);
    const dangling = refs.filter(([, ref]) => resolve(ref) === undefined);
    expect(dangling).toEqual([]);
    expect(doc.components.schemas.TocNode.properties.children.items).toEqual({
      $ref: '#/components/schemas/TocNode',
    });
  });

  it('every operation documents its error answers as { message, code, details? }, with their codes', () => {
    const error = doc.components.schemas.Error;
    expect(error.required).toEqual(['message', 'code']);
    expect(Object.keys(error.properties)).toEqual(['message', 'code', 'details', 'requestId']);
    expect(error.properties.code.enum).toEqual([...ERROR_CODES]);
    const byKey = new Map(
      Object.values(routes).map((r): [string, RouteDef] => [`${r.method} /api${r.path}`, r]),
    );
    const missing: string[] = [];
    for (const { key, op } of operations()) {
      const def = byKey.get(key);
      expect(def, key).toBeDefined();
      const expected = [400, 500, 503];
      if (def!.access !== 'public') expected.push(401, 404);
      // A learner-app key is valid or not (401): there is no module to lack.
      const access = def!.access;
      if (access !== 'public' && access !== 'session' && access !== 'learner_app')
        expected.push(403);
      if (def!.method === 'POST') expected.push(413, 415);
      const answers = errorAnswers(def!);
      expect(Object.keys(answers).map(Number), key).toEqual(expect.arrayContaining(expected));
      for (const [status, { codes }] of Object.entries(answers)) {
        const schema = op.responses?.[status]?.content?.['application/json']?.schema;
        if (schema?.allOf?.[0]?.$ref !== '#/components/schemas/Error')
          missing.push(`${key} ${status}`);
        expect(schema?.allOf?.[1]?.properties?.code?.enum, `${key} ${status}`).toEqual(codes);
        expect(codes.length, `${key} ${status}`).toBeGreaterThan(0);
      }
      // No error status is documented that the route table does not derive.
      const documented = Object.keys(op.responses ?? {}).filter((s) => Number(s) >= 400);
      expect(documented.sort(), key).toEqual(Object.keys(answers).sort());
    }
    expect(missing).toEqual([]);
    const login = doc.paths['/api/auth/login'].post.responses;
    expect(Object.keys(login)).toEqual(expect.arrayContaining(['200', '400', '401', '429']));
  });
});
