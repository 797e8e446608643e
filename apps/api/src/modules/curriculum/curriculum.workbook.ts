import type { ImportError } from '@bo/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { admins, chapters, grades, subjects, topics } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { xlsxFile } from '../../lib/file-answer.ts';
import { exportKeyColumns } from '../../lib/import/changes.ts';
import type { StoredUpload } from '../../lib/import/stored-file.ts';
import { type ReadOptions, type RowSource, readSheet } from '../../lib/import/xlsx/read.ts';
import { workbookSheetNames } from '../../lib/import/xlsx/sheet-xml.ts';
import { oneOf, text, wholeNumber } from '../../lib/xlsx/columns.ts';
import { type Columns, defineSheet, type SheetDef, type SheetRow } from '../../lib/xlsx/sheet.ts';
import type { LevelKey } from './curriculum.levels.ts';

/**
 * The curriculum workbook: one sheet per level (Subjects, Chapters, Topics),
 * each row naming its parents by name and ending with the export's ID and
 * Updated at (lib/import/changes.ts). Downloaded whole, it comes back whole
 * as an import (curriculum.workbook-import.ts): a row with an ID updates
 * that item, a row without one creates it.
 */

const grade = () => text('Grade', { required: true, max: 60 });
const subject = () => text('Subject', { required: true, max: 120 });
const chapter = () => text('Chapter', { required: true, max: 120 });

export const WORKBOOK_SHEETS = {
  subject: defineSheet({
    name: 'Subjects',
    maxRows: 5000,
    columns: { grade: grade(), subject: subject(), ...exportKeyColumns() },
  }),
  chapter: defineSheet({
    name: 'Chapters',
    maxRows: 5000,
    columns: {
      grade: grade(),
      subject: subject(),
      chapterNo: wholeNumber('Chapter No', { min: 1, max: 9999 }),
      chapter: chapter(),
      ...exportKeyColumns(),
    },
  }),
  topic: defineSheet({
    name: 'Topics',
    maxRows: 5000,
    columns: {
      grade: grade(),
      subject: subject(),
      chapter: chapter(),
      topic: text('Topic', { required: true, max: 120 }),
      ...exportKeyColumns(),
    },
  }),
} as const;

export const WORKBOOK_LEVELS = ['subject', 'chapter', 'topic'] as const satisfies LevelKey[];

/**
 * Every row of the three sheets as one kind of row, its sheet in `level`:
 * the import's rules need the levels together (a chapter names a subject
 * the Subjects sheet may create or rename).
 */
export const workbookRowSheet = defineSheet({
  name: 'Curriculum workbook',
  maxRows: 15_000,
  columns: {
    level: oneOf('Sheet', WORKBOOK_LEVELS, {}),
    grade: text('Grade', { max: 60 }),
    subject: text('Subject', { max: 120 }),
    chapterNo: wholeNumber('Chapter No', { min: 1, max: 9999 }),
    chapter: text('Chapter', { max: 120 }),
    topic: text('Topic', { max: 120 }),
    ...exportKeyColumns(),
  },
});
export type WorkbookColumns = typeof workbookRowSheet.columns;

/** A problem's or a change's column, naming its sheet: "Chapters › Chapter No". */
export const columnIn = (level: LevelKey, header: string) =>
  `${WORKBOOK_SHEETS[level as keyof typeof WORKBOOK_SHEETS].name} › ${header}`;

const sheetOrder = (column: string) => {
  const at = WORKBOOK_LEVELS.findIndex((l) => column.startsWith(`${WORKBOOK_SHEETS[l].name} ›`));
  return at < 0 ? -1 : at;
};
const headerOrder = (column: string) => {
  const all = Object.values(workbookRowSheet.columns).map((c) => c.header);
  return all.indexOf(column.slice(column.indexOf('›') + 2));
};

/** Sheet by sheet, then by row, then in the columns' order. */
export const orderWorkbookErrors = (errors: ImportError[]) =>
  errors.sort(
    (a, b) =>
      sheetOrder(a.column) - sheetOrder(b.column) ||
      a.row - b.row ||
      headerOrder(a.column) - headerOrder(b.column),
  );

/**
 * The workbook's sheets read in turn, as one batch. A sheet left out is a
 * level the file does not touch; a workbook with none of them is not this
 * workbook (400).
 */
export async function readWorkbook(
  file: StoredUpload,
  opts: ReadOptions,
): Promise<RowSource<WorkbookColumns>> {
  const names = new Set(await workbookSheetNames(file, opts.limits));
  const levels = WORKBOOK_LEVELS.filter((l) => names.has(WORKBOOK_SHEETS[l].name));
  if (!levels.length) {
    throw new AppError(
      400,
      'wrong_format',
      'This is not the curriculum workbook: it has no sheet named Subjects, Chapters or Topics',
    );
  }
  const rows: SheetRow<WorkbookColumns>[] = [];
  const errors: ImportError[] = [];
  let headerProblems = false;
  for (const level of levels) {
    const sheet = WORKBOOK_SHEETS[level] as SheetDef<Columns>;
    const read = await readSheet(file, sheet, { ...opts, sheetName: sheet.name });
    headerProblems ||= read.headerProblems;
    for (const e of read.errors) errors.push({ ...e, column: columnIn(level, e.column) });
    for (const r of read.rows) {
      rows.push({
        row: r.row,
        values: { ...r.values, level },
        failed: r.failed as ReadonlySet<keyof WorkbookColumns>,
        present: r.present as SheetRow<WorkbookColumns>['present'],
      });
    }
  }
  return {
    errors,
    headerProblems,
    rows: rows.length,
    async *batches() {
      yield headerProblems ? [] : rows;
    },
  };
}

