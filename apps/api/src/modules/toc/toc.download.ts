import { TOC_SHEET_MIN_LEVELS, type TocNode } from '@bo/contract';
import type { Db } from '../../db/client.ts';
import { xlsxFile } from '../../lib/file-answer.ts';
import type { CellValue, XlsxColumn } from '../../lib/xlsx/export.ts';
import { readTocOfBook } from './toc.queries.ts';
import { HEADERS, levelHeader } from './toc.sheet.ts';

/**
 * The TOC round trip as XLSX, download side: downloadtoc and the template
 * write the sheet that toc.sheet.ts reads back (one column per level, the
 * node's id so that an upload updates rather than duplicates).
 */

interface SheetLine {
  level: number;
  id: number | null;
  title: string;
  kind: string;
  isFree: boolean;
  status: string;
}

function sheetColumns(levels: number): XlsxColumn<SheetLine>[] {
  return [
    ...Array.from({ length: levels }, (_, i) => ({
      header: levelHeader(i + 1),
      key: `level${i + 1}`,
      width: 28,
      value: (r: SheetLine): CellValue => (r.level === i + 1 ? r.title : null),
    })),
    { header: HEADERS.nodeId, key: 'id', width: 10 },
    { header: HEADERS.kind, key: 'kind', width: 10 },
    { header: HEADERS.free, key: 'free', width: 8, value: (r) => (r.isFree ? 'Yes' : 'No') },
    { header: HEADERS.status, key: 'status', width: 10 },
  ];
}

function linesOf(nodes: TocNode[], level = 1, out: SheetLine[] = []): SheetLine[] {
  for (const n of nodes) {
    out.push({ level, id: n.id, title: n.title, kind: n.kind, isFree: n.isFree, status: n.status });
    linesOf(n.children, level + 1, out);
  }
  return out;
}

export async function downloadToc(db: Db, bookId: number) {
  const toc = await readTocOfBook(db, bookId);
  const lines = linesOf(toc.nodes);
  const levels = Math.max(TOC_SHEET_MIN_LEVELS, ...lines.map((l) => l.level));
  return xlsxFile(`TOC ${toc.book.isbn}.xlsx`, [
    { name: 'TOC', columns: sheetColumns(levels), rows: lines },
  ]);
}

const EXAMPLE: SheetLine[] = [
  { level: 1, id: null, title: 'Unit 1: Numbers', kind: 'unit', isFree: true, status: 'active' },
  { level: 2, id: null, title: 'Counting', kind: 'chapter', isFree: true, status: 'active' },
  { level: 3, id: null, title: 'Numbers to 100', kind: 'topic', isFree: false, status: 'active' },
  { level: 4, id: null, title: 'Exercises', kind: 'section', isFree: false, status: 'active' },
  { level: 1, id: null, title: 'Unit 2: Shapes', kind: 'unit', isFree: false, status: 'active' },
];

export const tocTemplate = () =>
  xlsxFile('TOC template.xlsx', [
    { name: 'TOC', columns: sheetColumns(TOC_SHEET_MIN_LEVELS), rows: EXAMPLE },
  ]);
