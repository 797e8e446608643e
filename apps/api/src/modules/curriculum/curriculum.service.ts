import { and, eq, max, ne, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../../lib/audit-record.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { isForeignKeyViolation, PG_ERROR, pgErrorOf } from '../../lib/pg-errors.ts';
import { applyOrder } from '../../lib/reorder.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import { usedBy } from '../../lib/usage-table.ts';
import type { AuthAdmin } from '../../plugins/auth-guard.ts';
import {
  capitalise,
  type ItemOf,
  LEVELS,
  type Level,
  type LevelKey,
  listLevel,
  tableOf,
} from './curriculum.levels.ts';

/**
 * Writes to subjects, chapters and topics. Each locks the parent row first,
 * so adds, renames and reorders under one parent run one after another
 * (positions and the unique-name check never race), and records its audit row
 * with before/after in the same transaction.
 */

interface Input {
  name?: string | undefined;
  number?: number | undefined;
}

const nameTaken = (level: Level, parentName: string, name: string) =>
  conflict(`A ${level.key} named "${name}" already exists in this ${parentName}`, [
    { path: 'body.name', message: `A ${level.key} with this name already exists` },
  ]);
const numberTaken = (n: number) =>
  conflict(`Chapter ${n} already exists in this subject`, [
    { path: 'body.number', message: 'A chapter with this number already exists' },
  ]);

async function lockParent(tx: Tx, level: Level, parentId: number) {
  const p = level.parentTable;
  const [row] = await tx.select({ id: p.id }).from(p).where(eq(p.id, parentId)).for('update');
  if (!row) throw notFound(capitalise(level.parentName));
}

async function lockItem(tx: Tx, level: Level, id: number) {
  const t = tableOf(level);
  const [row] = await tx.select().from(t).where(eq(t.id, id)).for('update');
  if (!row) throw notFound(capitalise(level.key));
  return { row, parentId: (row as unknown as Record<string, number>)[level.parentKey]! };
}

/** Checks the name (and a chapter's number) against the siblings, except `selfId`. */
async function assertFree(tx: Tx, level: Level, parentId: number, input: Input, selfId?: number) {
  const t = tableOf(level);
  const siblings = (extra: SQL) =>
    tx
      .select({ id: t.id })
      .from(t)
      .where(and(eq(level.parentColumn, parentId), extra, selfId ? ne(t.id, selfId) : undefined))
      .limit(1);
  if (input.name !== undefined) {
    const hit = await siblings(sql`lower(${t.name}) = lower(${input.name})`);
    if (hit.length) throw nameTaken(level, level.parentName, input.name);
  }
  if (level.key === 'chapter' && input.number !== undefined) {
    const hit = await siblings(eq(LEVELS.chapter.table.number, input.number));
    if (hit.length) throw numberTaken(input.number);
  }
}

/** A unique index met by a concurrent write: the same 409 as the check before it. */
function translate(level: Level, input: Input) {
  return (err: unknown): never => {
    const pg = pgErrorOf(err);
    if (pg?.code === PG_ERROR.uniqueViolation) {
      if (pg.constraint?.endsWith('_number_key') && input.number !== undefined)
        throw numberTaken(input.number);
      throw nameTaken(level, level.parentName, input.name ?? '');
    }
    if (pg?.code === PG_ERROR.foreignKeyViolation) {
      throw conflict(`This ${level.key} or its ${level.parentName} changed meanwhile; reload`);
    }
    throw err;
  };
}

async function itemById<L extends Level>(tx: Tx, level: L, id: number): Promise<ItemOf<L>> {
  const [item] = await listLevel(tx, level, { id });
  return item!;
}

export async function addItem<K extends LevelKey>(
  deps: Deps,
  ctx: RequestContext,
  actor: AuthAdmin,
  key: K,
  parentId: number,
  input: Input & { name: string },
) {
  const level = LEVELS[key];
  const t = tableOf(level);
  return deps.db
    .transaction(async (tx) => {
      await lockParent(tx, level, parentId);
      await assertFree(tx, level, parentId, input);
      const [last] = await tx
        .select({
          position: max(t.position),
          number: level.key === 'chapter' ? max(LEVELS.chapter.table.number) : sql<null>`null`,
        })
        .from(t)
        .where(eq(level.parentColumn, parentId));
      const values: Record<string, unknown> = {
        [level.parentKey]: parentId,
        name: input.name,
        position: (last?.position ?? 0) + 1,
        createdBy: actor.id,
        updatedBy: actor.id,
      };
      if (level.key === 'chapter') values.number = input.number ?? Number(last?.number ?? 0) + 1;
      const [row] = await tx
        .insert(t)
        // never: the level's table is one of three whose parent column differs
        // (gradeId, subjectId, chapterId); one insert type cannot name it.
        .values(values as never)
        .returning({ id: t.id });
      const item = await itemById(tx, level, row!.id);
      await recordAudit(tx, ctx, {
        action: `${level.key}_created`,
        entity: level.key,
        entityId: row!.id,
        after: item,
      });
      return item;
    })
    .catch(translate(level, input));
}

export async function editItem<K extends LevelKey>(
  deps: Deps,
  ctx: RequestContext,
  actor: AuthAdmin,
  key: K,
  id: number,
  input: Input,
) {
  const level = LEVELS[key];
  const t = tableOf(level);
  return deps.db
    .transaction(async (tx) => {
      const { parentId } = await lockItem(tx, level, id);
      await lockParent(tx, level, parentId);
      const before = await itemById(tx, level, id);
      await assertFree(tx, level, parentId, input, id);
      await tx
        .update(t)
        .set({
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(level.key === 'chapter' && input.number !== undefined
            ? { number: input.number }
            : {}),
          updatedAt: deps.clock(),
          updatedBy: actor.id,
        })
        .where(eq(t.id, id));
      const after = await itemById(tx, level, id);
      await recordAudit(tx, ctx, {
        action: `${level.key}_edited`,
        entity: level.key,
        entityId: id,
        before,
        after,
      });
      return after;
    })
    .catch(translate(level, input));
}

export async function removeItem(deps: Deps, ctx: RequestContext, key: LevelKey, id: number) {
  const level = LEVELS[key];
  const t = tableOf(level);
  await deps.db
    .transaction(async (tx) => {
      await lockItem(tx, level, id);
      const used = await usedBy(tx, key, id);
      if (used) throw conflict(used);
      const before = await itemById(tx, level, id);
      await tx.delete(t).where(eq(t.id, id));
      await recordAudit(tx, ctx, {
        action: `${level.key}_deleted`,
        entity: level.key,
        entityId: id,
        before,
      });
    })
    .catch((err) => {
      // A child added after the usage check meets ON DELETE RESTRICT.
      if (isForeignKeyViolation(err))
        throw conflict(`This ${level.key} is in use; reload to see what uses it`);
      throw err;
    });
}

/** Sets positions 1..n in the order of `ids`, which must be exactly the parent's children. */
export async function reorderItems(
  deps: Deps,
  ctx: RequestContext,
  actor: AuthAdmin,
  key: LevelKey,
  parentId: number,
  ids: number[],
) {
  const level = LEVELS[key];
  const t = tableOf(level);
  await deps.db.transaction(async (tx) => {
    await lockParent(tx, level, parentId);
    const current = (await listLevel(tx, level, { parentId })).map((i) => i.id);
    await applyOrder(tx, {
      table: t,
      id: t.id,
      current,
      ids,
      base: 1,
      changed: `The ${level.plural} of this ${level.parentName} have changed`,
      field: 'body.ids',
      noun: `${level.key} of the ${level.parentName}`,
      stamp: { updatedAt: deps.clock(), updatedBy: actor.id },
    });
    await recordAudit(tx, ctx, {
      action: `${level.plural}_reordered`,
      entity: level.parentName,
      entityId: parentId,
      before: { ids: current },
      after: { ids },
    });
  });
}
