import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, questionRevisions, questions } from '../../../db/schema/index.ts';
import {
  hasLibreOffice,
  readWithLibreOffice,
  saveWithLibreOffice,
} from '../../../test/libreoffice.ts';
import { useImportApp, workbook } from './import.testing.ts';

/**
 * The question export comes back as updates (import-update.ts): edited in
 * LibreOffice, it applies exactly the edits, each listed first, as new
 * revisions; a question changed since the export is a problem, never
 * overwritten.
 */
const h = useImportApp();

const exportXlsx = async () => {
  const res = await h.t.as(h.token, {
    method: 'GET',
    url: '/api/questions/exportquestions?format=xlsx&sort=createdAt&order=asc',
  });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
};

async function seed() {
  await h.clear();
  const bytes = await workbook([
    {
      Type: 'Single choice',
      Question: 'Two plus two?',
      'Option A': '3',
      'Option B': '4',
      Correct: 'B',
    },
    { Type: 'True/false', Question: 'The Sun is a star.', Correct: 'True', Marks: 2 },
    { Type: 'Subjective', Question: 'Explain rain.', 'Model answer': 'Clouds.', Tags: 'weather' },
  ]);
  const res = await h.send(bytes, 'dryRun=false');
  expect(res.json()).toMatchObject({ created: 3 });
  return h.t.app.deps.db.select().from(questions).orderBy(questions.id);
}

describe('question export as an import', () => {
  it.skipIf(!hasLibreOffice())(
    'edited in LibreOffice: the dry run lists each change, the commit saves them as revisions',
    async () => {
      const [q1, q2, q3] = await seed();
      const rows = await readWithLibreOffice(await exportXlsx());
      const header = rows[0]!;
      const col = (name: string) => header.indexOf(name);
      expect(col('ID')).toBeGreaterThan(0);
      const rowOf = (id: number) => rows.find((r) => r[col('ID')] === String(id))!;
      rowOf(q1!.id)[col('Marks')] = '1.5';
      rowOf(q2!.id)[col('Difficulty')] = 'hard';
      rowOf(q3!.id)[col('Tags')] = 'weather, water';
      const added = header.map(() => '');
      added[col('Type')] = 'Subjective';
      added[col('Question')] = 'Explain snow.';
      added[col('Model answer')] = 'Cold clouds.';
      rows.push(added);
      const edited = await saveWithLibreOffice(rows);

      const check = (await h.send(edited, 'dryRun=true')).json();
      expect(check).toMatchObject({ rows: 4, valid: 4, errors: [], created: 1, updated: 3 });
      const at = (id: number) => rows.indexOf(rowOf(id)) + 1;
      expect(check.changes).toEqual([
        { row: at(q1!.id), column: 'Marks', from: '1', to: '1.5' },
        { row: at(q2!.id), column: 'Difficulty', from: 'medium', to: 'hard' },
        { row: at(q3!.id), column: 'Tags', from: 'weather', to: 'weather, water' },
      ]);
      expect(check.warnings).toEqual([]);
      expect(await h.count()).toBe(3);

      h.t.clock.advance(60_000);
      const commit = (await h.send(edited, 'dryRun=false')).json();
      expect(commit).toMatchObject({ committed: true, created: 1, updated: 3, unchanged: 0 });
      const [after1] = await h.t.app.deps.db
        .select()
        .from(questions)
        .where(eq(questions.id, q1!.id));
      expect(after1).toMatchObject({ marks: 1.5, revision: 2 });
      const revisions = await h.t.app.deps.db
        .select()
        .from(questionRevisions)
        .where(and(eq(questionRevisions.questionId, q1!.id), eq(questionRevisions.revision, 2)));
      expect(revisions).toHaveLength(1);
      expect(revisions[0]).toMatchObject({ action: 'import' });
      const edits = await h.t.app.deps.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'question_edited'));
      expect(edits.map((e) => Number(e.entityId)).sort()).toEqual([q1!.id, q2!.id, q3!.id].sort());

      // The same file again: each updated row carries the time before its change.
      const again = (await h.send(edited, 'dryRun=true')).json();
      const stale = again.errors.filter((e: { column: string }) => e.column === 'Updated at');
      expect(stale).toHaveLength(3);
    },
    120_000,
  );

  it('a question changed since the export, an unknown ID, an ID twice and a copy of another are problems', async () => {
    const [q1, q2, q3] = await seed();
    const file = await exportXlsx();
    h.t.clock.advance(60_000);
    const edit = await h.t.as(h.token, {
      method: 'POST',
      url: '/api/questions/editquestion',
      payload: {
        id: q2!.id,
        revision: q2!.revision,
        type: 'true_false',
        stem: 'The Sun is a star.',
        options: [
          { id: 'A', html: 'True', correct: true },
          { id: 'B', html: 'False', correct: false },
        ],
        marks: 3,
      },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const headers = (ws.getRow(1).values as unknown[]).map(String);
    const cell = (row: number, name: string) => ws.getRow(row).getCell(headers.indexOf(name));
    cell(2, 'Question').value = 'The Sun is a star.';
    cell(2, 'Type').value = 'True/false';
    cell(2, 'Option A').value = null;
    cell(2, 'Option B').value = null;
    cell(2, 'Correct').value = 'True';
    const unknown: Record<string, unknown> = {
      ID: 999_999,
      Type: 'Subjective',
      Question: 'Q',
      'Model answer': 'M',
    };
    ws.addRow(headers.slice(1).map((name) => unknown[name] ?? null));
    // Row 4 (the third question) once more, as row 6.
    ws.addRow((ws.getRow(4).values as unknown[]).slice(1));
    const check = (await h.send(Buffer.from(await wb.xlsx.writeBuffer()), 'dryRun=true')).json();
    const problems = check.errors.map((e: { row: number; column: string; message: string }) => [
      e.row,
      e.column,
      e.message.replace(/ at .* UTC/, ' at …'),
    ]);
    expect(problems).toEqual(
      expect.arrayContaining([
        [2, 'Question', `The same question is already in the bank (question ${q2!.id})`],
        [3, 'Updated at', expect.stringMatching(/^Changed by .+ at … since your export/)],
        [5, 'ID', 'No question has ID 999999'],
        [6, 'ID', `Question ${q3!.id} is also in row 4`],
      ]),
    );
    const [kept] = await h.t.app.deps.db.select().from(questions).where(eq(questions.id, q1!.id));
    expect(kept!.stem).toContain('Two plus two?');
  });
});
