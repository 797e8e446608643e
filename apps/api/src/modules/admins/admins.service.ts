import type { createAdminBody, editAdminBody, ModuleKey } from '@bo/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { admins } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { recordAudit } from '../../lib/audit-record.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import { sentFields } from '../../lib/sent-fields.ts';
import type { AuthAdmin } from '../../plugins/auth-guard.ts';
import { createActionToken, expireTokens, revokeAllSessions, TTL } from '../auth/index.ts';
import { invitationMail, sendMail } from '../mail/index.ts';
import {
  type AdminRow,
  emailTaken,
  findAdmin,
  lockSuperAdminChanges,
  otherActiveSuperAdmins,
  toAdmin,
} from './admins.queries.ts';

/**
 * Rules of admin management: only super admins touch super admins; an admin
 * may grant only modules they hold and never change their own; nobody
 * deletes themselves or removes the last active super admin.
 */
function assertMayManage(
  actor: AuthAdmin,
  target: Pick<AdminRow, 'id' | 'role'> | { role: string },
) {
  if (target.role === 'super_admin' && actor.role !== 'super_admin') {
    throw forbidden('Only super admins may manage super admins');
  }
}

function assertMayGrant(actor: AuthAdmin, modules: ModuleKey[]) {
  if (actor.role === 'super_admin') return;
  const missing = modules.filter((m) => !actor.modules.includes(m));
  if (missing.length)
    throw forbidden(`You cannot grant modules you do not hold: ${missing.join(', ')}`);
}

export async function createAdmin(
  deps: Deps,
  ctx: RequestContext,
  actor: AuthAdmin,
  input: z.infer<typeof createAdminBody>,
) {
  assertMayManage(actor, input);
  const modules = [...new Set(input.modules)];
  assertMayGrant(actor, modules);
  const emailConflict = () =>
    conflict('An admin with this e-mail already exists', [
      { path: 'body.email', message: 'An admin with this e-mail already exists' },
    ]);
  const { row } = await deps.db
    .transaction(async (tx) => {
      if (await emailTaken(tx, input.email)) throw emailConflict();
      const [row] = await tx
        .insert(admins)
        .values({
          email: input.email,
          name: input.name,
          phone: input.phone ?? null,
          role: input.role,
          status: 'invited',
          modules,
          createdBy: actor.id,
          updatedBy: actor.id,
        })
        .returning();
      const token = await createActionToken(deps, tx, 'invite', row!.id, null);
      await recordAudit(tx, ctx, {
        action: 'admin_created',
        entity: 'admin',
        entityId: row!.id,
        after: toAdmin(row!),
      });
      await sendInvitation(deps, tx, row!, token, actor.id);
      return { row: row!, token };
    })
    .catch((err) => {
      // A simultaneous creation of the same e-mail passes the check above and
      // then meets the unique index: the same 409, not a 500.
      throw isUniqueViolation(err) ? emailConflict() : err;
    });
  return toAdmin(row);
}

export async function editAdmin(
  deps: Deps,
  ctx: RequestContext,
  actor: AuthAdmin,
  input: z.infer<typeof editAdminBody>,
) {
  return deps.db.transaction(async (tx) => {
    await lockSuperAdminChanges(tx);
    const target = await findAdmin(tx, input.id);
    if (!target) throw notFound('Admin');
    assertMayManage(actor, target);
    if (input.role === 'super_admin') assertMayManage(actor, { role: 'super_admin' });
    if (input.status && target.status === 'invited') {
      throw conflict(
        'This admin has not accepted the invitation yet; resend it or delete the admin',
      );
    }
    if (
      target.id === actor.id &&
      (input.status === 'disabled' || (input.role && input.role !== target.role))
    ) {
      throw conflict('You cannot disable yourself or change your own role');
    }
    const losesSuper =
      target.role === 'super_admin' &&
      target.status === 'active' &&
      (input.role === 'admin' || input.status === 'disabled');
    if (losesSuper && (await otherActiveSuperAdmins(tx, target.id)) === 0) {
      throw conflict('This is the last active super admin; make another one first');
    }
    const [row] = await tx
      .update(admins)
      .set({
        ...sentFields(input, ['name', 'phone', 'role', 'status']),
        updatedAt: deps.clock(),
        updatedBy: actor.id,
      })
      .where(eq(admins.id, target.id))
      .returning();
    if (input.status === 'disabled') await revokeAllSessions(deps, tx, target.id);
    deps.authCache.clear();
    await recordAudit(tx, ctx, {
      action: input.status === 'disabled' ? 'admin_disabled' : 'admin_edited',
      entity: 'admin',
      entityId: target.id,
      before: toAdmin(target),
      after: toAdmin(row!),
    });
    return toAdmin(row!);
  });
}

export async function updateModules(
  deps: Deps,
  ctx: RequestContext,
  actor: AuthAdmin,
  id: number,
  requested: ModuleKey[],
) {
  return deps.db.transaction(async (tx) => {
    const target = await findAdmin(tx, id);
    if (!target) throw notFound('Admin');
    assertMayManage(actor, target);
    if (target.id === actor.id && actor.role !== 'super_admin')
      throw forbidden('You cannot change your own modules');
    const modules = [...new Set(requested)];
    // Only the difference needs the right to grant: keeping what one cannot grant is fine.
    assertMayGrant(
      actor,
      modules.filter((m) => !target.modules.includes(m)),
    );
    const [row] = await tx
      .update(admins)
      .set({ modules, updatedAt: deps.clock(), updatedBy: actor.id })
      .where(eq(admins.id, id))
      .returning();
    deps.authCache.clear();
    await recordAudit(tx, ctx, {
      action: 'admin_modules_updated',
      entity: 'admin',
      entityId: id,
      before: { modules: target.modules },
      after: { modules },
    });
    return toAdmin(row!);
  });
}

export async function deleteAdmin(deps: Deps, ctx: RequestContext, actor: AuthAdmin, id: number) {
  await deps.db.transaction(async (tx) => {
    await lockSuperAdminChanges(tx);
    const target = await findAdmin(tx, id);
    if (!target) throw notFound('Admin');
    if (target.id === actor.id) throw conflict('You cannot delete yourself');
    assertMayManage(actor, target);
    if (target.role === 'super_admin' && (await otherActiveSuperAdmins(tx, target.id)) === 0) {
      throw conflict('This is the last active super admin; make another one first');
    }
    await tx.delete(admins).where(eq(admins.id, id));
    deps.authCache.clear();
    await recordAudit(tx, ctx, {
      action: 'admin_deleted',
      entity: 'admin',
      entityId: id,
      before: toAdmin(target),
    });
  });
}

export async function resendInvite(deps: Deps, ctx: RequestContext, actor: AuthAdmin, id: number) {
  await deps.db.transaction(async (tx) => {
    const row = await findAdmin(tx, id);
    if (!row) throw notFound('Admin');
    assertMayManage(actor, row);
    if (row.status !== 'invited') throw conflict('This admin has already set a password');
    await expireTokens(deps, tx, row.id, 'invite');
    const token = await createActionToken(deps, tx, 'invite', row.id, null);
    await recordAudit(tx, ctx, {
      action: 'admin_invite_resent',
      entity: 'admin',
      entityId: row.id,
    });
    await sendInvitation(deps, tx, row, token, actor.id);
  });
}

async function sendInvitation(deps: Deps, tx: Tx, row: AdminRow, token: string, by: number) {
  const link = `${deps.config.publicBaseUrl}/invite?token=${encodeURIComponent(token)}`;
  await sendMail(deps, tx, invitationMail(row.email, row.name, link, TTL.invite / 86_400_000), by);
}
