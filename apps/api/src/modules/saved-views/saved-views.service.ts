import {
  allows,
  type createSavedViewBody,
  SAVED_VIEW_LISTS,
  SAVED_VIEWS_PER_LIST,
  type SavedView,
  type SavedViewList,
  type updateSavedViewBody,
} from '@bo/contract';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { conflict, notFound, refusal } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import type { AuthAdmin } from '../../plugins/auth-guard.ts';
import {
  countOwnViews,
  deleteView,
  findView,
  insertView,
  type SavedViewRow,
  updateView,
  viewsOfList,
} from './saved-views.queries.ts';

/**
 * Saved views (docs/web-ux.md, "Saved views, columns and density"). The
 * routes are open to any session; what an admin meets is decided here: only
 * views of lists whose own route the admin may call, their own and the shared
 * ones; only the owner changes or deletes a view. Another admin's private
 * view answers 404, as if it did not exist.
 */

const toView = (row: SavedViewRow, adminId: number): SavedView => ({
  id: row.id,
  list: row.list as SavedViewList,
  name: row.name,
  query: row.query,
  shared: row.shared,
  ownerId: row.ownerId,
  ownerName: row.ownerName,
  mine: row.ownerId === adminId,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

function mayOpen(admin: AuthAdmin, list: string) {
  const access = SAVED_VIEW_LISTS[list as SavedViewList];
  if (!access || !allows(admin, access))
    throw refusal('list_not_allowed', 'You may not open this list, so not its views either');
}

const nameTaken = () =>
  conflict('You already have a view of this list with this name', [
    { path: 'body.name', message: 'You already have a view with this name' },
  ]);

export async function listSavedViews(db: Db, admin: AuthAdmin, list: SavedViewList) {
  mayOpen(admin, list);
  const rows = await viewsOfList(db, list, admin.id);
  return { items: rows.map((r) => toView(r, admin.id)) };
}

export async function createSavedView(
  deps: Deps,
  admin: AuthAdmin,
  body: z.infer<typeof createSavedViewBody>,
): Promise<SavedView> {
  mayOpen(admin, body.list);
  const id = await deps.db
    .transaction(async (tx) => {
      if ((await countOwnViews(tx, body.list, admin.id)) >= SAVED_VIEWS_PER_LIST)
        throw conflict(
          `You have ${SAVED_VIEWS_PER_LIST} views of this list: delete one before saving another`,
        );
      return insertView(tx, { ownerId: admin.id, ...body });
    })
    .catch((err) => {
      throw isUniqueViolation(err) ? nameTaken() : err;
    });
  return toView((await findView(deps.db, id))!, admin.id);
}

/** The view, locked, once the admin is its owner; the refusal otherwise. */
async function ownView(tx: Tx, admin: AuthAdmin, id: number) {
  const row = await findView(tx, id, true);
  if (!row || (!row.shared && row.ownerId !== admin.id)) throw notFound('Saved view');
  mayOpen(admin, row.list);
  if (row.ownerId !== admin.id)
    throw refusal('view_not_yours', `Only ${row.ownerName}, who saved this view, may change it`);
  return row;
}

export async function updateSavedView(
  deps: Deps,
  admin: AuthAdmin,
  { id, ...changes }: z.infer<typeof updateSavedViewBody>,
): Promise<SavedView> {
  await deps.db
    .transaction(async (tx) => {
      await ownView(tx, admin, id);
      await updateView(tx, id, changes);
    })
    .catch((err) => {
      throw isUniqueViolation(err) ? nameTaken() : err;
    });
  return toView((await findView(deps.db, id))!, admin.id);
}

export async function deleteSavedView(deps: Deps, admin: AuthAdmin, id: number) {
  await deps.db.transaction(async (tx) => {
    await ownView(tx, admin, id);
    await deleteView(tx, id);
  });
  return { ok: true as const };
}
