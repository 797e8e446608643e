import { z } from 'zod';
import { idParam, idSchema, listQuery, textSchema, timestampSchema } from './common.ts';

/**
 * Promo videos (docs/domain.md, Free and promotional content): videos of the
 * media library shown to learners in the app, each with its own title,
 * description and grades, in an order set by drag and drop, active or not.
 */

export const PROMO_STATUSES = ['active', 'inactive'] as const;
export const promoStatusSchema = z.enum(PROMO_STATUSES);
export type PromoStatus = z.infer<typeof promoStatusSchema>;

/** Every promo video is given at once when reordering; more than this is not a promo shelf. */
export const PROMO_MAX = 1000;

export const promoVideoSchema = z.object({
  id: z.number().int(),
  videoId: z.number().int(),
  /** The library video's own title. */
  videoTitle: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  grades: z.array(z.object({ id: z.number().int(), name: z.string() })),
  position: z.number().int(),
  status: promoStatusSchema,
  /** What a player loads: a signed media link (valid 2 hours) or the external URL. */
  playUrl: z.string(),
  thumbnailUrl: z.string().nullable(),
  durationSeconds: z.number().nullable(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type PromoVideo = z.infer<typeof promoVideoSchema>;

const titleSchema = textSchema({ min: 1, max: 300 });
const descriptionSchema = textSchema({ max: 5000, multiline: true })
  .nullable()
  .optional()
  .transform((s) => (s ? s : s === undefined ? undefined : null));
const gradeIdsSchema = z.array(idSchema).max(50);

export const addPromoVideoBody = z.object({
  videoId: idSchema,
  title: titleSchema,
  description: descriptionSchema,
  gradeIds: gradeIdsSchema.default([]),
  status: promoStatusSchema.default('active'),
});
export type AddPromoVideoBody = z.input<typeof addPromoVideoBody>;

export const editPromoVideoBody = z.object({
  id: idSchema,
  videoId: idSchema.optional(),
  title: titleSchema.optional(),
  description: descriptionSchema,
  gradeIds: gradeIdsSchema.optional(),
});
export type EditPromoVideoBody = z.input<typeof editPromoVideoBody>;

/** In position order unless a sort is asked for. */
export const promoVideosQuery = listQuery(['position', 'title', 'createdAt'] as const).extend({
  gradeId: idParam.optional(),
  status: promoStatusSchema.optional(),
});

export const promoStatusBody = z.object({
  ids: z.array(idSchema).min(1).max(100),
  status: promoStatusSchema,
});
export const promoStatusResponse = z.object({ changed: z.number().int() });

/** Every promo video's id, in the new order. */
export const reorderPromoVideosBody = z.object({ ids: z.array(idSchema).min(1).max(PROMO_MAX) });

/** What the learner app shows: active promo videos of active library videos, in order. */
export const appPromoVideoSchema = promoVideoSchema
  .pick({
    id: true,
    title: true,
    description: true,
    position: true,
    playUrl: true,
    thumbnailUrl: true,
    durationSeconds: true,
  })
  .extend({ gradeIds: z.array(z.number().int()) });
export const appPromoVideosQuery = z.object({
  /** Only videos for this grade (or for every grade: those with no grade). */
  gradeId: idParam.optional(),
  page: listQuery(['title'] as const).shape.page,
  pageSize: listQuery(['title'] as const).shape.pageSize,
});
