import type { ImportError, QrTargetKind, UploadQrCodesResponse } from '@bo/contract';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { markUnchanged, recordAudits } from '../../lib/audit-record.ts';
import { conflict } from '../../lib/errors.ts';
import { type ChangeCounts, changedSinceExport, ImportChanges } from '../../lib/import/changes.ts';
import { importNowOrAsJob } from '../../lib/import/job.ts';
import { type ImportRun, runImport } from '../../lib/import/runner.ts';
import { wholeFile } from '../../lib/import/whole-file.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import type { UploadedFile } from '../../lib/storage/upload.ts';
import type { SheetRow } from '../../lib/xlsx/sheet.ts';
import type { AuthAdmin } from '../../plugins/auth-guard.ts';
import {
  KIND_OF_WORD,
  type QrSheetColumns,
  qrCodeSheet,
  type StoredCode,
  storedCodes,
  TARGET_WORDS,
} from './qr-codes.sheet.ts';

/**
 * A book's codes sheet sent back (uploadqrcodes): each row points its code
 * somewhere else or enables/disables it, by the rules of the retarget
 * screen (a book's code points at its book, one of its TOC nodes or a
 * video; a video's code at a video). Codes are made on the QR codes screen,
 * never by import: a row naming no code is a problem. The commit locks the
 * codes, checks again and writes them in one transaction; the route then
 * empties the scan cache.
 */

const NOTHING = { created: 0, updated: 0, unchanged: 0, changes: [], unlistedChanges: 0 };

type Row = SheetRow<QrSheetColumns>;
interface Change {
  stored: StoredCode;
  kind: QrTargetKind | null;
  targetId: number | null;
  enabled: boolean;
}

/** Every row against the codes it names and the targets it gives; what each changes. */
async function resolveRows(db: Db | Tx, rows: Row[], lock = false) {
  const errors: ImportError[] = [];
  const changes = new ImportChanges();
  const named = await storedCodes(
    db,
    {
      ids: rows.flatMap((r) => (r.values.id === undefined ? [] : [r.values.id])),
      codes: rows.flatMap((r) =>
        r.values.id === undefined && r.values.code ? [r.values.code.toUpperCase()] : [],
      ),
    },
    lock,
  );
  const byId = new Map(named.map((c) => [c.id, c]));
  const byCode = new Map(named.map((c) => [c.code, c]));
  const targets = await knownTargets(db, rows);
  const seen = new Map<number, number>();
  const updates: Change[] = [];
  for (const { row, values: v, failed, present } of rows) {
    const before = errors.length;
    const problem = (column: string, message: string) => errors.push({ row, column, message });
    const code = v.code?.toUpperCase();
    let stored: StoredCode | undefined;
    if (v.id !== undefined) {
      stored = byId.get(v.id);
      if (!stored) problem('ID', `No QR code has ID ${v.id}`);
      else if (code && code !== stored.code)
        problem(
          'Code',
          `The code with ID ${v.id} is ${stored.code}: a printed code's letters never change`,
        );
    } else if (code) {
      stored = byCode.get(code);
      if (!stored)
        problem(
          'Code',
          `No QR code is ${code}: codes are made on the QR codes screen, not by import`,
        );
    } else if (!failed.has('code') && !failed.has('id'))
      problem('Code', 'Give the code (or its ID)');
    if (!stored) continue;
    const at = seen.get(stored.id);
    if (at !== undefined) problem('Code', `${stored.code} is also in row ${at}`);
    else seen.set(stored.id, row);
    const stale = changedSinceExport(row, v.updatedAt, stored);
    if (stale) errors.push(stale);
    const has = (key: keyof QrSheetColumns) => present?.has(key) ?? true;
    const word = has('target')
      ? v.target
      : stored.targetKind
        ? TARGET_WORDS[stored.targetKind]
        : undefined;
    const kind = word ? KIND_OF_WORD[word] : null;
    let targetId = has('targetId') ? (v.targetId ?? null) : stored.targetId;
    if (!failed.has('target') && !failed.has('targetId')) {
      const message = targetProblem(stored, kind, targetId, targets);
      if (message) problem(message.column, message.text);
      if (kind === 'book') targetId = stored.bookId;
    }
    if (errors.length > before || failed.size > 0) continue;
    const next: Change = {
      stored,
      kind,
      targetId,
      enabled: has('enabled') ? (v.enabled ?? stored.enabled) : stored.enabled,
    };
    if (changes.compare(row, cellsOf(stored, next))) updates.push(next);
  }
  return { errors, changes, updates };
}

const wordOf = (kind: QrTargetKind | null) => (kind ? TARGET_WORDS[kind] : '');
const idText = (id: number | null) => (id === null ? '' : `${id}`);
const yes = (b: boolean) => (b ? 'Yes' : 'No');

/** A stored code and what the row makes of it, in the sheet's words and order. */
const cellsOf = (s: StoredCode, next: Change): [string, string, string][] => [
  ['Target', wordOf(s.targetKind), wordOf(next.kind)],
  ['Target ID', idText(s.targetId), idText(next.targetId)],
  ['Enabled', yes(s.enabled), yes(next.enabled)],
];

