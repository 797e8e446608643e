import type { AreaChartProps, BarChartProps, LineChartProps } from '@mantine/charts';
import { Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';

/**
 * @mantine/charts (with recharts, ~100 kB compressed) loaded on first use:
 * screens import these wrappers, so neither /login nor a screen without
 * charts downloads it. A skeleton of the chart's height holds its place.
 */
const Charts = {
  Line: lazy(() => import('./charts-impl.tsx').then((m) => ({ default: m.LineChart }))),
  Bar: lazy(() => import('./charts-impl.tsx').then((m) => ({ default: m.BarChart }))),
  Area: lazy(() => import('./charts-impl.tsx').then((m) => ({ default: m.AreaChart }))),
};

const placeholder = (h: number | string | undefined) => <Skeleton h={h ?? 260} radius="md" />;

export function LineChart(props: LineChartProps) {
  return (
    <Suspense fallback={placeholder(props.h as number)}>
      <Charts.Line {...props} />
    </Suspense>
  );
}

export function BarChart(props: BarChartProps) {
  return (
    <Suspense fallback={placeholder(props.h as number)}>
      <Charts.Bar {...props} />
    </Suspense>
  );
}

export function AreaChart(props: AreaChartProps) {
  return (
    <Suspense fallback={placeholder(props.h as number)}>
      <Charts.Area {...props} />
    </Suspense>
  );
}

/**
 * Whether a day ("2026-11-03") is today as the reports count days (UTC):
 * its figures are still filling up, so a chart marks it rather than let its
 * low value read as a fall.
 */
export const isToday = (day: string | undefined) => day === new Date().toISOString().slice(0, 10);

/** "2026-11-03" → "3 Nov", the label of a day on a chart's axis. */
export function dayLabel(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString([], {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
}
