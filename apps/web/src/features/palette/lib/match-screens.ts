import type { Area } from '../../../lib/area.ts';

/**
 * The screens (areas) whose name holds the query, those whose name starts
 * with it first; every screen for an empty query. Matched here, not on the
 * server: the areas are the web app's own table, and the admin's access to
 * each is checked by the caller as the sidebar checks it.
 */
export function matchScreens(screens: readonly Area[], query: string): Area[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...screens];
  const named = screens.filter((s) => s.label.toLowerCase().includes(q));
  const starts = named.filter((s) => s.label.toLowerCase().startsWith(q));
  return [...starts, ...named.filter((s) => !starts.includes(s))];
}
