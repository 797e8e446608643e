import type { Audience, appPopupsQuery, popupShownBody } from '@bo/contract';
import { and, desc, eq, gt, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { learners, popups, popupViews } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { audienceCondition, resolveAudience } from '../../lib/audience.ts';
import { AppError, badRequest, refusal } from '../../lib/errors.ts';
import { engagementImageUrl } from '../engagement-images/index.ts';

/**
 * The learner app's side of pop-ups: those due for a learner now (active,
 * inside their window, the learner in their audience, every cap not yet
 * reached), and the app's reports of a pop-up shown, which the caps count.
 * A day is a UTC day; a session is the app's session id.
 */

const DAY_MS = 86_400_000;

/** The back-office id of the learner the app names by its UUID (404 when unknown). */
export async function learnerOf(deps: Deps, uid: string): Promise<number> {
  const [l] = await deps.db.select({ id: learners.id }).from(learners).where(eq(learners.uid, uid));
  if (!l) throw refusal('unknown_learner', 'No learner has this app id');
  return l.id;
}

export async function popupsFor(deps: Deps, q: z.infer<typeof appPopupsQuery>) {
  const learnerId = await learnerOf(deps, q.learnerId);
  const now = deps.clock();
  const dayStart = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);
  const views = (
    extra?: ReturnType<typeof sql>,
  ) => sql<number>`(select count(*)::int from ${popupViews}
    where ${popupViews.popupId} = ${popups.id} and ${popupViews.learnerId} = ${learnerId}
    ${extra ? sql`and ${extra}` : sql``})`;
  const due = await deps.db
    .select({
      id: popups.id,
      title: popups.title,
      imageKey: popups.imageKey,
      link: popups.link,
      priority: popups.priority,
      endsAt: popups.endsAt,
      audience: popups.audience,
    })
    .from(popups)
    .where(
      and(
        eq(popups.status, 'active'),
        lte(popups.startsAt, now),
        gt(popups.endsAt, now),
        sql`(${popups.capTotal} is null or ${views()} < ${popups.capTotal})`,
        sql`(${popups.capPerDay} is null or ${views(sql`${popupViews.shownAt} >= ${dayStart}`)} < ${popups.capPerDay})`,
        q.sessionId
          ? sql`(${popups.capPerSession} is null or ${views(sql`${popupViews.sessionId} = ${q.sessionId}`)} < ${popups.capPerSession})`
          : undefined,
      ),
    )
    .orderBy(desc(popups.priority), popups.id);
  const items = [];
  for (const p of due) {
    const { audience } = await resolveAudience(deps.db, p.audience as Audience);
    const [member] = await deps.db
      .select({ id: learners.id })
      .from(learners)
      .where(and(eq(learners.id, learnerId), audienceCondition(audience, now)));
    if (!member) continue;
    items.push({
      id: p.id,
      title: p.title,
      imageUrl: engagementImageUrl(deps, p.imageKey, true),
      link: p.link,
      priority: p.priority,
      endsAt: p.endsAt.toISOString(),
    });
  }
  return { items };
}

export async function recordPopupShown(deps: Deps, body: z.infer<typeof popupShownBody>) {
  const learnerId = await learnerOf(deps, body.learnerId);
  const at = new Date(body.at);
  if (at.getTime() > deps.clock().getTime() + DAY_MS)
    throw badRequest('The time shown is more than a day ahead');
  const [popup] = await deps.db
    .select({ id: popups.id })
    .from(popups)
    .where(eq(popups.id, body.popupId));
  if (!popup) throw new AppError(404, 'not_found', 'Pop-up not found');
  const rows = await deps.db
    .insert(popupViews)
    .values({
      eventId: body.eventId,
      popupId: body.popupId,
      learnerId,
      sessionId: body.sessionId ?? null,
      shownAt: at,
    })
    .onConflictDoNothing({ target: popupViews.eventId })
    .returning({ id: popupViews.id });
  return { recorded: rows.length > 0 };
}
