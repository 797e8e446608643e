import type {
  Mailer,
  MailerTotals,
  mailerActionBody,
  mailerPreviewBody,
  mailersQuery,
  sendMailerBody,
} from '@bo/contract';
import { and, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { mailers, mailTemplates } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { audienceCondition, resolveAudience } from '../../lib/audience.ts';
import { markUnchanged, recordAudit } from '../../lib/audit-record.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { listPage, sortOrder, textSearch } from '../../lib/list.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import type { AuthAdmin } from '../../plugins/auth-guard.ts';
import { rowsOf } from './mail.render.ts';

type Row = typeof mailers.$inferSelect;

const EMPTY: MailerTotals = {
  recipients: 0,
  queued: 0,
  sending: 0,
  sent: 0,
  failed: 0,
  skipped: 0,
};

/** Totals by state of some campaigns, in one grouped query over the ledger's (mailer, state) index. */
export async function totalsOf(db: Db | Tx, ids: number[]): Promise<Map<number, MailerTotals>> {
  const out = new Map(ids.map((id) => [id, { ...EMPTY }]));
  if (!ids.length) return out;
  const rows = rowsOf<{ mailer_id: number | string; state: keyof MailerTotals; n: number }>(
    await db.execute(sql`select mailer_id, state, count(*)::int as n from mailer_recipients
      where mailer_id = any(${`{${ids.join(',')}}`}::bigint[]) group by mailer_id, state`),
  );
  for (const r of rows) {
    const t = out.get(Number(r.mailer_id))!;
    t[r.state] = r.n;
    t.recipients += r.n;
  }
  return out;
}

const mailerOf = (r: Row, totals: MailerTotals): Mailer => ({
  id: r.id,
  templateId: r.templateId,
  name: r.name,
  subject: r.subject,
  status: r.status,
  failureReason: r.failureReason,
  audience: r.audience as Mailer['audience'],
  totals,
  createdAt: r.createdAt.toISOString(),
  finishedAt: r.finishedAt?.toISOString() ?? null,
});

export async function getMailer(db: Db | Tx, id: number): Promise<Mailer> {
  const [row] = await db.select().from(mailers).where(eq(mailers.id, id));
  if (!row) throw notFound('Mailer');
  return mailerOf(row, (await totalsOf(db, [id])).get(id)!);
}

export async function listMailers(deps: Deps, q: z.infer<typeof mailersQuery>) {
  const where = textSearch(q.q, [mailers.name, mailers.subject]);
  const page = await listPage(
    q,
    deps.db.select().from(mailers).where(where).$dynamic(),
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
  const totals = await totalsOf(
    deps.db,
    page.items.map((r) => r.id),
  );
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
  const [row] = rowsOf<{ recipients: number; unsubscribed: number; without_email: number }>(
    await deps.db.execute(sql`select count(*)::int as recipients,
        count(u.learner_id)::int as unsubscribed,
        count(*) filter (where coalesce(learners.email, '') = '')::int as without_email
      from learners left join mail_unsubscribes u on u.learner_id = learners.id
      where ${audienceCondition(audience, deps.clock())}`),
  );
  return {
    recipients: row?.recipients ?? 0,
    unsubscribed: row?.unsubscribed ?? 0,
    withoutEmail: row?.without_email ?? 0,
    unknown,
    subject: t.subject,
  };
}

/**
 * `sendmailer`: the campaign row, its whole ledger in one INSERT … SELECT
 * (learners without an address or unsubscribed are written `skipped` with
 * why; blocked ones are not in the audience), and the sending job, in one
 * transaction. The INSERT has no ON CONFLICT: the campaign is new and each
 * learner comes once, so the (mailer, learner) key cannot clash, and its
 * speculative insertion cost a quarter to a third of the statement. The
 * (admin, idempotency key) pair is unique: the same key again answers the
 * campaign it made, so a double click sends one campaign.
 */
export async function sendMailer(
  deps: Deps,
  ctx: RequestContext,
  actor: AuthAdmin,
  body: z.infer<typeof sendMailerBody>,
): Promise<Mailer> {
  // A pasted list becomes learner ids first (its unknown entries are shown by the count).
  const { audience } = await resolveAudience(deps.db, body.audience);
  return deps.db.transaction(async (tx) => {
    const t = await templateFor(tx, body.templateId);
    const [made] = await tx
      .insert(mailers)
      .values({
        templateId: t.id,
        name: t.name,
        subject: t.subject,
        html: t.html,
        text: t.text,
        audience: body.audience,
        idempotencyKey: body.idempotencyKey,
        createdBy: actor.id,
      })
      .onConflictDoNothing()
      .returning();
    if (!made) {
      const [same] = await tx
        .select()
        .from(mailers)
        .where(
          and(eq(mailers.createdBy, actor.id), eq(mailers.idempotencyKey, body.idempotencyKey)),
        );
      if (!same || same.templateId !== body.templateId)
        throw conflict(
          'This request key was already used for another mailer: reload and confirm again',
        );
      // The same request again: nothing changed, so no second audit row.
      markUnchanged(ctx);
      return mailerOf(same, (await totalsOf(tx, [same.id])).get(same.id)!);
    }
    await tx.execute(sql`insert into mailer_recipients (mailer_id, learner_id, email, state, reason)
      select ${made.id}, learners.id, learners.email,
        case when coalesce(learners.email, '') = '' or u.learner_id is not null
          then 'skipped' else 'queued' end,
        case when coalesce(learners.email, '') = '' then 'no e-mail address'
          when u.learner_id is not null then 'unsubscribed' end
      from learners left join mail_unsubscribes u on u.learner_id = learners.id
      where ${audienceCondition(audience, deps.clock())}`);
    await deps.jobs.enqueue(tx, 'mailers.send', { mailerId: made.id }, { by: actor.id });
    const mailer = mailerOf(made, (await totalsOf(tx, [made.id])).get(made.id)!);
    await recordAudit(tx, ctx, {
      action: 'mailer_sent',
      entity: 'mailer',
      entityId: made.id,
      after: {
        templateId: t.id,
        subject: t.subject,
        audience: body.audience,
        totals: mailer.totals,
      },
    });
    return mailer;
  });
}

const ACTIONS = {
  pause: { from: ['sending'], to: 'paused', audit: 'mailer_paused' },
  resume: { from: ['paused'], to: 'sending', audit: 'mailer_resumed' },
  cancel: { from: ['sending', 'paused'], to: 'cancelled', audit: 'mailer_cancelled' },
  retry_failed: {
    from: ['sending', 'paused', 'done'],
    to: 'sending',
    audit: 'mailer_retry_failed',
  },
} as const;

const VERBS = {
  pause: 'paused',
  resume: 'resumed',
  cancel: 'cancelled',
  retry_failed: 'sent again',
};
const STATUS_WORDS = {
  sending: 'sending',
  paused: 'paused',
  cancelled: 'cancelled',
  done: 'finished',
  failed: 'failed',
};

/** Pause, resume, cancel, retry the failed: a status change under the campaign's row lock. */
export async function mailerAction(
  deps: Deps,
  ctx: RequestContext,
  body: z.infer<typeof mailerActionBody>,
): Promise<Mailer> {
  const rule = ACTIONS[body.action];
  return deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(mailers).where(eq(mailers.id, body.id)).for('update');
    if (!before) throw notFound('Mailer');
    if (!(rule.from as readonly string[]).includes(before.status))
      throw conflict(
        `This mailer is ${STATUS_WORDS[before.status]}: it cannot be ${VERBS[body.action]}`,
      );
    if (body.action === 'retry_failed') {
      const [again] = rowsOf<{ n: number }>(
        await tx.execute(sql`with a as (update mailer_recipients set state = 'queued', reason = null
          where mailer_id = ${body.id} and state = 'failed' returning 1) select count(*)::int as n from a`),
      );
      if (!again?.n)
        throw conflict('No recipient of this mailer failed: there is nothing to send again');
    }
    // Rows in flight too: a runner that died mid-batch left them `sending`
    // with nobody to finish them. A mail that did go out is still recorded
    // as sent (mail.sender.ts, writeOutcomes).
    if (body.action === 'cancel')
      await tx.execute(sql`update mailer_recipients set state = 'skipped', reason = 'cancelled'
        where mailer_id = ${body.id} and state in ('queued', 'sending')`);
    await tx
      .update(mailers)
      .set({
        status: rule.to,
        updatedAt: sql`now()`,
        finishedAt:
          rule.to === 'cancelled' ? sql`now()` : rule.to === 'sending' ? null : before.finishedAt,
      })
      .where(eq(mailers.id, body.id));
    if (rule.to === 'sending')
      await deps.jobs.enqueue(tx, 'mailers.send', { mailerId: body.id }, { by: ctx.adminId });
    const after = await getMailer(tx, body.id);
    await recordAudit(tx, ctx, {
      action: rule.audit,
      entity: 'mailer',
      entityId: body.id,
      before: { status: before.status },
      after: { status: after.status, totals: after.totals },
    });
    return after;
  });
}
