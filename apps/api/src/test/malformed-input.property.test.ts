import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.ts';
import { type Schema, sample } from './openapi-sample.ts';

/**
 * Generated from the served OpenAPI document: every operation is called as
 * a super admin, over a real socket, with a valid-looking request of which one
 * part is spoiled (a query parameter or a body field made of control or broken
 * characters, the wrong JSON type, a number out of range, a required field
 * left out, an unknown field where the schema is strict, a body that is not an
 * object). Every answer must be a 4xx `{ message, code }`: never a 5xx, never
 * a dropped connection.
 */

let t: TestApp;
let base: string;
let token: string;
let doc: { paths: Record<string, Record<string, Schema>> };

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  const a = await t.createAdmin({ role: 'super_admin' });
  token = (await t.signIn(a.email)).accessToken;
  doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
}, 60_000);
afterAll(() => t?.close());

/** The control and broken characters of the text rule, inside otherwise ordinary text. */
const BAD_CHARS = ['\u0000', '\u0001', '\u0008', '\u001b', '\u007f', '\u0085', '\u009f'];
const LONE = ['\ud800', '\udbff', '\udc00', '\udfff'];
const spoiledText = fc
  .tuple(
    fc.string({ maxLength: 8 }),
    fc.constantFrom(...BAD_CHARS, ...LONE),
    fc.string({ maxLength: 8 }),
  )
  .map(([a, bad, b]) => `${a}${bad}${b}`);

/**
 * A query string cannot carry a lone surrogate: URL encoding turns it into
 * U+FFFD, an ordinary character, before the request leaves. Query text is
 * spoiled with control characters only (lone surrogates are tried in JSON
 * bodies, which do carry them).
 */
const spoiledQueryText = fc
  .tuple(fc.string({ maxLength: 8 }), fc.constantFrom(...BAD_CHARS), fc.string({ maxLength: 8 }))
  .map(([a, bad, b]) => `${a}${bad}${b}`);

const typesOf = (s: Schema): Set<string> => {
  const alt = s.anyOf ?? s.oneOf;
  const out = new Set<string>(
    alt ? alt.flatMap((x: Schema) => [...typesOf(x)]) : [s.type ?? 'any'],
  );
  if (s.nullable) out.add('null');
  return out;
};

/** Values the field's schema refuses, by kind. */
function spoiled(s: Schema): fc.Arbitrary<unknown> {
  const types = typesOf(s);
  if (types.has('any')) return fc.constant(undefined);
  const wrong: fc.Arbitrary<unknown>[] = [];
  if (types.has('string')) wrong.push(spoiledText);
  else wrong.push(fc.constantFrom('2', '0x2', '2e0', ' 2 ', 'true', ''));
  if (types.has('integer') || types.has('number')) {
    if (s.maximum !== undefined) wrong.push(fc.constantFrom(s.maximum + 1, 1e308, 2 ** 64));
    if (s.minimum !== undefined) wrong.push(fc.constant(s.minimum - 1));
    if (types.has('integer') && !types.has('number')) wrong.push(fc.constantFrom(1.5, 2.000001));
  } else wrong.push(fc.integer({ min: -3, max: 3 }), fc.constant(1e308));
  if (!types.has('boolean')) wrong.push(fc.boolean());
  if (!types.has('array')) wrong.push(fc.constantFrom([2], ['2'], [null]));
  if (!types.has('object')) wrong.push(fc.constantFrom({}, { id: 2 }));
  if (!types.has('null')) wrong.push(fc.constant(null));
  if (s.enum) wrong.push(fc.constant('not-one-of-them'));
  return fc.oneof(...wrong);
}

/** A property schema's fields, top level, following the first branch of a union. */
function objectOf(s: Schema | undefined): Schema | undefined {
  if (!s) return undefined;
  const alt = s.anyOf ?? s.oneOf;
  return alt ? objectOf(alt[0]) : s.type === 'object' ? s : undefined;
}

interface Operation {
  key: string;
  method: string;
  path: string;
  query: Schema[];
  body?: Schema;
}

const operations = (): Operation[] =>
  Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      key: `${method.toUpperCase()} ${path}`,
      method: method.toUpperCase(),
      path,
      query: (op.parameters ?? []).filter((p: Schema) => p.in === 'query'),
      body: op.requestBody?.content?.['application/json']?.schema,
    })),
  );

