import type { Audience, Popup, popupListQuery, popupStatusBody, savePopupBody } from '@bo/contract';
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { popups, popupViews } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { resolveAudience } from '../../lib/audience.ts';
import { recordAudit } from '../../lib/audit-record.ts';
import { changeStatus } from '../../lib/bulk-status.ts';
import { notFound } from '../../lib/errors.ts';
import { listTableByKeys, sortOrder, textSearch } from '../../lib/list.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import type { AuthAdmin } from '../../plugins/auth-guard.ts';
import { engagementImageUrl } from '../engagement-images/index.ts';

/**
 * Pop-ups: `addpopup` creates, or with an id replaces the fields of that
 * pop-up (one form for both, as the spec has no edit path); status changes
 * go through the shared bulk-status mechanism; a delete takes the app's
 * reports of it along.
 */

type PopupRow = typeof popups.$inferSelect;

// Spelled out: inside a selected field drizzle writes a column unqualified
// ("id"), which within this subquery would be popup_views' own id.
const shownCount = sql<number>`(select count(*)::int from ${popupViews} v where v.popup_id = "popups"."id")`;

const toPopup = (deps: Deps, r: PopupRow & { shown: number }): Popup => ({
  id: r.id,
  title: r.title,
  imageKey: r.imageKey,
  imageUrl: engagementImageUrl(deps, r.imageKey),
  link: r.link,
  audience: r.audience as Audience,
  startsAt: r.startsAt.toISOString(),
  endsAt: r.endsAt.toISOString(),
  priority: r.priority,
  capPerDay: r.capPerDay,
  capPerSession: r.capPerSession,
  capTotal: r.capTotal,
  status: r.status,
  shown: Number(r.shown),
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

const selectPopups = (db: Db | Tx) =>
  db.select({ ...getTableColumns(popups), shown: shownCount }).from(popups);

async function findPopup(deps: Deps, db: Db | Tx, id: number) {
  const [row] = await selectPopups(db).where(eq(popups.id, id));
  return row ? toPopup(deps, row) : null;
}

export async function savePopup(
  deps: Deps,
  ctx: RequestContext,
  actor: AuthAdmin,
  body: z.infer<typeof savePopupBody>,
): Promise<Popup> {
  const { id, ...fields } = body;
  // A pasted list is checked now (a malformed entry is refused); the app resolves it when asked.
  await resolveAudience(deps.db, fields.audience);
  const values = {
    ...fields,
    imageKey: fields.imageKey ?? null,
    link: fields.link ?? null,
    startsAt: new Date(fields.startsAt),
    endsAt: new Date(fields.endsAt),
    capPerDay: fields.capPerDay ?? null,
    capPerSession: fields.capPerSession ?? null,
    capTotal: fields.capTotal ?? null,
  };
  return deps.db.transaction(async (tx) => {
    let saved: number;
    let before: PopupRow | null = null;
    if (id) {
      [before = null] = await tx.select().from(popups).where(eq(popups.id, id)).for('update');
      if (!before) throw notFound('Pop-up');
      await tx
        .update(popups)
        .set({ ...values, updatedAt: deps.clock(), updatedBy: actor.id })
        .where(eq(popups.id, id));
      saved = id;
    } else {
      const [made] = await tx
        .insert(popups)
        .values({ ...values, createdBy: actor.id, updatedBy: actor.id })
        .returning({ id: popups.id });
      saved = made!.id;
    }
    await recordAudit(tx, ctx, {
      action: id ? 'popup_updated' : 'popup_created',
      entity: 'popup',
      entityId: saved,
      before,
      after: values,
    });
    return (await findPopup(deps, tx, saved))!;
  });
}

const SORT = {
  priority: popups.priority,
  startsAt: popups.startsAt,
  endsAt: popups.endsAt,
  title: popups.title,
  createdAt: popups.createdAt,
} as const;

export function listPopups(deps: Deps, q: z.infer<typeof popupListQuery>) {
  return listTableByKeys(deps.db, q, {
    table: popups,
    key: popups.id,
    where: and(textSearch(q.q, [popups.title]), q.status ? eq(popups.status, q.status) : undefined),
    rows: selectPopups(deps.db).$dynamic(),
    orderBy: sortOrder(q, SORT, 'priority', popups.id, 'desc'),
    map: (r: PopupRow & { shown: number }) => toPopup(deps, r),
  });
}

export async function changePopupStatus(
  deps: Deps,
  ctx: RequestContext,
  actor: AuthAdmin,
  body: z.infer<typeof popupStatusBody>,
) {
  const changed = await deps.db.transaction((tx) =>
    changeStatus(tx, ctx, {
      table: popups,
      id: popups.id,
      status: popups.status,
      ids: body.ids,
      to: body.status,
      noun: 'Pop-up',
      unchanged: 'skip',
      stamp: { updatedAt: deps.clock(), updatedBy: actor.id },
      audit: {
        action: body.status === 'active' ? 'popup_activated' : 'popup_deactivated',
        entity: 'popup',
      },
    }),
  );
  return { changed };
}

export async function deletePopup(deps: Deps, ctx: RequestContext, id: number) {
  await deps.db.transaction(async (tx) => {
    const [gone] = await tx.delete(popups).where(eq(popups.id, id)).returning();
    if (!gone) throw notFound('Pop-up');
    await recordAudit(tx, ctx, {
      action: 'popup_deleted',
      entity: 'popup',
      entityId: id,
      before: gone,
      after: null,
    });
  });
  return { ok: true as const };
}
