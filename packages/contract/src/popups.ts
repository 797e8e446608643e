import { z } from 'zod';
import { audienceSchema } from './audience.ts';
import {
  idBody,
  idSchema,
  listQuery,
  okSchema,
  paginated,
  textSchema,
  timestampSchema,
} from './common.ts';
import { engagementLinkSchema, imageKeySchema } from './notifications.ts';
import { defineRoutes } from './route.ts';

/**
 * Pop-ups (docs/domain.md, Pop-ups): an image with a title and a link that
 * the learner app shows to an audience between two times, the highest
 * priority first, within frequency caps counted from what the app reports
 * having shown.
 */

export const POPUP_STATUSES = ['active', 'inactive'] as const;
export const popupStatusSchema = z.enum(POPUP_STATUSES);

const cap = z.number().int().min(1).max(1000).nullable().optional();
const dateTime = z.iso.datetime({ offset: true, message: 'Must be a date and time' });

export const popupFields = z.object({
  title: textSchema({ min: 1, max: 120 }),
  imageKey: imageKeySchema.nullable().optional(),
  link: engagementLinkSchema.nullable().optional(),
  audience: audienceSchema,
  startsAt: dateTime,
  endsAt: dateTime,
  /** 0-1000; the app shows the highest first. */
  priority: z.number().int().min(0).max(1000).default(0),
  /** Times a learner may see it per day (UTC), per app session, and in all; empty: no cap. */
  capPerDay: cap,
  capPerSession: cap,
  capTotal: cap,
  status: popupStatusSchema.default('active'),
});

/** `addpopup` creates, or with `id` replaces that pop-up's fields (one form, one path). */
export const savePopupBody = popupFields
  .extend({ id: idSchema.optional() })
  .refine((p) => Date.parse(p.startsAt) < Date.parse(p.endsAt), {
    message: 'The end must be after the start',
    path: ['endsAt'],
  });
export type SavePopupBody = z.input<typeof savePopupBody>;

export const popupSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  imageKey: z.string().nullable(),
  imageUrl: z.string().nullable(),
  link: z.string().nullable(),
  audience: audienceSchema,
  startsAt: timestampSchema,
  endsAt: timestampSchema,
  priority: z.number().int(),
  capPerDay: z.number().int().nullable(),
  capPerSession: z.number().int().nullable(),
  capTotal: z.number().int().nullable(),
  status: popupStatusSchema,
  /** Times the app reported showing it. */
  shown: z.number().int(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type Popup = z.infer<typeof popupSchema>;

export const POPUP_SORTS = ['priority', 'startsAt', 'endsAt', 'title', 'createdAt'] as const;
export const popupListQuery = listQuery(POPUP_SORTS).extend({
  status: popupStatusSchema.optional(),
});

export const popupStatusBody = z.object({
  ids: z.array(idSchema).min(1).max(100),
  status: popupStatusSchema,
});

const popupAccess = { access: 'popups', tag: 'popups' } as const;

export const popupRoutes = defineRoutes({
  savePopup: {
    ...popupAccess,
    method: 'POST',
    path: '/user/addpopup',
    spec: true,
    audit: 'self',
    summary: 'Creates a pop-up, or replaces the fields of the pop-up named by id',
    body: savePopupBody,
    response: popupSchema,
  },
  listPopups: {
    ...popupAccess,
    method: 'GET',
    path: '/user/getlistofpopup',
    spec: true,
    summary:
      'Pop-ups, highest priority first unless sorted, searchable by title, filtered by status',
    query: popupListQuery,
    response: paginated(popupSchema),
  },
  changePopupStatus: {
    ...popupAccess,
    method: 'POST',
    path: '/user/changepopstatus',
    spec: true,
    audit: 'self',
    summary: 'Activates or deactivates pop-ups (all or none)',
    body: popupStatusBody,
    response: z.object({ changed: z.number().int() }),
  },
  deletePopup: {
    ...popupAccess,
    method: 'POST',
    path: '/user/deletepopup',
    spec: true,
    audit: 'self',
    summary: 'Deletes a pop-up (and what the app reported of it)',
    body: idBody,
    response: okSchema,
  },
});
