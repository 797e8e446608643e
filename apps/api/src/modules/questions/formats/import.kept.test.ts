import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { auditLog, grades, questionRevisions, questions } from '../../../db/schema/index.ts';
import { useImportApp, workbook } from './import.testing.ts';
import { BATCH } from './import.ts';
import { NEAR_CHECK_MAX } from './import-check.ts';

/**
 * A commit after a clean dry run of the same file uses what the dry run
 * kept (import-kept.ts) instead of reading and checking the file again;
 * what depends on the database is asked again in the commit's
 * transaction, so a question saved or a curriculum name changed between
 * the dry run and the commit is still refused, row by row, as the full
 * check refuses it.
 */

const dataDir = mkdtempSync(path.join(tmpdir(), 'bo-import-kept-'));
const h = useImportApp({ DATA_DIR: dataDir });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const keptFiles = () =>
  readdirSync(path.join(dataDir, 'import-kept')).filter((f) => f.endsWith('.ndjson'));

/** More questions than the near-duplicate look-up takes (such files are kept). */
const rows = (n: number, tag: string) =>
  Array.from({ length: n }, (_, i) => ({
    Type: 'True/false',
    Question: `${tag} statement ${i}: \\(x_{${i % 7}}\\) holds`,
    Correct: i % 2 ? 'True' : 'False',
    Grade: h.gradeName,
    Subject: 'Mathematics',
  }));

const SMALL = NEAR_CHECK_MAX + 100;

