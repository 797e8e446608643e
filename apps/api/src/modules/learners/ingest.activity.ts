import { and, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  assessmentAttempts,
  contactMessages,
  contentViews,
  deviceBindings,
  feedback,
  learnerSessions,
  learners,
  redemptions,
} from '../../db/schema/index.ts';
import type { Outcome, Pending } from './ingest.ts';
import { jsonRecords, type Of, stored } from './ingest.write.ts';

/** The batch's activity events, each kind in one multi-row statement. */

const none = Promise.resolve([] as { eventId: string }[]);

/**
 * Device bindings within the configured limit: a device already bound to the
 * learner is a duplicate; one more than the limit is refused until an admin
 * resets a binding. The learners' rows are locked so two batches cannot both
 * take the last free place.
 */
export async function bindDevices(
  tx: Tx,
  max: number,
  list: Of<'device_bound'>[],
  learnerOf: Map<string, number>,
  out: Outcome,
) {
  if (!list.length) return;
  const ids = [...new Set(list.map((p) => learnerOf.get(p.event.learnerId)!))];
  await tx
    .select({ id: learners.id })
    .from(learners)
    .where(inArray(learners.id, ids))
    .for('update');
  const active = await tx
    .select({ learnerId: deviceBindings.learnerId, deviceId: deviceBindings.deviceId })
    .from(deviceBindings)
    .where(and(inArray(deviceBindings.learnerId, ids), isNull(deviceBindings.resetAt)));
  const bound = new Map<number, Set<string>>();
  for (const r of active)
    bound.set(r.learnerId, (bound.get(r.learnerId) ?? new Set()).add(r.deviceId));
  const rows: (typeof deviceBindings.$inferInsert)[] = [];
  for (const p of [...list].sort((a, b) => a.at.getTime() - b.at.getTime())) {
    const learnerId = learnerOf.get(p.event.learnerId)!;
    const devices = bound.get(learnerId) ?? new Set<string>();
    bound.set(learnerId, devices);
    if (devices.has(p.event.deviceId)) {
      out.duplicates += 1;
    } else if (devices.size >= max) {
      out.reject(
        p,
        'device_limit',
        `The learner already has ${devices.size} bound device${devices.size === 1 ? '' : 's'} (the limit): an admin must reset one first`,
      );
    } else {
      devices.add(p.event.deviceId);
      rows.push({
        eventId: p.event.id,
        learnerId,
        deviceId: p.event.deviceId,
        platform: p.event.platform,
        boundAt: p.at,
      });
    }
  }
  await stored(
    out,
    rows.length,
    rows.length
      ? tx
          .insert(deviceBindings)
          .values(rows)
          .onConflictDoNothing()
          .returning({ eventId: deviceBindings.eventId })
      : none,
  );
}

export interface Activity {
  sessions: Of<'session_started'>[];
  redemptions: Of<'redemption'>[];
  views: Of<'content_view'>[];
  feedback: Of<'feedback'>[];
  contact: Of<'contact_message'>[];
  attempts: Of<'attempt_submitted'>[];
}

