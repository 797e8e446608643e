import { z } from 'zod';
import { idSchema, textSchema } from './common.ts';
import { defineRoutes } from './route.ts';

/**
 * Who receives a pop-up, a notification or a mailer (docs/domain.md,
 * Audiences): every learner, the learners matching some criteria (all given
 * criteria must hold; within one criterion any listed value matches), or a
 * pasted list of learner ids, app ids or e-mails. Blocked learners are never
 * part of an audience.
 */

const dayField = z.iso.date('Must be a date, YYYY-MM-DD');
const days = z.number().int().min(1).max(3650);
const someIds = z.array(idSchema).min(1).max(200);
const someNames = z
  .array(textSchema({ min: 1, max: 100 }))
  .min(1)
  .max(200);

export const audienceFiltersSchema = z
  .object({
    gradeIds: someIds.optional(),
    /** Learners who redeemed at least one of these books. */
    bookIds: someIds.optional(),
    states: someNames.optional(),
    cities: someNames.optional(),
    /** Registered on or after this day (UTC). */
    registeredFrom: dayField.optional(),
    /** Registered on or before this day (UTC). */
    registeredTo: dayField.optional(),
    /** Used the app within the last N days. */
    activeWithinDays: days.optional(),
    /** Did not use the app for the last N days (or never did). */
    inactiveForDays: days.optional(),
  })
  .refine((f) => !f.registeredFrom || !f.registeredTo || f.registeredFrom <= f.registeredTo, {
    message: 'The first registration day must not be after the last',
    path: ['registeredTo'],
  });
export type AudienceFilters = z.infer<typeof audienceFiltersSchema>;

/** How many entries a pasted list may hold. */
export const AUDIENCE_LIST_MAX = 10_000;

export const audienceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('all') }),
  z.object({ kind: z.literal('filter'), filters: audienceFiltersSchema }),
  z.object({
    kind: z.literal('list'),
    /** Back-office learner ids (numbers), learner-app ids (UUIDs) or e-mails. */
    entries: z
      .array(textSchema({ min: 1, max: 254 }))
      .min(1)
      .max(AUDIENCE_LIST_MAX),
  }),
]);
export type Audience = z.infer<typeof audienceSchema>;

export const AUDIENCE_KINDS = ['all', 'filter', 'list'] as const;
export type AudienceKind = (typeof AUDIENCE_KINDS)[number];

/** How many learners the audience count shows as a sample. */
export const AUDIENCE_SAMPLE_SIZE = 10;

export const audienceLearnerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  gradeName: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
});

export const audienceCountBody = z.object({ audience: audienceSchema });
export const audienceCountResponse = z.object({
  count: z.number().int(),
  sample: z.array(audienceLearnerSchema),
  /** Entries of a pasted list that name no learner (or a blocked one). */
  unknown: z.array(z.string()),
});
export type AudienceCount = z.infer<typeof audienceCountResponse>;

export const audienceRoutes = defineRoutes({
  countAudience: {
    access: ['mail', 'notifications', 'popups'],
    tag: 'mail',
    method: 'POST',
    path: '/mail/getusersbycategory',
    spec: true,
    // A read: the audience may be a long pasted list, so it travels in a body.
    audit: 'none',
    summary:
      'How many learners an audience holds, a sample of them, and the entries of a pasted list that name no learner',
    body: audienceCountBody,
    response: audienceCountResponse,
  },
});