/** The TOC nodes (with their book) and videos the rows name, in two statements. */
async function knownTargets(db: Db | Tx, rows: Row[]) {
  const ids = JSON.stringify([
    ...new Set(rows.flatMap((r) => (r.values.targetId === undefined ? [] : [r.values.targetId]))),
  ]);
  const list = sql`(select json_array_elements_text(${ids}::json)::bigint)`;
  const nodes = await db.execute<{ id: string | number; book_id: string | number }>(
    sql`select id, book_id from toc_nodes where id in ${list}`,
  );
  const videos = await db.execute<{ id: string | number }>(
    sql`select id from media_items where kind = 'video' and id in ${list}`,
  );
  return {
    nodeBook: new Map(nodes.rows.map((n) => [Number(n.id), Number(n.book_id)])),
    videos: new Set(videos.rows.map((v) => Number(v.id))),
  };
}

/**
 * The retarget screen's rules, cell by cell. A code keeps a target once it
 * has one (disable it instead); a target deleted since (a node gone) may
 * stay as it is, blank Target ID, until it is pointed elsewhere.
 */
function targetProblem(
  s: StoredCode,
  kind: QrTargetKind | null,
  id: number | null,
  known: Awaited<ReturnType<typeof knownTargets>>,
): { column: string; text: string } | null {
  const target = (text: string) => ({ column: 'Target', text });
  const targetId = (text: string) => ({ column: 'Target ID', text });
  if (kind === null)
    return s.targetKind === null
      ? null
      : target('Target is required: a code keeps a target once it has one (disable it instead)');
  if (kind === 'book') {
    if (s.bookId === null) return target("A video's code can point at another video only");
    if (id !== null && id !== s.bookId)
      return targetId('A code printed in a book points at that book, not another');
    return null;
  }
  if (id === null)
    return kind === s.targetKind && s.targetId === null
      ? null
      : targetId(`Give the ${kind === 'video' ? "video's" : "TOC node's"} ID`);
  if (kind === 'video') return known.videos.has(id) ? null : targetId(`No video has ID ${id}`);
  if (s.bookId === null) return target("A video's code can point at another video only");
  return known.nodeBook.get(id) === s.bookId
    ? null
    : targetId(`No TOC node ${id} in this code's book`);
}

export interface Input {
  ctx: RequestContext;
  actor: AuthAdmin;
}

const qrImport = (deps: Deps) =>
  wholeFile<QrSheetColumns, Input, ChangeCounts, ChangeCounts>({
    name: 'QR codes',
    sheet: qrCodeSheet,
    async check(db, rows) {
      const { errors, changes } = await resolveRows(db, rows);
      return { errors, summary: changes.report };
    },
    async apply(tx, rows, { ctx, actor }) {
      const again = await resolveRows(
        tx,
        rows.map((r) => ({ ...r, failed: new Set() })),
        true,
      );
      if (again.errors.length) {
        const first = again.errors[0]!;
        throw conflict(
          `Row ${first.row}: ${first.message} (changed meanwhile); nothing was imported`,
        );
      }
      await writeCodes(tx, ctx, actor, deps.clock().toISOString(), again.updates);
      if (!again.updates.length) markUnchanged(ctx);
      return again.changes.report;
    },
  });

/** One statement for every changed code, then one audit row per code. */
async function writeCodes(
  tx: Tx,
  ctx: RequestContext,
  actor: AuthAdmin,
  now: string,
  updates: Change[],
) {
  if (!updates.length) return;
  const rows = updates.map((u) => ({
    id: u.stored.id,
    kind: u.kind,
    node: u.kind === 'toc_node' ? u.targetId : null,
    video: u.kind === 'video' ? u.targetId : null,
    enabled: u.enabled,
  }));
  await tx.execute(sql`update qr_codes q set target_kind = r.kind, toc_node_id = r.node,
      video_id = r.video, enabled = r.enabled,
      updated_at = ${now}::timestamptz, updated_by = ${actor.id}::bigint
    from json_to_recordset(${JSON.stringify(rows)}::json)
      as r(id bigint, kind text, node bigint, video bigint, enabled boolean)
    where q.id = r.id`);
  await recordAudits(
    tx,
    ctx,
    updates.map((u) => {
      const s = u.stored;
      const retargeted = s.targetKind !== u.kind || s.targetId !== u.targetId;
      return {
        action: retargeted
          ? 'qr_code_retargeted'
          : u.enabled
            ? 'qr_code_enabled'
            : 'qr_code_disabled',
        entity: 'qr_code',
        entityId: s.id,
        before: { qr: s.code, target: { kind: s.targetKind, id: s.targetId }, enabled: s.enabled },
        after: {
          qr: s.code,
          target: { kind: u.kind, id: u.targetId },
          enabled: u.enabled,
          via: 'QR codes import',
        },
      };
    }),
  );
}

/** `uploadqrcodes`: imported now, or by a job when the file is large. */
export function uploadQrCodes(deps: Deps, input: Input, file: UploadedFile, dryRun: boolean) {
  const data = { fileKey: file.key, dryRun, input };
  return importNowOrAsJob(
    deps,
    input.ctx,
    { kind: 'qr-codes.import', file, data },
    () => importQrCodes(deps, input, data),
    NOTHING,
  );
}

/** The service entry point, for the route and for a job alike. */
export async function importQrCodes(
  deps: Deps,
  input: Input,
  run: Omit<ImportRun<Input>, 'input'>,
): Promise<UploadQrCodesResponse> {
  const { report, summary, result } = await runImport(deps, qrImport(deps), { ...run, input });
  return { ...report, ...NOTHING, ...summary, ...result };
}
