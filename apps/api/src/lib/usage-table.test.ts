import { getTableName, is } from 'drizzle-orm';
import { type AnyPgColumn, getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../db/schema/index.ts';
import { USAGES } from './usage-table.ts';

/**
 * The usage table against the schema, with no feature module loaded: a
 * delete is refused (409 naming what uses the record) because the table says
 * so, not because some module happened to be imported first.
 */
const GUARDED = {
  subject: schema.subjects,
  chapter: schema.chapters,
  topic: schema.topics,
  question: schema.questions,
  media: schema.mediaItems,
} satisfies Record<keyof typeof USAGES, PgTable>;

/** References that refuse a delete but are not usages, and why. */
const NOT_USAGES: Record<string, string> = {
  // A printed QR code: the delete asks where it points next (lib/printed-codes.ts).
  'qr_codes.video_id': 'printed codes',
};

const nameOf = (c: AnyPgColumn) => `${getTableName(c.table)}.${c.name}`;
const tables = (Object.values(schema) as unknown[]).filter((v): v is PgTable => is(v, PgTable));

/** Columns whose foreign key to `target` refuses deleting the row they point at. */
function refusingReferences(target: PgTable): string[] {
  return tables.flatMap((t) =>
    getTableConfig(t)
      .foreignKeys.filter((fk) => ['restrict', 'no action', undefined].includes(fk.onDelete))
      .map((fk) => fk.reference())
      .filter((ref) => ref.foreignTable === target)
      .flatMap((ref) => ref.columns.map(nameOf)),
  );
}

describe('the usage table', () => {
  it('declares every foreign key that refuses a delete, and only those', () => {
    for (const [kind, target] of Object.entries(GUARDED)) {
      const declared = new Set(USAGES[kind as keyof typeof USAGES].map((u) => nameOf(u.on)));
      const refusing = new Set(refusingReferences(target).filter((c) => !(c in NOT_USAGES)));
      expect([kind, [...declared].sort()]).toEqual([kind, [...refusing].sort()]);
    }
  });

  it('is a fixed table: loading a module cannot add to it', () => {
    expect(Object.isFrozen(USAGES)).toBe(true);
    for (const list of Object.values(USAGES)) expect(Object.isFrozen(list)).toBe(true);
  });
});
