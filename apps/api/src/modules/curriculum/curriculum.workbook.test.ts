import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { auditLog, chapters, subjects, topics } from '../../db/schema/index.ts';
import { editWorkbookWithLibreOffice, hasLibreOffice } from '../../test/libreoffice.ts';
import { ctx, get, ok200, post, useCurriculumTestApp } from './curriculum.testing.ts';

/**
 * The curriculum workbook (a sheet per level, each row with its ID and
 * Updated at) comes back as an import: unchanged it changes nothing, edited
 * (in LibreOffice where the machine has it) it applies exactly the edits,
 * listed from → to first; a row changed by someone since the download is a
 * problem, never an overwrite.
 */
useCurriculumTestApp();

async function upload(bytes: Buffer, dryRun: boolean, status = 200) {
  const form = new FormData();
  form.append('file', new Blob([bytes]), 'Curriculum.xlsx');
  const res = new Response(form);
  const answer = await ctx.t.as(ctx.token, {
    method: 'POST',
    url: `/api/book/uploadcurriculumworkbook?dryRun=${dryRun}`,
    payload: Buffer.from(await res.arrayBuffer()),
    headers: { 'content-type': res.headers.get('content-type')! },
  });
  expect(answer.statusCode, answer.body).toBe(status);
  return answer.json();
}

const download = async () => {
  const res = await get('/book/downloadcurriculum');
  expect(res.statusCode, res.body).toBe(200);
  return res.rawPayload;
};

async function workbook(bytes: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  return wb;
}
const bytesOf = async (wb: ExcelJS.Workbook) => Buffer.from(await wb.xlsx.writeBuffer());

/** The sheet's rows as texts, header first. */
const textsOf = (ws: ExcelJS.Worksheet) => {
  const rows: string[][] = [];
  ws.eachRow((row) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (c, at) => {
      cells[at - 1] = c.text;
    });
    rows.push(cells);
  });
  return rows;
};
/** The row (1-based) of the sheet whose column `header` holds `text`. */
const rowOf = (ws: ExcelJS.Worksheet, header: string, text: string) => {
  const rows = textsOf(ws);
  const at = rows[0]!.indexOf(header);
  return rows.findIndex((r) => r[at] === text) + 1;
};
const cellOf = (ws: ExcelJS.Worksheet, row: number, header: string) =>
  ws.getRow(row).getCell(textsOf(ws)[0]!.indexOf(header) + 1);

let gradeName = '';
const ids = {} as Record<string, number>;

