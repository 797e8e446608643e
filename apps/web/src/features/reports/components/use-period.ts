import { daysInRange, REPORT_MAX_DAYS } from '@bo/contract/reports';
import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';

const DAY_MS = 86_400_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A UTC day N days before today. */
export const daysAgo = (n: number) => new Date(Date.now() - n * DAY_MS).toISOString().slice(0, 10);

/** The default period: the last 30 days, today included. */
const defaults = () => ({ from: daysAgo(29), to: daysAgo(0) });

function valid(from: string | null, to: string | null): boolean {
  if (!from || !to || !DAY.test(from) || !DAY.test(to)) return false;
  if (Number.isNaN(Date.parse(from)) || Number.isNaN(Date.parse(to)) || from > to) return false;
  return daysInRange(from, to) <= REPORT_MAX_DAYS;
}

/**
 * The report period in the URL (`from`, `to`, whole UTC days), so a shared
 * link shows the same figures. A missing or impossible period (hand-edited)
 * is replaced by the last 30 days; until then nothing is asked of the API.
 */
export function usePeriod() {
  const [params, setParams] = useSearchParams();
  const from = params.get('from');
  const to = params.get('to');
  const ok = valid(from, to);
  useEffect(() => {
    if (ok) return;
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        const d = defaults();
        next.set('from', d.from);
        next.set('to', d.to);
        return next;
      },
      { replace: true },
    );
  }, [ok, setParams]);
  return useMemo(() => (ok ? { from: from!, to: to! } : null), [ok, from, to]);
}
