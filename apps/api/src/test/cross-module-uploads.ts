import ExcelJS from 'exceljs';
import { grades, subjects } from '../db/schema/index.ts';
import { multipart } from '../modules/toc/toc.fixtures.ts';
import type { TestApp } from './harness.ts';

/**
 * The route matrix's requests for the cross-module upload routes: the change
 * that needs the other module is read from the file, so a sampled body cannot
 * reach it. Each builds, with a super admin, what its file changes, then
 * returns an upload (a dry run: the check is the same) that makes the change
 * its `alsoNeeds` names.
 */
export const crossModuleUploads: Record<
  string,
  (t: TestApp, superToken: string) => Promise<Parameters<TestApp['as']>[1]>
> = {
  // A new unit marked Free is a change to the book's free sample.
  async uploadToc(t, superToken) {
    const db = t.app.deps.db;
    const [grade] = await db.select().from(grades).orderBy(grades.position).limit(1);
    const [subject] = await db
      .insert(subjects)
      .values({ gradeId: grade!.id, name: 'Matrix science', position: 99 })
      .returning();
    const book = await t.as(superToken, {
      method: 'POST',
      url: '/api/book/createbookcontent',
      payload: {
        isbn: '9780306406157',
        title: 'Matrix book',
        gradeId: grade!.id,
        subjectId: subject!.id,
      },
    });
    if (book.statusCode !== 200) throw new Error(`createbookcontent: ${book.body}`);
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('TOC');
    ws.addRow(['Level 1', 'Level 2', 'Level 3', 'Level 4', 'Node Id', 'Kind', 'Free', 'Status']);
    ws.addRow(['Free unit', null, null, null, null, 'unit', 'Yes', null]);
    const sheet = Buffer.from(await wb.xlsx.writeBuffer());
    const bookId = (book.json() as { id: number }).id;
    return {
      method: 'POST',
      url: `/api/book/uploadtoc?bookId=${bookId}&dryRun=true&removeMissing=false`,
      ...(await multipart(sheet, 'toc.xlsx')),
    };
  },
};
