import { z } from 'zod';
import { audienceSchema } from './audience.ts';
import {
  emailSchema,
  idParam,
  idSchema,
  listQuery,
  nameSchema,
  ratePerMinuteSchema,
  textSchema,
  timestampSchema,
} from './common.ts';
import {
  MAIL_FORMATS,
  type MailFormat,
  mailBlockSchema,
  mailBlocksSchema,
  mailImageKeySchema,
} from './mail-blocks.ts';

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

/**
 * `{{ name }}`, or `{{ name | "fallback" }}` for a learner without that value
 * (the fallback up to 100 characters, no quotes or braces; `&quot;` counts as
 * a quote, as a cleaned attribute writes it). Group 1 is the name, 2 the fallback.
 */
export const MAIL_VARIABLE_PATTERN =
  /\{\{\s*([A-Za-z0-9_]+)\s*(?:\|\s*(?:"|&quot;)((?:(?!&quot;)[^"{}\r\n]){0,100})(?:"|&quot;)\s*)?\}\}/g;

/** Anything between double braces: a variable, or a mistyped one to point at. */
export const MAIL_BRACES_PATTERN = /\{\{[^{}]*\}\}/g;

/** The variables a text names, each once, in order of first use. */
export function variablesIn(text: string): string[] {
  return [...new Set([...text.matchAll(MAIL_VARIABLE_PATTERN)].map((m) => m[1]!))];
}

/** Double-brace runs that are not a variable as written above (`{{ name | Learner }}`). */
export function malformedVariables(text: string): string[] {
  const variable = new RegExp(`^${MAIL_VARIABLE_PATTERN.source}$`);
  return [...new Set([...text.matchAll(MAIL_BRACES_PATTERN)].map((m) => m[0]))].filter(
    (run) => !variable.test(run),
  );
}

/** Where `needle` first appears in `text`, as people count: "line 3". */
export function placeOf(text: string, needle: string): string | null {
  const at = text.indexOf(needle);
  if (at < 0) return null;
  return `line ${text.slice(0, at).split('\n').length}`;
}

/** Subject and name are single-line (CR/LF refused by the text rule: no header injection). */
export const mailSubjectSchema = textSchema({ min: 1, max: 200 });
/** The template's HTML: line breaks allowed, sanitised on save (docs/security.md). */
export const mailHtmlSchema = textSchema({ min: 1, max: 200_000, multiline: true });

/**
 * A template's content: raw HTML (`format: 'html'`, the default), or blocks
 * the server makes the HTML from (`format: 'blocks'`, mail-blocks.ts).
 */
const content = {
  subject: mailSubjectSchema,
  format: z.enum(MAIL_FORMATS).default('html'),
  html: mailHtmlSchema.optional(),
  blocks: mailBlocksSchema.optional(),
};
/** The field the format needs is there. */
function withContent<T extends z.ZodType<{ format: MailFormat; html?: string; blocks?: unknown }>>(
  schema: T,
) {
  return schema.superRefine((v, ctx) => {
    if (v.format === 'html' && v.html === undefined)
      ctx.addIssue({ code: 'custom', path: ['html'], message: 'Required' });
    if (v.format === 'blocks' && v.blocks === undefined)
      ctx.addIssue({ code: 'custom', path: ['blocks'], message: 'Add at least one block' });
  });
}

const templateFields = { name: nameSchema, ...content };
export const templateBody = withContent(z.object(templateFields));
export const editTemplateBody = withContent(z.object({ ...templateFields, id: idSchema }));

export const templateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  subject: z.string(),
  format: z.enum(MAIL_FORMATS),
  /** The blocks the HTML was made from (format `blocks`); null for raw HTML. */
  blocks: z.array(mailBlockSchema).nullable(),
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

const previewFields = {
  ...content,
  /** A real learner's values; absent: the sample learner. */
  learnerId: idSchema.optional(),
};
export const previewTemplateBody = withContent(z.object(previewFields));
/** A test send: the unsaved template to the admin, or to up to 5 addresses. */
export const testSendBody = withContent(
  z.object({
    ...previewFields,
    to: z
      .array(emailSchema)
      .min(1, 'Give at least one address, or leave it out to send to yourself')
      .max(5, 'At most 5 addresses')
      .optional(),
  }),
);
export const testSendSchema = z.object({ sent: z.array(z.string()) });

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

export const mailerImageQuery = z.object({ key: mailImageKeySchema });
export const mailerImageSchema = z.object({ url: z.string(), key: z.string() });

export const sendMailerBody = z.object({
  templateId: idSchema,
  audience: audienceSchema,
  /** A new UUID per confirmation dialog: the same key twice creates one campaign. */
  idempotencyKey: z.uuid('Must be a UUID'),
  /**
   * When to start sending (UTC, with its offset); absent: at once. Within
   * the next 90 days, checked by the server's clock.
   */
  sendAt: z.iso.datetime({ offset: true, message: 'Must be a date and time' }).optional(),
  /**
   * Count opens (a 1×1 image) and clicks (links through a redirect) per
   * recipient (docs/privacy.md). Off unless asked for.
   */
  track: z.boolean().default(false),
  /** At most this many mails a minute, spread over the minute; absent: the server's throttle alone. */
  ratePerMinute: ratePerMinuteSchema.optional(),
});
export const mailerPreviewBody = sendMailerBody.omit({
  idempotencyKey: true,
  track: true,
  ratePerMinute: true,
});

/**
 * A ledger row's state. `bounced` and `complained` come after `sent` (or
 * `failed`), from the mail provider's webhook (mail-suppression.ts);
 * `skipped` rows say why in `reason` (`suppressed: bounced`…).
 */
export const RECIPIENT_STATES = [
  'queued',
  'sending',
  'sent',
  'failed',
  'skipped',
  'bounced',
  'complained',
] as const;
/** `failed`: the campaign as a whole could not go out (its reason in `failureReason`). */
/** `scheduled`: sending, but not before its `sendAt`. */
export const MAILER_STATUSES = [
  'scheduled',
  'sending',
  'paused',
  'cancelled',
  'done',
  'failed',
] as const;

export const mailerTotalsSchema = z.object({
  recipients: z.number().int(),
  queued: z.number().int(),
  sending: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
  bounced: z.number().int(),
  complained: z.number().int(),
});
export type MailerTotals = z.infer<typeof mailerTotalsSchema>;

export const mailerPreviewSchema = z.object({
  /** Learners the audience holds, and of them who would be skipped (and why). */
  recipients: z.number().int(),
  /** Whose address is on the suppression list: unsubscribed, bounced or complained. */
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
  /** Opens and clicks are counted (chosen when it was made). */
  track: z.boolean(),
  /** Not sent before this time; null: sent at once. */
  sendAt: timestampSchema.nullable(),
  /** Mails a minute at most (chosen when it was made); null: the server's throttle alone. */
  ratePerMinute: z.number().int().nullable(),
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
