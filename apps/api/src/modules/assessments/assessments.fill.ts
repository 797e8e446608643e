import { type AssessmentKind, DIFFICULTIES, type fillSectionBody } from '@bo/contract';
import { and, eq, notInArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { assessmentItems, assessmentSections, questions } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import { mapInTx } from './assessments.items.ts';
import { lockAssessment } from './assessments.queries.ts';

/**
 * Fills a section from the bank by a rule: for each difficulty, that many
 * active questions matching the rule's filters and not yet in the
 * assessment, picked at random, added at the section's end like a manual
 * mapping (the admin then sees and changes them). When the bank has too few,
 * it adds what there is and says how many were missing. The rule is kept on
 * the section so the builder can show it and fill again.
 */
export async function fillSection(
  deps: Deps,
  kind: AssessmentKind,
  actor: { id: number },
  { id, sectionId, rule }: z.infer<typeof fillSectionBody>,
) {
  return deps.db.transaction(async (tx) => {
    const a = await lockAssessment(tx, kind, id);
    const updated = await tx
      .update(assessmentSections)
      .set({ rule, updatedAt: new Date(), updatedBy: actor.id })
      .where(and(eq(assessmentSections.id, sectionId), eq(assessmentSections.assessmentId, id)))
      .returning({ id: assessmentSections.id });
    if (!updated.length) throw notFound('Section');

    const inAssessment = tx
      .select({ id: assessmentItems.questionId })
      .from(assessmentItems)
      .where(
        and(eq(assessmentItems.assessmentId, id), sql`${assessmentItems.questionId} is not null`),
      );
    const filters: (SQL | undefined)[] = [
      eq(questions.status, 'active'),
      rule.subjectId ? eq(questions.subjectId, rule.subjectId) : undefined,
      rule.chapterId ? eq(questions.chapterId, rule.chapterId) : undefined,
      rule.topicId ? eq(questions.topicId, rule.topicId) : undefined,
      rule.type ? eq(questions.type, rule.type) : undefined,
      rule.tag ? sql`${questions.tags} @> array[${rule.tag}]::text[]` : undefined,
      notInArray(questions.id, inAssessment),
    ];
    const picked: number[] = [];
    const short = { easy: 0, medium: 0, hard: 0 };
    for (const difficulty of DIFFICULTIES) {
      const wanted = rule.mix[difficulty];
      if (!wanted) continue;
      const rows = await tx
        .select({ id: questions.id })
        .from(questions)
        .where(and(...filters, eq(questions.difficulty, difficulty)))
        .orderBy(sql`random()`)
        .limit(wanted);
      picked.push(...rows.map((r) => r.id));
      short[difficulty] = wanted - rows.length;
    }
    const { added } = await mapInTx(tx, a, actor, {
      questionIds: picked,
      sectionId,
      atSeconds: null,
    });
    return { added, short };
  });
}
