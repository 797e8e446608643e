import { z } from 'zod';
import { audienceSchema } from './audience.ts';
import {
  idBody,
  idSchema,
  listQuery,
  paginated,
  ratePerMinuteSchema,
  textSchema,
  timestampSchema,
  uploadedKeySchema,
  webAddressSchema,
} from './common.ts';
import { defineRoutes } from './route.ts';

/**
 * Notifications (docs/domain.md, Notifications): a title and body for an
 * audience, sent now or at a time by the delivery job, which writes each
 * recipient's in-app inbox row and hands push delivery to the configured
 * provider. Editable until the job claims it; while it is sent, paused,
 * resumed or cancelled like a mailer (the delivery engine's controls).
 */

export const NOTIFICATION_STATES = [
  'draft',
  'scheduled',
  'sending',
  'paused',
  'sent',
  'failed',
  'cancelled',
] as const;
export const notificationStateSchema = z.enum(NOTIFICATION_STATES);
export type NotificationState = z.infer<typeof notificationStateSchema>;

/** Only http(s): the app opens it. */
export const engagementLinkSchema = webAddressSchema;

/** A key as the image upload answered it (`ab/cd/<uuid>`). */
export const imageKeySchema = uploadedKeySchema('image');

/** `now`: delivery starts at once; `schedule`: at `sendAt`; `draft`: kept, not sent. */
export const SEND_MODES = ['now', 'schedule', 'draft'] as const;

export const notificationFields = z.object({
  title: textSchema({ min: 1, max: 120 }),
  body: textSchema({ min: 1, max: 1000, multiline: true }),
  imageKey: imageKeySchema.nullable().optional(),
  link: engagementLinkSchema.nullable().optional(),
  audience: audienceSchema,
  mode: z.enum(SEND_MODES),
  /** Required with mode `schedule`: a time in the future, within a year. */
  sendAt: z.iso.datetime({ offset: true, message: 'Must be a date and time' }).optional(),
  /** At most this many learners a minute (inbox and push each), spread over the minute. */
  ratePerMinute: ratePerMinuteSchema.nullable().optional(),
});

const needsTime = (n: { mode: string; sendAt?: string | undefined }) =>
  n.mode !== 'schedule' || !!n.sendAt;
const timeMessage = { message: 'Choose when to send it', path: ['sendAt'] };

export const sendNotificationBody = notificationFields.refine(needsTime, timeMessage);
export type SendNotificationBody = z.input<typeof sendNotificationBody>;
export const editNotificationBody = notificationFields
  .extend({ id: idSchema })
  .refine(needsTime, timeMessage);

/**
 * Live from the delivery's ledger while it is sent, and kept after: learners
 * reached in-app (`sent`), learners none of whose devices took the push
 * (`failed`), rows left to send (`queued`), and learners who opened it (the
 * learner app's `notification_opened` event, once per learner).
 */
export const notificationFiguresSchema = z.object({
  sent: z.number().int(),
  failed: z.number().int(),
  queued: z.number().int(),
  opened: z.number().int(),
});
export type NotificationFigures = z.infer<typeof notificationFiguresSchema>;

export const notificationSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  imageKey: z.string().nullable(),
  /** A signed link to the image, for the screen's preview. */
  imageUrl: z.string().nullable(),
  link: z.string().nullable(),
  audience: audienceSchema,
  state: notificationStateSchema,
  sendAt: timestampSchema.nullable(),
  /** The audience's size when it was last saved. */
  recipientCount: z.number().int().nullable(),
  /** Inbox rows written (after sending). */
  deliveredCount: z.number().int().nullable(),
  pushSent: z.number().int().nullable(),
  pushFailed: z.number().int().nullable(),
  ratePerMinute: z.number().int().nullable(),
  figures: notificationFiguresSchema,
  sentAt: timestampSchema.nullable(),
  cancelledAt: timestampSchema.nullable(),
  failure: z.string().nullable(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type Notification = z.infer<typeof notificationSchema>;

export const NOTIFICATION_SORTS = ['createdAt', 'sendAt', 'title'] as const;
export const notificationListQuery = listQuery(NOTIFICATION_SORTS).extend({
  state: notificationStateSchema.optional(),
});

/** A sending notification's controls, as a mailer's (pause, resume, cancel). */
export const NOTIFICATION_ACTIONS = ['pause', 'resume', 'cancel'] as const;
export const notificationActionBody = z.object({
  id: idSchema,
  action: z.enum(NOTIFICATION_ACTIONS),
});

const notificationAccess = { access: 'notifications', tag: 'notifications' } as const;

export const notificationRoutes = defineRoutes({
  sendNotification: {
    ...notificationAccess,
    method: 'POST',
    path: '/notification/send',
    spec: true,
    audit: 'self',
    summary:
      'Creates a notification: sent now, scheduled for sendAt, or kept as a draft; answers it with its recipient count',
    body: sendNotificationBody,
    response: notificationSchema,
  },
  listNotifications: {
    ...notificationAccess,
    method: 'GET',
    path: '/notification/listofnotification',
    spec: true,
    summary: 'Notifications, newest first, searchable by title, filtered by state',
    query: notificationListQuery,
    response: paginated(notificationSchema),
  },
  editNotification: {
    ...notificationAccess,
    method: 'POST',
    path: '/notification/editnotification',
    spec: true,
    audit: 'self',
    summary:
      'Changes a draft or scheduled notification (content, audience, time); 409 with the reason once delivery has started or it is sent or cancelled',
    body: editNotificationBody,
    response: notificationSchema,
  },
  cancelNotification: {
    ...notificationAccess,
    method: 'POST',
    path: '/notification/cancelnotification',
    audit: 'self',
    summary:
      'Cancels a draft or scheduled notification; 409 with the reason once delivery has started',
    body: idBody,
    response: notificationSchema,
  },
  notificationAction: {
    ...notificationAccess,
    method: 'POST',
    path: '/notification/notificationstate',
    audit: 'self',
    summary:
      'Pauses, resumes or cancels a notification while it is sent (cancel also takes a draft or scheduled one); what was sent stays sent; 409 with the reason when the action does not apply',
    body: notificationActionBody,
    response: notificationSchema,
  },
});
