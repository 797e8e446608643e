import { LEARNER_DETAIL_RECENT, type LearnerDetail } from '@bo/contract';
import { desc, eq } from 'drizzle-orm';
import { type AnyPgColumn, alias, type PgSelect } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import {
  admins,
  assessmentAttempts,
  assessments,
  books,
  contentViews,
  deviceBindings,
  feedback,
  learnerSessions,
  redemptions,
} from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { findLearner } from './learners.queries.ts';

/** `/user/getinfobyuserid`: the learner and the newest of each kind of record. */

const resetter = alias(admins, 'resetter');
const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null) => d?.toISOString() ?? null;
const N = LEARNER_DETAIL_RECENT;

export async function learnerDetail(db: Db, id: number): Promise<LearnerDetail> {
  const learner = await findLearner(db, id);
  if (!learner) throw notFound('Learner');
  // Each kind's newest N rows of this learner, newest first (then by `order`'s tiebreakers).
  const newest = <Q extends PgSelect>(query: Q, learnerId: AnyPgColumn, ...order: AnyPgColumn[]) =>
    query
      .where(eq(learnerId, id))
      .orderBy(...order.map((c) => desc(c)))
      .limit(N);
  const [devices, sessions, redeemed, given, views, attempts] = await Promise.all([
    newest(
      db
        .select({
          id: deviceBindings.id,
          deviceId: deviceBindings.deviceId,
          platform: deviceBindings.platform,
          boundAt: deviceBindings.boundAt,
          resetAt: deviceBindings.resetAt,
          resetByName: resetter.name,
          resetReason: deviceBindings.resetReason,
        })
        .from(deviceBindings)
        .leftJoin(resetter, eq(resetter.id, deviceBindings.resetBy))
        .$dynamic(),
      deviceBindings.learnerId,
      deviceBindings.boundAt,
      deviceBindings.id,
    ),
    newest(
      db
        .select({
          id: learnerSessions.id,
          startedAt: learnerSessions.startedAt,
          endedAt: learnerSessions.endedAt,
          platform: learnerSessions.platform,
        })
        .from(learnerSessions)
        .$dynamic(),
      learnerSessions.learnerId,
      learnerSessions.startedAt,
    ),
    newest(
      db
        .select({
          id: redemptions.id,
          bookId: redemptions.bookId,
          bookTitle: books.title,
          code: redemptions.code,
          at: redemptions.at,
        })
        .from(redemptions)
        .innerJoin(books, eq(books.id, redemptions.bookId))
        .$dynamic(),
      redemptions.learnerId,
      redemptions.at,
    ),
    newest(
      db
        .select({
          id: feedback.id,
          bookId: feedback.bookId,
          bookTitle: books.title,
          contentKind: feedback.contentKind,
          contentId: feedback.contentId,
          rating: feedback.rating,
          comment: feedback.comment,
          at: feedback.at,
        })
        .from(feedback)
        .leftJoin(books, eq(books.id, feedback.bookId))
        .$dynamic(),
      feedback.learnerId,
      feedback.at,
    ),
    newest(
      db
        .select({
          id: contentViews.id,
          bookId: contentViews.bookId,
          bookTitle: books.title,
          contentKind: contentViews.contentKind,
          contentId: contentViews.contentId,
          seconds: contentViews.seconds,
          at: contentViews.at,
        })
        .from(contentViews)
        .innerJoin(books, eq(books.id, contentViews.bookId))
        .$dynamic(),
      contentViews.learnerId,
      contentViews.at,
    ),
    newest(
      db
        .select({
          id: assessmentAttempts.id,
          assessmentId: assessmentAttempts.assessmentId,
          assessmentName: assessments.name,
          assessmentKind: assessments.kind,
          score: assessmentAttempts.score,
          maxScore: assessmentAttempts.maxScore,
          timeTakenSeconds: assessmentAttempts.timeTakenSeconds,
          submittedAt: assessmentAttempts.submittedAt,
        })
        .from(assessmentAttempts)
        .innerJoin(assessments, eq(assessments.id, assessmentAttempts.assessmentId))
        .$dynamic(),
      assessmentAttempts.learnerId,
      assessmentAttempts.submittedAt,
    ),
  ]);
  return {
    learner,
    devices: devices.map((d) => ({ ...d, boundAt: iso(d.boundAt), resetAt: isoOrNull(d.resetAt) })),
    sessions: sessions.map((s) => ({
      ...s,
      startedAt: iso(s.startedAt),
      endedAt: isoOrNull(s.endedAt),
    })),
    redemptions: redeemed.map((r) => ({ ...r, at: iso(r.at) })),
    feedback: given.map((f) => ({ ...f, at: iso(f.at) })),
    views: views.map((v) => ({ ...v, at: iso(v.at) })),
    attempts: attempts.map((a) => ({
      ...a,
      score: Number(a.score),
      maxScore: Number(a.maxScore),
      submittedAt: iso(a.submittedAt),
    })),
  };
}
