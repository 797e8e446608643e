import { describe, expect, it } from 'vitest';
import { emailSchema, listQuery, passwordSchema } from './common.ts';
import { routes } from './index.ts';

describe('shared shapes', () => {
  it('lists clamp page size to 100 and only allow declared sort columns', () => {
    const q = listQuery(['name']);
    expect(q.parse({})).toMatchObject({ page: 1, pageSize: 20, order: 'asc' });
    expect(q.safeParse({ pageSize: '101' }).success).toBe(false);
    expect(q.safeParse({ sort: 'password_hash' }).success).toBe(false);
  });

  it('e-mails are trimmed and lower-cased', () => {
    expect(emailSchema.parse('  Ada@Example.TEST ')).toBe('ada@example.test');
    expect(emailSchema.safeParse('not-an-email').success).toBe(false);
  });

  it('passwords count characters, not UTF-16 units, and keep case', () => {
    expect(passwordSchema.safeParse('😀😀😀😀😀😀😀').success).toBe(false);
    expect(passwordSchema.safeParse('😀😀😀😀😀😀😀😀').success).toBe(true);
    expect(passwordSchema.parse('Password1 ')).toBe('Password1 ');
  });
});

describe('route table', () => {
  it('every route declares access and a unique method + path', () => {
    const seen = new Set<string>();
    for (const [name, r] of Object.entries(routes)) {
      expect(r.access, name).toBeTruthy();
      expect(r.path.startsWith('/'), name).toBe(true);
      const key = `${r.method} ${r.path}`;
      expect(seen.has(key), key).toBe(false);
      seen.add(key);
    }
  });
});
