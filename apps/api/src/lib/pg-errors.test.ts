import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { grades, subjects } from '../db/schema/index.ts';
import { openTestDatabase } from '../test/test-database.ts';
import { isForeignKeyViolation, isUniqueViolation, PG_ERROR, pgErrorOf } from './pg-errors.ts';

/** The errors the services translate, raised by the real database (PGlite or PostgreSQL). */

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

const failure = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected the statement to fail');
    },
    (err: unknown) => err,
  );

describe('PostgreSQL error codes', () => {
  it('tells a unique violation (with its index) from a foreign key violation', async () => {
    const [grade] = await database.db
      .insert(grades)
      .values({ name: 'Errors grade', position: 900 })
      .returning();
    const dup = await failure(
      database.db.insert(grades).values({ name: 'ERRORS GRADE', position: 901 }),
    );
    expect(isUniqueViolation(dup)).toBe(true);
    expect(isForeignKeyViolation(dup)).toBe(false);
    expect(pgErrorOf(dup)).toEqual({
      code: PG_ERROR.uniqueViolation,
      constraint: 'grades_name_lower_key',
    });

    const orphan = await failure(
      database.db.insert(subjects).values({ gradeId: grade!.id + 1000, name: 'x', position: 1 }),
    );
    expect(isForeignKeyViolation(orphan)).toBe(true);
    expect(isUniqueViolation(orphan)).toBe(false);
  });

  it('reads a NUL byte refused by the database as such, and ignores non-database errors', async () => {
    const nul = await failure(
      database.db.insert(grades).values({ name: 'nul\u0000byte', position: 902 }),
    );
    expect(pgErrorOf(nul)?.code).toMatch(/^22(021|P05)$/);
    const errno = Object.assign(new Error('denied'), { code: 'EPERM' });
    expect(pgErrorOf(errno)).toBeUndefined();
    expect(pgErrorOf(new Error('x', { cause: errno }))).toBeUndefined();
    expect(pgErrorOf(null)).toBeUndefined();
  });
});
