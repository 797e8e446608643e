import { z } from 'zod';
import { integerParam, textSchema } from './common.ts';
import { defineRoutes } from './route.ts';

/**
 * The command palette's search ("find anything from anywhere",
 * docs/web-ux.md, Command palette). Screens are found in the web app from its
 * own areas; everything else is asked here, one group per kind the admin's
 * modules open.
 */
export const PALETTE_KINDS = ['book', 'question', 'assessment', 'learner', 'admin'] as const;
export type PaletteKind = (typeof PALETTE_KINDS)[number];

/** Fewer characters find too much to be useful and cannot use a trigram index. */
export const PALETTE_MIN_QUERY = 2;
export const PALETTE_MAX_QUERY = 100;
export const PALETTE_LIMIT_MAX = 10;

export const paletteQuery = z.object({
  q: textSchema({ min: PALETTE_MIN_QUERY, max: PALETTE_MAX_QUERY }),
  /** Results per kind. */
  limit: integerParam(z.number().int().min(1).max(PALETTE_LIMIT_MAX)).default(5),
});

export const paletteResultSchema = z.object({
  kind: z.enum(PALETTE_KINDS),
  id: z.number().int(),
  title: z.string(),
  /** A short line that tells two results with the same title apart. */
  subtitle: z.string(),
  /** The web app's path that opens the result. */
  path: z.string(),
});
export type PaletteResult = z.infer<typeof paletteResultSchema>;

export const paletteResponse = z.object({
  /** One group per kind searched, in PALETTE_KINDS order; a kind the admin may not open is absent. */
  groups: z.array(z.object({ kind: z.enum(PALETTE_KINDS), results: z.array(paletteResultSchema) })),
});
export type PaletteResponse = z.infer<typeof paletteResponse>;

export const searchRoutes = defineRoutes({
  searchPalette: {
    method: 'GET',
    path: '/search/palette',
    // Any signed-in admin; each kind is searched only when the admin's modules open it.
    access: 'session',
    tag: 'search',
    summary:
      "The command palette: books by ISBN or title, questions by text, assessments by title, learners by name, e-mail or phone, admins by name or e-mail; only the kinds the admin's modules open",
    query: paletteQuery,
    response: paletteResponse,
  },
});
