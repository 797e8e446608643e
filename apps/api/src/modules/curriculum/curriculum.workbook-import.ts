import type { UploadCurriculumWorkbookResponse } from '@bo/contract';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { markUnchanged, recordAudit, recordAudits } from '../../lib/audit-record.ts';
import { conflict } from '../../lib/errors.ts';
import type { ChangeCounts } from '../../lib/import/changes.ts';
import { importNowOrAsJob } from '../../lib/import/job.ts';
import { type ImportRun, runImport } from '../../lib/import/runner.ts';
import { wholeFile } from '../../lib/import/whole-file.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import type { UploadedFile } from '../../lib/storage/upload.ts';
import { usedBy } from '../../lib/usage-table.ts';
import type { AuthAdmin } from '../../plugins/auth-guard.ts';
import type { Input } from './curriculum.import.ts';
import {
  type Curriculum,
  loadCurriculum,
  orderWorkbookErrors,
  readWorkbook,
  WORKBOOK_LEVELS,
  type WorkbookColumns,
  workbookRowSheet,
} from './curriculum.workbook.ts';
import {
  type InUse,
  type PlannedItem,
  planWorkbook,
  type WorkbookPlan,
} from './curriculum.workbook-plan.ts';

/**
 * The curriculum workbook sent back (uploadcurriculumworkbook) on the
 * import runner, as one batch of the three sheets' rows: planned against
 * the whole curriculum (curriculum.workbook-plan.ts); the commit locks it,
 * plans again under the locks and writes every level in one transaction.
 */

const NOTHING = { created: 0, updated: 0, unchanged: 0, changes: [], unlistedChanges: 0 };

const TABLES = {
  subject: { table: 'subjects', parent: 'grade_id' },
  chapter: { table: 'chapters', parent: 'subject_id' },
  topic: { table: 'topics', parent: 'chapter_id' },
} as const;

const plan = (
  db: Parameters<typeof usedBy>[0],
  tree: Curriculum,
  rows: Parameters<typeof planWorkbook>[1],
) => {
  const inUse: InUse = (level, id) => usedBy(db, level as 'subject', id);
  return planWorkbook(tree, rows, inUse);
};

const workbookImport = (deps: Deps) =>
  wholeFile<WorkbookColumns, Input, ChangeCounts, ChangeCounts>({
    name: 'curriculum workbook',
    sheet: workbookRowSheet,
    read: readWorkbook,
    orderErrors: orderWorkbookErrors,
    async check(db, rows) {
      const planned = await plan(db, await loadCurriculum(db), rows);
      return { errors: planned.errors, summary: planned.changes.report };
    },
    async apply(tx, rows, { ctx, actor }) {
      const locked = await plan(
        tx,
        await loadCurriculum(tx, true),
        rows.map((r) => ({ ...r, failed: new Set() })),
      );
      if (locked.errors.length) {
        const first = locked.errors[0]!;
        throw conflict(
          `${first.column}, row ${first.row}: ${first.message} (changed meanwhile); nothing was imported`,
        );
      }
      await writePlan(tx, ctx, actor, deps.clock().toISOString(), locked);
      if (locked.creates.length + locked.updates.length === 0) markUnchanged(ctx);
      return locked.changes.report;
    },
  });

/** `uploadcurriculumworkbook`: imported now, or by a job when the file is large. */
export function uploadCurriculumWorkbook(
  deps: Deps,
  input: Input,
  file: UploadedFile,
  dryRun: boolean,
) {
  const data = { fileKey: file.key, dryRun, input };
  return importNowOrAsJob(
    deps,
    input.ctx,
    { kind: 'curriculum.workbook-import', file, data },
    () => importCurriculumWorkbook(deps, input, data),
    NOTHING,
  );
}

/** The service entry point, for the route and for a job alike. */
export async function importCurriculumWorkbook(
  deps: Deps,
  input: Input,
  run: Omit<ImportRun<Input>, 'input'>,
): Promise<UploadCurriculumWorkbookResponse> {
  const { report, summary, result } = await runImport(deps, workbookImport(deps), {
    ...run,
    input,
  });
  return { ...report, ...NOTHING, ...summary, ...result };
}

/**
 * Level by level, parents first: the updated items first take a name (and
 * chapter number) no one has, so renames that swap names never meet the
 * unique indexes halfway; then their final values; then the new items.
 * A moved or new item goes at the end of its parent.
 */