type Spoil =
  | { in: 'query'; name: string; value: string }
  | { in: 'query-repeat'; name: string }
  | { in: 'body'; name: string; value: unknown }
  | { in: 'body-missing'; name: string }
  | { in: 'body-unknown' }
  | { in: 'body-whole'; raw: string };

/** Every way to spoil one part of an operation's request. */
function spoils(op: Operation): fc.Arbitrary<Spoil> {
  const arbs: fc.Arbitrary<Spoil>[] = [];
  for (const p of op.query) {
    const name: string = p.name;
    // Whole numbers in a query (integerParam) are documented with this pattern.
    const text =
      p.schema?.pattern === '^-?\\d+$'
        ? fc.constantFrom('0x2', '2e0', ' 2 ', '1.5', '99999999999999999999999')
        : fc.constant('\u0000');
    arbs.push(
      fc.oneof(spoiledQueryText, text).map((value) => ({ in: 'query', name, value }) as Spoil),
      fc.constant({ in: 'query-repeat', name } as Spoil),
    );
  }
  const body = objectOf(op.body);
  if (op.method === 'POST' && op.body) {
    arbs.push(
      fc
        .constantFrom('[]', '"x"', '42', 'null', '{"a":', '{"a":1}}')
        .map((raw) => ({ in: 'body-whole', raw }) as Spoil),
    );
    for (const [name, schema] of Object.entries(body?.properties ?? {})) {
      const value = spoiled(schema as Schema);
      arbs.push(value.map((v) => ({ in: 'body', name, value: v }) as Spoil));
    }
    for (const name of body?.required ?? [])
      arbs.push(fc.constant({ in: 'body-missing', name } as Spoil));
    if (body?.additionalProperties === false)
      arbs.push(fc.constant({ in: 'body-unknown' } as Spoil));
  }
  return fc.oneof(...arbs);
}

/** The request with one part spoiled, sent over HTTP. */
async function send(op: Operation, spoil: Spoil) {
  const params = new URLSearchParams();
  for (const p of op.query) if (p.required) params.set(p.name, String(sample(p.schema, p.name)));
  let body: string | undefined;
  if (op.method === 'POST') {
    const value = { ...(sample(objectOf(op.body)) as object) } as Record<string, unknown>;
    if (spoil.in === 'body') value[spoil.name] = spoil.value;
    if (spoil.in === 'body-missing') delete value[spoil.name];
    if (spoil.in === 'body-unknown') value.unknownField = 1;
    body = spoil.in === 'body-whole' ? spoil.raw : JSON.stringify(value);
  }
  if (spoil.in === 'query') params.set(spoil.name, spoil.value);
  if (spoil.in === 'query-repeat') {
    const one = params.get(spoil.name) ?? '1';
    params.delete(spoil.name);
    params.append(spoil.name, one);
    params.append(spoil.name, one);
  }
  const qs = params.toString();
  const res = await fetch(`${base}${op.path}${qs ? `?${qs}` : ''}`, {
    method: op.method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body,
  });
  const text = await res.text();
  return { status: res.status, text };
}

const RUNS_PER_OPERATION = 16;

describe('malformed input, generated from /api/docs/json', () => {
  it('every operation answers every spoiled request with a 4xx { message, code }', async () => {
    // An operation that takes no input has nothing to spoil.
    const ops = operations().filter((op) => op.query.length > 0 || op.body);
    expect(ops.length).toBeGreaterThan(60);
    const failures: string[] = [];
    for (const op of ops) {
      await fc.assert(
        fc.asyncProperty(spoils(op), async (spoil) => {
          let answer: { status: number; text: string };
          try {
            answer = await send(op, spoil);
          } catch (err) {
            failures.push(`${op.key} ${JSON.stringify(spoil)}: no answer (${String(err)})`);
            return true;
          }
          let json: { message?: unknown; code?: unknown } = {};
          try {
            json = JSON.parse(answer.text);
          } catch {}
          const ok =
            answer.status >= 400 &&
            answer.status < 500 &&
            typeof json.message === 'string' &&
            typeof json.code === 'string';
          if (!ok)
            failures.push(
              `${op.key} ${JSON.stringify(spoil)}: ${answer.status} ${answer.text.slice(0, 160)}`,
            );
          return true;
        }),
        { numRuns: RUNS_PER_OPERATION, seed: Number(process.env.FC_SEED ?? 20261123) },
      );
    }
    expect(failures).toEqual([]);
  }, 180_000);
});
