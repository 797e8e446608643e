import { Badge, Group, Paper, Text, Tooltip } from '@mantine/core';
import { IconArrowDownRight, IconArrowRight, IconArrowUpRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** A figure and the same figure over the previous period (the contract's metric). */
export interface Trend {
  value: number;
  previous: number;
  /** (value − previous) / previous; null when previous is 0. */
  change: number | null;
}

const whole = new Intl.NumberFormat('en', { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat('en', { maximumFractionDigits: 1 });

export const formatCount = (n: number) => whole.format(n);
export const formatDecimal = (n: number) => oneDecimal.format(n);
/** Seconds as "4 min 10 s" / "1 h 5 min". */
export function formatSeconds(s: number): string {
  const n = Math.round(s);
  if (n < 60) return `${n} s`;
  if (n < 3600) return `${Math.floor(n / 60)} min ${n % 60} s`;
  return `${Math.floor(n / 3600)} h ${Math.floor((n % 3600) / 60)} min`;
}

/** "+12 %" green, "−5 %" red, "new" when there was nothing before, "no change" grey. */
export function TrendBadge({
  trend,
  format = formatCount,
}: {
  trend: Trend;
  format?: (n: number) => string;
}) {
  const { change, previous, value } = trend;
  const before = `Previous period: ${format(previous)}`;
  let label: string;
  let color: string;
  let icon: ReactNode;
  if (change === null) {
    label = value > 0 ? 'New' : 'No change';
    color = value > 0 ? 'teal' : 'gray';
    icon = value > 0 ? <IconArrowUpRight size={14} /> : <IconArrowRight size={14} />;
  } else if (Math.abs(change) < 0.0005) {
    label = 'No change';
    color = 'gray';
    icon = <IconArrowRight size={14} />;
  } else {
    const pct = Math.abs(change * 100);
    label = `${change > 0 ? '+' : '−'}${pct < 10 ? oneDecimal.format(pct) : whole.format(pct)} %`;
    color = change > 0 ? 'teal' : 'red';
    icon = change > 0 ? <IconArrowUpRight size={14} /> : <IconArrowDownRight size={14} />;
  }
  return (
    <Tooltip label={before}>
      <Badge
        variant="light"
        color={color}
        leftSection={icon}
        // The tooltip is for the mouse; the words are in the badge's name for everyone else.
        aria-label={`${label} against the previous period (${format(previous)})`}
        data-testid="trend"
      >
        {label}
      </Badge>
    </Tooltip>
  );
}

/**
 * A tile: label, the figure, and its trend against the previous period. A
 * period still running (today) shows the one before beside it but no trend:
 * a morning's count against a whole day would always read as a fall.
 */
export function Figure({
  label,
  trend,
  format = formatCount,
  testId,
  running,
}: {
  label: string;
  trend: Trend;
  format?: (n: number) => string;
  testId?: string;
  /** The period is still running: how the one before is named ("Yesterday"). */
  running?: { previousLabel: string };
}) {
  return (
    <Paper withBorder p="md" radius="md" data-testid={testId}>
      <Text fz="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      <Group justify="space-between" align="flex-end" mt={6} gap="xs">
        <Text fz={26} fw={700} lh={1.1} data-testid="figure-value">
          {format(trend.value)}
        </Text>
        {!running && <TrendBadge trend={trend} format={format} />}
      </Group>
      <Text fz="xs" c="dimmed" mt={4}>
        {running?.previousLabel ?? 'Previous period'}: {format(trend.previous)}
      </Text>
    </Paper>
  );
}
