import type {
  ContactMessage,
  contactListQuery,
  learnerExportQuery,
  ResetDeviceBody,
} from '@bo/contract';
import { and, count, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { admins, contactMessages, deviceBindings, learners } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { xlsxFile } from '../../lib/file-answer.ts';
import type { SortKey } from '../../lib/list.ts';
import { listPage, sortOrder, textSearch } from '../../lib/list.ts';
import { keysetRows } from '../../lib/xlsx/export.ts';
import type { AuthAdmin } from '../../plugins/auth-guard.ts';
import { LEARNER_COLUMNS } from './learners.columns.ts';
import { activeBindingsOf, learnerBatch } from './learners.queries.ts';

/**
 * `resetuserdevice`: the learner's live bindings (or the one named) get a
 * reset time, the admin and the reason, so the app may bind a new device
 * (the ingest counts only bindings not reset). The route writes the audit row.
 */
export async function resetDevice(deps: Deps, admin: AuthAdmin, body: ResetDeviceBody) {
  return deps.db.transaction(async (tx) => {
    const [learner] = await tx
      .select({ id: learners.id })
      .from(learners)
      .where(eq(learners.id, body.id))
      .for('update');
    if (!learner) throw notFound('Learner');
    const where = body.bindingId
      ? and(activeBindingsOf(body.id), eq(deviceBindings.id, body.bindingId))
      : activeBindingsOf(body.id);
    const cleared = await tx
      .update(deviceBindings)
      .set({ resetAt: deps.clock(), resetBy: admin.id, resetReason: body.reason })
      .where(where)
      .returning({ id: deviceBindings.id });
    if (!cleared.length) {
      throw conflict(
        body.bindingId
          ? 'That device binding is already reset or is not this learner’s'
          : 'The learner has no bound device to reset',
      );
    }
    return { ok: true as const, cleared: cleared.length };
  });
}

export const LEARNER_EXPORT_MAX_ROWS = 200_000;

export function exportLearners(db: Db, q: z.infer<typeof learnerExportQuery>) {
  return xlsxFile('Learners.xlsx', [
    {
      name: 'Learners',
      columns: [...LEARNER_COLUMNS, { header: 'Bound devices', key: 'activeDevices', width: 12 }],
      rows: keysetRows(
        (after: SortKey | null, limit) => learnerBatch(db, q, after, limit),
        (learner) => learner.key,
        { pageSize: 2000, maxRows: LEARNER_EXPORT_MAX_ROWS },
      ),
    },
  ]);
}

// Contact messages

const resolver = alias(admins, 'resolver');
const contactFields = {
  id: contactMessages.id,
  learnerId: contactMessages.learnerId,
  name: contactMessages.name,
  email: contactMessages.email,
  phone: contactMessages.phone,
  subject: contactMessages.subject,
  message: contactMessages.message,
  status: contactMessages.status,
  receivedAt: contactMessages.receivedAt,
  resolvedAt: contactMessages.resolvedAt,
  resolvedByName: resolver.name,
  note: contactMessages.note,
};
type ContactRow = Awaited<ReturnType<typeof selectContacts>>[number];
const selectContacts = (db: Db) =>
  db
    .select(contactFields)
    .from(contactMessages)
    .leftJoin(resolver, eq(resolver.id, contactMessages.resolvedBy))
    .$dynamic();
const toContact = (r: ContactRow): ContactMessage => ({
  ...r,
  receivedAt: r.receivedAt.toISOString(),
  resolvedAt: r.resolvedAt?.toISOString() ?? null,
});

const CONTACT_SORT = {
  receivedAt: contactMessages.receivedAt,
  name: contactMessages.name,
  subject: contactMessages.subject,
} as const;

/** Newest first unless a sort is asked for; `q` matches name, e-mail, subject or message. */
export function listContactMessages(db: Db, q: z.infer<typeof contactListQuery>) {
  const where: SQL | undefined = and(
    textSearch(q.q, [
      contactMessages.name,
      contactMessages.email,
      contactMessages.subject,
      contactMessages.message,
    ]),
    q.status ? eq(contactMessages.status, q.status) : undefined,
  );
  return listPage(
    q,
    selectContacts(db).where(where),
    sortOrder(q, CONTACT_SORT, 'receivedAt', contactMessages.id, 'desc'),
    db.select({ n: count() }).from(contactMessages).where(where),
    toContact,
  );
}

export async function resolveContactMessage(
  deps: Deps,
  admin: AuthAdmin,
  body: { id: number; note: string },
) {
  const [row] = await deps.db
    .update(contactMessages)
    .set({ status: 'resolved', resolvedAt: deps.clock(), resolvedBy: admin.id, note: body.note })
    .where(eq(contactMessages.id, body.id))
    .returning({ id: contactMessages.id });
  if (!row) throw notFound('Contact message');
  const [read] = await selectContacts(deps.db).where(eq(contactMessages.id, row.id));
  return toContact(read!);
}