export async function insertActivity(
  tx: Tx,
  out: Outcome,
  learnerOf: Map<string, number>,
  assessmentBooks: Map<number, number | null>,
  a: Activity,
) {
  const learner = (p: Pending) => learnerOf.get(p.event.learnerId!)!;
  const insert = <T>(list: Pending[], write: () => PromiseLike<T[]>) =>
    list.length ? write() : Promise.resolve([] as T[]);
  await stored(
    out,
    a.sessions.length,
    insert(a.sessions, () =>
      tx
        .insert(learnerSessions)
        .values(
          a.sessions.map((p) => ({
            eventId: p.event.id,
            sessionUid: p.event.sessionId,
            learnerId: learner(p),
            platform: p.event.platform,
            startedAt: p.at,
          })),
        )
        .onConflictDoNothing()
        .returning({ eventId: learnerSessions.eventId }),
    ),
  );
  await stored(
    out,
    a.redemptions.length,
    insert(a.redemptions, () =>
      tx
        .insert(redemptions)
        .values(
          a.redemptions.map((p) => ({
            eventId: p.event.id,
            learnerId: learner(p),
            bookId: p.event.bookId,
            code: p.event.code,
            at: p.at,
          })),
        )
        .onConflictDoNothing()
        .returning({ eventId: redemptions.eventId }),
    ),
  );
  await stored(
    out,
    a.views.length,
    insert(a.views, () =>
      tx
        .insert(contentViews)
        .values(
          a.views.map((p) => ({
            eventId: p.event.id,
            learnerId: learner(p),
            bookId: p.event.bookId,
            contentKind: p.event.contentKind,
            contentId: p.event.contentId,
            seconds: p.event.seconds,
            at: p.at,
          })),
        )
        .onConflictDoNothing()
        .returning({ eventId: contentViews.eventId }),
    ),
  );
  await stored(
    out,
    a.feedback.length,
    insert(a.feedback, () =>
      tx
        .insert(feedback)
        .values(
          a.feedback.map((p) => ({
            eventId: p.event.id,
            learnerId: learner(p),
            bookId: p.event.bookId ?? null,
            contentKind: p.event.contentKind ?? null,
            contentId: p.event.contentId ?? null,
            rating: p.event.rating,
            comment: p.event.comment || null,
            at: p.at,
          })),
        )
        .onConflictDoNothing()
        .returning({ eventId: feedback.eventId }),
    ),
  );
  await stored(
    out,
    a.contact.length,
    insert(a.contact, () =>
      tx
        .insert(contactMessages)
        .values(
          a.contact.map((p) => ({
            eventId: p.event.id,
            learnerId: p.event.learnerId ? learner(p) : null,
            name: p.event.name,
            email: p.event.email ?? null,
            phone: p.event.phone ?? null,
            subject: p.event.subject,
            message: p.event.message,
            receivedAt: p.at,
          })),
        )
        .onConflictDoNothing()
        .returning({ eventId: contactMessages.eventId }),
    ),
  );
  await stored(
    out,
    a.attempts.length,
    insert(a.attempts, () =>
      tx
        .insert(assessmentAttempts)
        .values(
          a.attempts.map((p) => ({
            eventId: p.event.id,
            assessmentId: p.event.assessmentId,
            learnerId: learner(p),
            bookId: assessmentBooks.get(p.event.assessmentId) ?? null,
            score: p.event.score,
            maxScore: p.event.maxScore,
            answers: p.event.answers,
            timeTakenSeconds: p.event.timeTakenSeconds,
            submittedAt: p.at,
          })),
        )
        .onConflictDoNothing()
        .returning({ eventId: assessmentAttempts.eventId }),
    ),
  );
}

/**
 * Session ends, after the starts (the same batch may hold both): an end for
 * a session never started is refused; the same end again is a duplicate.
 */
export async function endSessions(tx: Tx, list: Of<'session_ended'>[], out: Outcome) {
  if (!list.length) return;
  const sessions = await tx
    .select({ uid: learnerSessions.sessionUid, endedAt: learnerSessions.endedAt })
    .from(learnerSessions)
    .where(inArray(learnerSessions.sessionUid, [...new Set(list.map((p) => p.event.sessionId))]));
  const ended = new Map(sessions.map((s) => [s.uid, s.endedAt?.getTime() ?? null]));
  const rows: { uid: string; at: string }[] = [];
  for (const p of list) {
    if (!ended.has(p.event.sessionId)) {
      out.reject(p, 'unknown_session', `Session ${p.event.sessionId} was never started`);
    } else if (ended.get(p.event.sessionId) === p.at.getTime()) {
      out.duplicates += 1;
    } else {
      ended.set(p.event.sessionId, p.at.getTime());
      rows.push({ uid: p.event.sessionId, at: p.at.toISOString() });
      out.accepted += 1;
    }
  }
  if (!rows.length) return;
  await tx.execute(sql`
    update learner_sessions s set ended_at = v.at
    from (select distinct on (uid) uid, at from ${jsonRecords(rows)} as r(uid uuid, at timestamptz)
          order by uid, at desc) v
    where s.session_uid = v.uid`);
}

/** Each learner's last activity moves forward to the newest event of the batch. */
export async function touchLastActive(tx: Tx, learnerOf: Map<string, number>, list: Pending[]) {
  const newest = new Map<number, number>();
  for (const p of list) {
    const id = p.event.learnerId ? learnerOf.get(p.event.learnerId) : undefined;
    if (id !== undefined) newest.set(id, Math.max(newest.get(id) ?? 0, p.at.getTime()));
  }
  if (!newest.size) return;
  const rows = [...newest].map(([id, at]) => ({ id, at: new Date(at).toISOString() }));
  await tx.execute(sql`
    update learners l set last_active_at = greatest(l.last_active_at, v.at)
    from ${jsonRecords(rows)} as v(id bigint, at timestamptz)
    where l.id = v.id`);
}
