/**
 * What a list shows besides its rows, kept in the URL with its filters and
 * sort (docs/web-ux.md, "Saved views, columns and density"): the columns and
 * their order (`cols`), the density (`density`) and the saved view it was
 * opened from (`savedView`). Pure functions, so the rules are tested alone.
 */

export const COLS_PARAM = 'cols';
export const DENSITY_PARAM = 'density';
/** Not `view`: the media page already names its list or grid so. */
export const SAVED_VIEW_PARAM = 'savedView';

export const DENSITIES = ['comfortable', 'compact'] as const;
export type Density = (typeof DENSITIES)[number];

/** Not part of what a view holds: the page moves on, and the view's id is the tab's. */
const NOT_IN_A_VIEW = new Set(['page', SAVED_VIEW_PARAM]);

/**
 * The columns shown, in order. `keys` are the table's columns as written,
 * `fixed` those always shown at their end (the row actions). An absent or
 * useless `cols` (no known column) shows every column: a table never shows
 * nothing, and an old link naming a column since removed still opens.
 */
export function shownColumns(param: string | null, keys: string[], fixed: string[] = []): string[] {
  const movable = keys.filter((k) => !fixed.includes(k));
  const chosen = [...new Set((param ?? '').split(','))].filter((k) => movable.includes(k));
  return [...(chosen.length > 0 ? chosen : movable), ...keys.filter((k) => fixed.includes(k))];
}

/** `cols` for the columns shown: absent when they are the table's own, so default URLs stay short. */
export function colsParam(
  shown: string[],
  keys: string[],
  fixed: string[] = [],
): string | undefined {
  const movable = shown.filter((k) => !fixed.includes(k));
  const byDefault = keys.filter((k) => !fixed.includes(k));
  return movable.join() === byDefault.join() ? undefined : movable.join(',');
}

/** One column shown or hidden; hiding the last one shown does nothing. */
export function toggleColumn(shown: string[], key: string, keys: string[], fixed: string[] = []) {
  if (shown.includes(key)) {
    const rest = shown.filter((k) => k !== key);
    return rest.some((k) => !fixed.includes(k)) ? rest : shown;
  }
  // Shown again at its place in the table's own order, after the shown columns before it.
  const movable = shown.filter((k) => !fixed.includes(k));
  const before = keys.slice(0, keys.indexOf(key));
  const at = movable.reduce((pos, k, i) => (before.includes(k) ? i + 1 : pos), 0);
  return [
    ...movable.slice(0, at),
    key,
    ...movable.slice(at),
    ...shown.filter((k) => fixed.includes(k)),
  ];
}

/** A shown column moved one place up (-1) or down (+1) among the movable ones. */
export function moveColumn(shown: string[], key: string, by: -1 | 1, fixed: string[] = []) {
  const movable = shown.filter((k) => !fixed.includes(k));
  const from = movable.indexOf(key);
  const to = from + by;
  if (from < 0 || to < 0 || to >= movable.length) return shown;
  [movable[from], movable[to]] = [movable[to]!, movable[from]!];
  return [...movable, ...shown.filter((k) => fixed.includes(k))];
}

export const readDensity = (param: string | null): Density =>
  param === 'compact' ? 'compact' : 'comfortable';

/**
 * The query a view saves, from the list's address: without the page and the
 * view's own id, its parameters in name order, so one state always reads the
 * same text and a view can tell whether the list still shows it.
 */
export function viewQuery(params: URLSearchParams | string): string {
  const entries = [...new URLSearchParams(params)].filter(
    ([key, value]) => !NOT_IN_A_VIEW.has(key) && value !== '',
  );
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return new URLSearchParams(entries).toString();
}

/** Whether two addresses show the same view (page and view id aside). */
export const sameView = (a: URLSearchParams | string, b: URLSearchParams | string) =>
  viewQuery(a) === viewQuery(b);

/** The search part that opens a saved view: its query and its id, so its tab is chosen. */
export function viewSearch(view: { id: number; query: string }): string {
  const params = new URLSearchParams(view.query);
  params.set(SAVED_VIEW_PARAM, String(view.id));
  return `?${params}`;
}

/** The saved view an address names, if any. */
export function savedViewId(params: URLSearchParams): number | null {
  const id = Number(params.get(SAVED_VIEW_PARAM));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
