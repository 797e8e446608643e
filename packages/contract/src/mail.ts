import { z } from 'zod';
import { audienceSchema } from './audience.ts';
import { idParam, idSchema, listQuery, nameSchema, textSchema, timestampSchema } from './common.ts';

/**
 * E-mail templates and mailers (docs/domain.md, Mail). Routes are in
 * mail-routes.ts.
 */

/**
 * The learner fields a template may name as `{{variable}}`. A template naming
 * anything else is refused at save, with the unknown names.
 */
export const MAIL_VARIABLES = {
  name: 'Full name',
  first_name: 'First name',
  email: 'E-mail address',
  phone: 'Phone',
  grade: 'Grade',
  school: 'School',
  city: 'City',
  state: 'State',
} as const;
export type MailVariable = keyof typeof MAIL_VARIABLES;
export const MAIL_VARIABLE_NAMES = Object.keys(MAIL_VARIABLES) as [MailVariable, ...MailVariable[]];

/** `{{ name }}`: letters, digits and underscores between double braces, spaces allowed. */
export const MAIL_VARIABLE_PATTERN = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

/** The variables a text names, each once, in order of first use. */
export function variablesIn(text: string): string[] {
  return [...new Set([...text.matchAll(MAIL_VARIABLE_PATTERN)].map((m) => m[1]!))];
}

/** Subject and name are single-line (CR/LF refused by the text rule: no header injection). */
export const mailSubjectSchema = textSchema({ min: 1, max: 200 });
/** The template's HTML: line breaks allowed, sanitised on save (docs/security.md). */
export const mailHtmlSchema = textSchema({ min: 1, max: 200_000, multiline: true });

export const templateBody = z.object({
  name: nameSchema,
  subject: mailSubjectSchema,
  html: mailHtmlSchema,
});
export const editTemplateBody = templateBody.extend({ id: idSchema });

export const templateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  variables: z.array(z.string()),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type MailTemplate = z.infer<typeof templateSchema>;

export const templateSummarySchema = templateSchema.omit({ html: true, text: true });
export const templatesQuery = listQuery(['name', 'updatedAt'] as const);
export const templateQuery = z.object({ id: idParam });

export const previewTemplateBody = z.object({
  subject: mailSubjectSchema,
  html: mailHtmlSchema,
  /** A real learner's values; absent: the sample learner. */
  learnerId: idSchema.optional(),
});
export const previewSchema = z.object({
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  /** Whose values filled the variables. */
  learner: z.object({ id: z.number().int().nullable(), name: z.string() }),
});

export const mailLearnersQuery = z.object({ q: textSchema({ min: 1, max: 100 }) });
export const mailLearnerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
});

export const mailerImageQuery = z.object({
  key: textSchema({ max: 80 }).regex(/^[a-z0-9-]+\.(png|jpg|webp|gif)$/, 'Not an image key'),
});
export const mailerImageSchema = z.object({ url: z.string(), key: z.string() });

export const sendMailerBody = z.object({
  templateId: idSchema,
  audience: audienceSchema,
  /** A new UUID per confirmation dialog: the same key twice creates one campaign. */
  idempotencyKey: z.uuid('Must be a UUID'),
});
export const mailerPreviewBody = sendMailerBody.omit({ idempotencyKey: true });

export const RECIPIENT_STATES = ['queued', 'sending', 'sent', 'failed', 'skipped'] as const;
/** `failed`: the campaign as a whole could not go out (its reason in `failureReason`). */
export const MAILER_STATUSES = ['sending', 'paused', 'cancelled', 'done', 'failed'] as const;

export const mailerTotalsSchema = z.object({
  recipients: z.number().int(),
  queued: z.number().int(),
  sending: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
});
export type MailerTotals = z.infer<typeof mailerTotalsSchema>;

export const mailerPreviewSchema = z.object({
  /** Learners the audience holds, and of them who would be skipped (and why). */
  recipients: z.number().int(),
  unsubscribed: z.number().int(),
  withoutEmail: z.number().int(),
  /** Entries of a pasted list that name no learner. */
  unknown: z.array(z.string()),
  subject: z.string(),
});

export const mailerSchema = z.object({
  id: z.number().int(),
  templateId: z.number().int().nullable(),
  name: z.string(),
  subject: z.string(),
  status: z.enum(MAILER_STATUSES),
  /** Why the campaign failed as a whole (status `failed`), in words; null otherwise. */
  failureReason: z.string().nullable(),
  audience: audienceSchema,
  totals: mailerTotalsSchema,
  createdAt: timestampSchema,
  finishedAt: timestampSchema.nullable(),
});
export type Mailer = z.infer<typeof mailerSchema>;

export const mailersQuery = listQuery(['createdAt', 'name'] as const);
export const mailerQuery = z.object({ id: idParam });
export const mailerRecipientsQuery = listQuery(['id', 'email'] as const).extend({
  mailerId: idParam,
  state: z.enum(RECIPIENT_STATES).optional(),
});
export const mailerRecipientSchema = z.object({
  id: z.number().int(),
  learnerId: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  state: z.enum(RECIPIENT_STATES),
  reason: z.string().nullable(),
  attempts: z.number().int(),
  sentAt: timestampSchema.nullable(),
});

export const MAILER_ACTIONS = ['pause', 'resume', 'cancel', 'retry_failed'] as const;
export const mailerActionBody = z.object({ id: idSchema, action: z.enum(MAILER_ACTIONS) });
