import { z } from 'zod';
import { ERROR_CODES } from './error-codes.ts';
import {
  BROKEN_CHARACTER_MESSAGE,
  CONTROL_CHARACTER_MESSAGE,
  hasControlCharacters,
  hasLoneSurrogate,
} from './text-rules.ts';

/** Shapes shared by every feature: ids, errors, lists, and the one rule for text. */

// The text rule's checks, which need no zod, are in text-rules.ts (the sign-in
// screen uses them without loading the schema library).
export * from './text-rules.ts';

export interface TextOptions {
  max: number;
  /** 1 makes the field required ("Required" when blank after trimming). */
  min?: number;
  /** Tab and line breaks allowed (CRLF kept as LF). */
  multiline?: boolean;
}

/** The text rule (see above) with a length counted after normalising and trimming. */
export function textSchema({ max, min = 0, multiline = false }: TextOptions) {
  let s = z
    .string()
    .refine((v) => !hasLoneSurrogate(v), { message: BROKEN_CHARACTER_MESSAGE, abort: true })
    .refine((v) => !hasControlCharacters(v, multiline), {
      message: CONTROL_CHARACTER_MESSAGE,
      abort: true,
    })
    .normalize('NFC');
  if (multiline) s = s.overwrite((v) => v.replace(/\r\n?/g, '\n'));
  s = s.trim();
  if (min > 0) s = s.min(min, min === 1 ? 'Required' : `At least ${min} characters`);
  return s.max(max, `At most ${max} characters`);
}

/**
 * A web address someone will open (a player, the learner app, a mail's
 * button): http(s) only, so a `javascript:` or `data:` address never gets
 * there.
 */
export const webAddressSchema = textSchema({ max: 2000 }).pipe(
  z.url({ protocol: /^https?$/, message: 'Enter an http(s) address' }),
);

/** A file store key as an upload answered it (`ab/cd/<uuid>`); `what` names it in the refusal. */
export const uploadedKeySchema = (what: 'file' | 'image') =>
  z.string().regex(/^[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f-]{36}$/, `Not an uploaded ${what}`);

/**
 * Secrets (passwords) are compared as typed: neither trimmed nor normalised,
 * but held to the same refusal of control characters and broken characters.
 */
export function secretSchema(max: number) {
  return z
    .string()
    .refine((v) => !hasLoneSurrogate(v), { message: BROKEN_CHARACTER_MESSAGE, abort: true })
    .refine((v) => !hasControlCharacters(v), { message: CONTROL_CHARACTER_MESSAGE, abort: true })
    .max(max, `At most ${max} characters`);
}

/**
 * Numbers keep their JSON type in a JSON body: `"2"`, `[2]`, `true` or `"0x2"`
 * are refused, never read as a number. Only text channels (query strings,
 * multipart fields) are parsed, by `integerParam`, from decimal digits alone.
 */
export const idSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
export const idBody = z.object({ id: idSchema });
/**
 * A delivery's pace (mailers, notifications): at most this many messages a
 * minute, spread over the minute (docs/jobs.md, Deliveries). Absent: as fast
 * as the channel's own throttle allows.
 */
export const RATE_PER_MINUTE_MAX = 100_000;
export const ratePerMinuteSchema = z
  .number({ message: 'Must be a whole number of messages a minute' })
  .int('Must be a whole number of messages a minute')
  .min(1, 'At least 1 a minute')
  .max(RATE_PER_MINUTE_MAX, `At most ${RATE_PER_MINUTE_MAX.toLocaleString('en')} a minute`);

/** A whole number written as text: an optional minus sign and digits, nothing else. */
export function integerParam<T extends z.ZodType<number, number>>(schema: T) {
  return z
    .string()
    .max(20, 'Must be a whole number')
    .regex(/^-?\d+$/, 'Must be a whole number')
    .transform(Number)
    .pipe(schema);
}
/** An id in a query string or a multipart field. */
export const idParam = integerParam(idSchema);
export const timestampSchema = z.string().describe('ISO 8601 date-time, UTC');

export const errorDetailSchema = z.object({ path: z.string(), message: z.string() });
export const errorSchema = z
  .object({
    message: z.string(),
    code: z.enum(ERROR_CODES),
    details: z.array(errorDetailSchema).optional(),
    requestId: z.string().optional(),
  })
  .meta({ id: 'Error' });
export type ApiError = z.infer<typeof errorSchema>;

/** `exp` and `sig` of a signed file link (checked by the server, 403 when wrong). */
export const signedLinkFields = { exp: textSchema({ max: 20 }), sig: textSchema({ max: 100 }) };

export const okSchema = z.object({ ok: z.literal(true) });

export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 100;

/**
 * Query of every list: page from 1, pageSize ≤ 100, free text `q`, and a sort
 * column restricted to what the list allows (so no arbitrary SQL identifiers).
 */
export function listQuery<const S extends readonly [string, ...string[]]>(sortable: S) {
  return z.object({
    page: integerParam(z.number().int().min(1)).default(1),
    pageSize: integerParam(z.number().int().min(1).max(PAGE_SIZE_MAX)).default(PAGE_SIZE_DEFAULT),
    q: textSchema({ max: 200 }).optional(),
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

export const emailSchema = textSchema({ max: 254 })
  .pipe(z.email('Enter a valid e-mail address'))
  .transform((e) => e.toLowerCase());

/** Counted in code points so a 64-character Unicode password is 64 characters. */
export const passwordSchema = secretSchema(1024)
  .refine((p) => [...p].length >= 8, 'At least 8 characters')
  .refine((p) => [...p].length <= 128, 'At most 128 characters');

/** Free text that ends up in headers, mails or logs. */
export const nameSchema = textSchema({ min: 1, max: 120 });

export const phoneSchema = textSchema({ max: 20 }).regex(
  /^\+?[0-9 ()-]{6,20}$/,
  'Enter a valid phone number',
);

export const booleanQuery = z.enum(['true', 'false']).transform((v) => v === 'true');
