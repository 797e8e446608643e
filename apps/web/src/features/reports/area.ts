import { IconChartBar } from '@tabler/icons-react';
import { type Area, screen } from '../../lib/area.ts';

export const reportsArea: Area = {
  label: 'Reports',
  path: '/reports',
  icon: IconChartBar,
  access: 'reports',
  description: 'Learners, sessions, redemptions, feedback, QR scans and books over a period.',
  load: screen(() => import('./routes/reports-page.tsx').then((m) => m.ReportsPage)),
  pages: [
    {
      path: 'assessments/:id',
      crumb: 'Assessment results',
      load: screen(() =>
        import('./routes/assessment-results-page.tsx').then((m) => m.AssessmentResultsPage),
      ),
    },
  ],
};
