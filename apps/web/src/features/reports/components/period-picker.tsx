import { daysInRange, REPORT_MAX_DAYS } from '@bo/contract/reports';
import { Group, SegmentedControl, TextInput } from '@mantine/core';
import type { ListUpdate } from '../../../lib/search-params.ts';
import { daysAgo } from './use-period.ts';

const PRESETS = [7, 30, 90, 365];

/**
 * The period of a report: quick choices (last 7/30/90/365 days) or two dates.
 * Each figure is compared with the period of the same length just before.
 */
export function PeriodPicker({
  period,
  onChange,
}: {
  period: { from: string; to: string };
  onChange: ListUpdate;
}) {
  const today = daysAgo(0);
  const days = daysInRange(period.from, period.to);
  const preset = period.to === today && PRESETS.includes(days) ? String(days) : '';
  const setDay = (key: 'from' | 'to', value: string) => {
    if (!value) return;
    const next = { ...period, [key]: value };
    // Keep the range possible: the other end follows when this one passes it.
    if (next.from > next.to) next[key === 'from' ? 'to' : 'from'] = value;
    if (daysInRange(next.from, next.to) > REPORT_MAX_DAYS) return;
    onChange(next);
  };
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <SegmentedControl
        aria-label="Period"
        value={preset}
        onChange={(value) => onChange({ from: daysAgo(Number(value) - 1), to: today })}
        data={PRESETS.map((n) => ({ value: String(n), label: `${n} days` }))}
      />
      <TextInput
        type="date"
        label="From"
        value={period.from}
        max={period.to}
        onChange={(e) => setDay('from', e.currentTarget.value)}
        w={160}
      />
      <TextInput
        type="date"
        label="To"
        value={period.to}
        min={period.from}
        max={today}
        onChange={(e) => setDay('to', e.currentTarget.value)}
        w={160}
      />
    </Group>
  );
}
