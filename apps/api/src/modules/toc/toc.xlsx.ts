import { type PrintedCodesChoice, routes, type UploadTocResponse } from '@bo/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { tocNodes } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../../lib/audit-record.ts';
import { conflict } from '../../lib/errors.ts';
import { importNowOrAsJob } from '../../lib/import/job.ts';
import { type ImportRun, runImport } from '../../lib/import/runner.ts';
import { wholeFile } from '../../lib/import/whole-file.ts';
import { settlePrintedCodes } from '../../lib/printed-codes.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import type { UploadedFile } from '../../lib/storage/upload.ts';
import { type AuthAdmin, authorizeChange } from '../../plugins/auth-guard.ts';
import { bookNodes, type NodeRow, nodePaths, readTocOfBook } from './toc.queries.ts';
import {
  countChanges,
  keyOf,
  type Placement,
  placements,
  planToc,
  type TocPlan,
  type TocRow,
  tocSheet,
} from './toc.sheet.ts';
import { lockBook, pdfKeysOf, removeFiles } from './toc.write.ts';

/**
 * The TOC round trip as XLSX, upload side (docs/decisions.md, Books: TOC and
 * content): toc.download.ts writes the sheet toc.sheet.ts reads; uploadtoc
 * plans the changes, reports them (dry run), then applies all of them in one
 * transaction with the book's row locked, planned again under the lock.
 */

export const MAX_TOC_ROWS = tocSheet.maxRows;

/** Node ids of the sheet that belong to other books. */
async function foreignIds(db: Db | Tx, bookId: number, rows: TocRow[], own: Set<number>) {
  const ids = rows.flatMap((r) =>
    r.values.nodeId !== undefined && !own.has(r.values.nodeId) ? [r.values.nodeId] : [],
  );
  if (!ids.length) return new Set<number>();
  const found = await db
    .select({ id: tocNodes.id, bookId: tocNodes.bookId })
    .from(tocNodes)
    .where(inArray(tocNodes.id, [...new Set(ids)]));
  return new Set(found.filter((f) => f.bookId !== bookId).map((f) => f.id));
}

async function planFor(db: Db | Tx, bookId: number, rows: TocRow[]) {
  const existing = await bookNodes(db, bookId);
  const own = new Set(existing.map((n) => n.id));
  const plan = planToc(existing, rows, await foreignIds(db, bookId, rows, own));
  return { existing, plan };
}

/**
 * The sheet's Free column is the book's free sample: a plan that sets a flag
 * (a new free node, or a flag that changes) needs what the route table says.
 */
function authorizeFreeFlags(actor: AuthAdmin, existing: NodeRow[], plan: TocPlan) {
  const was = new Map(existing.map((n) => [n.id, n.isFree]));
  const changes = plan.nodes.some((n) => (n.id === null ? n.isFree : was.get(n.id) !== n.isFree));
  authorizeChange(actor, routes.uploadToc.alsoNeeds, changes ? ['isFree'] : []);
}

function summary(existing: NodeRow[], plan: TocPlan, removeMissing: boolean) {
  const placed = placements(plan, removeMissing);
  const paths = nodePaths(existing);
  return {
    placed,
    ...countChanges(existing, plan, placed),
    removed: removeMissing ? plan.missing.length : 0,
    removedContentItems: removeMissing
      ? plan.missing.reduce((sum, n) => sum + n.contentCount, 0)
      : 0,
    notInSheet: plan.missing.map((n) => ({
      id: n.id,
      path: paths.get(n.id) ?? n.title,
      contentItems: n.contentCount,
    })),
  };
}

export interface Input extends PrintedCodesChoice {
  ctx: RequestContext;
  actor: AuthAdmin;
  bookId: number;
  removeMissing: boolean;
}
type Counts = Omit<ReturnType<typeof summary>, 'placed'>;

