import { z } from 'zod';
import { emailSchema, idSchema, phoneSchema, textSchema } from './common.ts';
import { LEARNER_STATUSES, PLATFORMS } from './learners.ts';
import { CONTENT_KINDS } from './toc.ts';

/**
 * What the learner app sends to `POST /api/ingest/events` (docs/domain.md,
 * Learners): a batch of typed events, each with its own id (a UUID the app
 * makes once), so a batch sent again is stored once. Learners are named by
 * the app's own learner id (a UUID), never by the back-office's row id.
 */

export const INGEST_BATCH_MAX = 1000;

const uuid = z.uuid('Must be a UUID');
/** An instant with its offset, e.g. 2026-03-01T09:30:00Z or 2026-03-01T15:00:00+05:30. */
const instant = z.iso.datetime({ offset: true, message: 'Must be an ISO 8601 date-time' });
const optionalText = (max: number) => textSchema({ max }).nullable().optional();

const base = {
  /** The event's own id: an event sent again with the same id is stored once. */
  id: uuid,
  /** When it happened on the device. */
  at: instant,
  /** The app's id of the learner. */
  learnerId: uuid,
};

const profile = {
  name: textSchema({ min: 1, max: 120 }),
  email: emailSchema.nullable().optional(),
  phone: phoneSchema.nullable().optional(),
  gradeId: idSchema.nullable().optional(),
  school: optionalText(200),
  city: optionalText(100),
  state: optionalText(100),
};

export const PLATFORM_VALUES = PLATFORMS;
const platform = z.enum(PLATFORMS);

export const learnerRegisteredEvent = z.object({
  ...base,
  type: z.literal('learner_registered'),
  ...profile,
});

export const learnerUpdatedEvent = z.object({
  ...base,
  type: z.literal('learner_updated'),
  ...z.object(profile).partial().shape,
  status: z.enum(LEARNER_STATUSES).optional(),
});

export const deviceBoundEvent = z.object({
  ...base,
  type: z.literal('device_bound'),
  deviceId: textSchema({ min: 1, max: 200 }),
  platform,
});

export const sessionStartedEvent = z.object({
  ...base,
  type: z.literal('session_started'),
  /** The app's id of the session; `session_ended` names it. */
  sessionId: uuid,
  platform,
});

export const sessionEndedEvent = z.object({
  ...base,
  type: z.literal('session_ended'),
  sessionId: uuid,
});

export const redemptionEvent = z.object({
  ...base,
  type: z.literal('redemption'),
  bookId: idSchema,
  /** The code as the learner typed or scanned it. */
  code: textSchema({ min: 1, max: 100 }),
});

const contentKind = z.enum([...CONTENT_KINDS, 'assessment']);

export const contentViewEvent = z.object({
  ...base,
  type: z.literal('content_view'),
  bookId: idSchema,
  contentKind,
  contentId: idSchema,
  /** Time spent on it, in seconds (at most a day). */
  seconds: z.number().int().min(0).max(86_400),
});

export const feedbackEvent = z.object({
  ...base,
  type: z.literal('feedback'),
  bookId: idSchema.nullable().optional(),
  contentKind: contentKind.nullable().optional(),
  contentId: idSchema.nullable().optional(),
  rating: z.number().int().min(1).max(5),
  comment: textSchema({ max: 2000, multiline: true }).nullable().optional(),
});

/** A message from the app's contact form; `learnerId` is optional (a visitor may write). */
export const contactMessageEvent = z.object({
  ...base,
  learnerId: uuid.nullable().optional(),
  type: z.literal('contact_message'),
  name: textSchema({ min: 1, max: 120 }),
  email: emailSchema.nullable().optional(),
  phone: phoneSchema.nullable().optional(),
  subject: textSchema({ min: 1, max: 200 }),
  message: textSchema({ min: 1, max: 5000, multiline: true }),
});

const answerValue = z.union([
  textSchema({ max: 2000, multiline: true }),
  z.number(),
  z.boolean(),
  // A matching answer leaves a pair unmatched as null (scoring.ts, Answer).
  z.array(z.union([textSchema({ max: 500 }), z.number(), z.null()])).max(50),
  z.null(),
]);

export const attemptAnswerSchema = z.object({
  /** The assessment item answered. */
  itemId: idSchema,
  answer: answerValue,
  marks: z.number().min(-1000).max(1000),
  correct: z.boolean().nullable().optional(),
});

export const attemptSubmittedEvent = z.object({
  ...base,
  type: z.literal('attempt_submitted'),
  assessmentId: idSchema,
  score: z.number().min(-100_000).max(100_000),
  maxScore: z.number().min(0).max(100_000),
  answers: z.array(attemptAnswerSchema).max(500),
  timeTakenSeconds: z
    .number()
    .int()
    .min(0)
    .max(7 * 86_400),
});

/**
 * The learner opened a notification (from the inbox or a push): counted once
 * per learner and notification. A notification the learner was not sent is
 * refused (`unknown_notification`).
 */
export const notificationOpenedEvent = z.object({
  ...base,
  type: z.literal('notification_opened'),
  /** The back-office's notification id, as the push's data and the inbox carry it. */
  notificationId: idSchema,
});

export const ingestEventSchema = z
  .discriminatedUnion('type', [
    learnerRegisteredEvent,
    learnerUpdatedEvent,
    deviceBoundEvent,
    sessionStartedEvent,
    sessionEndedEvent,
    redemptionEvent,
    contentViewEvent,
    feedbackEvent,
    contactMessageEvent,
    attemptSubmittedEvent,
    notificationOpenedEvent,
  ])
  .meta({ id: 'IngestEvent' });
export type IngestEvent = z.infer<typeof ingestEventSchema>;
export type IngestEventInput = z.input<typeof ingestEventSchema>;
export type IngestEventType = IngestEvent['type'];

/**
 * The batch. Each event is checked on its own by the server (so one bad event
 * does not refuse the others): here an event is any JSON value, documented
 * as an IngestEvent.
 */
export const ingestBody = z.object({
  events: z
    .array(
      z.unknown().meta({
        description: 'An IngestEvent, checked on its own',
        anyOf: [{ $ref: '#/components/schemas/IngestEvent' }],
      } as never),
    )
    .min(1, 'Send at least one event')
    .max(INGEST_BATCH_MAX, `At most ${INGEST_BATCH_MAX} events per batch`),
});
export type IngestBody = z.input<typeof ingestBody>;

export const ingestRejectionSchema = z.object({
  /** Position in the batch, from 0. */
  index: z.number().int(),
  /** The event's id when it had a readable one. */
  id: z.string().nullable(),
  code: z.string(),
  message: z.string(),
});

export const ingestResponse = z.object({
  /** Stored now. */
  accepted: z.number().int(),
  /** Already stored by an earlier batch (or twice in this one): kept once. */
  duplicates: z.number().int(),
  rejected: z.array(ingestRejectionSchema),
});
export type IngestResponse = z.infer<typeof ingestResponse>;
