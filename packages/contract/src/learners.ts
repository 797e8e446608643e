import { z } from 'zod';
import { idParam, idSchema, listQuery, textSchema, timestampSchema } from './common.ts';

/**
 * Learners and what the learner app records about them (docs/domain.md,
 * Learners): the back-office reads them, resets a learner's bound devices
 * and answers contact messages; the app writes them through the ingest route.
 */

export const LEARNER_STATUSES = ['active', 'inactive', 'blocked'] as const;
export const learnerStatusSchema = z.enum(LEARNER_STATUSES);
export type LearnerStatus = z.infer<typeof learnerStatusSchema>;

export const PLATFORMS = ['android', 'ios', 'web'] as const;
export type Platform = (typeof PLATFORMS)[number];
/** The platforms as screens name them. */
export const PLATFORM_LABELS: Record<Platform, string> = {
  android: 'Android',
  ios: 'iOS',
  web: 'Web',
};
/** A stored platform's name; one the app sent but this list lacks is shown as stored. */
export const platformLabel = (p: string) => PLATFORM_LABELS[p as Platform] ?? p;

export const learnerSchema = z.object({
  id: z.number().int(),
  /** The learner app's id of the learner. */
  uid: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  gradeId: z.number().int().nullable(),
  gradeName: z.string().nullable(),
  school: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  status: learnerStatusSchema,
  /** Blocked from the back-office: the learner app's status updates wait until it is lifted here. */
  blockedHere: z.boolean(),
  registeredAt: timestampSchema,
  lastActiveAt: timestampSchema.nullable(),
  /** Devices bound now (not reset). */
  activeDevices: z.number().int(),
});
export type Learner = z.infer<typeof learnerSchema>;

export const LEARNER_SORTS = ['name', 'registeredAt', 'lastActiveAt', 'city', 'state'] as const;

/** A calendar day, YYYY-MM-DD (UTC). */
const dayParam = z.iso.date('Must be a date, YYYY-MM-DD');

export const learnerFilters = z.object({
  gradeId: idParam.optional(),
  state: textSchema({ max: 100 }).optional(),
  city: textSchema({ max: 100 }).optional(),
  status: learnerStatusSchema.optional(),
  /** Registered on or after this day. */
  registeredFrom: dayParam.optional(),
  /** Registered on or before this day. */
  registeredTo: dayParam.optional(),
});

/** `q` matches part of the name, e-mail or phone. */
export const learnerListQuery = listQuery(LEARNER_SORTS).extend(learnerFilters.shape);
export type LearnerListQuery = z.input<typeof learnerListQuery>;
export const learnerExportQuery = learnerListQuery.omit({ page: true, pageSize: true });

export const deviceBindingSchema = z.object({
  id: z.number().int(),
  deviceId: z.string(),
  platform: z.string(),
  boundAt: timestampSchema,
  resetAt: timestampSchema.nullable(),
  resetByName: z.string().nullable(),
  resetReason: z.string().nullable(),
});

export const learnerSessionSchema = z.object({
  id: z.number().int(),
  startedAt: timestampSchema,
  endedAt: timestampSchema.nullable(),
  platform: z.string(),
});

export const redemptionSchema = z.object({
  id: z.number().int(),
  bookId: z.number().int(),
  bookTitle: z.string(),
  code: z.string(),
  at: timestampSchema,
});

export const feedbackSchema = z.object({
  id: z.number().int(),
  bookId: z.number().int().nullable(),
  bookTitle: z.string().nullable(),
  contentKind: z.string().nullable(),
  contentId: z.number().int().nullable(),
  rating: z.number().int(),
  comment: z.string().nullable(),
  at: timestampSchema,
});

export const contentViewSchema = z.object({
  id: z.number().int(),
  bookId: z.number().int(),
  bookTitle: z.string(),
  contentKind: z.string(),
  contentId: z.number().int(),
  seconds: z.number().int(),
  at: timestampSchema,
});

export const attemptSchema = z.object({
  id: z.number().int(),
  assessmentId: z.number().int(),
  assessmentName: z.string(),
  assessmentKind: z.string(),
  score: z.number(),
  maxScore: z.number(),
  timeTakenSeconds: z.number().int(),
  submittedAt: timestampSchema,
});

/** How many of each kind of record the detail shows (the newest first). */
export const LEARNER_DETAIL_RECENT = 50;

export const learnerDetailSchema = z.object({
  learner: learnerSchema,
  devices: z.array(deviceBindingSchema),
  sessions: z.array(learnerSessionSchema),
  redemptions: z.array(redemptionSchema),
  feedback: z.array(feedbackSchema),
  views: z.array(contentViewSchema),
  attempts: z.array(attemptSchema),
});
export type LearnerDetail = z.infer<typeof learnerDetailSchema>;

export const learnerIdQuery = z.object({ id: idParam });

export const resetDeviceBody = z.object({
  /** The learner. */
  id: idSchema,
  /** One binding to clear; every binding of the learner when absent. */
  bindingId: idSchema.optional(),
  reason: textSchema({ min: 3, max: 500, multiline: true }),
});
export type ResetDeviceBody = z.input<typeof resetDeviceBody>;
export const resetDeviceResponse = z.object({ ok: z.literal(true), cleared: z.number().int() });

// Contact messages

export const CONTACT_STATUSES = ['new', 'resolved'] as const;
export const contactStatusSchema = z.enum(CONTACT_STATUSES);

export const contactMessageSchema = z.object({
  id: z.number().int(),
  learnerId: z.number().int().nullable(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  subject: z.string(),
  message: z.string(),
  status: contactStatusSchema,
  receivedAt: timestampSchema,
  resolvedAt: timestampSchema.nullable(),
  resolvedByName: z.string().nullable(),
  note: z.string().nullable(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

export const contactListQuery = listQuery(['receivedAt', 'name', 'subject'] as const).extend({
  status: contactStatusSchema.optional(),
});
export type ContactListQuery = z.input<typeof contactListQuery>;

export const resolveContactBody = z.object({
  id: idSchema,
  note: textSchema({ min: 1, max: 2000, multiline: true }),
});
export type ResolveContactBody = z.input<typeof resolveContactBody>;

// Learner-app keys

export const learnerAppKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The first characters of the key, to tell keys apart (the rest is never kept). */
  prefix: z.string(),
  createdAt: timestampSchema,
  createdByName: z.string().nullable(),
  lastUsedAt: timestampSchema.nullable(),
  revokedAt: timestampSchema.nullable(),
});
export type LearnerAppKey = z.infer<typeof learnerAppKeySchema>;

export const createAppKeyBody = z.object({ name: textSchema({ min: 1, max: 100 }) });
export const createAppKeyResponse = z.object({
  item: learnerAppKeySchema,
  /** The key itself: shown this once, stored only as its SHA-256. */
  key: z.string(),
  /**
   * The HS256 secret the learner backend signs learner tokens with
   * (x-learner-token; docs/security.md item 41): shown this once, never stored.
   */
  learnerTokenSecret: z.string(),
});
