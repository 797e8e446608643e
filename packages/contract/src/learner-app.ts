import { z } from 'zod';
import { idSchema, integerParam, paginated, textSchema, timestampSchema } from './common.ts';
import { LEARNER_APP_KEY_HEADER } from './learners-routes.ts';
import { defineRoutes } from './route.ts';

/**
 * What the learner app reads and reports about engagement, with its key
 * (header x-learner-app-key): the pop-ups due for a learner, their inbox,
 * marking it read, the pop-ups shown (caps count them) and push tokens.
 * Learners are named by the app's id (UUID), as in the ingest.
 */

const learnerUid = z.uuid('Must be the app id of a learner (a UUID)');

export const appPopupsQuery = z.object({
  learnerId: learnerUid,
  /** The app session now running: the per-session caps count within it. */
  sessionId: z.uuid().optional(),
});

export const appPopupSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  imageUrl: z.string().nullable(),
  link: z.string().nullable(),
  priority: z.number().int(),
  endsAt: timestampSchema,
});

export const popupShownBody = z.object({
  /** The app's id of this report: sent again, it is counted once. */
  eventId: z.uuid(),
  learnerId: learnerUid,
  popupId: idSchema,
  sessionId: z.uuid().optional(),
  at: z.iso.datetime({ offset: true }),
});

export const appInboxQuery = z.object({
  learnerId: learnerUid,
  page: integerParam(z.number().int().min(1)).default(1),
  pageSize: integerParam(z.number().int().min(1).max(100)).default(20),
});

export const inboxItemSchema = z.object({
  /** The inbox row (what "read" names). */
  id: z.number().int(),
  notificationId: z.number().int(),
  title: z.string(),
  body: z.string(),
  imageUrl: z.string().nullable(),
  link: z.string().nullable(),
  deliveredAt: timestampSchema,
  readAt: timestampSchema.nullable(),
});

export const appInboxResponse = paginated(inboxItemSchema).extend({
  unread: z.number().int(),
});

export const inboxReadBody = z.object({
  learnerId: learnerUid,
  ids: z.array(idSchema).min(1).max(500),
});

export const pushTokenBody = z.object({
  learnerId: learnerUid,
  token: textSchema({ min: 1, max: 4096 }),
  platform: z.enum(['android', 'ios', 'web']),
});

// Every call names a learner by the app's id, which must be registered.
const app = { access: 'learner_app', tag: 'learner_app', refuses: ['unknown_learner'] } as const;
// The app's own reports, not an admin's change: the rows are their trace.
const appWrite = { ...app, method: 'POST', audit: 'none' } as const;
const key = `; header ${LEARNER_APP_KEY_HEADER}`;

export const learnerAppRoutes = defineRoutes({
  appPopups: {
    ...app,
    method: 'GET',
    path: '/app/popups',
    summary: `The pop-ups to show a learner now, highest priority first, within their caps${key}`,
    query: appPopupsQuery,
    response: z.object({ items: z.array(appPopupSchema) }),
  },
  appPopupShown: {
    ...appWrite,
    path: '/app/popupshown',
    summary: `Reports a pop-up shown to a learner (its caps count these)${key}`,
    body: popupShownBody,
    response: z.object({ recorded: z.boolean() }),
  },
  appInbox: {
    ...app,
    method: 'GET',
    path: '/app/inbox',
    summary: `A learner's in-app inbox, newest first, with the unread count${key}`,
    query: appInboxQuery,
    response: appInboxResponse,
  },
  appInboxRead: {
    ...appWrite,
    path: '/app/inboxread',
    summary: `Marks inbox rows of a learner read${key}`,
    body: inboxReadBody,
    response: z.object({ updated: z.number().int() }),
  },
  appPushToken: {
    ...appWrite,
    path: '/app/pushtoken',
    summary: `Registers a device's push token for a learner (moved to them if another learner had it)${key}`,
    body: pushTokenBody,
    response: z.object({ ok: z.literal(true) }),
  },
});
