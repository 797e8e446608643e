import { reportFilterNames, type SubscribableReport } from '@bo/contract/report-subscriptions';
import { Group, Tabs } from '@mantine/core';
import type { ComponentType } from 'react';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { PageHeader } from '../../../components/page-header.tsx';
import { SubscribeButton } from '../../../components/report-subscriptions/subscribe-button.tsx';
import { useListParams } from '../../../lib/search-params.ts';
import { BookReport } from '../components/book-report.tsx';
import { CompareReport } from '../components/compare-report.tsx';
import { FeedbackReport } from '../components/feedback-report.tsx';
import { LearnersReport } from '../components/learners-report.tsx';
import { PeriodPicker } from '../components/period-picker.tsx';
import { QrReport } from '../components/qr-report.tsx';
import { RedemptionsReport } from '../components/redemptions-report.tsx';
import { SessionsReport } from '../components/sessions-report.tsx';
import { usePeriod } from '../components/use-period.ts';

/** The period is all this screen reads through useListParams (each report reads its own filters). */
const noFilters = z.object({});

type Period = { from: string; to: string };
const REPORTS: {
  value: string;
  label: string;
  Component: ComponentType<{ period: Period }>;
  /** The report's route, which a subscription names. */
  route: SubscribableReport;
}[] = [
  { value: 'learners', label: 'Learners', Component: LearnersReport, route: 'learnersReport' },
  { value: 'sessions', label: 'Sessions', Component: SessionsReport, route: 'sessionsReport' },
  {
    value: 'redemptions',
    label: 'Redemptions',
    Component: RedemptionsReport,
    route: 'redemptionsReport',
  },
  { value: 'feedback', label: 'Feedback', Component: FeedbackReport, route: 'feedbackReport' },
  { value: 'qr', label: 'QR scans', Component: QrReport, route: 'qrReport' },
  { value: 'book', label: 'One book', Component: BookReport, route: 'bookAnalytics' },
  { value: 'compare', label: 'Compare books', Component: CompareReport, route: 'booksComparison' },
];

/** The report's filters shown in the URL now: what a subscription from this screen keeps. */
const filtersIn = (params: URLSearchParams, report: SubscribableReport) =>
  Object.fromEntries(
    reportFilterNames(report).flatMap((name) => {
      const value = params.get(name);
      return value ? [[name, value]] : [];
    }),
  );

/**
 * /reports: one tab per report, all over the period in the URL (`from`, `to`)
 * and each with its own filters there too; a tab keeps the period and drops
 * the other report's filters.
 */
export function ReportsPage() {
  const period = usePeriod();
  const [params, setParams] = useSearchParams();
  const current = REPORTS.find((r) => r.value === params.get('report')) ?? REPORTS[0]!;
  const { update } = useListParams(noFilters);
  const open = (report: string | null) =>
    setParams(() => {
      const next = new URLSearchParams();
      if (period) {
        next.set('from', period.from);
        next.set('to', period.to);
      }
      next.set('report', report ?? 'learners');
      return next;
    });
  return (
    <>
      <PageHeader
        title="Reports"
        description="Each figure is compared with the period of the same length just before it."
        actions={
          <Group gap="sm">
            {period && <PeriodPicker period={period} onChange={update} />}
            <SubscribeButton report={current.route} filters={filtersIn(params, current.route)} />
          </Group>
        }
      />
      <Tabs value={current.value} onChange={open} keepMounted={false}>
        <Tabs.List mb="md">
          {REPORTS.map((r) => (
            <Tabs.Tab key={r.value} value={r.value}>
              {r.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {REPORTS.map((r) => (
          <Tabs.Panel key={r.value} value={r.value}>
            {period && r.value === current.value && <r.Component period={period} />}
          </Tabs.Panel>
        ))}
      </Tabs>
    </>
  );
}
