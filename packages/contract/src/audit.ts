import { z } from 'zod';
import { AUDIT_ACTION_KEYS, AUDIT_ENTITY_KEYS } from './audit-actions.ts';
import { idParam, listQuery, paginated, timestampSchema } from './common.ts';
import { defineRoutes } from './route.ts';

/**
 * What a row is about, looked up when the trail is read: its name now (or, once
 * removed, as the row recorded it) and the ids a link to its screen needs.
 */
export const auditTargetSchema = z.object({
  name: z.string().nullable(),
  /** False once the thing is gone: the screen names it without a link. */
  exists: z.boolean(),
  /** What its list screen is searched by (an admin's e-mail, a media title). */
  search: z.string().optional(),
  bookId: z.number().int().optional(),
  gradeId: z.number().int().optional(),
  subjectId: z.number().int().optional(),
  chapterId: z.number().int().optional(),
});
export type AuditTarget = z.infer<typeof auditTargetSchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: timestampSchema,
  actorId: z.number().int().nullable(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  ip: z.string().nullable(),
  requestId: z.string().nullable(),
  /** Null for rows about no single thing (an import, a failed sign-in). */
  target: auditTargetSchema.nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditListQuery = listQuery(['at']).extend({
  actorId: idParam.optional(),
  // Lists, not free text: only what the trail can hold (the input rules hold trivially).
  action: z.enum(AUDIT_ACTION_KEYS).optional(),
  entity: z.enum(AUDIT_ENTITY_KEYS).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});

export const auditRoutes = defineRoutes({
  listAudit: {
    method: 'GET',
    path: '/audit',
    access: 'super_admin',
    tag: 'audit',
    summary: 'Audit trail of every write, newest first, with filters',
    query: auditListQuery,
    response: paginated(auditEntrySchema),
  },
});