describe('questionimport: the commit reuses a clean dry run', () => {
  it('commits the kept batches in one transaction, with one audit row; the kept file is gone', async () => {
    const bytes = await workbook(rows(BATCH + 10, 'kept'));
    const dry = await h.send(bytes, 'dryRun=true', 'kept.xlsx');
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json()).toMatchObject({ rows: BATCH + 10, valid: BATCH + 10, errors: [] });
    expect(keptFiles()).toHaveLength(1);
    const res = await h.send(bytes, 'dryRun=false', 'kept.xlsx');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      rows: BATCH + 10,
      valid: BATCH + 10,
      created: BATCH + 10,
      committed: true,
      errors: [],
    });
    expect(res.json().warnings[0].message).toMatch(/Near duplicates are looked for/);
    expect(keptFiles()).toHaveLength(0);
    const stored = await h.t.app.deps.db.select().from(questions);
    expect(stored).toHaveLength(BATCH + 10);
    expect(stored.every((q) => q.source === 'xlsx' && q.gradeId !== null)).toBe(true);
    expect(new Set(stored.map((q) => q.sourceLabel)).size).toBe(1);
    // Revision 1 of each holds its fields, as the columns hold them (both from the kept text).
    const revisions = await h.t.app.deps.db.select().from(questionRevisions);
    expect(revisions).toHaveLength(BATCH + 10);
    const byId = new Map(stored.map((q) => [q.id, q]));
    for (const r of revisions) {
      const q = byId.get(r.questionId)!;
      expect(r).toMatchObject({ revision: 1, action: 'import' });
      expect(r.fields).toMatchObject({
        type: q.type,
        stem: q.stem,
        options: q.options,
        gradeId: q.gradeId,
        subjectId: q.subjectId,
        tags: q.tags,
        status: q.status,
        language: q.language,
      });
    }
    const audit = await h.t.app.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'questions_imported'));
    expect(audit.map((a) => (a.after as { created: number }).created)).toContain(BATCH + 10);
    await h.clear();
  }, 120_000);

  it('a question saved between the dry run and the commit is refused at its row; nothing is imported', async () => {
    const all = rows(SMALL, 'dup');
    const bytes = await workbook(all);
    expect((await h.send(bytes, 'dryRun=true')).json().errors).toEqual([]);
    expect(keptFiles()).toHaveLength(1);
    // Row 500 of the file (numbered from 2) saved by another import meanwhile.
    const other = await h.send(await workbook([all[498]!]), 'dryRun=false', 'other.xlsx');
    expect(other.statusCode, other.body).toBe(200);
    const commit = await h.send(bytes, 'dryRun=false');
    expect(commit.statusCode, commit.body).toBe(400);
    expect(commit.json()).toMatchObject({
      code: 'import_invalid',
      details: [
        {
          path: 'rows.500.Question',
          message: expect.stringMatching(/^The same question is already in the bank/),
        },
      ],
    });
    expect(await h.count()).toBe(1);
    expect(keptFiles()).toHaveLength(0);
    await h.clear();
  }, 120_000);

  it('a curriculum name changed between the dry run and the commit is refused; nothing is imported', async () => {
    const bytes = await workbook(rows(SMALL, 'grade'));
    expect((await h.send(bytes, 'dryRun=true')).json().errors).toEqual([]);
    const db = h.t.app.deps.db;
    await db.update(grades).set({ name: 'Renamed grade' }).where(eq(grades.name, h.gradeName));
    try {
      const commit = await h.send(bytes, 'dryRun=false');
      expect(commit.statusCode, commit.body).toBe(400);
      expect(commit.json().details).toHaveLength(SMALL);
      expect(commit.json().details[0]).toEqual({
        path: 'rows.2.Grade',
        message: `No grade is named "${h.gradeName}"`,
      });
      expect(await h.count()).toBe(0);
    } finally {
      await db.update(grades).set({ name: h.gradeName }).where(eq(grades.name, 'Renamed grade'));
    }
  }, 120_000);

  it('carries an export’s updates too: the commit applies them as revisions and audit rows', async () => {
    await h.clear();
    await h.send(await workbook(rows(SMALL, 'upd')), 'dryRun=false', 'seed.xlsx');
    const { bytes, edited } = await editedExport((id) => id % 3 === 0);
    const dry = (await h.send(bytes, 'dryRun=true')).json();
    expect(dry).toMatchObject({ errors: [], updated: edited.length, created: 0 });
    expect(keptFiles()).toHaveLength(1);
    const commit = (await h.send(bytes, 'dryRun=false')).json();
    expect(commit).toMatchObject({ committed: true, updated: edited.length, created: 0 });
    expect(commit.unchanged).toBe(SMALL - edited.length);
    // What the dry run listed, the commit answers (it was not checked again).
    expect(commit.changes).toEqual(dry.changes);
    expect(keptFiles()).toHaveLength(0);
    const db = h.t.app.deps.db;
    const changed = await db.select().from(questions).where(eq(questions.marks, 7));
    expect(changed.map((q) => q.id).sort((a, b) => a - b)).toEqual(edited);
    expect(changed.every((q) => q.revision === 2 && q.tags.includes('re-filed'))).toBe(true);
    const revisions = await db
      .select()
      .from(questionRevisions)
      .where(eq(questionRevisions.revision, 2));
    expect(revisions).toHaveLength(edited.length);
    expect(revisions.every((r) => r.action === 'import')).toBe(true);
    const audits = await db.select().from(auditLog).where(eq(auditLog.action, 'question_edited'));
    expect(audits).toHaveLength(edited.length);
    expect(audits[0]!.before).toMatchObject({ revision: 1, marks: 1 });
    expect(audits[0]!.after).toMatchObject({ revision: 2, marks: 7, via: 'import' });
    await h.clear();
  }, 120_000);

  it('a question edited between the dry run and the commit is a problem at its row, not overwritten', async () => {
    await h.clear();
    await h.send(await workbook(rows(SMALL, 'race')), 'dryRun=false', 'seed.xlsx');
    const { bytes, edited, rowOf } = await editedExport((id) => id % 5 === 0);
    expect((await h.send(bytes, 'dryRun=true')).json().errors).toEqual([]);
    const victim = edited[3]!;
    const db = h.t.app.deps.db;
    const [stored] = await db.select().from(questions).where(eq(questions.id, victim));
    // Another admin's edit, as the editor saves it: a new revision, a later time.
    await db
      .update(questions)
      .set({
        revision: stored!.revision + 1,
        updatedAt: new Date(stored!.updatedAt.getTime() + 60_000),
      })
      .where(eq(questions.id, victim));
    const commit = await h.send(bytes, 'dryRun=false');
    expect(commit.statusCode, commit.body).toBe(400);
    expect(commit.json().details).toEqual([
      {
        path: expect.stringMatching(new RegExp(`^rows\\.${rowOf.get(victim)}\\.`)),
        message: expect.stringMatching(/since your export/),
      },
    ]);
    expect((await db.select().from(questions).where(eq(questions.marks, 7))).length).toBe(0);
    expect(keptFiles()).toHaveLength(0);
    await h.clear();
  }, 120_000);

  it('keeps nothing from a dry run with a problem, nor from a file small enough for near duplicates', async () => {
    const bad = rows(SMALL, 'bad');
    bad[700] = { ...bad[700]!, Correct: 'Maybe' };
    expect((await h.send(await workbook(bad), 'dryRun=true')).json().errors).not.toEqual([]);
    expect((await h.send(await workbook(rows(10, 'few')), 'dryRun=true')).json().errors).toEqual(
      [],
    );
    expect(keptFiles()).toHaveLength(0);
  }, 120_000);
});

/**
 * The bank's XLSX export with the rows of the questions `pick` takes given
 * 7 marks and a "re-filed" tag: the bytes, the ids edited, each id's row.
 */
async function editedExport(pick: (id: number) => boolean) {
  const res = await h.t.as(h.token, {
    method: 'GET',
    url: '/api/questions/exportquestions?format=xlsx&sort=createdAt&order=asc',
  });
  expect(res.statusCode).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as never);
  const ws = wb.worksheets[0]!;
  const headers = (ws.getRow(1).values as unknown[]).map((v) => String(v ?? ''));
  const [id, marks, tags] = ['ID', 'Marks', 'Tags'].map((n) => headers.indexOf(n));
  const edited: number[] = [];
  const rowOf = new Map<number, number>();
  ws.eachRow((row, n) => {
    const q = Number(row.getCell(id!).text);
    if (n === 1) return;
    rowOf.set(q, n);
    if (!pick(q)) return;
    row.getCell(marks!).value = 7;
    row.getCell(tags!).value = row.getCell(tags!).text
      ? `${row.getCell(tags!).text}, re-filed`
      : 're-filed';
    edited.push(q);
  });
  edited.sort((a, b) => a - b);
  return { bytes: Buffer.from(await wb.xlsx.writeBuffer()), edited, rowOf };
}
