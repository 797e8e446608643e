import type {
  Mailer,
  MailerTotals,
  mailerActionBody,
  mailerPreviewBody,
  mailersQuery,
  sendMailerBody,
} from '@bo/contract';
import { and, count, eq, getTableColumns, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { deliveries, mailers, mailTemplates } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { audienceCondition, resolveAudience } from '../../lib/audience.ts';
import { markUnchanged, recordAudit } from '../../lib/audit-record.ts';
import { changeDelivery } from '../../lib/delivery/control.ts';
import { deliveryTotals, insertDelivery, startDelivery } from '../../lib/delivery/ledger.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { listPage, sortOrder, textSearch } from '../../lib/list.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import type { AuthAdmin } from '../../plugins/auth-guard.ts';
import { suppressedReason } from './mail.suppression.ts';

type Row = typeof mailers.$inferSelect & {
  status: Exclude<Mailer['status'], 'scheduled'>;
  failureReason: string | null;
  finishedAt: Date | null;
  sendAt: Date | null;
  ratePerMinute: number | null;
  notYet: boolean;
};

/** A mailer's columns with its delivery's status (the one status; lib/delivery/). */
const columns = {
  ...getTableColumns(mailers),
  status: deliveries.status,
  failureReason: deliveries.failureReason,
  finishedAt: deliveries.finishedAt,
  sendAt: deliveries.sendAt,
  ratePerMinute: deliveries.ratePerMinute,
  // By the database's clock, the one the sender's lease compares `send_at` with.
  notYet: sql<boolean>`coalesce(${deliveries.sendAt} > now(), false)`,
};
const selectMailers = (db: Db | Tx) =>
  db.select(columns).from(mailers).innerJoin(deliveries, eq(deliveries.id, mailers.deliveryId));

/** Totals by state of some campaigns, in one grouped query over the ledger's index. */
async function totalsOf(db: Db | Tx, rows: Row[]): Promise<Map<number, MailerTotals>> {
  const byDelivery = await deliveryTotals(
    db,
    rows.map((r) => r.deliveryId),
  );
  return new Map(rows.map((r) => [r.id, byDelivery.get(r.deliveryId)!]));
}

const mailerOf = (r: Row, totals: MailerTotals): Mailer => ({
  id: r.id,
  templateId: r.templateId,
  name: r.name,
  subject: r.subject,
  // Sending, but its time has not come: the one status the ledger does not keep.
  status: r.status === 'sending' && r.notYet ? 'scheduled' : r.status,
  failureReason: r.failureReason,
  audience: r.audience as Mailer['audience'],
  totals,
  track: r.track,
  sendAt: r.sendAt?.toISOString() ?? null,
  ratePerMinute: r.ratePerMinute,
  createdAt: r.createdAt.toISOString(),
  finishedAt: r.finishedAt?.toISOString() ?? null,
});

const withTotals = async (db: Db | Tx, r: Row) => mailerOf(r, (await totalsOf(db, [r])).get(r.id)!);

export async function getMailer(db: Db | Tx, id: number): Promise<Mailer> {
  const [row] = await selectMailers(db).where(eq(mailers.id, id));
  if (!row) throw notFound('Mailer');
  return withTotals(db, row);
}

export async function listMailers(deps: Deps, q: z.infer<typeof mailersQuery>) {
  const where = textSearch(q.q, [mailers.name, mailers.subject]);
  const page = await listPage(
    q,
    selectMailers(deps.db).where(where).$dynamic(),
    sortOrder(
      q,
      { createdAt: mailers.createdAt, name: mailers.name },
      'createdAt',
      mailers.id,
      'desc',
    ),
    deps.db.select({ n: count() }).from(mailers).where(where),
    (r) => r,
  );
  const totals = await totalsOf(deps.db, page.items);
  return { ...page, items: page.items.map((r) => mailerOf(r, totals.get(r.id)!)) };
}

async function templateFor(db: Db | Tx, id: number) {
  const [t] = await db.select().from(mailTemplates).where(eq(mailTemplates.id, id));
  if (!t) throw notFound('Template');
  return t;
}

/** The confirmation's figures: who the audience holds and who would be skipped. */
export async function previewMailer(deps: Deps, body: z.infer<typeof mailerPreviewBody>) {
  const t = await templateFor(deps.db, body.templateId);
  const { audience, unknown } = await resolveAudience(deps.db, body.audience);
  const [row] = (
    await deps.db.execute<{
      recipients: number;
      unsubscribed: number;
      without_email: number;
    }>(sql`select count(*)::int as recipients,
        count(s.email)::int as unsubscribed,
        count(*) filter (where coalesce(learners.email, '') = '')::int as without_email
      from learners left join mail_suppressions s on s.email = lower(learners.email)
      where ${audienceCondition(audience, deps.clock())}`)
  ).rows;
  return {
    recipients: row?.recipients ?? 0,
    unsubscribed: row?.unsubscribed ?? 0,
    withoutEmail: row?.without_email ?? 0,
    unknown,
    subject: t.subject,
  };
}

/**
 * `sendmailer`: the campaign row, its delivery with the whole ledger in one
 * INSERT … SELECT (learners without an address, or whose address is on the
 * suppression list, are written `skipped` with why: mail.suppression.ts;
 * blocked ones are not in the audience), and the sending
 * job, in one transaction. The (admin, idempotency key) pair is unique: the
 * same key again answers the campaign it made, so a double click sends one
 * campaign.
 */
export async function sendMailer(
  deps: Deps,
  ctx: RequestContext,
  actor: AuthAdmin,
  body: z.infer<typeof sendMailerBody>,
): Promise<Mailer> {
  const sendAt = scheduledTime(body.sendAt, deps.clock());
  // A pasted list becomes learner ids first (its unknown entries are shown by the count).
  const { audience } = await resolveAudience(deps.db, body.audience);
  return deps.db.transaction(async (tx) => {
    const t = await templateFor(tx, body.templateId);
    const deliveryId = await insertDelivery(tx, 'mailer');
    const [inserted] = await tx
      .insert(mailers)
      .values({
        templateId: t.id,
        name: t.name,
        subject: t.subject,
        html: t.html,
        text: t.text,
        audience: body.audience,
        track: body.track,
        idempotencyKey: body.idempotencyKey,
        deliveryId,
        createdBy: actor.id,
      })
      .onConflictDoNothing()
      .returning({ id: mailers.id });
    if (!inserted) {
      // Its delivery is not needed: the campaign exists already.
      await tx.delete(deliveries).where(eq(deliveries.id, deliveryId));
      const [same] = await selectMailers(tx).where(
        and(eq(mailers.createdBy, actor.id), eq(mailers.idempotencyKey, body.idempotencyKey)),
      );
      if (!same || same.templateId !== body.templateId)
        throw conflict(
          'This request key was already used for another mailer: reload and confirm again',
        );
      // The same request again: nothing changed, so no second audit row.
      markUnchanged(ctx);
      return withTotals(tx, same);
    }
    await startDelivery(deps, tx, deliveryId, {
      lane: 'delivery.send',
      by: actor.id,
      ...(sendAt ? { sendAt } : {}),
      ratePerMinute: body.ratePerMinute ?? null,
      fills: [
        {
          channel: 'bulk-mail',
          rows: sql`select learners.id, learners.email, null::text,
        case when coalesce(learners.email, '') = '' or s.email is not null
          then 'skipped' else 'queued' end,
        case when coalesce(learners.email, '') = '' then 'no e-mail address'
          when s.email is not null then ${suppressedReason('')}::text || s.reason end
      from learners left join mail_suppressions s on s.email = lower(learners.email)
      where ${audienceCondition(audience, deps.clock())}`,
        },
      ],
    });
    const mailer = await getMailer(tx, inserted.id);
    await recordAudit(tx, ctx, {
      action: 'mailer_sent',
      entity: 'mailer',
      entityId: inserted.id,
      after: {
        templateId: t.id,
        subject: t.subject,
        audience: body.audience,
        track: body.track,
        sendAt: mailer.sendAt,
        ratePerMinute: mailer.ratePerMinute,
        totals: mailer.totals,
      },
    });
    return mailer;
  });
}

/** Schedules reach 90 days ahead; a time already past is refused rather than sent at once. */
const SCHEDULE_DAYS = 90;
function scheduledTime(sendAt: string | undefined, now: Date): Date | null {
  if (!sendAt) return null;
  const at = new Date(sendAt);
  const fail = (message: string) => badRequest(message, [{ path: 'body.sendAt', message }]);
  if (at.getTime() <= now.getTime()) throw fail('Choose a time in the future');
  if (at.getTime() > now.getTime() + SCHEDULE_DAYS * 86_400_000)
    throw fail(`Schedule at most ${SCHEDULE_DAYS} days ahead`);
  return at;
}

const AUDIT = {
  pause: 'mailer_paused',
  resume: 'mailer_resumed',
  cancel: 'mailer_cancelled',
  retry_failed: 'mailer_retry_failed',
} as const;

/** Pause, resume, cancel, retry the failed: its delivery's status changed under the row lock. */
export async function mailerAction(
  deps: Deps,
  ctx: RequestContext,
  body: z.infer<typeof mailerActionBody>,
): Promise<Mailer> {
  return deps.db.transaction(async (tx) => {
    const [mailer] = await tx
      .select({ deliveryId: mailers.deliveryId })
      .from(mailers)
      .where(eq(mailers.id, body.id));
    if (!mailer) throw notFound('Mailer');
    const before = await changeDelivery(deps, tx, mailer.deliveryId, body.action, {
      noun: 'mailer',
      lane: 'delivery.send',
      by: ctx.adminId,
    });
    const after = await getMailer(tx, body.id);
    await recordAudit(tx, ctx, {
      action: AUDIT[body.action],
      entity: 'mailer',
      entityId: body.id,
      before: { status: before },
      after: { status: after.status, totals: after.totals },
    });
    return after;
  });
}
