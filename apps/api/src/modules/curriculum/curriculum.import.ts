import type { UploadCurriculumResponse } from '@bo/contract';
import { asc, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { chapters, grades, subjects, topics } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../../lib/audit-record.ts';
import { AppError } from '../../lib/errors.ts';
import { importNowOrAsJob } from '../../lib/import/job.ts';
import { type ImportRun, runImport } from '../../lib/import/runner.ts';
import { wholeFile } from '../../lib/import/whole-file.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import type { UploadedFile } from '../../lib/storage/upload.ts';
import { templateFile } from '../../lib/xlsx/sheet.ts';
import type { AuthAdmin } from '../../plugins/auth-guard.ts';
import { LEVELS, type LevelKey, tableOf } from './curriculum.levels.ts';
import {
  type CurriculumRow,
  curriculumSheet,
  gradeKey,
  type MasterNode,
  nameKey,
  newNode,
  type Plan,
  planRows,
  TEMPLATE_ROWS,
} from './curriculum.sheet.ts';

/**
 * The masters upload (uploadcurriculum) on the import runner, as one batch
 * (lib/import/whole-file.ts): the sheet is planned against the current
 * masters (curriculum.sheet.ts); a dry run answers the plan's counts and problems; a commit locks the grades, subjects
 * and chapters the sheet reaches (the same parent locks the single writes
 * take), plans again under those locks and inserts every new master in one
 * transaction.
 */

export const MAX_CURRICULUM_ROWS = curriculumSheet.maxRows;
const BATCH = 1000;

export const curriculumTemplate = () =>
  templateFile('Curriculum template.xlsx', curriculumSheet, TEMPLATE_ROWS);

/**
 * The grades with the subjects, chapters and topics under those the sheet
 * names; `lock` takes the rows FOR UPDATE, parents first.
 */
async function loadTree(db: Db | Tx, gradeNames: Set<string>, lock: boolean) {
  const forUpdate = <T extends { for: (s: 'update') => unknown }>(q: T) =>
    (lock ? q.for('update') : q) as T;
  const gradeRows = await db
    .select({ id: grades.id, name: grades.name })
    .from(grades)
    .orderBy(asc(grades.id));
  const named = gradeRows.filter((g) => gradeNames.has(gradeKey(g.name)));
  if (lock && named.length) {
    await db
      .select({ id: grades.id })
      .from(grades)
      .where(
        inArray(
          grades.id,
          named.map((g) => g.id),
        ),
      )
      .orderBy(asc(grades.id))
      .for('update');
  }
  const gradeNodes = gradeRows.map((g) => newNode(g.id, g.name));
  const byId = new Map(gradeNodes.map((n) => [n.id!, n]));
  const attach = (
    parent: MasterNode | undefined,
    row: { id: number; name: string; position: number; number?: number },
  ) => {
    if (!parent) return;
    const node = newNode(row.id, row.name, { parent, number: row.number });
    parent.children.set(nameKey(row.name), node);
    parent.nextPosition = Math.max(parent.nextPosition, row.position + 1);
    if (row.number !== undefined) parent.numbers.set(row.number, node);
    byId.set(row.id, node);
    return node;
  };
  const subjectRows = named.length
    ? await forUpdate(
        db
          .select()
          .from(subjects)
          .where(
            inArray(
              subjects.gradeId,
              named.map((g) => g.id),
            ),
          )
          .orderBy(asc(subjects.id)),
      )
    : [];
  const subjectNodes = new Map(subjectRows.map((s) => [s.id, attach(byId.get(s.gradeId), s)!]));
  const chapterRows = subjectRows.length
    ? await forUpdate(
        db
          .select()
          .from(chapters)
          .where(inArray(chapters.subjectId, [...subjectNodes.keys()]))
          .orderBy(asc(chapters.id)),
      )
    : [];
  const chapterNodes = new Map(
    chapterRows.map((c) => [c.id, attach(subjectNodes.get(c.subjectId), c)!]),
  );
  const topicRows = chapterRows.length
    ? await db
        .select({
          id: topics.id,
          chapterId: topics.chapterId,
          name: topics.name,
          position: topics.position,
        })
        .from(topics)
        .where(inArray(topics.chapterId, [...chapterNodes.keys()]))
    : [];
  for (const t of topicRows) attach(chapterNodes.get(t.chapterId), t);
  return gradeNodes;
}

const gradeNamesOf = (rows: CurriculumRow[]) =>
  new Set(rows.flatMap((r) => (r.values.grade ? [gradeKey(r.values.grade)] : [])));

const counts = (p: Plan['created']) => ({
  subjects: p.subjects.length,
  chapters: p.chapters.length,
  topics: p.topics.length,
});

export interface Input {
  ctx: RequestContext;
  actor: AuthAdmin;
}
type Summary = Pick<UploadCurriculumResponse, 'created' | 'existing'>;

const curriculumImport = (deps: Deps) =>
  wholeFile<typeof curriculumSheet.columns, Input, Summary, Summary>({
    name: 'curriculum',
    sheet: curriculumSheet,
    async check(db, rows) {
      const plan = planRows(await loadTree(db, gradeNamesOf(rows), false), rows);
      return {
        errors: plan.errors,
        summary: { created: counts(plan.created), existing: plan.existing },
      };
    },
    async apply(tx, rows, { ctx, actor }) {
      const locked = planRows(await loadTree(tx, gradeNamesOf(rows), true), rows);
      if (locked.errors.length) {
        throw new AppError(
          409,
          'conflict',
          'The curriculum changed while the file was checked; check the file again',
          locked.errors.map((e) => ({ path: `rows.${e.row}.${e.column}`, message: e.message })),
        );
      }
      await insertPlan(deps, tx, ctx, actor, locked);
      return { created: counts(locked.created), existing: locked.existing };
    },
  });

const none = { subjects: 0, chapters: 0, topics: 0 };

/** `uploadcurriculum`: imported now, or by a job when the file is large. */
export function uploadCurriculum(deps: Deps, input: Input, file: UploadedFile, dryRun: boolean) {
  const data = { fileKey: file.key, dryRun, input };
  return importNowOrAsJob(
    deps,
    input.ctx,
    { kind: 'curriculum.import', file, data },
    () => importCurriculum(deps, input, data),
    { created: none, existing: none },
  );
}

/** The service entry point, for the route and for a job alike: the workbook is a stored file. */
export async function importCurriculum(
  deps: Deps,
  input: Input,
  run: Omit<ImportRun<Input>, 'input'>,
): Promise<UploadCurriculumResponse> {
  const { report, summary, result } = await runImport(deps, curriculumImport(deps), {
    ...run,
    input,
  });
  return { ...report, ...(result ?? summary ?? { created: none, existing: none }) };
}

/** Inserts level by level; each new node learns its id before its children are inserted. */
async function insertPlan(deps: Deps, tx: Tx, ctx: RequestContext, actor: AuthAdmin, plan: Plan) {
  const now = deps.clock();
  const stamp = { createdAt: now, updatedAt: now, createdBy: actor.id, updatedBy: actor.id };
  await insertLevel(tx, 'subject', plan.created.subjects, stamp);
  await insertLevel(tx, 'chapter', plan.created.chapters, stamp);
  await insertLevel(tx, 'topic', plan.created.topics, stamp);
  await recordAudit(tx, ctx, {
    action: 'curriculum_imported',
    entity: 'curriculum',
    after: { created: counts(plan.created), existing: plan.existing },
  });
}

async function insertLevel(tx: Tx, key: LevelKey, nodes: MasterNode[], stamp: object) {
  const level = LEVELS[key];
  const t = tableOf(level);
  for (let i = 0; i < nodes.length; i += BATCH) {
    const batch = nodes.slice(i, i + BATCH);
    const values = batch.map((n) => ({
      [level.parentKey]: n.parent!.id,
      name: n.name,
      position: n.position,
      ...(key === 'chapter' ? { number: n.number } : {}),
      ...stamp,
    }));
    const rows = await tx
      .insert(t)
      // never: the level's table is one of three whose parent column differs
      // (gradeId, subjectId, chapterId); one insert type cannot name it.
      .values(values as never)
      .returning({ id: t.id, parentId: level.parentColumn, name: t.name });
    // Matched by parent and name (unique), not by the order RETURNING happens to use.
    const idOf = new Map(rows.map((r) => [`${r.parentId}:${nameKey(r.name)}`, r.id]));
    for (const n of batch) n.id = idOf.get(`${n.parent!.id}:${nameKey(n.name)}`)!;
  }
}
