import type { SubscriptionFrequency } from '@bo/contract/report-subscriptions';

/**
 * When a report subscription mails next: at `hour`:00 in the admin's time
 * zone, every day (daily), on `weekday` (weekly, 1 = Monday) or on
 * `monthDay` (monthly; a month without that day sends on its last day, so a
 * subscription "on the 31st" mails on 30 April and 28 or 29 February and
 * keeps the 31st afterwards). Computed from the wall clock of the zone, so a
 * daylight-saving change keeps the hour; an hour a spring change skips is
 * sent at the first instant after it.
 */
export interface Schedule {
  frequency: SubscriptionFrequency;
  hour: number;
  weekday: number;
  monthDay: number;
  timeZone: string;
}

interface Wall {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function wallOf(at: Date, timeZone: string): Wall {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  const parts = Object.fromEntries(f.formatToParts(at).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
  };
}

/** The zone's offset from UTC at `at`, in ms. */
function offsetAt(at: number, timeZone: string): number {
  const w = wallOf(new Date(at), timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute);
  return asUtc - Math.floor(at / 60_000) * 60_000;
}

/** The instant the zone's clocks read year-month-day hour:00 (the first one after a skipped hour). */
export function zonedInstant(
  year: number,
  month: number,
  day: number,
  hour: number,
  timeZone: string,
) {
  const wall = Date.UTC(year, month - 1, day, hour);
  const first = wall - offsetAt(wall, timeZone);
  const second = wall - offsetAt(first, timeZone);
  // Offsets that disagree: the hour was skipped (spring forward); take the later reading.
  return new Date(Math.max(first, second));
}

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

function sendsOn(s: Schedule, year: number, month: number, day: number): boolean {
  if (s.frequency === 'daily') return true;
  if (s.frequency === 'weekly') {
    const weekday = ((new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7) + 1;
    return weekday === s.weekday;
  }
  return day === Math.min(s.monthDay, daysIn(year, month));
}

/** The first sending instant strictly after `after`. */
export function nextRunAfter(s: Schedule, after: Date): Date {
  const start = wallOf(after, s.timeZone);
  // A month and a bit covers every schedule; the loop is a few dozen cheap steps at most.
  for (let i = 0; i < 64; i++) {
    const d = new Date(Date.UTC(start.year, start.month - 1, start.day + i));
    const [y, m, day] = [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()];
    if (!sendsOn(s, y, m, day)) continue;
    const at = zonedInstant(y, m, day, s.hour, s.timeZone);
    if (at.getTime() > after.getTime()) return at;
  }
  throw new Error(`No run found for ${JSON.stringify(s)} after ${after.toISOString()}`);
}
