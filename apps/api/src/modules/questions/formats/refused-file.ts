import type { ImportError, QuestionImportFormat } from '@bo/contract';
import type ExcelJS from 'exceljs';
import { firstSheetRows } from '../../../lib/import/xlsx/sheet-xml.ts';
import { inspectZip, type ZipLimits } from '../../../lib/import/xlsx/zip.ts';
import { decodeTextFile } from '../../../lib/text-encoding.ts';
import { CellError } from '../../../lib/xlsx/sheet.ts';
import { giftEntries } from './gift.ts';
import { qtiRefused } from './qti/refused.ts';
import { linesOf, QUESTION_COLUMN } from './rows.ts';

/**
 * The refused questions of an import that took only the valid ones, as a
 * file in the format they came in, each with a comment saying what is
 * wrong, ready to fix and import again. The questions are copied from the
 * uploaded bytes as they were written (never rebuilt from what was read,
 * which a refused question may lack): Moodle XML's <question> elements
 * (their files inside them) after an XML comment; GIFT's entries after
 * `//` comment lines; Aiken's questions after `//` lines (Aiken has no
 * comments: delete them before importing again); a QTI upload's refused
 * items (qti/refused.ts); a workbook's rows (a
 * ZIP's workbook; its images stay in the ZIP) with a note on each cell at
 * fault.
 */

export interface RefusedFile {
  fileName: string;
  contentType: string;
  /** The file's bytes, base64. */
  base64: string;
}

/** The problems of each refused row, in the file's order. */
function byRow(errors: ImportError[]) {
  const rows = new Map<number, ImportError[]>();
  for (const e of errors) rows.set(e.row, [...(rows.get(e.row) ?? []), e]);
  return rows;
}
const sentence = (e: ImportError) =>
  e.column === QUESTION_COLUMN ? e.message : `${e.column}: ${e.message}`;

export async function refusedFile(
  bytes: Buffer,
  format: QuestionImportFormat,
  fileName: string,
  errors: ImportError[],
  limits: ZipLimits,
): Promise<RefusedFile | null> {
  const problems = byRow(errors);
  if (!problems.size) return null;
  const base = fileName.replace(/\.[^.]+$/, '') || 'questions';
  const text = (body: string, ext: string, contentType: string) => ({
    fileName: `${base} refused.${ext}`,
    contentType,
    base64: Buffer.from(body).toString('base64'),
  });
  if (format === 'qti') {
    const said = new Map([...problems].map(([row, list]) => [row, list.map(sentence)]));
    const qti = await qtiRefused(bytes, said, limits);
    if (!qti) return null;
    return {
      fileName: `${base} refused.${qti.ext}`,
      contentType: qti.ext === 'zip' ? 'application/zip' : 'application/xml',
      base64: qti.data.toString('base64'),
    };
  }
  if (format === 'moodle') {
    return text(moodleRefused(decodeTextFile(bytes), problems), 'xml', 'application/xml');
  }
  if (format === 'gift' || format === 'aiken') {
    const blocks =
      format === 'gift'
        ? giftEntries(decodeTextFile(bytes)).map((e) => e.lines.join('\n'))
        : aikenQuestions(decodeTextFile(bytes));
    const out: string[] = [];
    for (const [row, list] of problems) {
      const block = blocks[row - 1];
      if (!block) continue;
      out.push([...list.map((e) => `// Question ${row}: ${sentence(e)}`), block].join('\n'));
    }
    const ext = format === 'gift' ? 'gift' : 'txt';
    return text(`${out.join('\n\n')}\n`, ext, 'text/plain; charset=utf-8');
  }
  const workbook =
    format === 'zip'
      ? (
          await inspectZip(bytes, limits, (n) =>
            n.toLowerCase().endsWith('.xlsx') ? true : 'stream',
          )
        ).find((e) => e.data)!.data!
      : bytes;
  const xlsx = await sheetRefused(workbook, problems, limits);
  return {
    fileName: `${base} refused.xlsx`,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    base64: xlsx.toString('base64'),
  };
}

/** Moodle XML: each refused <question> element as written, after a comment naming its problems. */
function moodleRefused(xml: string, problems: Map<number, ImportError[]>): string {
  const spans: string[] = [];
  let start = -1;
  // Comments and CDATA may hold anything, "<question" included: skipped whole.
  for (const m of xml.matchAll(
    /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<question\b[^>]*>|<\/question\s*>/g,
  )) {
    if (m[0].startsWith('<question')) start = m.index;
    else if (m[0].startsWith('</question') && start >= 0) {
      spans.push(xml.slice(start, m.index + m[0].length));
      start = -1;
    }
  }
  const out = [...problems].flatMap(([row, list]) => {
    const element = spans[row - 1];
    if (!element) return [];
    const said = list
      .map((e) => `Question ${row}: ${sentence(e)}`.replace(/--/g, '- -'))
      .join('\n     ');
    return [`  <!-- ${said} -->\n  ${element}`];
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<quiz>\n${out.join('\n')}\n</quiz>\n`;
}

/** Aiken's questions as written: each ends at its ANSWER: line (or the end of the file). */
function aikenQuestions(text: string): string[] {
  const out: string[] = [];
  let run: string[] = [];
  for (const line of linesOf(text)) {
    if (line.trim() === '') continue;
    run.push(line);
    if (/^\s*ANSWER:/i.test(line)) {
      out.push(run.join('\n'));
      run = [];
    }
  }
  if (run.length) out.push(run.join('\n'));
  return out;
}

/** The header row and each refused row as written, a note on each cell at fault (else the first). */
async function sheetRefused(
  bytes: Buffer,
  problems: Map<number, ImportError[]>,
  limits: ZipLimits,
): Promise<Buffer> {
  // Loaded on first use, as in lib/xlsx/export.ts: imported with the module it
  // cost every server start ~0.8 s of CPU (most never write a refused sheet).
  const { default: Excel } = await import('exceljs');
  const wb = new Excel.Workbook();
  const ws = wb.addWorksheet('Questions');
  const headers = new Map<string, number>();
  const copy = (cells: Map<number, unknown>) => {
    const values: ExcelJS.CellValue[] = [];
    for (const [col, v] of cells)
      values[col] = v instanceof CellError ? v.text : (v as ExcelJS.CellValue);
    return values;
  };
  for await (const group of firstSheetRows(bytes, limits)) {
    for (const r of group) {
      if (r.number === 1) {
        const row = ws.addRow(copy(r.cells));
        row.font = { bold: true };
        for (const [col, v] of r.cells) headers.set(String(v).trim().toLowerCase(), col);
        continue;
      }
      const list = problems.get(r.number);
      if (!list) continue;
      const row = ws.addRow(copy(r.cells));
      const notes = new Map<number, string[]>();
      for (const e of list) {
        const col = headers.get(e.column.toLowerCase()) ?? 1;
        notes.set(col, [...(notes.get(col) ?? []), `Row ${r.number}: ${e.message}`]);
      }
      for (const [col, said] of notes) row.getCell(col).note = said.join('\n');
    }
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
