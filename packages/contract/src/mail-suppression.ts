import { z } from 'zod';
import {
  emailSchema,
  idSchema,
  listQuery,
  paginated,
  textSchema,
  timestampSchema,
} from './common.ts';
import { defineRoutes } from './route.ts';

/**
 * The suppression list (docs/domain.md, Mail, "Bounces, complaints and the
 * suppression list"): addresses no mailer reaches again, and the mail
 * provider's webhook body that adds bounces and complaints to it.
 */

/** Why an address is on the list. */
export const SUPPRESSION_REASONS = ['bounced', 'complained', 'unsubscribed'] as const;
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number];

export const suppressionSchema = z.object({
  /** Lower case: the list is by address, whichever learner holds it. */
  email: z.string(),
  reason: z.enum(SUPPRESSION_REASONS),
  /** When it happened (the provider's time for a bounce or complaint). */
  at: timestampSchema,
  /** The mailer it came from, when known (null once that mailer is deleted). */
  mailerId: z.number().int().nullable(),
  mailerName: z.string().nullable(),
  /** The provider's words for a bounce or complaint ("550 5.1.1 user unknown"). */
  detail: z.string().nullable(),
});
export type Suppression = z.infer<typeof suppressionSchema>;

export const suppressionsQuery = listQuery(['at', 'email'] as const).extend({
  reason: z.enum(SUPPRESSION_REASONS).optional(),
});
export const removeSuppressionBody = z.object({ email: emailSchema });

/** A bounce is a permanent one (a soft bounce is the provider's to retry, not ours to list). */
export const MAIL_EVENT_TYPES = ['bounce', 'complaint'] as const;

/**
 * One event of the webhook's body. `messageId` is the mail's Message-ID as
 * we sent it (`<mailer-<mailer>-<row>@backoffice>`): it names the ledger row;
 * without it `mailerId` names the campaign; without either the address is
 * suppressed and no ledger row is marked. Fields beyond these are ignored.
 */
export const mailEventSchema = z.object({
  /** The provider's id of the event: the same id again is received once. */
  id: textSchema({ min: 1, max: 200 }),
  type: z.enum(MAIL_EVENT_TYPES),
  email: emailSchema,
  mailerId: idSchema.optional(),
  messageId: textSchema({ max: 300 }).optional(),
  occurredAt: z.iso.datetime({ offset: true, message: 'Must be a date and time' }),
  detail: textSchema({ max: 500 }).optional(),
});
export type MailEvent = z.infer<typeof mailEventSchema>;

export const MAIL_EVENTS_PER_CALL = 500;
export const mailEventsBody = z.object({
  events: z
    .array(mailEventSchema)
    .min(1, 'At least one event')
    .max(MAIL_EVENTS_PER_CALL, `At most ${MAIL_EVENTS_PER_CALL} events a call`),
});

/** The webhook's answer: what the call changed. */
export const mailEventsAnswer = z.object({
  /** Events new to us, and events whose id had been received before (ignored). */
  received: z.number().int(),
  duplicates: z.number().int(),
  /** Addresses added to the suppression list (one already on it stays as it was). */
  suppressed: z.number().int(),
  /** Ledger rows marked `bounced` or `complained`. */
  ledgerRows: z.number().int(),
});

const common = { access: 'mail', tag: 'mail' } as const;

export const mailSuppressionRoutes = defineRoutes({
  listSuppressions: {
    ...common,
    method: 'GET',
    path: '/mail/suppressionlist',
    summary:
      'Addresses no mailer reaches (bounced, complained, unsubscribed), newest first; q searches the address',
    query: suppressionsQuery,
    response: paginated(suppressionSchema),
  },
  removeSuppression: {
    ...common,
    method: 'POST',
    audit: 'self',
    path: '/mail/removesuppression',
    summary:
      'Take an address off the suppression list: later mailers reach it again (rows already skipped stay skipped)',
    body: removeSuppressionBody,
    response: suppressionSchema,
  },
});
