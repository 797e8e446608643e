import { z } from 'zod';
import { idSchema, listQuery, paginated, textSchema, timestampSchema } from './common.ts';
import { defineRoutes } from './route.ts';

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
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditListQuery = listQuery(['at']).extend({
  actorId: idSchema.optional(),
  action: textSchema({ max: 80 }).optional(),
  entity: textSchema({ max: 80 }).optional(),
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