/** `GET /book/downloadcurriculum`: every subject, chapter and topic, a sheet per level, in order. */
export async function downloadWorkbook(db: Db) {
  const tree = await loadCurriculum(db);
  const gradeName = new Map(tree.grades.map((g) => [g.id, g.name]));
  const subjectOf = new Map(tree.subjects.map((s) => [s.id, s]));
  const chapterOf = new Map(tree.chapters.map((c) => [c.id, c]));
  const stamp = (r: { id: number; updatedAt: Date }) => ({
    id: r.id,
    updatedAt: r.updatedAt.toISOString(),
  });
  const subjectCells = (id: number) => {
    const s = subjectOf.get(id)!;
    return { grade: gradeName.get(s.parentId), subject: s.name };
  };
  const sheet = <R extends Record<string, unknown>>(level: LevelKey, rows: R[]) => {
    const def = WORKBOOK_SHEETS[level as keyof typeof WORKBOOK_SHEETS] as SheetDef<Columns>;
    return {
      name: def.name,
      columns: Object.entries(def.columns).map(([key, c]) => ({
        header: c.header,
        key,
        width: key === 'updatedAt' ? 26 : key === 'id' ? 10 : 30,
      })),
      rows,
    };
  };
  return xlsxFile('Curriculum.xlsx', [
    sheet(
      'subject',
      tree.subjects.map((s) => ({ ...subjectCells(s.id), ...stamp(s) })),
    ),
    sheet(
      'chapter',
      tree.chapters.map((c) => ({
        ...subjectCells(c.parentId),
        chapterNo: c.number,
        chapter: c.name,
        ...stamp(c),
      })),
    ),
    sheet(
      'topic',
      tree.topics.map((t) => {
        const c = chapterOf.get(t.parentId)!;
        return { ...subjectCells(c.parentId), chapter: c.name, topic: t.name, ...stamp(t) };
      }),
    ),
  ]);
}

/** One stored subject, chapter or topic as the workbook reads it. */
export interface StoredItem {
  id: number;
  parentId: number;
  name: string;
  number: number | null;
  position: number;
  updatedAt: Date;
  updatedByName: string | null;
}

/**
 * The whole curriculum in order (grade, then each level's position); `lock`
 * takes every row FOR UPDATE, parents first, as the single writes lock a
 * parent before they write under it.
 */
export async function loadCurriculum(db: Db | Tx, lock = false) {
  const gradeQuery = db
    .select({ id: grades.id, name: grades.name })
    .from(grades)
    .orderBy(asc(grades.position), asc(grades.id));
  const gradeRows = lock ? await gradeQuery.for('update') : await gradeQuery;
  const level = async (t: typeof subjects | typeof chapters | typeof topics, parent: unknown) => {
    const q = db
      .select({
        id: t.id,
        parentId: parent as typeof subjects.gradeId,
        name: t.name,
        number: 'number' in t ? t.number : sql<null>`null`,
        position: t.position,
        updatedAt: t.updatedAt,
        updatedByName: admins.name,
      })
      .from(t as typeof subjects)
      .leftJoin(admins, eq(admins.id, t.updatedBy))
      .orderBy(asc(t.position), asc(t.id));
    const rows = lock ? await q.for('update', { of: t as typeof subjects }) : await q;
    return rows.map((r) => ({ ...r, number: 'number' in t ? r.number : null }));
  };
  const order = new Map(gradeRows.map((g, i) => [g.id, i]));
  const subjectRows = (await level(subjects, subjects.gradeId)).sort(
    (a, b) => order.get(a.parentId)! - order.get(b.parentId)!,
  );
  const byParent = <R extends { parentId: number }>(rows: R[], parents: { id: number }[]) => {
    const at = new Map(parents.map((p, i) => [p.id, i]));
    return rows.sort((a, b) => at.get(a.parentId)! - at.get(b.parentId)!);
  };
  const chapterRows = byParent(await level(chapters, chapters.subjectId), subjectRows);
  const topicRows = byParent(await level(topics, topics.chapterId), chapterRows);
  return {
    grades: gradeRows,
    subjects: subjectRows as StoredItem[],
    chapters: chapterRows as StoredItem[],
    topics: topicRows as StoredItem[],
  };
}
export type Curriculum = Awaited<ReturnType<typeof loadCurriculum>>;