const tocImport = (deps: Deps) =>
  wholeFile<typeof tocSheet.columns, Input, Counts, Counts>({
    name: 'toc',
    sheet: tocSheet,
    async check(db, rows, input) {
      const { existing, plan } = await planFor(db, input.bookId, rows);
      authorizeFreeFlags(input.actor, existing, plan);
      const { placed: _p, ...counts } = summary(existing, plan, input.removeMissing);
      return { errors: plan.errors, summary: counts };
    },
    async apply(tx, rows, input) {
      const { ctx, actor, bookId, removeMissing } = input;
      await lockBook(tx, bookId);
      // Planned again under the lock: the TOC may have changed since the check.
      const again = await planFor(tx, bookId, rows);
      if (again.plan.errors.length) {
        throw conflict(
          `The TOC changed meanwhile (row ${again.plan.errors[0]!.row}: ${again.plan.errors[0]!.message}); nothing was imported`,
        );
      }
      authorizeFreeFlags(actor, again.existing, again.plan);
      const s = summary(again.existing, again.plan, removeMissing);
      // Printed codes of the nodes the sheet removes go where the upload says, or 409.
      const codes = await settlePrintedCodes(tx, ctx, {
        targets: { nodeIds: removeMissing ? again.plan.missing.map((n) => n.id) : [] },
        choice: input,
        offer: ['parent', 'book', 'node'],
        from: 'query',
        now: deps.clock(),
        actorId: actor.id,
      });
      const files = removeMissing
        ? await pdfKeysOf(
            tx,
            again.plan.missing.map((n) => n.id),
          )
        : [];
      await applyPlan(tx, deps, actor, bookId, again.plan, again.existing, s.placed, removeMissing);
      const { placed: _q, ...done } = s;
      await recordAudit(tx, ctx, {
        action: 'toc_imported',
        entity: 'book',
        entityId: bookId,
        before: { nodes: again.existing.length },
        after: {
          rows: rows.length,
          created: done.created,
          updated: done.updated,
          moved: done.moved,
          removed: done.removed,
          removeMissing,
          ...(codes.qrCodes ? { qrCodes: codes.qrCodes, qrCodesTo: codes.to } : {}),
        },
      });
      // The files go once the transaction has committed (see importToc).
      filesToRemove.set(ctx, files);
      return done;
    },
  });

/** PDFs of removed nodes, handed from the apply step to after its commit. */
const filesToRemove = new WeakMap<RequestContext, string[]>();

const NO_CHANGES = {
  created: 0,
  updated: 0,
  moved: 0,
  removed: 0,
  removedContentItems: 0,
  notInSheet: [],
};

/** `uploadtoc`: imported now, or by a job when the file is large. */
export function uploadToc(deps: Deps, input: Input, file: UploadedFile, dryRun: boolean) {
  const data = { fileKey: file.key, dryRun, input };
  return importNowOrAsJob(
    deps,
    input.ctx,
    { kind: 'toc.import', file, data },
    () => importToc(deps, input, data),
    NO_CHANGES,
  );
}

/** The service entry point, for the route and for a job alike: the workbook is a stored file. */
export async function importToc(
  deps: Deps,
  input: Input,
  run: Omit<ImportRun<Input>, 'input'>,
): Promise<UploadTocResponse> {
  // The book first: an unknown book is 404 before the file is read.
  await readTocOfBook(deps.db, input.bookId);
  const {
    report,
    summary: counts,
    result,
  } = await runImport(deps, tocImport(deps), {
    ...run,
    input,
  });
  await removeFiles(deps, filesToRemove.get(input.ctx) ?? []);
  filesToRemove.delete(input.ctx);
  return { ...report, ...(result ?? counts ?? NO_CHANGES) };
}

/** Inserts the new rows top-down, then writes every changed field, then removes. */
async function applyPlan(
  tx: Tx,
  deps: Deps,
  actor: AuthAdmin,
  bookId: number,
  plan: TocPlan,
  existing: NodeRow[],
  placed: Map<string, Placement>,
  removeMissing: boolean,
) {
  const idOf = new Map<string, number>(existing.map((n) => [String(n.id), n.id]));
  const parentOf = (p: Placement) => (p.parentKey === null ? null : idOf.get(p.parentKey)!);
  const now = deps.clock();
  for (const [i, n] of plan.nodes.entries()) {
    if (n.id !== null) continue;
    const key = keyOf(plan.nodes, i);
    const p = placed.get(key)!;
    const [row] = await tx
      .insert(tocNodes)
      .values({
        bookId,
        parentId: parentOf(p),
        kind: n.kind,
        title: n.title,
        position: p.position,
        isFree: n.isFree,
        status: n.status,
        createdBy: actor.id,
        updatedBy: actor.id,
      })
      .returning({ id: tocNodes.id });
    idOf.set(key, row!.id);
  }
  const planned = new Map(plan.nodes.filter((n) => n.id !== null).map((n) => [n.id!, n]));
  for (const was of existing) {
    const p = placed.get(String(was.id));
    if (!p) continue; // removed below
    const n = planned.get(was.id);
    const fields = n
      ? { title: n.title, kind: n.kind, isFree: n.isFree, status: n.status }
      : { title: was.title, kind: was.kind, isFree: was.isFree, status: was.status };
    const parentId = parentOf(p);
    const same =
      was.parentId === parentId &&
      was.position === p.position &&
      (Object.keys(fields) as (keyof typeof fields)[]).every((k) => was[k] === fields[k]);
    if (same) continue;
    await tx
      .update(tocNodes)
      .set({ ...fields, parentId, position: p.position, updatedAt: now, updatedBy: actor.id })
      .where(eq(tocNodes.id, was.id));
  }
  if (removeMissing && plan.missing.length) {
    await tx.delete(tocNodes).where(
      inArray(
        tocNodes.id,
        plan.missing.map((n) => n.id),
      ),
    );
  }
}
