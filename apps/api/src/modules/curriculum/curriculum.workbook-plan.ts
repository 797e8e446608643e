import type { ImportError } from '@bo/contract';
import { type CellPair, changedSinceExport, ImportChanges } from '../../lib/import/changes.ts';
import type { SheetRow } from '../../lib/xlsx/sheet.ts';
import { capitalise, type LevelKey } from './curriculum.levels.ts';
import { gradeKey, nameKey } from './curriculum.sheet.ts';
import {
  type Curriculum,
  columnIn,
  type StoredItem,
  WORKBOOK_LEVELS,
  type WorkbookColumns,
} from './curriculum.workbook.ts';

/**
 * What a curriculum workbook does to the stored curriculum, level by level
 * (subjects, then chapters, then topics, so a chapter may name a subject
 * the file creates or renames). Pure but for `inUse`: the curriculum comes
 * loaded, so the same plan runs for the dry run and again under locks.
 *
 * - A row with an ID changes that item; a row without one whose parent
 *   already has an item of that name is that item; any other row creates.
 * - Parents are named: a name resolves to the item as the file leaves it,
 *   or, failing that, to the item that had the name (a chapter row still
 *   naming a subject the Subjects sheet renames stays under it).
 * - A row whose item was changed since the export is a problem.
 * - An item moves to another parent only when nothing uses it (content is
 *   tagged with every level, so the tags would disagree).
 */

type Row = SheetRow<WorkbookColumns>;
type Level = (typeof WORKBOOK_LEVELS)[number];

/** An item as the file leaves it; `id` below zero: to be created. */
export interface PlannedItem {
  id: number;
  level: Level;
  row?: number;
  parentId: number;
  name: string;
  number: number | null;
  stored?: StoredItem;
}

export interface WorkbookPlan {
  errors: ImportError[];
  changes: ImportChanges;
  /** In creation order, parents before children. */
  creates: PlannedItem[];
  updates: PlannedItem[];
}

/** "Used by 3 questions…" for an item that may not move, or null. */
export type InUse = (level: LevelKey, id: number) => Promise<string | null>;

const PARENT_LEVEL = { subject: 'grade', chapter: 'subject', topic: 'chapter' } as const;
const key = (parentId: number, name: string) => `${parentId}:${nameKey(name)}`;

