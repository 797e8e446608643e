import { z } from 'zod';

/** Shapes shared by every feature: ids, errors, lists. */

export const idSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
export const idBody = z.object({ id: idSchema });
export const timestampSchema = z.string().describe('ISO 8601 date-time, UTC');

export const errorDetailSchema = z.object({ path: z.string(), message: z.string() });
export const errorSchema = z.object({
  message: z.string(),
  code: z.string(),
  details: z.array(errorDetailSchema).optional(),
  requestId: z.string().optional(),
});
export type ApiError = z.infer<typeof errorSchema>;

export const okSchema = z.object({ ok: z.literal(true) });

export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 100;

/**
 * Query of every list: page from 1, pageSize ≤ 100, free text `q`, and a sort
 * column restricted to what the list allows (so no arbitrary SQL identifiers).
 */
export function listQuery<const S extends readonly [string, ...string[]]>(sortable: S) {
  return z.object({
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
    q: z.string().trim().max(200).optional(),
    sort: z.enum(sortable).optional(),
    order: z.enum(['asc', 'desc']).default('asc'),
  });
}

export function paginated<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int().min(0),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1),
  });
}

export const emailSchema = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email('Enter a valid e-mail address'))
  .transform((e) => e.toLowerCase());

/** Counted in code points so a 64-character Unicode password is 64 characters. */
export const passwordSchema = z
  .string()
  .refine((p) => [...p].length >= 8, 'At least 8 characters')
  .refine((p) => [...p].length <= 128, 'At most 128 characters');

export function hasControlCharacters(s: string): boolean {
  for (const ch of s) {
    const c = ch.codePointAt(0) ?? 0;
    if (c < 0x20 || c === 0x7f) return true;
  }
  return false;
}

/** Free text that ends up in headers, mails or logs: no control characters. */
export const nameSchema = z
  .string()
  .trim()
  .min(1, 'Required')
  .max(120)
  .refine((s) => !hasControlCharacters(s), 'Must not contain control characters');

export const phoneSchema = z
  .string()
  .trim()
  .max(20)
  .regex(/^\+?[0-9 ()-]{6,20}$/, 'Enter a valid phone number');

export const booleanQuery = z.enum(['true', 'false']).transform((v) => v === 'true');
