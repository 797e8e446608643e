import {
  type IngestEvent,
  type IngestEventType,
  type IngestResponse,
  ingestEventSchema,
} from '@bo/contract';
import type { Tx } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { markReportDays } from '../../lib/report-marks.ts';
import { bindDevices, endSessions, insertActivity, touchLastActive } from './ingest.activity.ts';
import { recordOpens } from './ingest.opens.ts';
import { applyProfiles, knownIds } from './ingest.write.ts';

/**
 * The learner app's batches (docs/domain.md, Learners: ingest). Each event is
 * checked on its own: a bad one is answered with its index, id, code and
 * reason, the good ones are kept. The batch is written in one transaction
 * with a fixed number of statements (a multi-row statement per table, a few
 * look-ups for the rows events name), never a round trip per event:
 * bench/ingest measures it.
 */

/** An event further ahead of the server's clock than this is refused (a device with a wrong clock). */
const FUTURE_SLACK_MS = 24 * 60 * 60 * 1000;

export interface Pending<E extends IngestEvent = IngestEvent> {
  index: number;
  event: E;
  at: Date;
}

export type Rejection = IngestResponse['rejected'][number];

/** What one batch's writing tells back: rejections, and how many were already there. */
export class Outcome {
  rejected: Rejection[] = [];
  duplicates = 0;
  accepted = 0;
  reject(p: Pending, code: string, message: string) {
    this.rejected.push({ index: p.index, id: p.event.id, code, message });
  }
}

type ByType = { [T in IngestEventType]: Pending<Extract<IngestEvent, { type: T }>>[] };

export function parseBatch(raw: unknown[], now: Date, out: Outcome): ByType {
  const byType = Object.fromEntries(
    ingestEventSchema.options.map((o) => [o.shape.type.value, []]),
  ) as unknown as ByType;
  raw.forEach((value, index) => {
    const parsed = ingestEventSchema.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const where = issue.path.length ? `${issue.path.join('.')}: ` : '';
      const id = (value as { id?: unknown } | null)?.id;
      out.rejected.push({
        index,
        id: typeof id === 'string' ? id.slice(0, 100) : null,
        code: 'invalid_event',
        message: `${where}${issue.message}`,
      });
      return;
    }
    const at = new Date(parsed.data.at);
    const pending = { index, event: parsed.data, at };
    if (at.getTime() - now.getTime() > FUTURE_SLACK_MS) {
      out.reject(pending, 'future_time', 'The event is dated more than a day ahead');
      return;
    }
    (byType[parsed.data.type] as Pending[]).push(pending);
  });
  return byType;
}

export async function ingestEvents(deps: Deps, raw: unknown[]): Promise<IngestResponse> {
  const out = new Outcome();
  const events = parseBatch(raw, deps.clock(), out);
  await deps.db.transaction(async (tx) => writeBatch(deps, tx, events, out));
  out.rejected.sort((a, b) => a.index - b.index);
  return { accepted: out.accepted, duplicates: out.duplicates, rejected: out.rejected };
}

async function writeBatch(deps: Deps, tx: Tx, e: ByType, out: Outcome) {
  // Profiles first, so the batch's other events may name a learner it
  // registers; it locks every learner the batch names (ingest.write.ts).
  const learnerOf = await applyProfiles(
    tx,
    e.learner_registered,
    e.learner_updated,
    Object.values(e).flat(),
    out,
  );
  const bookIds = [
    ...e.redemption.map((p) => p.event.bookId),
    ...e.content_view.map((p) => p.event.bookId),
    ...e.feedback.flatMap((p) => (p.event.bookId ? [p.event.bookId] : [])),
  ];
  const [books, assessmentBooks] = await Promise.all([
    knownIds(tx, 'books', bookIds),
    knownIds(
      tx,
      'assessments',
      e.attempt_submitted.map((p) => p.event.assessmentId),
    ),
  ]);
  /** Keeps the events whose learner and book exist; refuses the others. */
  const known = <E extends Pending>(list: E[], bookOf?: (p: E) => number | null | undefined) =>
    list.filter((p) => {
      const uid = p.event.learnerId;
      if (uid && !learnerOf.has(uid)) {
        out.reject(
          p,
          'unknown_learner',
          `Learner ${uid} is not registered: send learner_registered first`,
        );
        return false;
      }
      const book = bookOf?.(p);
      if (book && !books.has(book)) {
        out.reject(p, 'unknown_book', `Book ${book} does not exist`);
        return false;
      }
      return true;
    });
  const attempts = known(e.attempt_submitted).filter((p) => {
    if (assessmentBooks.has(p.event.assessmentId)) return true;
    out.reject(p, 'unknown_assessment', `Assessment ${p.event.assessmentId} does not exist`);
    return false;
  });
  await bindDevices(tx, deps.config.learnerMaxDevices, known(e.device_bound), learnerOf, out);
  await insertActivity(tx, out, learnerOf, assessmentBooks, {
    sessions: known(e.session_started),
    redemptions: known(e.redemption, (p) => p.event.bookId),
    views: known(e.content_view, (p) => p.event.bookId),
    feedback: known(e.feedback, (p) => p.event.bookId),
    contact: known(e.contact_message),
    attempts,
  });
  await endSessions(tx, known(e.session_ended), out);
  await recordOpens(tx, known(e.notification_opened), learnerOf, out);
  // Only what was kept moves a learner's last activity.
  const refused = new Set(out.rejected.map((r) => r.index));
  await touchLastActive(
    tx,
    learnerOf,
    [
      ...e.session_started,
      ...e.session_ended,
      ...e.redemption,
      ...e.content_view,
      ...e.feedback,
      ...e.attempt_submitted,
      ...e.notification_opened,
    ].filter((p) => !refused.has(p.index)),
  );
  // The reports recompute these days from the rows just written (reports.aggregate.ts).
  await markReportDays(
    tx,
    Object.values(e).flatMap((list: Pending[]) => list.map((p) => p.at)),
    e.session_ended.map((p) => p.event.sessionId),
  );
}
