import type { DataTableColumn } from 'mantine-datatable';
import { isValidElement, useCallback } from 'react';
import { useSearchParams } from 'react-router';
import {
  COLS_PARAM,
  colsParam,
  DENSITY_PARAM,
  type Density,
  readDensity,
  shownColumns,
} from '../../lib/list-view-state.ts';

/** One column as the chooser names it. */
export interface ColumnChoice {
  key: string;
  label: string;
}

/** The row actions stay shown, last: a list without them could not act on a row. */
const FIXED_ACCESSORS = new Set(['actions']);

const humanize = (accessor: string) => {
  const words = accessor
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[._]/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** The column's heading when it is words, else its accessor in words (as the table would title it). */
function columnLabel<T>(column: DataTableColumn<T>): string {
  if (typeof column.title === 'string' && column.title) return column.title;
  if (isValidElement<{ children?: unknown }>(column.title)) {
    const inner = column.title.props.children;
    if (typeof inner === 'string' && inner) return inner;
  }
  return humanize(String(column.accessor));
}

/**
 * The columns, their order and the density of a list table, read from and
 * written to the URL next to its filters (lib/list-view-state.ts): a link or
 * a saved view shows the same table. Changing them replaces the history
 * entry and keeps the page.
 */
export function useListView<T>(columns: DataTableColumn<T>[]) {
  const [params, setParams] = useSearchParams();
  const keys = columns.map((c) => String(c.accessor));
  const fixed = keys.filter((k) => FIXED_ACCESSORS.has(k));
  const shown = shownColumns(params.get(COLS_PARAM), keys, fixed);
  const density = readDensity(params.get(DENSITY_PARAM));

  const set = useCallback(
    (name: string, value: string | undefined) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (value === undefined) next.delete(name);
          else next.set(name, value);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  return {
    params,
    keys,
    fixed,
    shown,
    density,
    /** Every column the chooser offers, in the table's own order. */
    choices: columns
      .filter((c) => !FIXED_ACCESSORS.has(String(c.accessor)))
      .map((c): ColumnChoice => ({ key: String(c.accessor), label: columnLabel(c) })),
    /** The columns the table draws, in the chosen order. */
    visible: shown.map((k) => columns[keys.indexOf(k)]!),
    setShown: (next: string[]) => set(COLS_PARAM, colsParam(next, keys, fixed)),
    setDensity: (next: Density) => set(DENSITY_PARAM, next === 'comfortable' ? undefined : next),
    /** Shows another state of the list (a saved view, or "All"): a new history entry. */
    open: (search: string, options: { replace?: boolean } = {}) =>
      setParams(new URLSearchParams(search), options),
  };
}

/** What the bar above the table reads and changes (the columns drawn are the table's). */
export type ListView = Omit<ReturnType<typeof useListView>, 'visible'>;