describe('the curriculum workbook', () => {
  it('downloads a sheet per level, each row with its parents, ID and Updated at', async () => {
    const grade = (await get('/book/getgrades')).json().items;
    gradeName = grade.find((g: { id: number }) => g.id === ctx.gradeId).name;
    const class6 = grade.find((g: { name: string }) => g.name === 'Class 6').id;
    const add = async (path: string, body: object, name: string) => {
      ids[name] = (await ok200(post(path, { ...body, name }))).id;
    };
    await add('/book/addsubject', { gradeId: ctx.gradeId }, 'Maths');
    await add('/book/addsubject', { gradeId: ctx.gradeId }, 'Science');
    await add('/book/addsubject', { gradeId: class6 }, 'Art');
    await add('/book/addchapter', { subjectId: ids.Maths }, 'Numbers');
    await add('/book/addchapter', { subjectId: ids.Maths }, 'Shapes');
    await add('/book/addtopic', { chapterId: ids.Numbers }, 'Counting');
    await add('/book/addtopic', { chapterId: ids.Numbers }, 'Place value');

    const wb = await workbook(await download());
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Subjects', 'Chapters', 'Topics']);
    const [s, c, t] = wb.worksheets.map(textsOf);
    expect(s![0]).toEqual(['Grade', 'Subject', 'ID', 'Updated at']);
    expect(c![0]).toEqual(['Grade', 'Subject', 'Chapter No', 'Chapter', 'ID', 'Updated at']);
    expect(t![0]).toEqual(['Grade', 'Subject', 'Chapter', 'Topic', 'ID', 'Updated at']);
    expect(s!.slice(1).map((r) => r.slice(0, 3))).toEqual([
      [gradeName, 'Maths', `${ids.Maths}`],
      [gradeName, 'Science', `${ids.Science}`],
      ['Class 6', 'Art', `${ids.Art}`],
    ]);
    expect(t![2]!.slice(0, 5)).toEqual([
      gradeName,
      'Maths',
      'Numbers',
      'Place value',
      `${ids['Place value']}`,
    ]);
  });

  it('sent back unchanged, it changes nothing and says so', async () => {
    const bytes = await download();
    const check = await upload(bytes, true);
    expect(check).toMatchObject({ rows: 7, valid: 7, errors: [] });
    expect(check).toMatchObject({ created: 0, updated: 0, unchanged: 7, changes: [] });
    const done = await upload(bytes, false);
    expect(done).toMatchObject({ committed: true, created: 0, updated: 0, unchanged: 7 });
  });

  it.skipIf(!hasLibreOffice())(
    'edited in LibreOffice, it applies exactly the edits, listed first; sent again, the changed rows are refused',
    async () => {
      const edited = await editWorkbookWithLibreOffice(await download(), (fods) => {
        // The chapter renamed wherever it is named (the Topics sheet names it too).
        let out = fods.replaceAll('<text:p>Numbers</text:p>', '<text:p>Number sense</text:p>');
        // Art moved to this grade (nothing uses it yet).
        out = editRow(out, '<text:p>Art</text:p>', (row) =>
          row.replace('<text:p>Class 6</text:p>', `<text:p>${gradeName}</text:p>`),
        );
        // A new topic: Counting's row again, renamed, without its ID and Updated at.
        return editRow(out, '<text:p>Counting</text:p>', (row) => {
          const copy = row
            .replace('<text:p>Counting</text:p>', '<text:p>Estimation</text:p>')
            .replace(/<table:table-cell[^>]*"float"[^>]*>.*?<\/table:table-cell>/s, BLANK)
            .replace(
              /<table:table-cell[^>]*>\s*<text:p>\d{4}-[^<]*Z<\/text:p>\s*<\/table:table-cell>/s,
              BLANK,
            );
          return row + copy;
        });
      });
      const check = await upload(edited, true);
      expect(check).toMatchObject({ rows: 8, valid: 8, errors: [], committed: false });
      expect(check).toMatchObject({ created: 1, updated: 2, unchanged: 5 });
      expect(check.changes).toEqual([
        { row: 4, column: 'Subjects › Grade', from: 'Class 6', to: gradeName },
        { row: 2, column: 'Chapters › Chapter', from: 'Numbers', to: 'Number sense' },
      ]);

      ctx.t.clock.advance(60_000);
      const done = await upload(edited, false);
      expect(done).toMatchObject({ committed: true, created: 1, updated: 2, unchanged: 5 });
      const db = ctx.t.app.deps.db;
      const [art] = await db.select().from(subjects).where(eq(subjects.id, ids.Art!));
      expect(art).toMatchObject({ gradeId: ctx.gradeId, position: 3 });
      const [numbers] = await db.select().from(chapters).where(eq(chapters.id, ids.Numbers!));
      expect(numbers).toMatchObject({ name: 'Number sense', number: 1 });
      const under = await db.select().from(topics).where(eq(topics.chapterId, ids.Numbers!));
      expect(under.map((x) => [x.name, x.position]).sort()).toEqual([
        ['Counting', 1],
        ['Estimation', 3],
        ['Place value', 2],
      ]);
      // One audit row per changed item, before and after.
      const audits = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'chapter'), eq(auditLog.entityId, `${ids.Numbers}`)));
      expect(audits.at(-1)).toMatchObject({
        action: 'chapter_edited',
        before: { name: 'Numbers' },
        after: { name: 'Number sense', via: 'curriculum workbook' },
      });

      const again = await upload(edited, true);
      expect(again.errors.map((e: { column: string; row: number }) => [e.column, e.row])).toEqual([
        ['Subjects › Updated at', 4],
        ['Chapters › Updated at', 2],
      ]);
      expect(again.errors[0].message).toMatch(/^Changed by .* UTC since your export: download/);
    },
  );

  it('a row changed by someone since the download is a problem, and the commit writes nothing', async () => {
    const bytes = await download();
    ctx.t.clock.advance(60_000);
    await ok200(post('/book/edittopic', { id: ids['Place value'], name: 'Place values' }));
    const wb = await workbook(bytes);
    const topicsSheet = wb.getWorksheet('Topics')!;
    cellOf(topicsSheet, rowOf(topicsSheet, 'Topic', 'Counting'), 'Topic').value = 'Counting on';
    const edited = await bytesOf(wb);
    const check = await upload(edited, true);
    expect(check.errors).toEqual([
      expect.objectContaining({
        row: rowOf(topicsSheet, 'Topic', 'Place value'),
        column: 'Topics › Updated at',
      }),
    ]);
    const refused = await upload(edited, false, 400);
    expect(refused.code).toBe('import_invalid');
    const [counting] = await ctx.t.app.deps.db
      .select()
      .from(topics)
      .where(eq(topics.id, ids.Counting!));
    expect(counting!.name).toBe('Counting');
  });

  it('swaps names in one file, creates a subject and its chapter, refuses moving what is used', async () => {
    const wb = await workbook(await download());
    const topicsSheet = wb.getWorksheet('Topics')!;
    const counting = rowOf(topicsSheet, 'Topic', 'Counting');
    const place = rowOf(topicsSheet, 'Topic', 'Place values');
    cellOf(topicsSheet, counting, 'Topic').value = 'Place values';
    cellOf(topicsSheet, place, 'Topic').value = 'Counting';
    const subjectSheet = wb.getWorksheet('Subjects')!;
    subjectSheet.addRow([gradeName, 'History']);
    wb.getWorksheet('Chapters')!.addRow([gradeName, 'History', null, 'Empires']);
    const swapped = await upload(await bytesOf(wb), false);
    expect(swapped).toMatchObject({ committed: true, created: 2, updated: 2 });
    const db = ctx.t.app.deps.db;
    const [history] = await db.select().from(subjects).where(eq(subjects.name, 'History'));
    const [empires] = await db.select().from(chapters).where(eq(chapters.name, 'Empires'));
    expect(empires).toMatchObject({ subjectId: history!.id, number: 1, position: 1 });
    const [c] = await db.select().from(topics).where(eq(topics.id, ids.Counting!));
    expect(c!.name).toBe('Place values');

    const again = await workbook(await download());
    const s = again.getWorksheet('Subjects')!;
    cellOf(s, rowOf(s, 'Subject', 'Maths'), 'Grade').value = 'Class 6';
    const moved = await upload(await bytesOf(again), true);
    expect(moved.errors).toEqual([
      {
        row: 2,
        column: 'Subjects › Grade',
        message: `2 chapters use this subject: it stays in "${gradeName}" (move only what nothing uses yet)`,
      },
    ]);
  });

  it('names what is wrong: an unknown ID, a name taken, a file that is not the workbook', async () => {
    const wb = new ExcelJS.Workbook();
    const s = wb.addWorksheet('Subjects');
    s.addRow(['Grade', 'Subject', 'ID']);
    s.addRow([gradeName, 'Whatever', 999_999]);
    s.addRow([gradeName, 'Science', ids.Maths]);
    const report = await upload(await bytesOf(wb), true);
    expect(report.errors).toEqual([
      { row: 2, column: 'Subjects › ID', message: 'No subject has ID 999999' },
      {
        row: 3,
        column: 'Subjects › Subject',
        message: `"Science" is taken by the subject with ID ${ids.Science}, which the file leaves as it is`,
      },
    ]);
    const other = new ExcelJS.Workbook();
    other.addWorksheet('Sheet').addRow(['Grade', 'Subject']);
    const refused = await upload(await bytesOf(other), true, 400);
    expect(refused.code).toBe('wrong_format');
  });
});

const BLANK = '<table:table-cell/>';

/** `fods` with the table row holding `marker` replaced by `edit(row)`. */
function editRow(fods: string, marker: string, edit: (row: string) => string) {
  const at = fods.indexOf(marker);
  const start = fods.lastIndexOf('<table:table-row', at);
  const end = fods.indexOf('</table:table-row>', at) + '</table:table-row>'.length;
  return fods.slice(0, start) + edit(fods.slice(start, end)) + fods.slice(end);
}
