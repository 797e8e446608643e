import { z } from 'zod';
import type { Access } from './access.ts';
import { idBody, idSchema, okSchema, textSchema, timestampSchema } from './common.ts';
import { defineRoutes } from './route.ts';

/**
 * Saved views of the list tables (docs/web-ux.md, "Saved views, columns and
 * density"): a named URL query (filters, sort, columns, density) of one
 * list, private to its owner or shared with every admin who may open that
 * list. Each list is named by a key, and each key is opened by the access of
 * the list's own route: an admin meets only the views of lists they may read.
 */
export const SAVED_VIEW_LISTS = {
  books: 'books',
  questions: 'questions',
  practices: 'practices',
  mock_tests: 'mock_tests',
  diagnostic_tests: 'diagnostic_tests',
  video_quizzes: 'promotional',
  media: 'media',
  learners: 'learners',
  contact_messages: 'contact_us',
  popups: 'popups',
  notifications: 'notifications',
  mail_templates: 'mail',
  mailers: 'mail',
  mailer_recipients: 'mail',
  admins: 'admins',
  audit: 'super_admin',
  jobs: 'super_admin',
} as const satisfies Record<string, Access>;

export type SavedViewList = keyof typeof SAVED_VIEW_LISTS;
export const SAVED_VIEW_LIST_KEYS = Object.keys(SAVED_VIEW_LISTS) as [
  SavedViewList,
  ...SavedViewList[],
];
export const savedViewListSchema = z.enum(SAVED_VIEW_LIST_KEYS);

export const SAVED_VIEW_NAME_MAX = 60;
/** Far above any list's filters, sort and columns; a longer query is not a view but a paste. */
export const SAVED_VIEW_QUERY_MAX = 2000;
/** Views one admin may keep of one list: tabs beyond this no longer fit a screen. */
export const SAVED_VIEWS_PER_LIST = 30;

/**
 * A list's URL query without `?`: `key=value` pairs joined by `&`, as
 * URLSearchParams writes them. The page is not part of a view.
 */
const viewQuerySchema = textSchema({ max: SAVED_VIEW_QUERY_MAX })
  .refine((q) => !q.startsWith('?') && !/[\s#]/.test(q), 'Not a list address query')
  .describe('The list URL query without "?" (filters, sort, cols, density)');

const viewNameSchema = textSchema({ min: 1, max: SAVED_VIEW_NAME_MAX });

export const savedViewSchema = z.object({
  id: z.number().int(),
  list: savedViewListSchema,
  name: z.string(),
  query: z.string(),
  shared: z.boolean(),
  ownerId: z.number().int(),
  ownerName: z.string(),
  /** Whether the admin asking owns it (and so may rename, update or delete it). */
  mine: z.boolean(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type SavedView = z.infer<typeof savedViewSchema>;

export const savedViewListQuery = z.object({ list: savedViewListSchema });

export const createSavedViewBody = z.object({
  list: savedViewListSchema,
  name: viewNameSchema,
  query: viewQuerySchema,
  shared: z.boolean().default(false),
});

/** Any of name, query and sharing; what is absent stays. */
export const updateSavedViewBody = z
  .object({
    id: idSchema,
    name: viewNameSchema.optional(),
    query: viewQuerySchema.optional(),
    shared: z.boolean().optional(),
  })
  .refine(
    (b) => b.name !== undefined || b.query !== undefined || b.shared !== undefined,
    'Give a name, a query or the sharing to change',
  );

const views = { access: 'session', tag: 'saved views' } as const;

export const savedViewRoutes = defineRoutes({
  listSavedViews: {
    ...views,
    method: 'GET',
    path: '/saved-views',
    summary:
      "One list's saved views the admin may see: their own and those shared with the team, when the admin may open that list",
    query: savedViewListQuery,
    response: z.object({ items: z.array(savedViewSchema) }),
    refuses: ['list_not_allowed'],
  },
  createSavedView: {
    ...views,
    method: 'POST',
    path: '/saved-views/create',
    summary: 'Saves the current filters, sort, columns and density of a list as a named view',
    body: createSavedViewBody,
    response: savedViewSchema,
    refuses: ['list_not_allowed'],
  },
  updateSavedView: {
    ...views,
    method: 'POST',
    path: '/saved-views/update',
    summary: 'Renames a view, replaces its query or changes its sharing (its owner only)',
    body: updateSavedViewBody,
    response: savedViewSchema,
    refuses: ['list_not_allowed', 'view_not_yours'],
  },
  deleteSavedView: {
    ...views,
    method: 'POST',
    path: '/saved-views/delete',
    summary: 'Deletes a view (its owner only)',
    body: idBody,
    response: okSchema,
    refuses: ['list_not_allowed', 'view_not_yours'],
  },
});
