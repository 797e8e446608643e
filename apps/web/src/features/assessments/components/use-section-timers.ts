import { useEffect, useState } from 'react';

/**
 * Seconds left per section, counting down only for the section the learner
 * is in (as a timed test shows it), and stopped once the attempt is over.
 */
export function useSectionTimers(
  limits: { id: number; minutes: number | null }[],
  current: number | null,
  running: boolean,
) {
  const [left, setLeft] = useState<Record<number, number>>(() =>
    Object.fromEntries(limits.filter((l) => l.minutes).map((l) => [l.id, (l.minutes ?? 0) * 60])),
  );
  const timed = current != null && left[current] !== undefined;
  useEffect(() => {
    if (!running || !timed || current == null) return;
    const t = setInterval(
      () => setLeft((prev) => ({ ...prev, [current]: Math.max(0, (prev[current] ?? 0) - 1) })),
      1000,
    );
    return () => clearInterval(t);
  }, [running, current, timed]);
  return left;
}

export const clock = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