export async function planWorkbook(
  tree: Curriculum,
  rows: Row[],
  inUse: InUse,
): Promise<WorkbookPlan> {
  const errors: ImportError[] = [];
  const changes = new ImportChanges();
  const creates: PlannedItem[] = [];
  const updates: PlannedItem[] = [];
  let nextTemp = -1;
  const gradeByName = new Map(tree.grades.map((g) => [gradeKey(g.name), g.id]));
  const gradeName = new Map(tree.grades.map((g) => [g.id, g.name]));
  // Every item as the file leaves it, by level and id (stored ones until a row changes them).
  const items = {} as Record<Level, Map<number, PlannedItem>>;
  // Name under a parent → item: the stored names, then the file's over them.
  const byName = {} as Record<Level, Map<string, number>>;
  for (const level of WORKBOOK_LEVELS) {
    const stored: StoredItem[] = tree[`${level}s`];
    items[level] = new Map(stored.map((s) => [s.id, { ...s, level, stored: s }]));
    byName[level] = new Map(stored.map((s) => [key(s.parentId, s.name), s.id]));
  }
  const nameOf = (level: Level | 'grade', id: number) =>
    level === 'grade' ? gradeName.get(id)! : items[level].get(id)!.name;

  for (const level of WORKBOOK_LEVELS) {
    const seen = new Map<number, number>();
    const touched: PlannedItem[] = [];
    for (const r of rows.filter((x) => x.values.level === level)) {
      const before = errors.length;
      const problem = (header: string, message: string) =>
        errors.push({ row: r.row, column: columnIn(level, header), message });
      const parentId = resolveParent(r, level, problem);
      const name = nameCell(r, level);
      if (errors.length > before || r.failed.size > 0 || parentId === undefined || !name) continue;
      const v = r.values;
      let item: PlannedItem | undefined;
      if (v.id !== undefined) {
        item = items[level].get(v.id);
        if (!item?.stored) problem('ID', `No ${level} has ID ${v.id}`);
      } else {
        const id = byName[level].get(key(parentId, name));
        item = id === undefined ? undefined : items[level].get(id);
      }
      if (item) {
        const at = seen.get(item.id);
        if (at !== undefined) problem('ID', `This ${level} is also in row ${at}`);
        else seen.set(item.id, r.row);
        if (item.stored) {
          const { updatedAt, updatedByName: updatedBy } = item.stored;
          const stale = changedSinceExport(r.row, v.updatedAt, { updatedAt, updatedBy });
          if (stale) errors.push({ ...stale, column: columnIn(level, stale.column) });
        }
      }
      const number = level === 'chapter' ? (v.chapterNo ?? item?.number ?? null) : null;
      if (item?.stored && item.stored.parentId !== parentId) {
        const used = await inUse(level, item.id);
        if (used) {
          const from = nameOf(PARENT_LEVEL[level] as Level, item.stored.parentId);
          problem(
            capitalise(PARENT_LEVEL[level]),
            `${used}: it stays in "${from}" (move only what nothing uses yet)`,
          );
        }
      }
      if (errors.length > before) continue;
      const next: PlannedItem = item
        ? { ...item, row: r.row, parentId, name, number }
        : { id: nextTemp--, level, row: r.row, parentId, name, number };
      if (!item) {
        changes.create();
        creates.push(next);
      } else if (item.stored && changes.compare(r.row, cellsOf(level, item.stored, next))) {
        updates.push(next);
      }
      items[level].set(next.id, next);
      touched.push(next);
    }
    for (const t of touched) byName[level].set(key(t.parentId, t.name), t.id);
    errors.push(...clashes(level, items[level]));
  }
  numberNewChapters(items.chapter, creates);
  return { errors, changes, creates, updates };

  /** The row's parent as the file leaves it: its grade, subject and chapter by name. */
  function resolveParent(r: Row, level: Level, problem: (h: string, m: string) => void) {
    const v = r.values;
    if (v.grade === undefined) return undefined;
    const gradeId = gradeByName.get(gradeKey(v.grade));
    if (gradeId === undefined) {
      problem('Grade', `No grade is named "${v.grade}"`);
      return undefined;
    }
    if (level === 'subject') return gradeId;
    if (v.subject === undefined) return undefined;
    const subjectId = byName.subject.get(key(gradeId, v.subject));
    if (subjectId === undefined) {
      problem('Subject', `No subject "${v.subject}" in ${gradeName.get(gradeId)}`);
      return undefined;
    }
    if (level === 'chapter') return subjectId;
    if (v.chapter === undefined) return undefined;
    const chapterId = byName.chapter.get(key(subjectId, v.chapter));
    if (chapterId === undefined)
      problem('Chapter', `No chapter "${v.chapter}" in ${nameOf('subject', subjectId)}`);
    return chapterId;
  }

  /** A stored item and what the row makes of it, in the sheet's words. */
  function cellsOf(level: Level, stored: StoredItem, next: PlannedItem): CellPair[] {
    const moved = stored.parentId !== next.parentId;
    const parentHeader = capitalise(PARENT_LEVEL[level]);
    const parent = PARENT_LEVEL[level] as Level | 'grade';
    const cells: CellPair[] = [
      [
        columnIn(level, parentHeader),
        moved ? nameOf(parent, stored.parentId) : '',
        moved ? nameOf(parent, next.parentId) : '',
      ],
    ];
    if (level === 'chapter')
      cells.push([columnIn(level, 'Chapter No'), `${stored.number}`, `${next.number}`]);
    cells.push([columnIn(level, capitalise(level)), stored.name, next.name]);
    return cells;
  }
}

/** The name cell of a row's own level. */
const nameCell = (r: Row, level: Level) =>
  level === 'subject' ? r.values.subject : level === 'chapter' ? r.values.chapter : r.values.topic;

/** Two items of one parent with one name (or two chapters with one number), as the file leaves them. */
function clashes(level: Level, items: Map<number, PlannedItem>): ImportError[] {
  const errors: ImportError[] = [];
  const names = new Map<string, PlannedItem>();
  const numbers = new Map<string, PlannedItem>();
  const report = (mine: PlannedItem, other: PlannedItem, what: string, header: string) => {
    const where = other.row
      ? `is also in row ${other.row}`
      : `is taken by the ${level} with ID ${other.id}, which the file leaves as it is`;
    errors.push({ row: mine.row!, column: columnIn(level, header), message: `${what} ${where}` });
  };
  // Rows of the file last, so a clash is reported on the row that makes it.
  const ordered = [...items.values()].sort((a, b) => (a.row ?? 0) - (b.row ?? 0));
  for (const item of ordered) {
    const n = key(item.parentId, item.name);
    const other = names.get(n);
    if (other && item.row) report(item, other, `"${item.name}"`, capitalise(level));
    else names.set(n, item);
    if (item.number === null) continue;
    const k = `${item.parentId}:${item.number}`;
    const holder = numbers.get(k);
    if (holder && item.row) report(item, holder, `Chapter ${item.number}`, 'Chapter No');
    else numbers.set(k, item);
  }
  return errors;
}

/** New chapters without a number follow their subject's highest, as the file leaves it. */
function numberNewChapters(chapters: Map<number, PlannedItem>, creates: PlannedItem[]) {
  const highest = new Map<number, number>();
  for (const c of chapters.values())
    if (c.number !== null)
      highest.set(c.parentId, Math.max(highest.get(c.parentId) ?? 0, c.number));
  for (const c of creates) {
    if (c.level !== 'chapter' || c.number !== null) continue;
    c.number = (highest.get(c.parentId) ?? 0) + 1;
    highest.set(c.parentId, c.number);
  }
}
