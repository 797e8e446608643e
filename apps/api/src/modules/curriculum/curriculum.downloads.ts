import type { Chapter, Subject, Topic } from '@bo/contract';
import { eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/client.ts';
import { chapters, grades, subjects } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { sendXlsx } from '../../lib/xlsx/export.ts';
import { LEVELS, listLevel } from './curriculum.levels.ts';

/** The masters as XLSX, one sheet per list, named after the parent. */

async function nameOf(
  db: Db,
  table: typeof grades | typeof subjects | typeof chapters,
  id: number,
  what: string,
) {
  const t = table as typeof grades;
  const [row] = await db.select({ name: t.name }).from(t).where(eq(t.id, id));
  if (!row) throw notFound(what);
  return row.name;
}

const fileName = (kind: string, parent: string) => `${kind} - ${parent}.xlsx`;

export async function downloadSubjects(db: Db, reply: FastifyReply, gradeId: number) {
  const grade = await nameOf(db, grades, gradeId, 'Grade');
  const rows = (await listLevel(db, LEVELS.subject, { parentId: gradeId })) as Subject[];
  return sendXlsx(reply, fileName('Subjects', grade), [
    {
      name: 'Subjects',
      columns: [
        { header: 'Grade', key: 'grade', width: 14, value: () => grade },
        { header: 'Position', key: 'position', width: 10 },
        { header: 'Subject', key: 'name', width: 40 },
        { header: 'Chapters', key: 'chapterCount', width: 10 },
        { header: 'ID', key: 'id', width: 10 },
      ],
      rows,
    },
  ]);
}

export async function downloadChapters(db: Db, reply: FastifyReply, subjectId: number) {
  const subject = await nameOf(db, subjects, subjectId, 'Subject');
  const rows = (await listLevel(db, LEVELS.chapter, { parentId: subjectId })) as Chapter[];
  return sendXlsx(reply, fileName('Chapters', subject), [
    {
      name: 'Chapters',
      columns: [
        { header: 'Subject', key: 'subject', width: 30, value: () => subject },
        { header: 'Position', key: 'position', width: 10 },
        { header: 'Number', key: 'number', width: 10 },
        { header: 'Chapter', key: 'name', width: 40 },
        { header: 'Topics', key: 'topicCount', width: 10 },
        { header: 'ID', key: 'id', width: 10 },
      ],
      rows,
    },
  ]);
}

export async function downloadTopics(db: Db, reply: FastifyReply, chapterId: number) {
  const chapter = await nameOf(db, chapters, chapterId, 'Chapter');
  const rows = (await listLevel(db, LEVELS.topic, { parentId: chapterId })) as Topic[];
  return sendXlsx(reply, fileName('Topics', chapter), [
    {
      name: 'Topics',
      columns: [
        { header: 'Chapter', key: 'chapter', width: 30, value: () => chapter },
        { header: 'Position', key: 'position', width: 10 },
        { header: 'Topic', key: 'name', width: 40 },
        { header: 'ID', key: 'id', width: 10 },
      ],
      rows,
    },
  ]);
}
