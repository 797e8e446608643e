import { eq, max, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { chapters, grades, subjects, topics } from '../../db/schema/index.ts';
import { demoCurriculum } from './demo.curriculum-table.ts';

import type { SeedReport } from './seed.ts';

/** The demo curriculum: subjects, chapters and topics under the seeded grades, matched by name. */
const lower = (s: string) => s.toLowerCase();

/** Inserts the names missing under one parent, after its last position; returns name → id of all. */
async function ensureChildren(
  tx: Tx,
  level: 'subject' | 'chapter' | 'topic',
  parentId: number,
  names: string[],
): Promise<{ ids: Map<string, number>; added: number }> {
  const t = level === 'subject' ? subjects : level === 'chapter' ? chapters : topics;
  const parentCol =
    level === 'subject'
      ? subjects.gradeId
      : level === 'chapter'
        ? chapters.subjectId
        : topics.chapterId;
  const existing = await tx
    .select({ id: t.id, name: t.name })
    .from(t)
    .where(eq(parentCol, parentId));
  const ids = new Map(existing.map((r) => [lower(r.name), r.id]));
  const missing = names.filter((n) => !ids.has(lower(n)));
  if (missing.length === 0) return { ids, added: 0 };
  const [last] = await tx
    .select({
      position: max(t.position),
      number: level === 'chapter' ? max(chapters.number) : sql<null>`null`,
    })
    .from(t)
    .where(eq(parentCol, parentId));
  let position = last?.position ?? 0;
  let number = Number(last?.number ?? 0);
  const parentKey =
    level === 'subject' ? 'gradeId' : level === 'chapter' ? 'subjectId' : 'chapterId';
  const rows = missing.map((name) => {
    const row: Record<string, unknown> = { [parentKey]: parentId, name, position: ++position };
    if (level === 'chapter') row.number = ++number;
    return row;
  });
  const inserted = await tx
    .insert(t)
    // never: the level's table is one of three whose parent column differs; one insert type cannot name it.
    .values(rows as never)
    .returning({ id: t.id, name: t.name });
  for (const r of inserted) ids.set(lower(r.name), r.id);
  return { ids, added: inserted.length };
}

export interface SubjectRef {
  gradeId: number;
  subjectId: number;
  grade: string;
  subject: string;
}

export async function seedCurriculum(tx: Tx, report: SeedReport) {
  const gradeRows = await tx.select({ id: grades.id, name: grades.name }).from(grades);
  const gradeIds = new Map(gradeRows.map((g) => [lower(g.name), g.id]));
  const subjectRefs: SubjectRef[] = [];
  for (const { grade, subjects: list } of demoCurriculum()) {
    const gradeId = gradeIds.get(lower(grade));
    if (gradeId === undefined) continue; // a grade renamed or removed by an admin
    const s = await ensureChildren(
      tx,
      'subject',
      gradeId,
      list.map((x) => x.name),
    );
    report.subjects += s.added;
    for (const subject of list) {
      const subjectId = s.ids.get(lower(subject.name))!;
      subjectRefs.push({ gradeId, subjectId, grade, subject: subject.name });
      const c = await ensureChildren(
        tx,
        'chapter',
        subjectId,
        subject.chapters.map((x) => x.name),
      );
      report.chapters += c.added;
      for (const chapter of subject.chapters) {
        const t = await ensureChildren(
          tx,
          'topic',
          c.ids.get(lower(chapter.name))!,
          chapter.topics,
        );
        report.topics += t.added;
      }
    }
  }
  return subjectRefs;
}
