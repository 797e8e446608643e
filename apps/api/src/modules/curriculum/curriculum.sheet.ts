import { CURRICULUM_SHEET_HEADERS, type ImportError } from '@bo/contract';
import { text, wholeNumber } from '../../lib/xlsx/columns.ts';
import { defineSheet, type SheetRow } from '../../lib/xlsx/sheet.ts';

/**
 * The masters sheet (Grade, Subject, Chapter No, Chapter, Topic) and the
 * plan it makes against the current masters: which rows name existing
 * masters (matched by name, case-insensitively, under the same parent) and
 * which new ones to append, in sheet order. Pure: the tree comes loaded, so
 * the same plan runs for the dry run and again under locks for the commit.
 */

const [GRADE, SUBJECT, CHAPTER_NO, CHAPTER, TOPIC] = CURRICULUM_SHEET_HEADERS;

export const curriculumSheet = defineSheet({
  name: 'Curriculum',
  maxRows: 5000,
  columns: {
    grade: text(GRADE, { required: true, max: 60 }),
    subject: text(SUBJECT, { required: true, max: 120 }),
    chapterNo: wholeNumber(CHAPTER_NO, { min: 1, max: 9999 }),
    chapter: text(CHAPTER, { max: 120 }),
    topic: text(TOPIC, { max: 120 }),
  },
});
type Columns = typeof curriculumSheet.columns;
export type SheetKey = keyof Columns;
export type CurriculumRow = Pick<SheetRow<Columns>, 'row' | 'values'> & {
  failed?: ReadonlySet<SheetKey>;
};

/** The template's rows: a subject alone, then a chapter with two topics. */
export const TEMPLATE_ROWS: Partial<Record<SheetKey, string | number>>[] = [
  { grade: 'Class 3', subject: 'Mathematics', chapterNo: 1, chapter: 'Numbers', topic: 'Counting' },
  {
    grade: 'Class 3',
    subject: 'Mathematics',
    chapterNo: 1,
    chapter: 'Numbers',
    topic: 'Place value',
  },
  { grade: 'Class 3', subject: 'Mathematics', chapterNo: 2, chapter: 'Shapes' },
  { grade: 'Class 3', subject: 'Science' },
];

/** One master, existing (`id`) or to be created by `row`; children by lower-cased name. */
export interface MasterNode {
  id: number | null;
  name: string;
  row?: number;
  parent?: MasterNode;
  /** A chapter's printed number; a new chapter without one gets it at the end of the plan. */
  number?: number | undefined;
  children: Map<string, MasterNode>;
  nextPosition: number;
  position?: number;
  /** A subject's chapters by number. */
  numbers: Map<number, MasterNode>;
}

export const newNode = (
  id: number | null,
  name: string,
  extra: Partial<MasterNode> = {},
): MasterNode => ({
  id,
  name,
  children: new Map(),
  nextPosition: 1,
  numbers: new Map(),
  ...extra,
});

export const nameKey = (name: string) => name.toLowerCase();
export const gradeKey = (name: string) => name.toLowerCase().replace(/\s+/g, ' ').trim();

export interface Plan {
  errors: ImportError[];
  valid: number;
  created: { subjects: MasterNode[]; chapters: MasterNode[]; topics: MasterNode[] };
  existing: { subjects: number; chapters: number; topics: number };
}

function addChild(parent: MasterNode, name: string, row: number, extra: Partial<MasterNode> = {}) {
  const node = newNode(null, name, { row, parent, position: parent.nextPosition++, ...extra });
  parent.children.set(nameKey(name), node);
  return node;
}

const where = (n: MasterNode) => (n.row ? ` (row ${n.row})` : '');

/** Checks every row against the tree and the rows before it, growing the tree with new masters. */
export function planRows(grades: MasterNode[], rows: CurriculumRow[]): Plan {
  const byGrade = new Map(grades.map((g) => [gradeKey(g.name), g]));
  const errors: ImportError[] = [];
  const created: Plan['created'] = { subjects: [], chapters: [], topics: [] };
  const touched = { subjects: new Set<MasterNode>(), chapters: new Set<MasterNode>() };
  const topicsSeen = new Set<MasterNode>();
  let valid = 0;
  for (const { row, values: v, failed = new Set() } of rows) {
    const before = errors.length;
    const problem = (column: string, message: string) => errors.push({ row, column, message });
    const gradeName = v.grade;
    const subjectName = v.subject;
    const chapterName = v.chapter;
    const topicName = v.topic;
    const number = v.chapterNo;
    // A cell that failed its column is reported already: only what the rest says is checked.
    const grade = gradeName === undefined ? undefined : byGrade.get(gradeKey(gradeName));
    if (gradeName !== undefined && !grade) problem(GRADE, `No grade is named "${gradeName}"`);
    if (!failed.has('chapter')) {
      if (topicName && !chapterName) problem(CHAPTER, 'Give the chapter of this topic');
      else if (number !== undefined && !chapterName)
        problem(CHAPTER, 'Give the chapter of this number');
    }
    if (errors.length > before || !grade || subjectName === undefined || failed.size) continue;

    const subject = grade.children.get(nameKey(subjectName));
    const chapter = chapterName ? subject?.children.get(nameKey(chapterName)) : undefined;
    if (
      chapter &&
      number !== undefined &&
      chapter.number !== undefined &&
      chapter.number !== number
    ) {
      problem(CHAPTER_NO, `"${chapter.name}" is chapter ${chapter.number}${where(chapter)}`);
    } else if (number !== undefined && chapter?.number === undefined) {
      const holder = subject?.numbers.get(number);
      if (holder)
        problem(CHAPTER_NO, `Chapter ${number} is already "${holder.name}"${where(holder)}`);
    }
    if (errors.length > before) continue;

    valid++;
    const s = subject ?? addChild(grade, subjectName, row);
    if (!subject) created.subjects.push(s);
    else if (s.id !== null) touched.subjects.add(s);
    if (!chapterName) continue;
    const c = chapter ?? addChild(s, chapterName, row);
    if (!chapter) created.chapters.push(c);
    else if (c.id !== null) touched.chapters.add(c);
    if (number !== undefined && c.number === undefined) {
      c.number = number;
      s.numbers.set(number, c);
    }
    if (!topicName) continue;
    const topic = c.children.get(nameKey(topicName));
    if (!topic) created.topics.push(addChild(c, topicName, row));
    else if (topic.id !== null) topicsSeen.add(topic);
  }
  numberNewChapters(created.chapters);
  return {
    errors,
    valid,
    created,
    existing: {
      subjects: touched.subjects.size,
      chapters: touched.chapters.size,
      topics: topicsSeen.size,
    },
  };
}

/** New chapters without a number follow the subject's highest, sheet numbers included. */
function numberNewChapters(chapters: MasterNode[]) {
  for (const c of chapters) {
    if (c.number !== undefined) continue;
    const subject = c.parent!;
    c.number = Math.max(0, ...subject.numbers.keys()) + 1;
    subject.numbers.set(c.number, c);
  }
}
