import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { emailSchema, idParam, nameSchema, passwordSchema, textSchema } from './common.ts';
import { routes } from './index.ts';

/**
 * The input rules hold for every route without anyone remembering them: this
 * walks every schema a route takes (query, body and whatever else it declares
 * besides its response) down to each field, and tries the field with values
 * that must never be accepted.
 */

type Def = {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  getter?: () => z.ZodType;
  options?: z.ZodType[];
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  values?: unknown[];
};
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

/** The schema a value meets first: wrappers, pipes and lazies removed (unions kept). */
function inputSide(s: z.ZodType): z.ZodType[] {
  const d = defOf(s);
  if (d.innerType) return inputSide(d.innerType);
  if (d.type === 'pipe' && d.in) return inputSide(d.in);
  if (d.type === 'lazy' && d.getter) return inputSide(d.getter());
  if (d.type === 'union' && d.options) return d.options.flatMap(inputSide);
  return [s];
}

/** The JSON types a field takes as input. */
const kindsOf = (s: z.ZodType) => new Set(inputSide(s).map((x) => defOf(x).type));

interface Field {
  path: string;
  schema: z.ZodType;
}

/** Every field (object property, array element) under a schema, with its full schema. */
function fieldsOf(s: z.ZodType, path: string, seen = new Set<z.ZodType>()): Field[] {
  if (seen.has(s)) return [];
  seen.add(s);
  const out: Field[] = [];
  for (const inner of inputSide(s)) {
    const d = defOf(inner);
    const children: Field[] = [];
    if (d.type === 'object' && d.shape)
      for (const [k, v] of Object.entries(d.shape))
        children.push({ path: `${path}.${k}`, schema: v });
    if (d.type === 'array' && d.element) children.push({ path: `${path}[]`, schema: d.element });
    for (const c of children) out.push(c, ...fieldsOf(c.schema, c.path, seen));
  }
  return out;
}

/** Every field of every input a route declares, keyed `route.channel.path`. */
function inputFields(): Array<Field & { channel: string }> {
  const out: Array<Field & { channel: string }> = [];
  for (const [name, def] of Object.entries(routes)) {
    for (const [channel, value] of Object.entries(def)) {
      if (channel === 'response' || !value || typeof value !== 'object' || !('_zod' in value))
        continue;
      for (const f of fieldsOf(value as z.ZodType, `${name}.${channel}`))
        out.push({ ...f, channel });
    }
  }
  return out;
}

const NEVER_TEXT = {
  NUL: 'a\u0000b',
  'a lone NUL': '\u0000',
  ESC: 'a\u001bb',
  DEL: 'a\u007fb',
  'a C1 control': 'a\u0085b',
  'a lone high surrogate': 'a\uD800b',
  'a lone low surrogate': '\uDC00',
};

describe('the text rule', () => {
  it('every string field and query parameter of every route refuses control and broken characters', () => {
    const fields = inputFields().filter((f) => kindsOf(f.schema).has('string'));
    expect(fields.length).toBeGreaterThan(50);
    const accepted: string[] = [];
    for (const f of fields)
      for (const [what, value] of Object.entries(NEVER_TEXT))
        if (f.schema.safeParse(value).success) accepted.push(`${f.path} takes ${what}`);
    expect(accepted).toEqual([]);
  });

  it('text is NFC-normalised and trimmed; the length counts what is kept', () => {
    const s = textSchema({ min: 1, max: 3 });
    expect(s.parse('  e\u0301t\u00e9 ')).toBe('\u00e9t\u00e9');
    expect(s.safeParse('   ').error?.issues[0]?.message).toBe('Required');
    expect(s.safeParse('abcd').error?.issues[0]?.message).toBe('At most 3 characters');
    expect(nameSchema.parse(' Ana\u0308 ')).toBe('An\u00e4');
    expect(emailSchema.safeParse('a\u0000@example.test').success).toBe(false);
  });

  it('only multi-line text keeps tabs and line breaks (CRLF as LF)', () => {
    const multi = textSchema({ max: 50, multiline: true });
    expect(multi.parse('one\r\ntwo\tthree\n')).toBe('one\ntwo\tthree');
    expect(multi.safeParse('a\u0000b').success).toBe(false);
    expect(textSchema({ max: 50 }).safeParse('one\ntwo').error?.issues[0]?.message).toBe(
      'Must not contain control characters',
    );
  });

  it('passwords are kept as typed (no trim, no normalising) but refuse control characters', () => {
    expect(passwordSchema.parse(' e\u0301 secret ')).toBe(' e\u0301 secret ');
    expect(passwordSchema.safeParse('long enough\u0000').success).toBe(false);
    expect(passwordSchema.safeParse('long enough\uD800').success).toBe(false);
  });
});

describe('JSON types', () => {
  const NOT_A_NUMBER = {
    '"2"': '2',
    '[2]': [2],
    true: true,
    '"0x2"': '0x2',
    '"2e0"': '2e0',
    '" 2 "': ' 2 ',
  };
  const NOT_A_BOOLEAN = { '"true"': 'true', '"false"': 'false', 1: 1, 0: 0, '[true]': [true] };

  it('a JSON body takes numbers and booleans only as JSON numbers and booleans', () => {
    const fields = inputFields().filter((f) => f.channel === 'body');
    const numbers = fields.filter((f) => kindsOf(f.schema).has('number'));
    const booleans = fields.filter((f) => kindsOf(f.schema).has('boolean'));
    expect(numbers.length).toBeGreaterThan(30);
    expect(booleans.length).toBeGreaterThanOrEqual(3);
    const accepted: string[] = [];
    for (const [group, values] of [
      [numbers, NOT_A_NUMBER],
      [booleans, NOT_A_BOOLEAN],
    ] as const)
      for (const f of group)
        for (const [what, value] of Object.entries(values))
          if (f.schema.safeParse(value).success) accepted.push(`${f.path} takes ${what}`);
    expect(accepted).toEqual([]);
  });

  it('a query string is text: every parameter is read from a string, whole numbers from digits only', () => {
    const fields = inputFields().filter((f) => f.channel === 'query');
    const notText = fields.filter((f) =>
      [...kindsOf(f.schema)].some((k) => !['string', 'enum'].includes(k)),
    );
    expect(notText.map((f) => f.path)).toEqual([]);
    const integers = fields.filter((f) => typeof f.schema.safeParse('2').data === 'number');
    expect(integers.length).toBeGreaterThan(10);
    const accepted: string[] = [];
    for (const f of integers)
      for (const v of ['0x2', '2e0', ' 2 ', '2.0', '', '+2', '99999999999999999999'])
        if (f.schema.safeParse(v).success) accepted.push(`${f.path} takes ${JSON.stringify(v)}`);
    expect(accepted).toEqual([]);
    expect(idParam.parse('42')).toBe(42);
    expect(idParam.safeParse('0').error?.issues[0]?.code).toBe('too_small');
  });
});
