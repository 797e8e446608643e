import { z } from 'zod';
import { idBody, idSchema, okSchema, textSchema, timestampSchema } from './common.ts';
import { reportRoutes } from './reports-routes.ts';
import { defineRoutes } from './route.ts';

/**
 * Report subscriptions (docs/domain.md, "Reports: subscriptions"): an admin
 * asks for the dashboard or one report, with its filters, by e-mail daily,
 * weekly or monthly at an hour of their time zone. The mail holds the main
 * figures, a small chart and the report's file. A subscription is its
 * owner's alone, and only for a report the owner may open.
 */

/** What a subscription may be of: the reports' routes, by name, with their words and screen. */
export const SUBSCRIBABLE_REPORTS = {
  dashboard: { label: 'Dashboard', screen: '/' },
  learnersReport: { label: 'Learners report', screen: '/reports?report=learners' },
  sessionsReport: { label: 'Sessions report', screen: '/reports?report=sessions' },
  redemptionsReport: { label: 'Redemptions report', screen: '/reports?report=redemptions' },
  feedbackReport: { label: 'Feedback report', screen: '/reports?report=feedback' },
  qrReport: { label: 'QR scans report', screen: '/reports?report=qr' },
  bookAnalytics: { label: 'Book report', screen: '/reports?report=book' },
  booksComparison: { label: 'Books comparison', screen: '/reports?report=compare' },
  assessmentResults: { label: 'Assessment results', screen: '/reports/assessments/:assessmentId' },
} as const satisfies Record<keyof typeof reportRoutes, { label: string; screen: string }>;
export type SubscribableReport = keyof typeof SUBSCRIBABLE_REPORTS;
const REPORT_KEYS = Object.keys(SUBSCRIBABLE_REPORTS) as [
  SubscribableReport,
  ...SubscribableReport[],
];
export const subscribableReportSchema = z.enum(REPORT_KEYS);

export const SUBSCRIPTION_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type SubscriptionFrequency = (typeof SUBSCRIPTION_FREQUENCIES)[number];
/** Days each frequency's mail covers: whole UTC days up to yesterday (the dashboard keeps its own period). */
export const SUBSCRIPTION_DAYS: Record<SubscriptionFrequency, number> = {
  daily: 1,
  weekly: 7,
  monthly: 30,
};
/** Subscriptions one admin may keep: a mail each, so a few dozen is already a lot. */
export const SUBSCRIPTIONS_PER_ADMIN = 50;

/** The query fields a subscription never stores: the mail sets the range, the file and no page. */
const NOT_FILTERS = new Set(['from', 'to', 'format', 'page', 'pageSize']);

/** A report's filters (its query without range, format and page), as the query string carries them. */
export function reportFilterNames(report: SubscribableReport): string[] {
  const query = reportRoutes[report].query as unknown as z.ZodObject;
  return Object.keys(query.shape).filter((k) => !NOT_FILTERS.has(k));
}

/**
 * Filters checked by the report's own query schema, with a sample range: a
 * subscription holds only filters its report would take today.
 */
export function filterIssues(
  report: SubscribableReport,
  filters: Record<string, string>,
): { path: string[]; message: string }[] {
  const names = reportFilterNames(report);
  const unknown = Object.keys(filters).filter((k) => !names.includes(k));
  if (unknown.length)
    return unknown.map((k) => ({
      path: ['filters', k],
      message: `The ${SUBSCRIBABLE_REPORTS[report].label.toLowerCase()} has no filter "${k}"`,
    }));
  const sample = { ...filters, from: '2026-01-01', to: '2026-01-01' };
  const parsed = reportRoutes[report].query.safeParse(sample);
  if (parsed.success) return [];
  return parsed.error.issues.map((i) => ({
    path: ['filters', ...i.path.map(String)],
    message: i.message,
  }));
}

const isTimeZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};
const timeZoneSchema = z
  .string()
  .max(64)
  .refine(isTimeZone, 'Not a time zone: use a name like Europe/Paris, or UTC');

/** When the mail goes: hour of the day in `timeZone`; the weekday (weekly) and day of the month (monthly). */
const scheduleFields = {
  frequency: z.enum(SUBSCRIPTION_FREQUENCIES),
  hour: z.number().int().min(0).max(23),
  /** 1 = Monday … 7 = Sunday; used by weekly subscriptions. */
  weekday: z.number().int().min(1).max(7).default(1),
  /** 1–31; a month without that day sends on its last day. Used by monthly subscriptions. */
  monthDay: z.number().int().min(1).max(31).default(1),
  timeZone: timeZoneSchema.default('UTC'),
  /** The attached file's format. */
  format: z.enum(['xlsx', 'csv']).default('xlsx'),
};

export const createReportSubscriptionBody = z
  .object({
    report: subscribableReportSchema,
    filters: z.record(z.string().max(40), textSchema({ max: 200 })).default({}),
    ...scheduleFields,
  })
  .superRefine((b, ctx) => {
    for (const issue of filterIssues(b.report, b.filters))
      ctx.addIssue({ code: 'custom', ...issue });
  });

/** A new schedule or file format; the report and its filters stay (subscribe again for others). */
export const updateReportSubscriptionBody = z.object({ id: idSchema, ...scheduleFields });

export const reportSubscriptionSchema = z.object({
  id: z.number().int(),
  report: subscribableReportSchema,
  reportLabel: z.string(),
  filters: z.record(z.string(), z.string()),
  /** The filters in words, what an id names read now ("Book: Atlas (978…); platform ios"); '' without. */
  filterWords: z.string(),
  frequency: z.enum(SUBSCRIPTION_FREQUENCIES),
  hour: z.number().int(),
  weekday: z.number().int(),
  monthDay: z.number().int(),
  timeZone: z.string(),
  format: z.enum(['xlsx', 'csv']),
  nextRunAt: timestampSchema,
  lastSentAt: timestampSchema.nullable(),
  /** Why the last mail could not be made, in words; null once one goes. */
  lastError: z.string().nullable(),
  createdAt: timestampSchema,
});
export type ReportSubscription = z.infer<typeof reportSubscriptionSchema>;

const subs = { access: 'session', tag: 'report subscriptions' } as const;

export const reportSubscriptionRoutes = defineRoutes({
  listReportSubscriptions: {
    ...subs,
    method: 'GET',
    path: '/report-subscriptions',
    summary: "The admin's own report subscriptions, next mail first",
    response: z.object({ items: z.array(reportSubscriptionSchema) }),
  },
  createReportSubscription: {
    ...subs,
    method: 'POST',
    path: '/report-subscriptions/create',
    summary:
      'Subscribes the admin to the dashboard or a report with its filters, mailed daily, weekly or monthly',
    body: createReportSubscriptionBody,
    response: reportSubscriptionSchema,
    refuses: ['report_not_allowed'],
  },
  updateReportSubscription: {
    ...subs,
    method: 'POST',
    path: '/report-subscriptions/update',
    summary:
      "Changes one of the admin's subscriptions: frequency, hour, day, time zone, file format",
    body: updateReportSubscriptionBody,
    response: reportSubscriptionSchema,
    refuses: ['report_not_allowed'],
  },
  deleteReportSubscription: {
    ...subs,
    method: 'POST',
    path: '/report-subscriptions/delete',
    summary: "Deletes one of the admin's subscriptions",
    body: idBody,
    response: okSchema,
  },
});
