import { made, post, type Samples, type World } from './kit.ts';

const subscribe = (w: World) =>
  made<{ id: number }>(
    w,
    post(
      '/report-subscriptions/create',
      { report: 'dashboard', frequency: 'daily', hour: 7 },
      w.token,
    ),
  );

/** Report subscriptions by e-mail. */
export const reportSubscriptionsSamples = {
  createReportSubscription: async (w) =>
    post(
      '/report-subscriptions/create',
      { report: 'redemptionsReport', frequency: 'weekly', hour: 8, weekday: 1 },
      w.token,
    ),
  updateReportSubscription: async (w) =>
    post(
      '/report-subscriptions/update',
      { id: (await subscribe(w)).id, frequency: 'monthly', hour: 6, monthDay: 31 },
      w.token,
    ),
  deleteReportSubscription: async (w) =>
    post('/report-subscriptions/delete', { id: (await subscribe(w)).id }, w.token),
} satisfies Samples;
