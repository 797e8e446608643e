import type { BookMetrics } from '@bo/contract/reports';
import { formatCount, formatDecimal, formatSeconds } from '../../../components/charts/figure.tsx';

/** Every figure of a book, in the order the screens show them, with its words and format. */
export const BOOK_METRIC_VIEW: {
  key: keyof BookMetrics;
  label: string;
  format: (n: number) => string;
}[] = [
  { key: 'learners', label: 'Learners', format: formatCount },
  { key: 'redemptions', label: 'Redemptions', format: formatCount },
  { key: 'views', label: 'Content views', format: formatCount },
  { key: 'viewSeconds', label: 'Time viewing', format: formatSeconds },
  { key: 'scans', label: 'QR scans', format: formatCount },
  { key: 'feedback', label: 'Feedback given', format: formatCount },
  { key: 'averageRating', label: 'Average rating', format: formatDecimal },
  { key: 'attempts', label: 'Assessment attempts', format: formatCount },
];

/** The daily series a book's chart can show. */
export const BOOK_DAY_SERIES = [
  { name: 'redemptions', label: 'Redemptions', color: 'indigo.6' },
  { name: 'views', label: 'Views', color: 'teal.6' },
  { name: 'scans', label: 'Scans', color: 'orange.6' },
  { name: 'attempts', label: 'Attempts', color: 'grape.6' },
] as const;
