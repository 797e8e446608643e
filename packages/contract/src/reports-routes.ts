import {
  assessmentResultsQuery,
  assessmentResultsSchema,
  bookAnalyticsQuery,
  bookAnalyticsSchema,
  booksComparisonQuery,
  booksComparisonSchema,
  dashboardQuery,
  dashboardSchema,
  feedbackReportQuery,
  feedbackReportSchema,
  learnersReportQuery,
  learnersReportSchema,
  qrReportQuery,
  qrReportSchema,
  redemptionsReportQuery,
  redemptionsReportSchema,
  sessionsReportQuery,
  sessionsReportSchema,
} from './reports.ts';
import { defineRoutes } from './route.ts';

// Each report downloads as a file too, and an Excel sheet holds only so many rows.
const reports = {
  access: 'reports',
  tag: 'reports',
  method: 'GET',
  refuses: ['too_many_rows'],
} as const;
const FILE = ' (format=csv or xlsx: the filtered rows as a file)';

export const reportRoutes = defineRoutes({
  learnersReport: {
    ...reports,
    path: '/reports/getuserdatareport',
    spec: true,
    summary: `Learners registered and active per day, with the learners registered in the range${FILE}`,
    query: learnersReportQuery,
    response: learnersReportSchema,
  },
  sessionsReport: {
    ...reports,
    path: '/reports/getusersession',
    spec: true,
    summary: `Sessions per day and their lengths, with the sessions started in the range${FILE}`,
    query: sessionsReportQuery,
    response: sessionsReportSchema,
  },
  redemptionsReport: {
    ...reports,
    path: '/reports/getuserredemtionsreports',
    spec: true,
    summary: `Redemptions by book and day, with the redemptions of the range${FILE}`,
    query: redemptionsReportQuery,
    response: redemptionsReportSchema,
  },
  feedbackReport: {
    ...reports,
    path: '/reports/downloadfeedback',
    spec: true,
    summary: `Feedback per day and by rating, with the feedback of the range${FILE}`,
    query: feedbackReportQuery,
    response: feedbackReportSchema,
  },
  qrReport: {
    ...reports,
    path: '/reports/getqrcodereport',
    spec: true,
    summary: `QR scans by code, book and day, with the scans of the range${FILE}`,
    query: qrReportQuery,
    response: qrReportSchema,
  },
  bookAnalytics: {
    ...reports,
    path: '/reports/getisbnanalytics',
    spec: true,
    summary: `One book: learners, redemptions, views, scans, feedback and attempts per day${FILE}`,
    query: bookAnalyticsQuery,
    response: bookAnalyticsSchema,
  },
  booksComparison: {
    ...reports,
    path: '/reports/getdatabyisbns',
    spec: true,
    summary: `Two to four books side by side on every figure${FILE}`,
    query: booksComparisonQuery,
    response: booksComparisonSchema,
  },
  assessmentResults: {
    ...reports,
    path: '/reports/assessmentresults',
    summary: `One assessment's attempts, score distribution and per question the share correct and discrimination${FILE}`,
    query: assessmentResultsQuery,
    response: assessmentResultsSchema,
  },
  dashboard: {
    access: 'dashboard',
    tag: 'dashboard',
    method: 'GET',
    path: '/reports/dashboard',
    summary:
      'The dashboard: learners, activity, redemptions, scans and views with trends, series by day, top books',
    query: dashboardQuery,
    response: dashboardSchema,
  },
});
