import type { QuestionRevision, restoreRevisionBody } from '@bo/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { admins, questionRevisions, questions } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import type { AuthAdmin } from '../../plugins/auth-guard.ts';
import { revisionFields } from './questions.queries.ts';
import { changedFields, prepareAll, saveExisting } from './questions.service.ts';

/**
 * A question's history (docs/questions.md, "Revisions"): every save is a
 * question_revisions row holding the fields as saved. Which fields changed
 * is worked out when the history is read, by comparing each revision with
 * the one before it, so a save never has to compute it.
 */

/** `revisions`: newest first, with who saved each and which fields it changed. */
export async function listRevisions(db: Db, questionId: number): Promise<QuestionRevision[]> {
  const [exists] = await db
    .select({ id: questions.id })
    .from(questions)
    .where(eq(questions.id, questionId));
  if (!exists) throw notFound('Question');
  const rows = await db
    .select({
      revision: questionRevisions.revision,
      action: questionRevisions.action,
      fields: questionRevisions.fields,
      restoredFrom: questionRevisions.restoredFrom,
      byName: admins.name,
      at: questionRevisions.createdAt,
    })
    .from(questionRevisions)
    .leftJoin(admins, eq(admins.id, questionRevisions.createdBy))
    .where(eq(questionRevisions.questionId, questionId))
    .orderBy(desc(questionRevisions.revision));
  const saved = rows.map((r) => ({ ...r, fields: revisionFields(r.fields) }));
  return saved.map((r, i) => {
    const previous = saved[i + 1];
    return {
      revision: r.revision,
      action: r.action,
      changed: previous ? changedFields(previous.fields, r.fields) : [],
      question: r.fields,
      restoredFrom: r.restoredFrom,
      byName: r.byName,
      at: r.at.toISOString(),
    };
  });
}

/**
 * `restorerevision`: the fields of an earlier revision saved again as the
 * next revision (history only grows). They go through the same checks as an
 * edit: sanitised and TeX-checked again, the curriculum must still exist,
 * and an exact duplicate of another question is refused (409).
 */
export async function restoreRevision(
  deps: Deps,
  ctx: RequestContext,
  actor: AuthAdmin,
  body: z.infer<typeof restoreRevisionBody>,
) {
  return deps.db.transaction(async (tx) => {
    const [old] = await tx
      .select({ fields: questionRevisions.fields })
      .from(questionRevisions)
      .where(
        and(
          eq(questionRevisions.questionId, body.id),
          eq(questionRevisions.revision, body.revision),
        ),
      );
    if (!old) throw notFound(`Revision ${body.revision} of this question`);
    const [prepared] = prepareAll([revisionFields(old.fields)], () => 'body');
    return saveExisting(deps, tx, ctx, actor, {
      id: body.id,
      expected: body.currentRevision,
      prepared: prepared!,
      action: 'restore',
      restoredFrom: body.revision,
    });
  });
}