async function writePlan(
  tx: Tx,
  ctx: RequestContext,
  actor: AuthAdmin,
  now: string,
  p: WorkbookPlan,
) {
  const realId = new Map<number, number>();
  const parentOf = (i: PlannedItem) => (i.parentId < 0 ? realId.get(i.parentId)! : i.parentId);
  const stamp = sql`${now}::timestamptz`;
  for (const level of WORKBOOK_LEVELS) {
    const { table, parent } = TABLES[level];
    const t = sql.identifier(table);
    const pc = sql.identifier(parent);
    const ranks = new Map<number, number>();
    const rank = (parentId: number) => {
      ranks.set(parentId, (ranks.get(parentId) ?? 0) + 1);
      return ranks.get(parentId)!;
    };
    const end = sql`coalesce((select max(x.position) from ${t} x where x.${pc} = r.parent_id), 0) + r.rank`;
    const recordset = sql`r(id bigint, parent_id bigint, name text, number int, rank int, moved boolean)`;
    const updates = p.updates.filter((u) => u.level === level);
    if (updates.length) {
      const ids = JSON.stringify(updates.map((u) => u.id));
      await tx.execute(sql`update ${t} set name = chr(1) || id::text
        ${level === 'chapter' ? sql`, number = -id` : sql``}
        where id in (select json_array_elements_text(${ids}::json)::bigint)`);
      const rows = updates.map((u) => {
        const parentId = parentOf(u);
        const moved = parentId !== u.stored!.parentId;
        return {
          id: u.id,
          parent_id: parentId,
          name: u.name,
          number: u.number,
          rank: moved ? rank(parentId) : 0,
          moved,
        };
      });
      await tx.execute(sql`update ${t} i set ${pc} = r.parent_id, name = r.name,
          ${level === 'chapter' ? sql`number = r.number,` : sql``}
          position = case when r.moved then ${end} else i.position end,
          updated_at = ${stamp}, updated_by = ${actor.id}::bigint
        from json_to_recordset(${JSON.stringify(rows)}::json) as ${recordset}
        where i.id = r.id`);
    }
    const creates = p.creates.filter((c) => c.level === level);
    if (creates.length) {
      const rows = creates.map((c) => ({
        parent_id: parentOf(c),
        name: c.name,
        number: c.number,
        rank: rank(parentOf(c)),
      }));
      const made = await tx.execute<{
        id: string | number;
        parent_id: string | number;
        name: string;
      }>(sql`
        insert into ${t} (${pc}, name, ${level === 'chapter' ? sql`number, ` : sql``}position,
                          created_at, updated_at, created_by, updated_by)
        select r.parent_id, r.name, ${level === 'chapter' ? sql`r.number, ` : sql``}${end},
               ${stamp}, ${stamp}, ${actor.id}::bigint, ${actor.id}::bigint
        from json_to_recordset(${JSON.stringify(rows)}::json) as ${recordset}
        returning id, ${pc} as parent_id, name`);
      // Matched by parent and name (unique), not by the order RETURNING happens to use.
      const idOf = new Map(
        made.rows.map((r) => [`${r.parent_id}:${r.name.toLowerCase()}`, Number(r.id)]),
      );
      for (const c of creates)
        realId.set(c.id, idOf.get(`${parentOf(c)}:${c.name.toLowerCase()}`)!);
    }
  }
  if (p.creates.length) {
    const count = (level: string) => p.creates.filter((c) => c.level === level).length;
    await recordAudit(tx, ctx, {
      action: 'curriculum_imported',
      entity: 'curriculum',
      after: {
        created: { subjects: count('subject'), chapters: count('chapter'), topics: count('topic') },
        via: 'curriculum workbook',
      },
    });
  }
  // One audit row per changed item, its fields before and after.
  const fields = (
    i: { parentId: number; name: string; number: number | null },
    parentId = i.parentId,
  ) => ({
    parentId,
    name: i.name,
    ...(i.number === null ? {} : { number: i.number }),
  });
  await recordAudits(
    tx,
    ctx,
    p.updates.map((u) => ({
      action: `${u.level}_edited`,
      entity: u.level,
      entityId: u.id,
      before: fields(u.stored!),
      after: { ...fields(u, parentOf(u)), via: 'curriculum workbook' },
    })),
  );
}
