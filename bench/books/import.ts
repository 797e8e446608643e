// Catalogue import of BENCH_IMPORT_ROWS rows through the real path: an XLSX
// built with exceljs, POSTed as multipart to /api/book/uploadbookcatalog
// (app.inject), first as a dry run, then committed. Seconds per step.
import { performance } from 'node:perf_hooks';
import { isbn13CheckDigit } from '@bo/contract';
import ExcelJS from 'exceljs';
import { type Bench, SUBJECTS, seconds } from './setup.ts';

/** ISBNs 9785xxxxxxxx (main) and 9786xxxxxxxx (extra): clear of the list's 978000… and 979…. */
const isbn = (prefix: string, i: number) => {
  const body = `${prefix}${String(i).padStart(8, '0')}`;
  return body + isbn13CheckDigit(body);
};

export async function catalogueXlsx(bench: Bench, rows: number) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Books');
  ws.addRow([
    'ISBN',
    'Title',
    'Grade',
    'Subject',
    'Series',
    'Edition',
    'Language',
    'Status',
    'Extra ISBNs',
  ]);
  for (let i = 1; i <= rows; i++) {
    const grade = bench.gradeRows[i % bench.gradeRows.length]!.name;
    const subject = SUBJECTS[i % SUBJECTS.length]!;
    ws.addRow([
      isbn('9785', i),
      `Imported ${subject} Reader ${grade} Volume ${i}`,
      grade,
      subject,
      i % 3 ? 'Bright Minds' : '',
      '1st',
      'English',
      i % 4 ? 'active' : 'draft',
      i % 10 ? '' : isbn('9786', i),
    ]);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export async function multipart(bytes: Buffer, name = 'catalogue.xlsx') {
  const form = new FormData();
  form.append('file', new Blob([bytes]), name);
  const res = new Response(form);
  return {
    payload: Buffer.from(await res.arrayBuffer()),
    headers: { 'content-type': res.headers.get('content-type')! },
  };
}

export async function benchImport(bench: Bench, rows: number) {
  const bytes = await catalogueXlsx(bench, rows);
  const body = await multipart(bytes);
  const step = async (dryRun: boolean) => {
    const start = performance.now();
    const res = await bench.inject({
      method: 'POST',
      url: `/api/book/uploadbookcatalog?dryRun=${dryRun}`,
      ...body,
    });
    const answer = res.json() as { valid: number; errors: unknown[]; created: number };
    if (answer.errors.length || answer.valid !== rows) {
      throw new Error(
        `import: ${answer.valid} valid, errors ${JSON.stringify(answer.errors.slice(0, 3))}`,
      );
    }
    return { seconds: seconds(start), created: answer.created };
  };
  const dryRun = await step(true);
  const commit = await step(false);
  if (commit.created !== rows) throw new Error(`import created ${commit.created}`);
  return {
    rows,
    fileMB: Number((bytes.length / 1048576).toFixed(2)),
    dryRunSeconds: dryRun.seconds,
    commitSeconds: commit.seconds,
  };
}
